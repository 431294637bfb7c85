// A mix of what shaders do beyond loads and adds, one result word each:
// integer division by a variable, a dynamically indexed local array,
// subgroup arithmetic, broadcast and ballot, and float functions.
#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) readonly buffer In { uint v[]; };
layout(std430, set = 0, binding = 2) writeonly buffer Out { uint o[]; };

void main()
{
    uint i = gl_GlobalInvocationID.x, x = v[i], at = i * 8u;
    uint d = x % 13u + 1u;
    o[at + 0u] = x / d;
    o[at + 1u] = x % d;
    uint arr[16];
    for (uint k = 0u; k < 16u; k++)
        arr[k] = x * k + i;
    o[at + 2u] = arr[x & 15u];
    o[at + 3u] = subgroupAdd(x);
    o[at + 4u] = subgroupBroadcastFirst(x);
    o[at + 5u] = subgroupBallot(x % 3u == 0u).x;
    float f = float(x % 1000u) / 100.0;
    o[at + 6u] = floatBitsToUint(sqrt(f));
    o[at + 7u] = floatBitsToUint(exp2(f * 0.1) + sin(f));
}
