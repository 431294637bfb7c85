#!/usr/bin/python3
# Writes the hand-made seed inputs of tools/fuzz/fuzz-gpu.c into
# tools/fuzz/corpus/seed-*: valid (and a few deliberately broken) uses of the
# host path: copies with 0xc5b5, semaphores, inline-to-memory 0xa140, BAR1/BAR2
# accesses through the page tables, faults, pushbuffer and GP entry formats.
#
# The constants below mirror the fixed layout of fuzz-gpu.c; keep them in step.
# Standard library only:  /usr/bin/python3 tools/fuzz/make-seeds.py [OUTDIR]
#
# SPDX-License-Identifier: GPL-2.0-or-later
import os
import struct
import sys

# ---- the harness layout (fuzz-gpu.c) ----
INST0, USERD0, INST1, USERD1 = 0x10000, 0x11000, 0x12000, 0x13000
SPT, GP_PAGE, PB_PA, DATA_PA = 0x18000, 0x1a000, 0x1b000, 0x1f000
GP_VA, PB_VA, DATA_VA, TBL_VA = 0x100000, 0x101000, 0x105000, 0x109000
INST_VA, USERD_VA, FB_VA, SPARSE_VA = 0x10a000, 0x10b000, 0x10c000, 0x10d000
RO_VA, SYS_VA, BIG_VA, BLOCKED_VA, HUGE_VA = 0x10e000, 0x10f000, 0x180000, 0x190000, 0x200000
RING1_OFF = 0x800

F_SYSMEM, F_FAULTBUF_VIRT, F_BAR1_PHYS, F_NO_FAULTBUF = 0x01, 0x02, 0x04, 0x08
F_CHAN1, F_SPLIT, F_NO_KICK, F_RL_SUBMIT = 0x10, 0x20, 0x40, 0x80

(OP_REG_WRITE, OP_REG_READ, OP_BAR0_RAW, OP_BAR1, OP_BAR2, OP_HOST_WORK, OP_DOORBELL,
 OP_VRAM_POKE, OP_TIME, OP_BIND, OP_RL_SUBMIT) = range(11)

(R_INST0, R_USERD0, R_GP, R_PB, R_DATA, R_PDS, R_SPT, R_BPT, R_CHAN1, R_FAULTBUF,
 R_RUNLIST, R_SYSMEM) = range(12)

REGS = [
    'PCCSR_INST', 'PCCSR_CHANNEL', 'PCCSR_INST_511', 'PCCSR_CHANNEL_511', 'DOORBELL',
    'RL_BASE_LO', 'RL_BASE_HI', 'RL_SUBMIT', 'RL_STATUS', 'RL_BLOCK', 'PREEMPT',
    'RUNLIST_PREEMPT', 'PFIFO_INTR_0', 'PFIFO_INTR_EN_0', 'PBDMA_INTR_PENDING',
    'ENGINE_STATUS', 'PBDMA_METHOD0', 'PBDMA_DATA0', 'PBDMA_INTR_0', 'PBDMA_INTR_EN_0',
    'PBDMA_CHANNEL', 'PBDMA_TIMEOUT', 'PBDMA_CONFIG', 'PBDMA_INTR_1', 'PBDMA_INTR_EN_1',
    'CE_INTR_EN', 'CE_INTR_STATUS', 'CE_LAUNCH_ERR', 'BAR1_BLOCK', 'BAR2_BLOCK',
    'BAR_BIND_STATUS', 'FAULT_BUF_LO', 'FAULT_BUF_HI', 'FAULT_BUF_GET', 'FAULT_BUF_PUT',
    'FAULT_BUF_SIZE', 'FAULT_INFO', 'FAULT_STATUS', 'INVALIDATE_PDB', 'INVALIDATE',
    'PMC_INTR', 'PMC_INTR_EN_SET', 'PMC_INTR_EN_CLEAR', 'PMC_ENABLE', 'PTIMER_TIME_0',
    'PTIMER_TIME_1', 'PTIMER_ALARM_0', 'PTIMER_INTR_0', 'PTIMER_INTR_EN_0', 'BAR0_WINDOW',
    'PRAMIN_INST0', 'PRAMIN_END', 'VF_LEAF', 'VF_LEAF_EN_SET', 'VF_LEAF_EN_CLEAR', 'VF_TOP',
    'VF_TOP_EN_SET', 'VF_TOP_EN_CLEAR', 'UFLUSH', 'USERMODE_TIME',
]
REG = {name: i for i, name in enumerate(REGS)}

BAR_BASES = ['GP', 'PB', 'DATA', 'TBL', 'INST', 'USERD', 'FB', 'SPARSE', 'RO', 'SYS', 'BIG',
             'BLOCKED', 'HUGE', 'ZERO', 'LIMIT', 'BEYOND', 'WRAP32', 'VRAM_TOP', 'WRAP64']
BAR = {name: i for i, name in enumerate(BAR_BASES)}
BAR_SIZE = {1: 0, 2: 1, 4: 2, 8: 3, 0: 4, 3: 5, 6: 6, 9: 7}

# ---- host class 0xc46f ----
SET_OBJECT, ILLEGAL, NOP = 0x0, 0x4, 0x8
SEMAPHOREA, SEMAPHOREB, SEMAPHOREC, SEMAPHORED = 0x10, 0x14, 0x18, 0x1c
NON_STALL_INTERRUPT, FB_FLUSH = 0x20, 0x24
MEM_OP_A, MEM_OP_B, MEM_OP_C, MEM_OP_D = 0x28, 0x2c, 0x30, 0x34
SET_REFERENCE, SEM_ADDR_LO, SEM_ADDR_HI = 0x50, 0x5c, 0x60
SEM_PAYLOAD_LO, SEM_PAYLOAD_HI, SEM_EXECUTE = 0x64, 0x68, 0x6c
WFI, CRC_CHECK, YIELD, CLEAR_FAULTED = 0x78, 0x7c, 0x80, 0x84

