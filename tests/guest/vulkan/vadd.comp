// c[i] = a[i] + b[i] for i < n: the Vulkan twin of the SASS corpus's vadd.
#version 450
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) readonly buffer A { float a[]; };
layout(std430, set = 0, binding = 1) readonly buffer B { float b[]; };
layout(std430, set = 0, binding = 2) writeonly buffer C { float c[]; };
layout(push_constant) uniform P { uint n; };

void main()
{
    uint i = gl_GlobalInvocationID.x;
    if (i < n)
        c[i] = a[i] + b[i];
}
