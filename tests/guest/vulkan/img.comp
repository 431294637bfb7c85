#version 450
// Images: texelFetch and textureLod (nearest, then bilinear with repeat) of
// an RGBA8 image in optimal tiling filled by vkCmdCopyBufferToImage; a
// storage image read and written in place (imageLoad/imageStore, then an
// imageAtomicCompSwap of the value stored, then an imageAtomicAdd whose
// result is unused) and one counted into with imageAtomicAdd. 16x16
// invocations, one per texel.
layout(local_size_x = 16, local_size_y = 16) in;
layout(set = 0, binding = 0) buffer Out { uint o[]; };
layout(set = 0, binding = 1, r32ui) uniform uimage2D simg;
layout(set = 0, binding = 2) uniform sampler2D nearest;
layout(set = 0, binding = 3) uniform sampler2D linear;
layout(set = 0, binding = 4, r32ui) uniform uimage2D counts;

void main()
{
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    uint i = uint(p.y * 16 + p.x);
    vec2 uv = (vec2(p) + vec2(0.75, 0.25)) / 16.0;

    o[i * 5 + 0] = packUnorm4x8(texelFetch(nearest, p, 0));
    o[i * 5 + 1] = packUnorm4x8(textureLod(nearest, uv, 0.0));
    o[i * 5 + 2] = floatBitsToUint(textureLod(linear, uv + vec2(float(p.x % 3) / 32.0, 0.5), 0.0).y);
    uint v = imageLoad(simg, p).x;
    imageStore(simg, p, uvec4(v * 3u + 1u));
    o[i * 5 + 4] = imageAtomicCompSwap(simg, p, v * 3u + 1u, v ^ 0xabcdu);
    o[i * 5 + 3] = imageAtomicAdd(counts, ivec2(p.x % 4, 0), 1u);
    imageAtomicAdd(simg, p, 0x100000u);     // no result used: a reduction
}
