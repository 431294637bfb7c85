// Narrow types (NVK has no 16-bit floats on Turing), one result word each:
// 16- and 8-bit integer arithmetic and conversions, and 16-bit stores to a
// buffer.
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int8 : require
#extension GL_EXT_shader_16bit_storage : require
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) readonly buffer In { uint v[]; };
layout(std430, set = 0, binding = 1) writeonly buffer Small { uint16_t h[]; };
layout(std430, set = 0, binding = 2) writeonly buffer Out { uint o[]; };

void main()
{
    uint i = gl_GlobalInvocationID.x, x = v[i], at = i * 4u;
    int16_t a = int16_t(x) * int16_t(-7) >> 3;
    o[at + 0u] = uint(uint16_t(a)) | uint(a < int16_t(0)) << 16;
    o[at + 1u] = uint(int(int8_t(x >> 8)) * 3);
    uint16_t s = uint16_t(x) * uint16_t(3) + uint16_t(x >> 16);
    int8_t t = int8_t(x) >> 2;
    o[at + 2u] = uint(s) | uint(int(t) & 0xff) << 16;
    h[i] = uint16_t(x ^ (x >> 7));
    o[at + 3u] = i;
}