# ---- copy engine 0xc5b5 ----
CE_SET_SEMAPHORE_A, CE_SET_SEMAPHORE_B, CE_SET_SEMAPHORE_PAYLOAD = 0x240, 0x244, 0x248
CE_SRC_PHYS_MODE, CE_DST_PHYS_MODE, CE_LAUNCH_DMA = 0x260, 0x264, 0x300
CE_OFFSET_IN_UPPER, CE_OFFSET_IN_LOWER, CE_OFFSET_OUT_UPPER, CE_OFFSET_OUT_LOWER = \
    0x400, 0x404, 0x408, 0x40c
CE_PITCH_IN, CE_PITCH_OUT, CE_LINE_LENGTH_IN, CE_LINE_COUNT = 0x410, 0x414, 0x418, 0x41c
CE_REMAP_CONST_A, CE_REMAP_CONST_B, CE_REMAP_COMPONENTS = 0x700, 0x704, 0x708
CE_DST_BLOCK_SIZE, CE_DST_WIDTH, CE_DST_HEIGHT, CE_DST_DEPTH, CE_DST_LAYER, CE_DST_ORIGIN = \
    0x70c, 0x710, 0x714, 0x718, 0x71c, 0x720
CE_SRC_BLOCK_SIZE, CE_SRC_WIDTH, CE_SRC_HEIGHT, CE_SRC_DEPTH, CE_SRC_LAYER, CE_SRC_ORIGIN = \
    0x728, 0x72c, 0x730, 0x734, 0x738, 0x73c
L_TRANSFER_PIPELINED, L_TRANSFER_NON_PIPELINED = 1, 2
L_FLUSH = 1 << 2
L_SEM_ONE_WORD, L_SEM_FOUR_WORD = 1 << 3, 2 << 3
L_INTR_BLOCKING, L_INTR_NON_BLOCKING = 1 << 5, 2 << 5
L_SRC_PITCH, L_DST_PITCH = 1 << 7, 1 << 8
L_MULTI_LINE, L_REMAP = 1 << 9, 1 << 10
L_SRC_PHYS, L_DST_PHYS = 1 << 12, 1 << 13
L_RED_SHIFT, L_RED_UNSIGNED, L_RED_ENABLE = 14, 1 << 18, 1 << 19

# ---- inline to memory 0xa140 ----
I2M_LINE_LENGTH_IN, I2M_LINE_COUNT, I2M_OFFSET_OUT_UPPER, I2M_OFFSET_OUT = \
    0x180, 0x184, 0x188, 0x18c
I2M_PITCH_OUT, I2M_DST_BLOCK_SIZE, I2M_DST_WIDTH, I2M_DST_HEIGHT = 0x190, 0x194, 0x198, 0x19c
I2M_DST_DEPTH, I2M_DST_LAYER, I2M_ORIGIN_X, I2M_ORIGIN_Y = 0x1a0, 0x1a4, 0x1a8, 0x1ac
I2M_LAUNCH_DMA, I2M_LOAD_INLINE_DATA = 0x1b0, 0x1b4
I2M_SEM_A, I2M_SEM_B, I2M_SEM_C = 0x1dc, 0x1e0, 0x1e4
I2M_PITCH, I2M_RED_ENABLE, I2M_RELEASE, I2M_INTR, I2M_ONE_WORD = 1, 2, 2 << 4, 1 << 8, 1 << 12


# ---- 3D class 0xc597 (methods/c597.h) and its macro expander (nv-mme.h) ----
C597_LOAD_MME_INSTRUCTION_RAM_POINTER, C597_LOAD_MME_INSTRUCTION_RAM = 0x114, 0x118
C597_LOAD_MME_START_ADDRESS_RAM_POINTER, C597_LOAD_MME_START_ADDRESS_RAM = 0x11c, 0x120
C597_CALL_MME_MACRO, C597_CALL_MME_DATA = 0x3800, 0x3804
C597_SET_COLOR_TARGET_A, C597_SET_CT_SELECT = 0x800, 0x121c
C597_SET_SURFACE_CLIP_HORIZONTAL, C597_CLEAR_SURFACE = 0xff4, 0x19d0
C597_SET_REPORT_SEMAPHORE_A = 0x1b00


def mme_group(fields):
    """One 96-bit macro group from (bit, width, value) fields, sent high word first."""
    v = 0
    for pos, width, val in fields:
        v |= (val & ((1 << width) - 1)) << pos
    return [(v >> 64) & 0xffffffff, (v >> 32) & 0xffffffff, v & 0xffffffff]


def mme_clear_value_macro():
    """R0 = param 0, emitted to SET_COLOR_CLEAR_VALUE(0); param 1 to (1); end."""
    zero, load0, mw = 24, 28, (0xd80 >> 2) | 1 << 12
    alu_nop = [(15, 5, zero), (20, 5, zero), (25, 5, zero)]
    alu1_or_imm = [(46, 5, 14), (51, 5, zero), (56, 5, zero), (61, 5, zero), (66, 16, mw)]
    g0 = mme_group([(10, 5, 0), (15, 5, 0), (20, 5, load0), (25, 5, zero)] + alu1_or_imm +
                   [(82, 3, 6), (85, 4, 1)])
    g1 = mme_group([(0, 1, 1)] + alu_nop + [(51, 5, zero), (56, 5, zero), (61, 5, zero),
                                            (85, 4, 3)])
    g2 = mme_group(alu_nop + [(51, 5, zero), (56, 5, zero), (61, 5, zero)])
    return g0 + g1 + g2


