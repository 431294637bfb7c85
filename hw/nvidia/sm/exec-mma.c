/*
 * SM executors: integer tensor-core operations, IMMA (8-bit and 4-bit
 * sources) and BMMA (bits), as warp-wide 8x8 products with the lane layout
 * of mma.m8n8kK.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sm-internal.h"

/* Element i of a source register: a byte (8816) or a nibble (8832), signed or not. */
static int64_t imma_elem(uint32_t word, unsigned i, bool nibbles, bool is_signed)
{
    unsigned bits = nibbles ? 4 : 8;
    uint32_t v = (word >> (bits * i)) & ((1u << bits) - 1);

    return is_signed ? (int64_t)(int32_t)(v << (32 - bits)) >> (32 - bits) : v;
}

/*
 * IMMA.8816 / .8832: D(8x8) = A(8xK) * B(Kx8) + C in 32-bit integers, K 16
 * bytes or 32 nibbles: lane l holds row l / 4 of A and column l / 4 of B,
 * elements K/4 * (l % 4) onwards of each, and D's row l / 4, columns
 * 2 * (l % 4) and the next.
 */
static void exec_IMMA(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const NvSassModFloat *m = &in->mod.f;
    const uint32_t *ra = nv_sm_rrow(w, in->src[0].reg), *rb = nv_sm_rrow(w, in->src[1].reg);
    const uint32_t *rc[2];
    unsigned per = m->nibbles ? 8 : 4, k_total = 4 * per;
    int64_t a[8][32], b[32][8];
    uint32_t out[2][NV_SM_LANES];

    if (!mask) {
        return;
    }
    for (unsigned r = 0; r < 2; r++) {
        rc[r] = nv_sm_rrow(w, in->src[2].reg + r);
    }
    for (unsigned l = 0; l < NV_SM_LANES; l++) {
        for (unsigned i = 0; i < per; i++) {
            a[l / 4][per * (l % 4) + i] = imma_elem(ra[l], i, m->nibbles, m->a_signed);
            b[per * (l % 4) + i][l / 4] = imma_elem(rb[l], i, m->nibbles, m->b_signed);
        }
    }
    for (unsigned l = 0; l < NV_SM_LANES; l++) {
        for (unsigned h = 0; h < 2; h++) {
            int64_t sum = (int32_t)rc[h][l];

            for (unsigned k = 0; k < k_total; k++) {
                sum += a[l / 4][k] * b[k][2 * (l % 4) + h];
            }
            out[h][l] = m->sat ? (uint32_t)(int32_t)CLAMP(sum, INT32_MIN, INT32_MAX)
                               : (uint32_t)sum;
        }
    }
    for (unsigned r = 0; r < 2; r++) {
        nv_sm_write(w, in->dst.reg + r, out[r], mask);
    }
}

/*
 * BMMA.88128.XOR.POPC: D(8x8) = C + popcount(A row XOR B column) over 128
 * bits, with IMMA's lane layout (32 bits of a row or column per lane).
 */
static void exec_BMMA(NvSmWarp *w, const NvSassInsn *in, uint32_t mask)
{
    const uint32_t *ra = nv_sm_rrow(w, in->src[0].reg), *rb = nv_sm_rrow(w, in->src[1].reg);
    uint32_t out[2][NV_SM_LANES];

    if (!mask) {
        return;
    }
    for (unsigned r = 0; r < 2; r++) {
        const uint32_t *rc = nv_sm_rrow(w, in->src[2].reg + r);

        for (unsigned l = 0; l < NV_SM_LANES; l++) {
            unsigned row = l / 4, col = 2 * (l % 4) + r;
            uint32_t sum = rc[l];

            for (unsigned q = 0; q < 4; q++) {
                sum += (uint32_t)__builtin_popcount(ra[4 * row + q] ^ rb[4 * col + q]);
            }
            out[r][l] = sum;
        }
    }
    for (unsigned r = 0; r < 2; r++) {
        nv_sm_write(w, in->dst.reg + r, out[r], mask);
    }
}

NV_SM_EXECUTOR(IMMA, exec_IMMA)
NV_SM_EXECUTOR(BMMA, exec_BMMA)
