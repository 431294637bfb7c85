#version 450
// vk-bench's memory-bound kernel: y = a * x + y over n floats.
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Y { float v[]; } y;
layout(std430, binding = 1) buffer X { float v[]; } x;
layout(push_constant) uniform P { uint iters; float a; uint n; } p;

void main()
{
    uint i = gl_GlobalInvocationID.x;

    if (i < p.n) {
        y.v[i] = p.a * x.v[i] + y.v[i];
    }
}
