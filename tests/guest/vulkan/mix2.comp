// More of what shaders do, one result word each: 64-bit integers, doubles,
// bit operations, shared and global atomics, a divergent loop, and a 2-D
// dispatch (gl_WorkGroupID.y).
#version 450
#extension GL_ARB_gpu_shader_int64 : require
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) readonly buffer In { uint v[]; };
layout(std430, set = 0, binding = 1) buffer Acc { uint acc[4]; };
layout(std430, set = 0, binding = 2) writeonly buffer Out { uint o[]; };

shared uint smax;

void main()
{
    uint i = gl_WorkGroupID.y * 4096u + gl_GlobalInvocationID.x;
    uint x = v[i], at = i * 8u;
    if (gl_LocalInvocationID.x == 0u)
        smax = 0u;
    barrier();
    uint64_t w = uint64_t(x) * 0x9e3779b97f4a7c15ul + (uint64_t(i) << 33);
    o[at + 0u] = uint(w >> 29) ^ uint(w);
    double d = double(x) * 1.0000001 + 0.25;
    o[at + 1u] = uint(d * 3.0);
    o[at + 2u] = bitCount(x) | uint(findMSB(x)) << 8 | uint(findLSB(x | 0x80000000u)) << 16;
    o[at + 3u] = bitfieldReverse(x) ^ bitfieldExtract(x, 5, 9);
    uint s = 0u;
    for (uint k = 0u; k < 64u; k++) {
        if ((x >> (k & 31u)) % 7u == 3u)
            break;
        s += k * x;
    }
    o[at + 4u] = s;
    atomicMax(smax, x);
    barrier();
    o[at + 5u] = smax;
    atomicAdd(acc[0], 1u);
    atomicMin(acc[1], x);
    atomicXor(acc[2], x);
    o[at + 6u] = atomicCompSwap(acc[3], 0u, i + 1u);
    o[at + 7u] = gl_WorkGroupID.y;
}
