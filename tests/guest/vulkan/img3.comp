#version 450
// Depth images: D32_SFLOAT and D16_UNORM read as depth, and compared with
// references through shadow samplers (a LESS compare with linear
// filtering: percentage-closer between two texels; a GREATER_OR_EQUAL
// compare, nearest); textureGather through the LESS sampler (the four
// texels' comparisons). 64 invocations, one per texel of the 8x8 images.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Out { uint o[]; };
layout(set = 0, binding = 1) uniform sampler2D d32;
layout(set = 0, binding = 2) uniform sampler2DShadow d32s;
layout(set = 0, binding = 3) uniform sampler2D d16;
layout(set = 0, binding = 4) uniform sampler2DShadow d16s;

void main()
{
    uint i = gl_GlobalInvocationID.x;
    vec2 uv = (vec2(i % 8u, i / 8u) + 0.5) / 8.0;
    float ref = float(i % 5u) * 0.25;

    o[i * 6 + 0] = floatBitsToUint(textureLod(d32, uv, 0.0).r);
    o[i * 6 + 1] = floatBitsToUint(textureLod(d32s, vec3(uv, ref), 0.0));
    // half a texel to the right: the two texels' comparisons averaged
    o[i * 6 + 2] = floatBitsToUint(textureLod(d32s, vec3(uv + vec2(0.5 / 8.0, 0.0), ref), 0.0));
    o[i * 6 + 3] = floatBitsToUint(textureLod(d16, uv, 0.0).r);
    o[i * 6 + 4] = floatBitsToUint(textureLod(d16s, vec3(uv, ref), 0.0));
    vec4 g = textureGather(d32s, uv, ref);
    o[i * 6 + 5] = uint(g.x) | uint(g.y) << 1 | uint(g.z) << 2 | uint(g.w) << 3;
}
