/*
 * sm_75 (Turing) SASS: the decoded instruction form the SM interpreter
 * executes, the decoder, and a disassembler that prints CUDA 11.8 nvdisasm's
 * text for every instruction it decodes.
 *
 * An instruction is 128 bits: lo = bits 0..63, hi = bits 64..127. Bits 0..8
 * are the operation, 9..11 the operand form (which of register, immediate,
 * constant bank or uniform register feeds each source), 12..15 the guard
 * predicate, 105..125 scheduling control (ignored by a functional model).
 * docs/isa.md has the opcode coverage table and the field map.
 *
 * Decoding is pure and total: any 128-bit value is safe to pass in, and an
 * encoding the decoder has not been verified on (unknown operation, reserved
 * modifier value, a non-zero bit outside every known field) is refused.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_SM_SASS_H
#define HW_NVIDIA_SM_SASS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * One row per base mnemonic: X(name, op9...) with the 9-bit operation
 * numbers (bits 0..8) that print as this mnemonic. The operand form (bits
 * 9..11) selects register/immediate/constant/uniform sources; each opcode's
 * decoder knows which forms exist for it.
 */
#define NV_SASS_OPCODES(X) \
    /* moves, integer */ \
    X(MOV, 0x002) \
    X(P2R, 0x003) \
    X(R2P, 0x004) \
    X(CS2R, 0x005) \
    X(SEL, 0x007) \
    X(ISETP, 0x00c) \
    X(IADD3, 0x010) \
    X(LEA, 0x011) \
    X(LOP3, 0x012) \
    X(IABS, 0x013) \
    X(PRMT, 0x016) \
    X(IMNMX, 0x017) \
    X(VABSDIFF, 0x014) \
    X(SGXT, 0x01a) \
    X(SHF, 0x019) \
    X(BMSK, 0x01b) \
    X(PLOP3, 0x01c) \
    X(IMAD, 0x024, 0x025, 0x027) \
    X(IDP, 0x026) \
    X(FLO, 0x100) \
    X(BREV, 0x101) \
    X(POPC, 0x109) \
    /* fp32 */ \
    X(FSEL, 0x008) \
    X(FMNMX, 0x009) \
    X(FSET, 0x00a) \
    X(FSETP, 0x00b) \
    X(FMUL, 0x020) \
    X(FADD, 0x021) \
    X(FSWZADD, 0x022) \
    X(FFMA, 0x023) \
    X(FCHK, 0x102) \
    X(MUFU, 0x108) \
    /* fp64 */ \
    X(DMUL, 0x028) \
    X(DADD, 0x029) \
    X(DSETP, 0x02a) \
    X(DFMA, 0x02b) \
    /* fp16x2 */ \
    X(HADD2, 0x030) \
    X(HFMA2, 0x031) \
    X(HMUL2, 0x032) \
    X(HSET2, 0x033) \
    X(HSETP2, 0x034) \
    /* tensor cores */ \
    X(HMMA, 0x03c) \
    X(IMMA, 0x037) \
    X(BMMA, 0x03d) \
    /* conversions */ \
    X(F2F, 0x104, 0x110) \
    X(F2I, 0x105, 0x111) \
    X(I2F, 0x106, 0x112) \
    X(FRND, 0x107, 0x113) \
    X(I2I, 0x038) \
    /* uniform datapath */ \
    X(UMOV, 0x082) \
    X(VOTEU, 0x086) \
    X(USEL, 0x087) \
    X(UISETP, 0x08c) \
    X(UIADD3, 0x090) \
    X(ULEA, 0x091) \
    X(ULOP3, 0x092) \
    X(UPRMT, 0x096) \
    X(USHF, 0x099) \
    X(USGXT, 0x09a) \
    X(UBMSK, 0x09b) \
    X(UPLOP3, 0x09c) \
    X(UIMAD, 0x0a4, 0x0a5) \
    X(ULDC, 0x0b9) \
    X(UFLO, 0x0bd) \
    X(UBREV, 0x0be) \
    X(UPOPC, 0x0bf) \
    X(R2UR, 0x1c2) \
    X(S2UR, 0x1c3) \
    /* warp */ \
    X(VOTE, 0x006) \
    X(SHFL, 0x189) \
    X(MATCH, 0x1a1) \
    X(MOVM, 0x03a) \
    /* special registers, scheduling */ \
    X(NOP, 0x118) \
    X(S2R, 0x119) \
    X(DEPBAR, 0x11a) \
    X(B2R, 0x11c) \
    X(BAR, 0x11d) \
    /* control flow */ \
    X(BSYNC, 0x141) \
    X(BREAK, 0x142) \
    X(CALL, 0x144, 0x143) \
    X(BSSY, 0x145) \
    X(YIELD, 0x146) \
    X(BRA, 0x147) \
    X(WARPSYNC, 0x148) \
    X(BRX, 0x149) \
    X(EXIT, 0x14d) \
    X(RET, 0x150) \
    X(LEPC, 0x14e) \
    X(BMOV, 0x155, 0x156) \
    X(BPT, 0x15c) \
    X(NANOSLEEP, 0x15d) \
    /* memory */ \
    X(LD, 0x180) \
    X(LDG, 0x181) \
    X(LDC, 0x182) \
    X(LDL, 0x183) \
    X(LDS, 0x184) \
    X(LDSM, 0x03b) \
    X(ST, 0x185) \
    X(STG, 0x186) \
    X(STL, 0x187) \
    X(STS, 0x188) \
    X(ATOM, 0x18a, 0x18b) \
    X(ATOMS, 0x18c, 0x18d) \
    X(RED, 0x18e) \
    X(CCTL, 0x18f) \
    X(MEMBAR, 0x192) \
    X(ATOMG, 0x1a8, 0x1a9) \
    X(QSPC, 0x1aa) \
    X(ERRBAR, 0x1ab) \
    /* textures and surfaces: handle in a constant bank, or bindless (in a register) */ \
    X(TEX, 0x160, 0x161) \
    X(TLD, 0x166, 0x167) \
    X(TLD4, 0x163, 0x164) \
    X(TMML, 0x169, 0x16a) \
    X(TXD, 0x16c, 0x16d) \
    X(TXQ, 0x16f, 0x170) \
    X(SULD, 0x199, 0x198, 0x19a) \
    X(SUST, 0x19d, 0x19c, 0x19e) \
    X(SUATOM, 0x194, 0x196) \
    X(SURED, 0x1a0) \
    /* graphics stages: attributes, interpolation, discard */ \
    X(ALD, 0x121) \
    X(AST, 0x122) \
    X(IPA, 0x126) \
    X(KIL, 0x15b)

