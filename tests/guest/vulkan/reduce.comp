// The sum of n uints: a tree reduction in shared memory per workgroup
// (barriers), then one atomicAdd per workgroup into the total.
#version 450
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) readonly buffer In { uint v[]; };
layout(std430, set = 0, binding = 2) buffer Out { uint total; };
layout(push_constant) uniform P { uint n; };

shared uint part[64];

void main()
{
    uint i = gl_GlobalInvocationID.x, l = gl_LocalInvocationID.x;
    part[l] = i < n ? v[i] : 0u;
    barrier();
    for (uint s = 32u; s > 0u; s >>= 1) {
        if (l < s)
            part[l] += part[l + s];
        barrier();
    }
    if (l == 0u)
        atomicAdd(total, part[0]);
}
