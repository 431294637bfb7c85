#version 450
// vk-bench's ALU-bound kernel: the loop of tools/bench/kernels/alu.cu
// (integer multiply-add, shifts, xors and fp32 arithmetic in registers), one
// store. x's multiply and add are precise (two roundings, never fused), so
// that lavapipe on a CPU without FMA computes the same bits as the GPU.
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Out { uint v[]; } o;
layout(push_constant) uniform P { uint iters; float a; uint n; } p;

void main()
{
    uint a = gl_LocalInvocationID.x + 1u, b = gl_WorkGroupID.x * 7u + 3u, c = 0x9e3779b9u;
    precise float x = float(gl_LocalInvocationID.x);
    float y = 1.0;

    for (uint i = 0u; i < p.iters; i++) {
        a = a * 1664525u + b;
        b ^= a >> 7;
        c += a ^ (b << 3);
        x = x * 0.999 + y;
        y = y * 0.5 + 0.25;
    }
    o.v[gl_GlobalInvocationID.x] = a ^ b ^ c ^ floatBitsToUint(x + y);
}
