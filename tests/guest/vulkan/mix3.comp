// Still more, one result word each: subgroup shuffles and votes, float
// rounding and conversions, integer and float min/max/clamp, selects, and a
// compare-and-swap on shared memory.
#version 450
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_KHR_shader_subgroup_vote : require
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) readonly buffer In { uint v[]; };
layout(std430, set = 0, binding = 2) writeonly buffer Out { uint o[]; };

shared uint slot;

void main()
{
    uint i = gl_GlobalInvocationID.x, x = v[i], at = i * 8u;
    if (gl_LocalInvocationID.x == 0u)
        slot = 0xffffffffu;
    barrier();
    o[at + 0u] = subgroupShuffle(x, (gl_SubgroupInvocationID * 5u + 3u) & 31u);
    o[at + 1u] = subgroupShuffleXor(x, 6u);
    o[at + 2u] = uint(subgroupAll(x > 1000u)) | uint(subgroupAny(x % 97u == 0u)) << 1;
    float f = float(int(x % 2001u) - 1000) * 0.1428571;
    o[at + 3u] = uint(int(roundEven(f)) + 1000) | uint(int(floor(f)) + 1000) << 16;
    o[at + 4u] = uint(int(ceil(f)) + 1000) | uint(int(trunc(f)) + 1000) << 16;
    int si = int(x) - int(0x40000000u);
    o[at + 5u] = uint(clamp(si, -12345, 67890)) ^ max(x, 777u) ^ min(x >> 3, 999999u);
    o[at + 6u] = floatBitsToUint(max(f, 1.5) - min(f, -2.25)) ^ (f > 0.0 ? 1u : 2u);
    atomicCompSwap(slot, 0xffffffffu, gl_LocalInvocationID.x);
    barrier();
    o[at + 7u] = slot < 64u ? 1u : 0u;
}