class Pb:
    """A pushbuffer under construction (dwords)."""

    def __init__(self):
        self.dw = []

    def inc(self, subch, mthd, *data):
        self.dw.append(1 << 29 | len(data) << 16 | subch << 13 | mthd >> 2)
        self.dw.extend(d & 0xffffffff for d in data)
        return self

    def non_inc(self, subch, mthd, *data):
        self.dw.append(3 << 29 | len(data) << 16 | subch << 13 | mthd >> 2)
        self.dw.extend(d & 0xffffffff for d in data)
        return self

    def one_inc(self, subch, mthd, *data):
        self.dw.append(5 << 29 | len(data) << 16 | subch << 13 | mthd >> 2)
        self.dw.extend(d & 0xffffffff for d in data)
        return self

    def immd(self, subch, mthd, value):
        self.dw.append(4 << 29 | (value & 0x1fff) << 16 | subch << 13 | mthd >> 2)
        return self

    def legacy_inc(self, subch, mthd, *data):
        self.dw.append(len(data) << 18 | subch << 13 | (mthd & 0x1ffc))
        self.dw.extend(data)
        return self

    def legacy_non_inc(self, subch, mthd, *data):
        self.dw.append(2 << 29 | len(data) << 18 | subch << 13 | (mthd & 0x1ffc))
        self.dw.extend(data)
        return self

    def subdev(self, tert, mask=0):
        self.dw.append(tert << 16 | (mask & 0xfff) << 4)
        return self

    def end_segment(self):
        self.dw.append(7 << 29)
        return self

    def raw(self, *dws):
        self.dw.extend(dws)
        return self

    def nbytes(self):
        return 4 * len(self.dw)

    def bytes(self):
        return struct.pack('<%dI' % len(self.dw), *self.dw)


class Seed:
    def __init__(self, flags=0):
        self.flags = flags
        self.ops = []
        self.patches = []
        self.pb = Pb()

    def op(self, kind, idx=0, arg=0, value=0, sub=0):
        assert len(self.ops) < 32
        self.ops.append(struct.pack('<BBHI', kind | sub << 4, idx, arg, value & 0xffffffff))
        return self

    def reg_write(self, name, value, elem=0):
        return self.op(OP_REG_WRITE, REG[name], elem, value)

    def reg_read(self, name, elem=0):
        return self.op(OP_REG_READ, REG[name], elem)

    def bar(self, bar, base, off=0, size=4, write=False, value=0):
        return self.op(OP_BAR1 if bar == 1 else OP_BAR2, BAR[base], off, value,
                       BAR_SIZE[size] | (8 if write else 0))

    def host(self, calls=1):
        return self.op(OP_HOST_WORK, 0, 0, calls - 1)

    def poke(self, region, off, value):
        return self.op(OP_VRAM_POKE, region, off, value)

    def patch(self, region, off, data):
        assert len(self.patches) < 16 and len(data) < 256
        self.patches.append(struct.pack('<BHB', region, off, len(data)) + data)
        return self

    def patch32(self, region, off, *values):
        return self.patch(region, off, struct.pack('<%dI' % len(values), *values))

    def bytes(self):
        return (bytes([len(self.ops), len(self.patches), self.flags]) + b''.join(self.ops) +
                b''.join(self.patches) + self.pb.bytes())


def gp_entry(va, dwords, subroutine=False, conditional=False):
    lo = (va & 0xfffffffc) | (1 if conditional else 0)
    return struct.pack('<II', lo, (va >> 32) | dwords << 10 | (1 << 9 if subroutine else 0))


def pattern(n, seed=1):
    return bytes((i * 37 + seed) & 0xff for i in range(n))


def ce_copy(pb, subch, src, dst, length, lines=1, pitch_in=0, pitch_out=0, launch=0):
    pb.inc(subch, CE_OFFSET_IN_UPPER, src >> 32, src & 0xffffffff, dst >> 32, dst & 0xffffffff,
           pitch_in, pitch_out, length, lines)
    pb.inc(subch, CE_LAUNCH_DMA, launch)