typedef enum NvSassOpcode {
    NV_SASS_OP_INVALID = 0,
#define NV_SASS_ENUM_ROW(name, ...) NV_SASS_OP_##name,
    NV_SASS_OPCODES(NV_SASS_ENUM_ROW)
#undef NV_SASS_ENUM_ROW
    NV_SASS_OP_COUNT
} NvSassOpcode;

/* Register numbers that read as zero / predicates that read as true. */
#define NV_SASS_RZ      255
#define NV_SASS_URZ     63
#define NV_SASS_PT      7
#define NV_SASS_SRZ     255

/* ALU operand forms (bits 9..11): where sources b and c come from. */
enum {
    NV_SASS_FORM_RRR = 1,       /* b = R[32..39],  c = R[64..71] */
    NV_SASS_FORM_RRI = 2,       /* b = R[64..71],  c = imm32 */
    NV_SASS_FORM_RRC = 3,       /* b = R[64..71],  c = c[][] */
    NV_SASS_FORM_RIR = 4,       /* b = imm32,      c = R[64..71] */
    NV_SASS_FORM_RCR = 5,       /* b = c[][],      c = R[64..71] */
    NV_SASS_FORM_RUR = 6,       /* b = UR[32..39], c = R[64..71] */
    NV_SASS_FORM_RRU = 7,       /* b = R[64..71],  c = UR[32..39] */
};

