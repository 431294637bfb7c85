#version 450
// Images, continued: explicit gradients (textureGrad: the LOD is log2 of
// the longer scaled gradient; one onto level 1, one onto level 2, one
// magnifying), texel offsets (textureGradOffset, textureLodOffset,
// texelFetchOffset, textureGatherOffset) on img2.comp's mipmapped 16x16
// image and img.comp's RGBA8 one. 64 invocations, one per texel of an 8x8
// grid.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Out { uint o[]; };
layout(set = 0, binding = 1) uniform sampler2D mip;
layout(set = 0, binding = 2) uniform sampler2D img;

void main()
{
    uint i = gl_GlobalInvocationID.x;
    ivec2 p = ivec2(i % 8u, i / 8u);
    // a quarter texel of level 0 past the centre of level 1's texel p
    vec2 uv = (vec2(p) + 0.5) / 8.0 + 0.25 / 16.0;
    vec2 uv16 = (vec2(p * 2) + 0.5) / 16.0;

    o[i * 8 + 0] = packUnorm4x8(textureGrad(mip, uv, vec2(2.0 / 16.0, 0.0), vec2(0.0, 2.0 / 16.0)));
    o[i * 8 + 1] = packUnorm4x8(textureGrad(mip, uv, vec2(0.0, 4.0 / 16.0), vec2(1.0 / 16.0, 0.0)));
    o[i * 8 + 2] = packUnorm4x8(textureGrad(mip, uv, vec2(0.5 / 16.0, 0.0), vec2(0.0, 0.25 / 16.0)));
    o[i * 8 + 3] = packUnorm4x8(textureGradOffset(mip, uv, vec2(2.0 / 16.0, 0.0),
                                                  vec2(0.0, 2.0 / 16.0), ivec2(1, -1)));
    o[i * 8 + 4] = packUnorm4x8(textureLodOffset(img, uv16, 0.0, ivec2(3, -2)));
    o[i * 8 + 5] = packUnorm4x8(texelFetchOffset(img, p * 2 + ivec2(1, 0), 0, ivec2(-1, 1)));
    o[i * 8 + 6] = packUnorm4x8(textureGatherOffset(img, uv16 + 0.5 / 16.0, ivec2(2, 1), 1));
    o[i * 8 + 7] = packUnorm4x8(texelFetchOffset(mip, p / 2, 1, ivec2(1, 1)));
}