def seeds():
    out = {}

    # A pitch copy with a one-word semaphore release and a non-stalling interrupt.
    s = Seed()
    s.patch(R_DATA, 0, pattern(255))
    s.pb.inc(4, SET_OBJECT, 0xc5b5)
    s.pb.inc(4, CE_SET_SEMAPHORE_A, 0, DATA_VA + 0x3000, 0x1234)
    ce_copy(s.pb, 4, DATA_VA, DATA_VA + 0x1000, 0x100,
            launch=L_TRANSFER_NON_PIPELINED | L_FLUSH | L_SEM_ONE_WORD | L_INTR_NON_BLOCKING |
            L_SRC_PITCH | L_DST_PITCH)
    s.reg_read('PFIFO_INTR_0').reg_read('CE_INTR_STATUS')
    out['ce-copy'] = s

    # Multi-line pitch copy across pages, four-word semaphore, blocking interrupt.
    s = Seed()
    s.patch(R_DATA, 0x40, pattern(200, 7))
    s.pb.inc(4, SET_OBJECT, 0xc5b5)
    s.pb.inc(4, CE_SET_SEMAPHORE_A, 0, DATA_VA + 0x3ff0, 7)
    ce_copy(s.pb, 4, DATA_VA + 0x40, DATA_VA + 0xf80, 0x60, lines=16, pitch_in=0x100,
            pitch_out=0x120, launch=L_TRANSFER_PIPELINED | L_SEM_FOUR_WORD | L_INTR_BLOCKING |
            L_SRC_PITCH | L_DST_PITCH | L_MULTI_LINE)
    s.reg_read('CE_INTR_STATUS').reg_write('CE_INTR_STATUS', 0xffffffff).reg_read('PMC_INTR')
    out['ce-multiline'] = s

    # Memset through remap (constant A), then a swizzle with NO_WRITE and 4 source components.
    s = Seed()
    s.patch(R_DATA, 0, pattern(128, 3))
    s.pb.inc(4, SET_OBJECT, 0xc5b5)
    s.pb.inc(4, CE_REMAP_CONST_A, 0xdeadbeef, 0x01020304, 4 | 3 << 16)
    ce_copy(s.pb, 4, 0, DATA_VA + 0x2000, 64,
            launch=L_TRANSFER_NON_PIPELINED | L_SRC_PITCH | L_DST_PITCH | L_REMAP)
    s.pb.inc(4, CE_REMAP_COMPONENTS, 3 | 6 << 4 | 5 << 8 | 0 << 12 | 1 << 16 | 3 << 20 | 3 << 24)
    ce_copy(s.pb, 4, DATA_VA, DATA_VA + 0x2400, 16, lines=4, pitch_in=0x80, pitch_out=0x100,
            launch=L_TRANSFER_NON_PIPELINED | L_SRC_PITCH | L_DST_PITCH | L_REMAP | L_MULTI_LINE)
    out['ce-remap'] = s

    # Pitch to block linear and back, with origins and a 3D layer.
    s = Seed()
    s.patch(R_DATA, 0, pattern(255, 11))
    s.pb.inc(4, SET_OBJECT, 0xc5b5)
    s.pb.inc(4, CE_DST_BLOCK_SIZE, 0x10, 256, 16, 1, 0, 0x00020010)
    ce_copy(s.pb, 4, DATA_VA, DATA_VA + 0x1000, 64, lines=8, pitch_in=64,
            launch=L_TRANSFER_NON_PIPELINED | L_SRC_PITCH | L_MULTI_LINE)
    s.pb.inc(4, CE_SRC_BLOCK_SIZE, 0x121, 128, 32, 4, 1, 0x00010008)
    ce_copy(s.pb, 4, DATA_VA + 0x1000, DATA_VA + 0x3000, 32, lines=4, pitch_out=32,
            launch=L_TRANSFER_NON_PIPELINED | L_DST_PITCH | L_MULTI_LINE)
    out['ce-blocklinear'] = s

    # Physical copies: VRAM to system memory and back to VRAM, then a fault (virtual unmapped).
    s = Seed()
    s.patch(R_DATA, 0, pattern(64, 5))
    s.pb.inc(4, SET_OBJECT, 0xc5b5)
    s.pb.inc(4, CE_SRC_PHYS_MODE, 0, 1)
    ce_copy(s.pb, 4, DATA_PA, 0x8000, 64,
            launch=L_TRANSFER_NON_PIPELINED | L_SRC_PITCH | L_DST_PITCH | L_SRC_PHYS | L_DST_PHYS)
    s.pb.inc(4, CE_SRC_PHYS_MODE, 2, 0)
    ce_copy(s.pb, 4, 0x8000, DATA_PA + 0x800, 64,
            launch=L_TRANSFER_NON_PIPELINED | L_SRC_PITCH | L_DST_PITCH | L_SRC_PHYS | L_DST_PHYS)
    ce_copy(s.pb, 4, 0x40000000, DATA_VA, 64,
            launch=L_TRANSFER_NON_PIPELINED | L_SRC_PITCH | L_DST_PITCH)
    s.reg_read('CE_LAUNCH_ERR').reg_read('PCCSR_CHANNEL').reg_read('FAULT_BUF_PUT')
    out['ce-phys'] = s

    # A copy larger than one slice's budget (resumes in later slices): 64 KiB page -> 2 MiB page.
    s = Seed()
    s.pb.inc(4, SET_OBJECT, 0xc5b5)
    s.pb.inc(4, CE_SET_SEMAPHORE_A, 0, DATA_VA, 1)
    ce_copy(s.pb, 4, BIG_VA, HUGE_VA, 0x10000, lines=20, pitch_in=0, pitch_out=0x10000,
            launch=L_TRANSFER_NON_PIPELINED | L_SRC_PITCH | L_DST_PITCH | L_MULTI_LINE |
            L_SEM_ONE_WORD | L_RED_ENABLE | 5 << L_RED_SHIFT | L_RED_UNSIGNED)
    s.pb.inc(0, SEMAPHOREA, 0, DATA_VA, 1, 1)
    out['ce-large'] = s

    # Semaphore-only launches (no transfer) with every reduction, signed and unsigned.
    s = Seed()
    s.patch32(R_DATA, 0x600, *range(1, 12))
    s.pb.inc(4, SET_OBJECT, 0xc5b5)
    for red in (0, 1, 2, 3, 4, 5, 6, 7, 10):
        s.pb.inc(4, CE_SET_SEMAPHORE_A, 0, DATA_VA + 0x600 + 4 * red, 0x3f800000 if red == 10 else 5)
        s.pb.inc(4, CE_LAUNCH_DMA, L_SEM_ONE_WORD | L_RED_ENABLE | red << L_RED_SHIFT |
                 (L_RED_UNSIGNED if red & 1 else 0) | L_INTR_NON_BLOCKING)
    s.pb.inc(4, CE_LAUNCH_DMA, L_SEM_FOUR_WORD | L_INTR_BLOCKING)
    out['ce-sem-reductions'] = s

    # CE errors: a reserved launch field, then LAUNCH_DMA on a busy engine, cleared by the driver.
    s = Seed()
    s.pb.inc(4, SET_OBJECT, 0xc5b5)
    s.pb.inc(4, CE_LAUNCH_DMA, 3)
    s.pb.inc(4, 0x1ff0, 0)
    s.host(2).reg_read('CE_LAUNCH_ERR').reg_write('PCCSR_CHANNEL', 1 << 23 | 1 << 22)
    s.reg_write('CE_INTR_STATUS', 0xffffffff).op(OP_DOORBELL).host(2)
    out['ce-errors'] = s

    # SEMAPHOREA..D: releases (16- and 4-byte), satisfied acquires, reductions, a bad operation.
    s = Seed()
    s.patch32(R_DATA, 0x100, 5, 0, 0xf0)
    p = s.pb
    p.inc(0, SEMAPHOREA, 0, DATA_VA, 0xcafe, 2)
    p.inc(0, SEMAPHOREA, 0, DATA_VA + 0x40, 0xbeef, 2 | 1 << 24)
    p.inc(0, SEMAPHOREA, 0, DATA_VA + 0x100, 5, 1)
    p.inc(0, SEMAPHOREA, 0, DATA_VA + 0x100, 3, 4)
    p.inc(0, SEMAPHOREA, 0, DATA_VA + 0x108, 0x10, 8)
    for red in range(8):
        p.inc(0, SEMAPHOREA, 0, DATA_VA + 0x200 + 4 * red, 3, 0x10 | red << 27 | (red & 1) << 31)
    p.inc(0, SEMAPHOREA, 0, RO_VA, 1, 2)
    s.reg_read('PBDMA_INTR_0').reg_read('FAULT_STATUS')
    out['sem-d'] = s

    # SEM_EXECUTE: 32/64-bit releases with a timestamp, every acquire and reduction.
    s = Seed()
    s.patch32(R_DATA, 0x300, 9, 0, 0xffffffff, 0xffffffff)
    p = s.pb
    p.inc(0, SEM_ADDR_LO, DATA_VA + 0x80, 0, 0x11223344, 0x55667788, 1 | 1 << 24 | 1 << 25)
    p.inc(0, SEM_ADDR_LO, DATA_VA + 0x90, 0, 7, 0, 1)
    p.inc(0, SEM_ADDR_LO, DATA_VA + 0x300, 0, 9, 0, 0)
    for op in (2, 3, 4, 5):
        p.inc(0, SEM_ADDR_LO, DATA_VA + 0x300, 0, 1, 0, op)
    for red in range(8):
        wide = red & 1
        p.inc(0, SEM_ADDR_LO, DATA_VA + 0x400 + 8 * red, 0, 5, 1,
              6 | wide << 24 | red << 27 | (red & 2) << 30)
    p.inc(0, SEM_ADDR_LO, DATA_VA, 0, 0, 0, 7)
    out['sem-exec'] = s

    # An acquire that is not met parks the channel; the value appears later, the poll finds it.
    s = Seed()
    s.pb.inc(0, SEMAPHOREA, 0, DATA_VA + 0x10, 42, 1)
    s.pb.inc(0, SEMAPHOREA, 0, DATA_VA + 0x20, 1, 2)
    s.host(2).op(OP_TIME, value=5000).poke(R_DATA, 0x10, 42).op(OP_TIME, value=20000).host(2)
    out['sem-acquire-park'] = s

    # Two channels on two runlists: channel 0 waits for what channel 1 releases.
    s = Seed(F_CHAN1 | F_RL_SUBMIT)
    a = Pb().inc(0, SEMAPHOREA, 0, DATA_VA + 0x500, 1, 1).inc(0, SEMAPHOREA, 0, DATA_VA + 0x504, 2, 2)
    b = Pb().inc(0, NOP, 0).inc(0, SEMAPHOREA, 0, DATA_VA + 0x500, 1, 2 | 1 << 24)
    s.pb.raw(*a.dw).raw(*b.dw)
    s.patch(R_GP, 0, gp_entry(PB_VA, len(a.dw)))
    s.patch(R_GP, RING1_OFF, gp_entry(PB_VA + a.nbytes(), len(b.dw)))
    s.reg_read('RL_SUBMIT', 1).reg_write('RL_BLOCK', 2).host(2).reg_write('RL_BLOCK', 0).host(4)
    out['two-channels'] = s

    # The 3D class: a macro loaded and called (it emits two clear-colour words from its
    # parameters), a clear of a pitch RGBA8 target, a report-semaphore release.
    s = Seed()
    p = s.pb
    p.inc(0, SET_OBJECT, 0xc597)
    p.inc(0, C597_LOAD_MME_INSTRUCTION_RAM_POINTER, 0)
    p.non_inc(0, C597_LOAD_MME_INSTRUCTION_RAM, *mme_clear_value_macro())
    p.inc(0, C597_LOAD_MME_START_ADDRESS_RAM_POINTER, 0)
    p.inc(0, C597_LOAD_MME_START_ADDRESS_RAM, 0)
    p.inc(0, C597_CALL_MME_MACRO, 0x3f800000)
    p.inc(0, C597_CALL_MME_DATA, 0x3f000000)
    p.inc(0, C597_SET_COLOR_TARGET_A, 0, DATA_VA + 0x2000, 64, 4, 0xd5, 1 << 12, 1, 0)
    p.inc(0, C597_SET_CT_SELECT, 1)
    p.inc(0, C597_SET_SURFACE_CLIP_HORIZONTAL, 16 << 16, 4 << 16)
    p.inc(0, C597_CLEAR_SURFACE, 0x3c)
    p.inc(0, C597_SET_REPORT_SEMAPHORE_A, 0, DATA_VA + 0x3000, 0x5a, 1 << 28)
    out['threed-mme-clear'] = s

    # Inline to memory, pitch: 2 lines of 24 bytes, semaphore and interrupt on completion.
    s = Seed()
    p = s.pb
    p.inc(1, SET_OBJECT, 0xa140)
    p.inc(1, I2M_LINE_LENGTH_IN, 24, 2, 0, DATA_VA + 0x100, 0x40)
    p.inc(1, I2M_SEM_A, 0, DATA_VA + 0x10, 0x77)
    p.inc(1, I2M_LAUNCH_DMA, I2M_PITCH | I2M_RELEASE | I2M_INTR | I2M_ONE_WORD)
    p.non_inc(1, I2M_LOAD_INLINE_DATA, *range(0x11111111, 0x11111111 + 12 * 0x01010101, 0x01010101))
    p.inc(1, I2M_LAUNCH_DMA, I2M_PITCH)
    p.inc(1, I2M_LOAD_INLINE_DATA, 1)
    s.reg_read('PFIFO_INTR_0')
    out['i2m-pitch'] = s

    # Inline to memory, block linear with origins; reduction semaphore; 1-byte lines.
    s = Seed()
    p = s.pb
    p.inc(1, SET_OBJECT, 0xa140)
    p.inc(1, I2M_DST_BLOCK_SIZE, 0x10, 128, 16, 1, 0, 8, 3)
    p.inc(1, I2M_LINE_LENGTH_IN, 20, 3, 0, DATA_VA + 0x1000)
    p.inc(1, I2M_SEM_A, 0, DATA_VA + 0x20, 3)
    p.inc(1, I2M_LAUNCH_DMA, I2M_RELEASE | I2M_RED_ENABLE | 1 << 2 | 2 << 13)
    p.non_inc(1, I2M_LOAD_INLINE_DATA, *[0xa0a1a2a3 + i for i in range(15)])
    p.inc(1, I2M_LINE_LENGTH_IN, 1, 6, 0, DATA_VA + 0x2000, 3)
    p.inc(1, I2M_LAUNCH_DMA, I2M_PITCH)
    p.non_inc(1, I2M_LOAD_INLINE_DATA, 0x04030201, 0x08070605)
    out['i2m-blocklinear'] = s

    # BAR2 through the page table: every kind of page, sizes, a read-only write, faults.
    s = Seed()
    s.patch(R_DATA, 0, pattern(64, 9))
    for base, size in (('GP', 8), ('DATA', 4), ('TBL', 8), ('INST', 4), ('SPARSE', 4),
                       ('RO', 2), ('SYS', 1), ('BIG', 8), ('HUGE', 4), ('BLOCKED', 4),
                       ('ZERO', 4), ('BEYOND', 4), ('WRAP64', 8)):
        s.bar(2, base, 0x10, size)
    s.bar(2, 'DATA', 0xffe, 8, True, 0x12345678)
    s.bar(2, 'RO', 0, 4, True, 1)
    s.bar(2, 'SPARSE', 0, 4, True, 1)
    s.bar(2, 'FB', 0, 8)
    s.reg_read('FAULT_BUF_PUT').reg_read('FAULT_STATUS').reg_read('VF_LEAF', 4)
    out['bar2-read'] = s

    # BAR1 in physical mode (VRAM offsets) and BAR2 writes that reach the tables.
    s = Seed(F_BAR1_PHYS)
    s.bar(1, 'DATA', 0, 4, True, 0xabcdef01).bar(1, 'DATA', 0, 4)
    s.bar(1, 'VRAM_TOP', 0x7ffc, 8).bar(1, 'WRAP32', 0, 4).bar(1, 'HUGE', 0x1000, 3, True, 5)
    s.bar(2, 'USERD', 0x8c, 4, True, 0).bar(2, 'INST', 0x48, 4)
    s.op(OP_BAR1, BAR['DATA'], 0, 0, 4).op(OP_BAR2, BAR['DATA'], 0, 0, 7)
    out['bar1-phys'] = s

    # The TLB: a cached translation survives a PTE change until the invalidate.
    s = Seed()
    s.patch(R_DATA, 0x1000, b'\x55' * 16)
    s.bar(2, 'DATA', 0, 4)
    s.poke(R_SPT, 8 * ((DATA_VA >> 12) & 511), 1 | ((DATA_PA + 0x1000) >> 12) << 8)
    s.bar(2, 'DATA', 0, 4)
    s.reg_write('INVALIDATE_PDB', INST0 >> 12).reg_write('INVALIDATE', 1 << 31 | 3)
    s.bar(2, 'DATA', 0, 4)
    s.poke(R_SPT, 8 * ((DATA_VA >> 12) & 511), 0)
    s.reg_write('BAR2_BLOCK', 1 << 31 | INST0 >> 12).bar(2, 'DATA', 0, 4)
    s.reg_write('BAR2_BLOCK', 1 << 31 | 0xfffffff).bar(2, 'DATA', 0, 4)
    s.pb.inc(0, MEM_OP_A, 0, 0, 0, 9 << 27)
    out['tlb'] = s

    # Faults with the buffer addressed through BAR2: an unmapped pushbuffer; overflow.
    s = Seed(F_FAULTBUF_VIRT)
    s.pb.inc(0, NOP, 0)
    s.patch(R_GP, 0, gp_entry(0x7000000, 16))
    s.reg_write('FAULT_BUF_SIZE', 1 << 31 | 2)
    for _ in range(3):
        s.bar(2, 'ZERO', 0, 4)
    s.reg_read('FAULT_BUF_PUT').reg_write('FAULT_BUF_GET', 1 << 31 | 1).bar(1, 'LIMIT', 0, 4)
    s.reg_read('FAULT_INFO', 2).reg_write('FAULT_STATUS', 0xffffffff)
    s.reg_write('PCCSR_CHANNEL', 1 << 22).op(OP_DOORBELL).host(1)
    out['fault-virt'] = s

    # No fault buffer: faults latch in the info registers.
    s = Seed(F_NO_FAULTBUF)
    s.pb.inc(0, SEMAPHOREA, 0, 0x3000000, 1, 2)
    s.bar(2, 'BEYOND', 0, 4).reg_read('FAULT_INFO', 0).reg_read('FAULT_INFO', 4)
    s.reg_write('FAULT_BUF_SIZE', 1 << 30 | 1 << 31).reg_write('FAULT_BUF_LO', 0x1000 | 1 | 1 << 1)
    s.bar(2, 'ZERO', 0, 4)
    out['fault-latch'] = s

    # Every pushbuffer header form, split into 64-dword GP entries (methods span segments),
    # ending with a method on an empty software subchannel and a reserved header.
    s = Seed(F_SPLIT)
    p = s.pb
    p.legacy_inc(0, NOP, 0)
    p.legacy_non_inc(0, SEMAPHOREC, 1, 2, 3)
    p.one_inc(0, SEMAPHOREB, DATA_VA, 9, 9)
    p.immd(0, NOP, 5)
    p.subdev(1, 0x2).inc(0, ILLEGAL, 0).subdev(1, 0x1)
    p.subdev(2, 0x2).subdev(3).inc(0, ILLEGAL, 0).subdev(2, 0x1).subdev(3)
    p.non_inc(0, NOP, *([0] * 70))
    p.inc(0, SEMAPHOREA, 0, DATA_VA, 1, 2)
    p.raw(0)
    p.end_segment().raw(6 << 29)
    p.non_inc(0, NOP, *([0] * 60))
    p.immd(5, 0x100, 1)
    s.reg_write('PCCSR_CHANNEL', 1 << 22).op(OP_DOORBELL).host(1)
    s.pb.raw(6 << 29)
    out['pb-formats'] = s

    # GP control entries (NOP, CRCs), a conditional fetch, a subroutine, then ILLEGAL.
    s = Seed()
    s.pb.subdev(1, 0x2).inc(0, NOP, 0).subdev(1, 0x1).inc(0, SEMAPHOREA, 0, DATA_VA, 3, 2)
    ring = (gp_entry(0, 0) + struct.pack('<II', 0, 2) + struct.pack('<II', 0, 3) +
            gp_entry(PB_VA, 3) + gp_entry(PB_VA + 12, 1, conditional=True) +
            gp_entry(PB_VA + 16, 5, subroutine=True) + struct.pack('<II', 0, 1))
    s.patch(R_GP, 0, ring)
    s.patch32(R_USERD0, 0x8c, 7)
    s.reg_read('PBDMA_INTR_0').reg_read('PBDMA_METHOD0').reg_read('PBDMA_DATA0')
    out['gp-control'] = s

    # Host methods: the harmless ones, MEM_OPs, references, interrupts, YIELD, then errors.
    s = Seed()
    p = s.pb
    p.inc(0, NOP, 0).inc(0, FB_FLUSH, 0).inc(0, WFI, 0).inc(0, CRC_CHECK, 0)
    p.inc(0, CLEAR_FAULTED, 0).inc(0, NON_STALL_INTERRUPT, 0).inc(0, SET_REFERENCE, 0x77)
    for op in (5, 9, 10, 13, 14, 15, 16, 21):
        p.inc(0, MEM_OP_A, 0, 0, 0, op << 27)
    p.inc(0, YIELD, 0).inc(0, 0x88, 0)
    s.host(1).host(1).reg_read('PBDMA_INTR_0').reg_write('PBDMA_INTR_0', 0xffffffff)
    s.reg_write('PCCSR_CHANNEL', 1 << 22).op(OP_DOORBELL).host(1)
    s.pb.inc(0, MEM_OP_A, 0, 0, 0, 1 << 27)
    out['host-methods'] = s

    # Unknown classes, methods on empty subchannels, and the class range of each engine.
    s = Seed()
    s.pb.inc(2, SET_OBJECT, 0x1234).inc(6, 0x200, 1)
    s.reg_write('PCCSR_CHANNEL', 1 << 22).op(OP_DOORBELL).host(1)
    s.reg_write('PCCSR_CHANNEL', 1 << 22).op(OP_DOORBELL).host(1)
    s.reg_write('PCCSR_CHANNEL', 1 << 22).op(OP_DOORBELL).host(1)
    s.pb.inc(3, 0x200, 1).inc(1, SET_OBJECT, 0xa140).inc(1, 0x3ffc, 0)
    out['bad-objects'] = s

    # RAMFC and USERD errors: a ring too large, GP_PUT beyond the ring, USERD in bad places.
    s = Seed()
    s.pb.inc(0, NOP, 0)
    s.patch32(R_INST0, 0x4c, 25 << 16)
    s.host(1).poke(R_INST0, 0x4c, 1 << 16).reg_write('PCCSR_CHANNEL', 1 << 22)
    s.op(OP_DOORBELL).host(1).poke(R_INST0, 0x4c, 6 << 16)
    s.poke(R_INST0, 0x08, 0xfffffe00).reg_write('PCCSR_CHANNEL', 1 << 22).op(OP_DOORBELL).host(1)
    s.poke(R_INST0, 0x08, 2).poke(R_INST0, 0x48, 0xfffffff8)
    s.reg_write('PCCSR_CHANNEL', 1 << 22).op(OP_DOORBELL).host(1)
    s.op(OP_BIND, 3, 0).reg_write('PCCSR_INST', 0x30000000 | 0xfffffff, 3).op(OP_DOORBELL, 3)
    out['ramfc-errors'] = s

    # GP ring and pushbuffer in system memory; a semaphore in system memory too.
    s = Seed(F_SYSMEM)
    s.pb.inc(0, SEMAPHOREA, 0, SYS_VA + 0x10, 0x5151, 2)
    s.pb.inc(4, SET_OBJECT, 0xc5b5)
    ce_copy(s.pb, 4, SYS_VA, DATA_VA, 0x20, launch=L_TRANSFER_NON_PIPELINED | L_SRC_PITCH | L_DST_PITCH)
    s.reg_write('BAR0_WINDOW', 2 << 24).reg_read('PRAMIN_INST0', 4)
    out['sysmem'] = s

    # Runlist submits, preemption, blocking, unbinding a running channel and binding it again.
    s = Seed(F_NO_KICK)
    s.pb.inc(0, SEMAPHOREA, 0, DATA_VA + 0x30, 9, 2).non_inc(0, NOP, *([0] * 40))
    s.op(OP_RL_SUBMIT, 0, 0, 2).op(OP_RL_SUBMIT, 1, 1, 4097).reg_write('RL_BASE_HI', 0xffff)
    s.reg_write('RL_SUBMIT', 3).reg_write('RL_BASE_HI', 0).reg_write('PREEMPT', 0)
    s.reg_read('PREEMPT').host(1).reg_write('PCCSR_INST', 0).op(OP_DOORBELL).host(1)
    s.op(OP_BIND, 0, 0).op(OP_DOORBELL, 0, 0).reg_write('PCCSR_CHANNEL', 1 << 11)
    s.host(1).reg_write('PCCSR_CHANNEL', 1 << 10).op(OP_DOORBELL, 0, 5).op(OP_DOORBELL, 0, 1)
    s.host(2)
    out['runlists'] = s

    # Registers: PTIMER and its alarm, PRAMIN, interrupt trees, raw BAR0 of odd sizes.
    s = Seed(F_NO_KICK)
    s.reg_write('PTIMER_TIME_1', 1).reg_write('PTIMER_TIME_0', 0xfffff000)
    s.reg_write('PTIMER_INTR_EN_0', 1).reg_write('PTIMER_ALARM_0', 0x100).op(OP_TIME, value=1 << 20)
    s.reg_read('PMC_INTR').reg_read('USERMODE_TIME', 1).reg_write('PTIMER_INTR_0', 1)
    s.reg_write('PRAMIN_INST0', 0x12345678, 0x80).reg_read('PRAMIN_INST0', 0x80)
    s.reg_write('BAR0_WINDOW', 0xffffff).reg_read('PRAMIN_END', 1)
    s.reg_write('BAR0_WINDOW', 3 << 24).reg_write('PRAMIN_END', 1, 0)
    s.reg_write('BAR0_WINDOW', 1 << 24).reg_read('PRAMIN_END', 0)
    s.op(OP_BAR0_RAW, 0x70, 0x0001, 0xaabbccdd, 4 | 1).op(OP_BAR0_RAW, 0x30, 0x0002, 0, 0)
    s.op(OP_BAR0_RAW, 0x00, 0x0003, 0, 2).op(OP_BAR0_RAW, 0x60, 0x13d4, 3, 4)
    s.op(OP_BAR0_RAW, 0xff, 0xfffe, 0, 1).reg_write('VF_LEAF', 0xffffffff, 4)
    s.reg_read('VF_TOP').reg_write('VF_TOP_EN_CLEAR', 0xffffffff).reg_read('PMC_INTR', 1)
    s.reg_write('PMC_INTR_EN_CLEAR', 0xffffffff).reg_read('ENGINE_STATUS', 3)
    out['registers'] = s

    # Self-modification: the CE rewrites a PTE through TBL_VA, USERD's GP_PUT and the RAMFC.
    s = Seed()
    s.patch32(R_DATA, 0, 1 | ((DATA_PA + 0x2000) >> 12) << 8, 0)
    s.patch32(R_DATA, 0x10, 3)
    s.pb.inc(4, SET_OBJECT, 0xc5b5)
    ce_copy(s.pb, 4, DATA_VA, TBL_VA + 8 * ((DATA_VA >> 12) & 511), 8,
            launch=L_TRANSFER_NON_PIPELINED | L_SRC_PITCH | L_DST_PITCH)
    s.pb.inc(0, MEM_OP_A, 0, 0, 0, 9 << 27)
    s.pb.inc(0, SEMAPHOREA, 0, DATA_VA, 0xaa, 2 | 1 << 24)
    ce_copy(s.pb, 4, DATA_VA + 0x10, USERD_VA + 0x8c, 4,
            launch=L_TRANSFER_NON_PIPELINED | L_SRC_PITCH | L_DST_PITCH)
    s.pb.inc(0, SEM_ADDR_LO, INST_VA + 0x208, 0, 0x1000, 0, 1)
    out['self-modify'] = s

    # Compute: nvcc's vadd launched by a QMD (code, constant bank, QMD in DATA), then a QMD
    # with a bad version and a program of illegal words.
    code = vadd_code()
    for name, qmd_version, prog in (('compute-vadd', 3, code), ('compute-bad-qmd', 7, code),
                                    ('compute-illegal', 3, b'\xff' * 32)):
        s = Seed()
        for i in range(0, len(prog), 192):
            s.patch(R_DATA, i, prog[i:i + 192])
        cb = bytearray(0x180)
        struct.pack_into('<6I', cb, 0, 32, 1, 1, 1, 1, 1)
        struct.pack_into('<QQQI', cb, 0x160, DATA_VA + 0x3000, DATA_VA + 0x3000, DATA_VA + 0x3800,
                         32)
        s.patch(R_DATA, 0x1000, bytes(cb[:0x30]))
        s.patch(R_DATA, 0x1160, bytes(cb[0x160:]))
        q = qmd(DATA_VA, DATA_VA + 0x1000, len(cb), DATA_VA + 0x3f00, qmd_version)
        s.patch(R_DATA, 0x2000, q[:128])
        s.patch(R_DATA, 0x2080, q[128:])
        s.patch(R_DATA, 0x3000, pattern(128, 9))
        s.pb.inc(1, SET_OBJECT, 0xc5c0)
        s.pb.inc(1, C5C0_SEND_PCAS_A, (DATA_VA + 0x2000) >> 8)
        s.pb.inc(1, C5C0_SEND_SIGNALING_PCAS_B, 3)
        s.host(8).reg_read('PCCSR_CHANNEL').reg_read('FAULT_BUF_PUT')
        out[name] = s

    return out