typedef enum NvSassOperandKind {
    NV_SASS_OPND_NONE = 0,
    NV_SASS_OPND_REG,           /* R0..R254, RZ */
    NV_SASS_OPND_UREG,          /* UR0..UR62, URZ */
    NV_SASS_OPND_IMM,           /* 32-bit immediate (see NvSassImmType) */
    NV_SASS_OPND_CBUF,          /* c[bank][offset]: bank in reg, offset in imm */
    NV_SASS_OPND_SREG,          /* special register SR_* (index in reg) */
} NvSassOperandKind;

/* How an immediate's 32 bits are to be read. */
typedef enum NvSassImmType {
    NV_SASS_IMM_INT = 0,        /* integer */
    NV_SASS_IMM_F32,            /* IEEE single */
    NV_SASS_IMM_F64_HI,         /* high word of an IEEE double, low word 0 */
    NV_SASS_IMM_F16X2,          /* two IEEE halves: bits 0..15 and 16..31 */
} NvSassImmType;

/* Operand modifiers. */
enum {
    NV_SASS_MOD_NEG   = 1 << 0,   /* -x (arithmetic) */
    NV_SASS_MOD_ABS   = 1 << 1,   /* |x| */
    NV_SASS_MOD_NOT   = 1 << 2,   /* ~x (bitwise, .X forms of IADD3/LEA/IMAD) */
    NV_SASS_MOD_REUSE = 1 << 3,   /* operand reuse cache hint (timing only) */
    NV_SASS_MOD_H1_H1 = 1 << 4,   /* fp16x2 swizzle .H1_H1 */
    NV_SASS_MOD_H0_H0 = 1 << 5,   /* fp16x2 swizzle .H0_H0 */
    NV_SASS_MOD_F32   = 1 << 6,   /* fp16 op source read as .F32 */
    NV_SASS_MOD_CX    = 1 << 7,   /* CBUF bank held in a uniform register */
};

typedef struct NvSassOperand {
    uint8_t kind;               /* NvSassOperandKind */
    uint8_t mods;               /* NV_SASS_MOD_* */
    uint8_t reg;                /* register / SR index; CBUF: bank or UR */
    uint8_t imm_type;           /* NvSassImmType for IMM */
    uint32_t imm;               /* IMM value; CBUF byte offset */
} NvSassOperand;

typedef struct NvSassPred {
    uint8_t index;              /* 0..6, NV_SASS_PT = always true */
    bool negate;
    bool uniform;               /* UPn instead of Pn */
} NvSassPred;

/* A memory address: [Ra(.64|.U32)(.Xn) + URb + offset] */
typedef enum NvSassAddrWidth {
    NV_SASS_ADDR_32 = 0,        /* 32-bit register (shared/local, or no .E) */
    NV_SASS_ADDR_64,            /* register pair Ra:Ra+1 (.E) */
    NV_SASS_ADDR_U32,           /* 32-bit register zero-extended, + UR (.U32) */
} NvSassAddrWidth;

typedef struct NvSassAddr {
    uint8_t reg;                /* base GPR, NV_SASS_RZ = none */
    uint8_t ureg;               /* uniform base, NV_SASS_URZ = none */
    uint8_t width;              /* NvSassAddrWidth of reg */
    uint8_t scale;              /* LDS/STS/ATOMS index scale: 0 none, 1 .X4, 2 .X8, 3 .X16 */
    bool has_ureg;              /* address has a uniform part (bit 91) */
    int32_t offset;             /* signed byte offset */
} NvSassAddr;

