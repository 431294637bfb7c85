#version 450
// Images, continued: a 2D array and a 3D image (texelFetch, nearest and
// linear textureLod, the linear one between slices), and the address
// modes clamp-to-border and mirrored repeat on img.comp's RGBA8 image, and
// textureSize of the three; a mipmapped image (5 levels): textureLod at a
// level and between two (linear mipmap filter), texelFetch of a level,
// textureSize and textureQueryLevels; a cube map: textureLod in a
// direction onto each face, and textureSize; a cube map array of two
// cubes: textureLod onto each face of the second, and textureSize.
// 192 invocations, one per texel of the 8x8x3 array.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Out { uint o[]; };
layout(set = 0, binding = 1) uniform sampler2DArray arr;
layout(set = 0, binding = 2) uniform sampler3D vol;
layout(set = 0, binding = 3) uniform sampler2D border;
layout(set = 0, binding = 4) uniform sampler2D mirror;
layout(set = 0, binding = 5) uniform sampler2D mip;
layout(set = 0, binding = 6) uniform samplerCube cube;
layout(set = 0, binding = 7) uniform samplerCubeArray cubes;

// A direction onto texel (t.x, t.y) of face f (Vulkan's face table inverted).
vec3 cube_dir(uint f, uvec2 t)
{
    vec2 st = (vec2(t) + 0.5) / 16.0 * 2.0 - 1.0;
    switch (f) {
    case 0u: return vec3(1.0, -st.y, -st.x);
    case 1u: return vec3(-1.0, -st.y, st.x);
    case 2u: return vec3(st.x, 1.0, st.y);
    case 3u: return vec3(st.x, -1.0, -st.y);
    case 4u: return vec3(st.x, -st.y, 1.0);
    default: return vec3(-st.x, -st.y, -1.0);
    }
}

void main()
{
    uint i = gl_GlobalInvocationID.x;
    ivec3 p = ivec3(i % 8u, (i / 8u) % 8u, i / 64u);
    vec2 uv = (vec2(p.xy) + 0.5) / 8.0;
    // 16x16 image: x in -8.5 .. 23.5 texels, y in 0.5 .. 15.5
    vec2 far = (vec2(float(i % 33u) - 8.5, float(i % 16u) + 0.5)) / 16.0;

    ivec3 as = textureSize(arr, 0), vs = textureSize(vol, 0);
    ivec2 bs = textureSize(border, 0);

    ivec2 ms = textureSize(mip, 3), cs = textureSize(cube, 0);
    ivec3 cas = textureSize(cubes, 0);
    uvec2 ct = uvec2((i / 6u) % 16u, (i / 6u) / 16u * 7u);

    o[i * 16 + 8] = packUnorm4x8(textureLod(mip, uv, 1.0));
    o[i * 16 + 9] = packUnorm4x8(textureLod(mip, uv, 2.5));
    o[i * 16 + 10] = packUnorm4x8(texelFetch(mip, p.xy / 2, 2));
    o[i * 16 + 11] = uint(ms.x | ms.y << 8 | textureQueryLevels(mip) << 16);
    // 2.0 times the direction: only its direction counts
    o[i * 16 + 12] = packUnorm4x8(textureLod(cube, cube_dir(i % 6u, ct) * 2.0, 0.0));
    o[i * 16 + 13] = uint(cs.x | cs.y << 8);
    o[i * 16 + 14] = packUnorm4x8(textureLod(cubes, vec4(cube_dir(i % 6u, ct), 1.0), 0.0));
    o[i * 16 + 15] = uint(cas.x | cas.y << 8 | cas.z << 16);
    o[i * 16 + 0] = packUnorm4x8(texelFetch(arr, p, 0));
    o[i * 16 + 1] = packUnorm4x8(textureLod(arr, vec3(uv, float(p.z)), 0.0));
    o[i * 16 + 2] = packUnorm4x8(texelFetch(vol, ivec3(p.xy, p.z + 1), 0));
    o[i * 16 + 3] = floatBitsToUint(textureLod(vol, vec3(uv, (float(p.z) + 1.25) / 4.0), 0.0).x);
    o[i * 16 + 4] = packUnorm4x8(textureLod(border, far, 0.0));
    o[i * 16 + 5] = packUnorm4x8(textureLod(mirror, far, 0.0));
    o[i * 16 + 6] = uint(as.x | as.y << 8 | as.z << 16);
    o[i * 16 + 7] = uint(vs.x | vs.y << 8 | vs.z << 16 | bs.x << 20 | bs.y << 26);
}