# ---- compute 0xc5c0 ----
C5C0_SEND_PCAS_A, C5C0_SEND_SIGNALING_PCAS_B = 0x2b4, 0x2bc


def vadd_code():
    """The vadd kernel's instruction words from the corpus golden listing."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'tests', 'sass',
                        'k01_vadd.sm_75.tsv')
    words = b''
    for line in open(path):
        f = line.rstrip('\n').split('\t')
        if len(f) == 5 and f[0] == 'vadd':
            words += struct.pack('<QQ', int(f[2], 16), int(f[3], 16))
    return words


def qmd(code_va, cb_va, cb_size, release_va, minor):
    """A 256-byte QMD (include/hw/nvidia/nv-qmd.h: bit positions)."""
    q = [0] * 64

    def put(bit, width, v):
        for i in range(width):
            if (v >> i) & 1:
                q[(bit + i) // 32] |= 1 << ((bit + i) % 32)

    put(580, 4, 2)
    put(576, 4, minor)
    put(1536, 32, code_va & 0xffffffff)
    put(384, 32, 1)
    put(416, 16, 1)
    put(448, 16, 1)
    put(592, 16, 32)
    put(608, 16, 1)
    put(624, 16, 1)
    put(984, 8, 16)
    put(640, 8, 1)
    put(1024, 32, cb_va & 0xffffffff)
    put(1075, 13, cb_size >> 4)
    put(138, 1, 1)
    put(736, 32, release_va & 0xffffffff)
    put(799, 1, 1)
    put(800, 32, 0x600d)
    return struct.pack('<64I', *q)


def main():
    outdir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(
        os.path.abspath(__file__)), 'corpus')
    os.makedirs(outdir, exist_ok=True)
    for name, seed in sorted(seeds().items()):
        data = seed.bytes()
        with open(os.path.join(outdir, 'seed-' + name), 'wb') as f:
            f.write(data)
        print('%-24s %5d bytes' % ('seed-' + name, len(data)))


if __name__ == '__main__':
    main()