/* Enumerations shared by several families. */
typedef enum NvSassRound { NV_SASS_RN, NV_SASS_RM, NV_SASS_RP, NV_SASS_RZ_ROUND } NvSassRound;
typedef enum NvSassBoolOp { NV_SASS_BOOL_AND, NV_SASS_BOOL_OR, NV_SASS_BOOL_XOR } NvSassBoolOp;

/* Memory access sizes (bits 73..75). */
typedef enum NvSassMemSize {
    NV_SASS_MEM_U8, NV_SASS_MEM_S8, NV_SASS_MEM_U16, NV_SASS_MEM_S16,
    NV_SASS_MEM_32, NV_SASS_MEM_64, NV_SASS_MEM_128, NV_SASS_MEM_U128,
} NvSassMemSize;

/* Memory ordering (bits 79..80) and scope (bits 77..78) of global accesses. */
typedef enum NvSassMemOrder {
    NV_SASS_ORDER_CONSTANT, NV_SASS_ORDER_WEAK, NV_SASS_ORDER_STRONG, NV_SASS_ORDER_MMIO,
} NvSassMemOrder;
typedef enum NvSassScope {
    NV_SASS_SCOPE_CTA, NV_SASS_SCOPE_SM, NV_SASS_SCOPE_GPU, NV_SASS_SCOPE_SYS,
} NvSassScope;

/* Atomic operations (ATOMG/ATOMS/RED/ATOM) and operand types. */
typedef enum NvSassAtomOp {
    NV_SASS_ATOM_ADD, NV_SASS_ATOM_MIN, NV_SASS_ATOM_MAX, NV_SASS_ATOM_INC,
    NV_SASS_ATOM_DEC, NV_SASS_ATOM_AND, NV_SASS_ATOM_OR, NV_SASS_ATOM_XOR,
    NV_SASS_ATOM_EXCH, NV_SASS_ATOM_SAFEADD, NV_SASS_ATOM_CAS, NV_SASS_ATOM_CAST,
    NV_SASS_ATOM_CAST_SPIN,
} NvSassAtomOp;
typedef enum NvSassAtomType {
    NV_SASS_ATYPE_U32, NV_SASS_ATYPE_S32, NV_SASS_ATYPE_U64, NV_SASS_ATYPE_F32,
    NV_SASS_ATYPE_F16X2, NV_SASS_ATYPE_S64, NV_SASS_ATYPE_F64,
} NvSassAtomType;

/* Modifier fields per instruction family (the union member named after it). */
typedef struct NvSassModIntAlu {
    bool is_signed;             /* IMAD/ISETP/IMNMX/FLO/SGXT/IDP a: signed (else .U32);
                                   LEA.HI: .SX32 */
    bool x;                     /* .X: add the carry-in predicate(s) */
    bool wide;                  /* IMAD.WIDE: 64-bit result */
    bool hi;                    /* IMAD.HI / LEA.HI / SHF.HI */
    bool sh;                    /* FLO.SH: shift amount instead of bit index */
    uint8_t lut;                /* LOP3 / PLOP3 (first result) truth table */
    uint8_t lut2;               /* PLOP3 second result's table */
    bool pand;                  /* LOP3.PAND: predicate result is an AND */
    uint8_t shift;              /* LEA shift count */
    uint8_t shf_type;           /* SHF: 0 S64, 1 U64, 2 S32, 3 U32 */
    bool wrap, right;           /* SHF .W .R; BMSK/SGXT .W */
    uint8_t prmt_mode;          /* PRMT: 0 index, F4E, B4E, RC8, ECL, ECR, RC16;
                                   P2R/R2P: byte .B0..B3 */
    uint8_t cmp;                /* ISETP: 0 F, 1 LT, 2 EQ, 3 LE, 4 GT, 5 NE, 6 GE, 7 T */
    uint8_t bool_op;            /* NvSassBoolOp */
    bool ex;                    /* ISETP.EX: 64-bit compare chained through a predicate */
    bool b_signed;              /* IDP: second source signed */
    bool idp_4a;                /* IDP.4A (else .2A) */
    bool idp_hi;                /* IDP.2A.HI (else .LO) */
    uint8_t mov_mask;           /* MOV: quad lanes written (bit l % 4 of lane l), 1..15 */
} NvSassModIntAlu;

typedef struct NvSassModFloat {
    uint8_t rnd;                /* NvSassRound */
    bool ftz;                   /* flush denormals to zero */
    bool fmz;                   /* FMUL/FFMA/HMUL2/HFMA2 .FMZ: 0 * x = 0 */
    bool sat;                   /* clamp to [0, 1] */
    bool f32;                   /* fp16 ops: .F32 result */
    bool a_signed, b_signed;    /* IMMA: .S8/.S4 (else .U8/.U4) sources */
    bool nibbles;               /* IMMA.8832: 4-bit sources (else .8816: bytes) */
    uint8_t cmp;                /* FSETP/DSETP/HSETP2: 0 F(DSETP: MIN), 1 LT, 2 EQ, 3 LE,
                                   4 GT, 5 NE, 6 GE, 7 NUM, 8 NAN, 9 LTU .. 14 GEU,
                                   15 T (DSETP: MAX) */
    uint8_t bool_op;            /* NvSassBoolOp */
    bool h_and;                 /* HSETP2.H_AND: AND the two halves' results */
    bool bf;                    /* HSET2.BF: 1.0 instead of all ones */
    uint8_t mufu;               /* MUFU: 0 COS, SIN, EX2, LG2, RCP, RSQ, RCP64H, RSQ64H,
                                   SQRT, 9 TANH */
    uint8_t pdiv;               /* FMUL post-scale: the product times 2^(pdiv - 4), 1..7 */
    uint8_t swz;                /* FSWZADD: 2 bits per quad lane, lane 0 in 7..6 */
    bool ndv;                   /* FSWZADD .NDV */
} NvSassModFloat;

typedef struct NvSassModCvt {
    uint8_t dst_bytes;          /* log2 bytes of the result (0..3) */
    uint8_t src_bytes;          /* log2 bytes of the source */
    bool dst_signed, src_signed;
    uint8_t rnd;                /* NvSassRound; F2I/FRND print RM/RP/RZ as FLOOR/CEIL/TRUNC */
    bool ftz;
    bool ntz;                   /* F2I.NTZ */
    bool sat;                   /* I2I: always saturates */
    uint8_t src_sel;            /* I2F from 8/16 bits: which byte (.B1-.B3) or half (.H1) */
} NvSassModCvt;

/* CCTL operations (bits 87..90) the decoder accepts */
enum { NV_SASS_CCTL_IV = 3, NV_SASS_CCTL_IVALL = 4, NV_SASS_CCTL_RS = 5, NV_SASS_CCTL_WBALL = 7 };

/* BMOV's special register MACTIVE (the active mask). */
enum { NV_SASS_SR_MACTIVE = 0x1a };

/* The default eviction priority (bits 84..86), printed as nothing. */
enum { NV_SASS_CACHE_DEFAULT = 1 };

typedef struct NvSassModMem {
    uint8_t size;               /* NvSassMemSize (LDC/ULDC/LDS/STS/LDL/STL/LDG/STG/LD/ST) */
    uint8_t order;              /* NvSassMemOrder (global/generic) */
    uint8_t scope;              /* NvSassScope (global/generic, MEMBAR) */
    uint8_t cache;              /* eviction priority 84..86: 0 EF, 1 normal, 2 EL, 3 LU,
                                   4 EU, 5 NA */
    bool e;                     /* .E: 64-bit addresses; MEMBAR: .MMIO */
    bool u;                     /* LDS.U */
    uint8_t atom_op;            /* NvSassAtomOp */
    uint8_t atom_type;          /* NvSassAtomType */
    uint8_t ldc_mode;           /* LDC: 0 none, 1 IL, 2 IS, 3 ISL */
    uint8_t cctl_op;            /* CCTL: NV_SASS_CCTL_IV, _RS (with an address) or _IVALL */
    uint8_t membar;             /* MEMBAR ordering: 0 .SC, 1 .ALL, 2 none */
    uint8_t qspc;               /* QSPC window: 0 G, 1 L, 2 S */
    uint8_t matrices;           /* LDSM: 8x8 matrices of 16-bit elements loaded (1, 2, 4) */
    bool trans;                 /* LDSM .MT88: transposed (else .M88) */
    bool bindless;              /* ULDC: a bindless constant buffer (handle in a UR pair) */
} NvSassModMem;

typedef struct NvSassModWarp {
    uint8_t mode;               /* SHFL: 0 IDX, UP, DOWN, BFLY; VOTE: 0 ALL, ANY, EQ;
                                   MATCH: 0 ALL, 1 ANY */
    bool u64;                   /* MATCH .U64 */
} NvSassModWarp;

typedef struct NvSassModCtl {
    bool uniform_br;            /* BRA.U: all active threads branch together */
    bool div;                   /* BRA.DIV: taken when the warp is diverged */
    bool conv;                  /* BRA.CONV: taken when the warp is converged */
    bool inc;                   /* CALL (else .NOINC); RET is always .NODEC */
    bool relative;              /* CALL/RET .REL (else .ABS: an absolute address) */
    uint8_t barrier;            /* convergence barrier B0..B15 (BSSY/BSYNC/BREAK/BMOV) */
    bool clear;                 /* BMOV.CLEAR */
    bool pquad;                 /* BMOV.PQUAD MACTIVE: the active mask widened to whole quads */
    uint8_t bar_mode;           /* BAR: 0 SYNC, 1 ARV, 2 RED */
    uint8_t bar_red;            /* BAR.RED: 0 POPC, 1 AND, 2 OR */
    bool bar_defer;             /* BAR .DEFER_BLOCKING */
    bool sleep_warp;            /* NANOSLEEP.WARP */
    uint8_t depbar_sb;          /* DEPBAR.LE SBn */
    uint8_t depbar_set;         /* DEPBAR: scoreboards also waited for, {n,...} (bits 32..37) */
    uint8_t b2r_mode;           /* B2R: 1 .RESULT (the only one accepted) */
    bool cs2r_64;               /* CS2R reads 64 bits (else .32) */
} NvSassModCtl;

/* Texture dimensions of TEX/TLD/TLD4 (bits 61..63; surfaces are converted to these). */
typedef enum NvSassTexDim {
    NV_SASS_TEX_1D, NV_SASS_TEX_2D, NV_SASS_TEX_3D, NV_SASS_TEX_CUBE,
    NV_SASS_TEX_ARRAY_1D, NV_SASS_TEX_ARRAY_2D, NV_SASS_TEX_DIM_INVALID6, NV_SASS_TEX_ARRAY_CUBE,
    NV_SASS_TEX_1D_BUFFER,      /* surfaces only */
} NvSassTexDim;

/*
 * Texture LOD modes (bits 87..89) the decoder accepts: implicit (from the
 * quad's derivatives), zero, implicit plus a bias, explicit.
 */
enum { NV_SASS_LOD_AUTO = 0, NV_SASS_LOD_LZ = 1, NV_SASS_LOD_LB = 2, NV_SASS_LOD_LL = 3 };

/* Texel offsets (bits 76..77): none, one for all texels (.AOFFI), per texel (TLD4 .PTP). */
enum { NV_SASS_TEXOFF_NONE = 0, NV_SASS_TEXOFF_AOFFI = 1, NV_SASS_TEXOFF_PTP = 2 };

/* Surface bounds handling (bits 59..60): out of range ignored, clamped, or a trap. */
enum { NV_SASS_SU_IGN = 0, NV_SASS_SU_SDCL = 1, NV_SASS_SU_TRAP = 2 };

/*
 * TEX/TLD/TLD4 and SULD/SUST/SUATOM. Sources: src[0] = Ra (the first
 * coordinate registers; surfaces: the coordinate vector), src[1] = Rb (the
 * remaining coordinates and the LOD, after the handle when bindless;
 * SUST/SUATOM: the data), src[2] = the handle: c[bank][offset], or for
 * bindless surfaces the register holding it (bindless texture fetches have
 * it first in Rb and src[2] NONE).
 */
typedef struct NvSassModTex {
    uint8_t dim;                /* NvSassTexDim */
    uint8_t mask;               /* channels written (TEX/TLD/TLD4), 1..15 */
    uint8_t lod;                /* NV_SASS_LOD_* */
    uint8_t component;          /* TLD4: the channel gathered (R, G, B, A) */
    uint8_t dst2;               /* second destination (channels after the first two) */
    bool scr;                   /* .SCR */
    bool ndv;                   /* .NDV: derivatives of a non-divergent quad */
    bool dc;                    /* TEX/TLD4 .DC: depth compare with a reference, the last input */
    uint8_t offsets;            /* NV_SASS_TEXOFF_* */
    bool nodep;                 /* .NODEP (scheduling only) */
    uint8_t cache;              /* eviction priority, as NvSassModMem.cache */
    uint8_t size;               /* surfaces: NvSassMemSize */
    uint8_t order, scope;       /* surfaces: NvSassMemOrder, NvSassScope */
    uint8_t clamp;              /* surfaces: NV_SASS_SU_* */
    bool bindless;              /* .B: the handle in a register */
    bool formatted;             /* surfaces .P: elements converted by the format (else .D raw) */
    bool ba;                    /* surfaces .BA: x in bytes (else in elements) */
    uint8_t atom_op;            /* SUATOM/SURED: NvSassAtomOp */
    uint8_t atom_type;          /* SUATOM/SURED: NvSassAtomType (U32, S32) */
    uint8_t query;              /* TXQ: 0 TEX_HEADER_DIMENSION (the only one accepted) */
} NvSassModTex;

/*
 * IPA's interpolation (bits 78..79): planes, the provoking vertex's value,
 * or as SET_SHADE_MODE says (nv50_ir's reads of GL's unqualified colours:
 * the provoking vertex's value under the flat shade model, else the plane).
 */
enum { NV_SASS_IPA_PASS = 0, NV_SASS_IPA_CONSTANT = 1, NV_SASS_IPA_STATE = 2 };

/*
 * ALD/AST/IPA: the attribute space (sm.h NV_SM_ATTR_WORDS). Sources of
 * ALD: src[0] = the offset register (added to addr), src[1] = the vertex
 * handle; AST: src[0] = offset, src[1] = data, src[2] = vertex handle.
 */
typedef struct NvSassModAttr {
    uint16_t addr;              /* byte address */
    uint8_t comps;              /* ALD/AST: consecutive 32-bit components, 1..4 */
    bool output;                /* ALD.O: the thread's own outputs */
    uint8_t loc;                /* IPA: 0 pixel centre, 1 .CENTROID */
    uint8_t freq;               /* IPA: NV_SASS_IPA_* */
} NvSassModAttr;

/* Scheduling control (bits 105..125); not needed to execute correctly. */
typedef struct NvSassSched {
    uint8_t stall;              /* 105..108 */
    bool yield;                 /* 109 */
    uint8_t write_sb;           /* 110..112, 7 = none */
    uint8_t read_sb;            /* 113..115, 7 = none */
    uint8_t wait_mask;          /* 116..121 */
    uint8_t reuse;              /* 122..125: reuse hints of sources a, b, c, d */
} NvSassSched;

#define NV_SASS_MAX_SRC 5
#define NV_SASS_MAX_PSRC 3

typedef struct NvSassInsn {
    uint64_t pc;                /* byte address of this instruction */
    uint64_t target;            /* branch/BSSY/CALL target, RET base */
    uint16_t opcode;            /* NvSassOpcode */
    uint16_t op12;              /* bits 0..11 as encoded */
    uint8_t form;               /* bits 9..11 */
    bool has_target;            /* target valid (printed as a label) */
    bool uniform;               /* executes once per warp (uniform datapath) */
    NvSassPred guard;           /* @P / @!P; PT = unconditional */
    NvSassOperand dst;          /* Rd, URd (kind NONE when absent) */
    NvSassPred pdst[2];         /* predicate results; index PT = discarded */
    uint8_t n_src;
    NvSassOperand src[NV_SASS_MAX_SRC];  /* sources a, b, c, ... in logical order */
    uint8_t n_psrc;
    NvSassPred psrc[NV_SASS_MAX_PSRC];   /* predicate sources (carry-in, select, accumulate) */
    bool has_addr;
    NvSassAddr addr;            /* memory operand of loads, stores, atomics */
    union {
        NvSassModIntAlu i;
        NvSassModFloat f;
        NvSassModCvt cvt;
        NvSassModMem mem;
        NvSassModWarp warp;
        NvSassModCtl ctl;
        NvSassModTex tex;
        NvSassModAttr attr;
    } mod;
    NvSassSched sched;
} NvSassInsn;

/*
 * Decode one instruction located at byte address pc (used for relative
 * branch targets). Returns false, with *out zeroed, for encodings the
 * decoder does not know: never guesses.
 */
bool nv_sass_decode(uint64_t lo, uint64_t hi, uint64_t pc, NvSassInsn *out);

const char *nv_sass_opcode_name(NvSassOpcode op);

/*
 * Names branch targets: nvdisasm prints `(name) for a target it has a label
 * for (function symbols, .L_x_N) and the plain hex address otherwise.
 */
typedef struct NvSassSymbolizer {
    /* the label at target in section, or NULL to print the address */
    const char *(*name)(const void *opaque, uint32_t section, uint64_t target);
    const void *opaque;
    uint32_t section;           /* passed back to name() */
} NvSassSymbolizer;

/*
 * Print the instruction as nvdisasm 11.8 does (no trailing ';'). Returns the
 * length of the full text, as snprintf: the output is truncated to len - 1
 * characters and NUL-terminated when len > 0.
 */
size_t nv_sass_disasm(const NvSassInsn *in, char *buf, size_t len);
size_t nv_sass_disasm_sym(const NvSassInsn *in, const NvSassSymbolizer *sym,
                          char *buf, size_t len);

/*
 * nvdisasm's label numbering for a module: text sections are scanned in
 * file order, and each branch/BSSY/CALL target that is not a function
 * symbol gets the next .L_x_N at its first reference.
 */
typedef struct NvSassLabels NvSassLabels;

NvSassLabels *nv_sass_labels_new(void);
void nv_sass_labels_free(NvSassLabels *labels);
/* A function symbol at offset of section (section numbers are the caller's). */
bool nv_sass_labels_add_symbol(NvSassLabels *labels, uint32_t section,
                               uint64_t offset, const char *name);
/* Numbers the targets of insns[0..n) of section; call per section, in file order. */
bool nv_sass_labels_scan(NvSassLabels *labels, uint32_t section,
                         const NvSassInsn *insns, size_t n);
const char *nv_sass_labels_lookup(const NvSassLabels *labels, uint32_t section,
                                  uint64_t offset);
/* A symbolizer printing this table's labels for one section. */
NvSassSymbolizer nv_sass_labels_symbolizer(const NvSassLabels *labels, uint32_t section);

#endif
