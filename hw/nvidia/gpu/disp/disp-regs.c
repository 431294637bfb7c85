/*
 * The display engine's BAR0 registers: capabilities, channel control and
 * status, pushbuffer bases, exceptions, the interrupt tree (event status,
 * RM mask and enable per group, the dispatch summary), the supervisor
 * registers, the raster position, the channel user areas with their method
 * state mirrors, and the storage nouveau writes and reads back (clock
 * routing, SOR, infoframe and capability registers).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdlib.h>
#include <string.h>

#include "hw/nvidia/cl-c57d.h"
#include "disp.h"

/* The block's fixed capabilities: heads, SORs and windows of the model. */
#define DISP_CAP        (NV_DISP_HEADS << R_DISP_FE_HW_SYS_CAP_HEADS_SHIFT | \
                         ((1u << NV_DISP_SORS) - 1) << R_DISP_FE_HW_SYS_CAP_SORS_SHIFT)
#define DISP_CAPB       ((1u << NV_DISP_WINDOWS) - 1)
#define DISP_CONFIGA    (NV_DISP_HEADS << R_DISP_FE_MISC_CONFIGA_HEADS_SHIFT | \
                         NV_DISP_SORS << R_DISP_FE_MISC_CONFIGA_SORS_SHIFT | \
                         NV_DISP_WINDOWS << R_DISP_FE_MISC_CONFIGA_WINDOWS_SHIFT)
/* Cursor PIO: the FIFO is always drained (nouveau waits for 4 free slots). */
#define CURS_FREE_SLOTS 0x20

/*
 * Ranges that are storage: what nouveau writes reads back, what it never
 * wrote reads 0 (the capability registers it copies into the caps page,
 * the VBIOS ownership and PRAMIN shadow bits). Bits named in self_clear
 * read back 0: the operation they start completes at once.
 */
static const struct { uint32_t lo, hi; } storage_ranges[] = {
    { 0x612000, 0x612fff },     /* clock manager: RG dividers, SOR clocks, routes */
    { 0x616000, 0x617fff },     /* per-head RG/POSTCOMP/SF registers */
    { 0x61c000, 0x61ffff },     /* SOR registers */
    { 0x625000, 0x625fff },     /* VBIOS ownership, PRAMIN shadow enable */
    { 0x62e000, 0x62efff },     /* IHUB capabilities */
    { 0x630000, 0x63ffff },     /* window precomp capabilities */
    { 0x6f0000, 0x6fffff },     /* HDMI infoframes */
};

static const struct { uint32_t addr, stride, count, bits; } self_clear[] = {
    { A_DISP_SOR_PWR(0), 0x800, NV_DISP_SORS, R_DISP_SOR_PWR_SETTING_NEW_MASK },
    { A_DISP_SOR_SEQ_CTL(0), 0x800, NV_DISP_SORS, 1u << 28 },
    { A_DISP_SOR_DP_PADCTL(0), 0x800, NV_DISP_SORS, R_DISP_SOR_DP_PADCTL_PENDING_MASK },
    { A_DISP_SF_DP_AUDIO(0), 0x800, NV_DISP_HEADS, R_DISP_SF_DP_AUDIO_PENDING_MASK },
};

static bool in_storage(uint32_t addr)
{
    for (size_t i = 0; i < NV_ARRAY_SIZE(storage_ranges); i++) {
        if (addr >= storage_ranges[i].lo && addr <= storage_ranges[i].hi) {
            return true;
        }
    }
    return false;
}

static uint32_t self_clearing_bits(uint32_t addr)
{
    for (size_t i = 0; i < NV_ARRAY_SIZE(self_clear); i++) {
        uint32_t d = addr - self_clear[i].addr;

        if (addr >= self_clear[i].addr && d % self_clear[i].stride == 0 &&
            d / self_clear[i].stride < self_clear[i].count) {
            return self_clear[i].bits;
        }
    }
    return 0;
}

static NvDispStore *store_find(NvDisp *d, uint32_t addr)
{
    for (unsigned i = 0; i < d->stores; i++) {
        if (d->store[i].addr == addr) {
            return &d->store[i];
        }
    }
    return NULL;
}

static uint32_t store_read(NvDisp *d, uint32_t addr)
{
    NvDispStore *s = store_find(d, addr);

    return s ? s->val : 0;
}

/* A full table drops the write (nouveau touches far fewer registers than it holds). */
static void store_write(NvDisp *d, uint32_t addr, uint32_t val)
{
    NvDispStore *s = store_find(d, addr);

    if (!s && d->stores < NV_DISP_STORE_MAX) {
        s = &d->store[d->stores++];
        s->addr = addr;
    }
    if (s) {
        s->val = val & ~self_clearing_bits(addr);
    }
}

/* ---- interrupts ---- */

static uint32_t dispatch(const NvDisp *d)
{
    uint32_t v = 0;

    for (unsigned h = 0; h < NV_DISP_HEADS; h++) {
        if (d->evt_head[h] & d->en_head[h]) {
            v |= 1u << (h + R_DISP_RM_INTR_DISPATCH_HEAD_TIMING_SHIFT);
        }
    }
    if (d->evt_exc_win & d->en_exc_win) {
        v |= R_DISP_RM_INTR_DISPATCH_EXC_WIN_MASK;
    }
    if (d->evt_exc_winim & d->en_exc_winim) {
        v |= R_DISP_RM_INTR_DISPATCH_EXC_WINIM_MASK;
    }
    if (d->evt_exc_other & d->en_exc_other) {
        v |= R_DISP_RM_INTR_DISPATCH_EXC_OTHER_MASK;
    }
    if (d->evt_ctrl & d->en_ctrl) {
        v |= R_DISP_RM_INTR_DISPATCH_CTRL_DISP_MASK;
    }
    return v;
}

uint32_t nv_disp_intr_lines(NvGpu *gpu)
{
    NvDisp *d = gpu->disp;
    uint32_t v = 0;

    if (!d) {
        return 0;
    }
    if (dispatch(d)) {
        v |= NV_PMC_INTR_DISP;
    }
    if (d->gpio_intr & d->gpio_intr_en) {
        v |= NV_PMC_INTR_GPIO;
    }
    return v;
}

void nv_disp_exception(NvGpu *gpu, NvDispChan *c, uint32_t reason, uint32_t mthd,
                       uint32_t data, NvGuestErrorKind kind, const char *what)
{
    NvDisp *d = gpu->disp;

    nv_guest_err(gpu, kind, "display channel %u: %s (method 0x%04x, data 0x%08x)",
                 c->id, what, mthd, data);
    c->except = NV_FDP32(NV_FDP32(0, DISP_FE_EXCEPT, METHOD, mthd >> 2),
                         DISP_FE_EXCEPT, REASON, reason);
    c->except_arg = data;
    c->except_err = 0;
    c->halted = true;
    switch (c->kind) {
    case NV_DK_CORE:
        d->evt_exc_other |= 1;
        break;
    case NV_DK_WIN:
        d->evt_exc_win |= 1u << c->unit;
        break;
    case NV_DK_WIMM:
        d->evt_exc_winim |= 1u << c->unit;
        break;
    case NV_DK_CURS:
        d->evt_exc_other |= 1u << (16 + c->unit);
        break;
    }
}

/* ---- per-channel register arrays ---- */

/* The channel of control id at addr = base + id * stride, or NULL. */
static NvDispChan *chan_at(NvDisp *d, uint32_t addr, uint32_t base, uint32_t stride)
{
    uint32_t off = addr - base;

    if (addr < base || off % stride || off / stride >= NV_DISP_IDS) {
        return NULL;
    }
    return nv_disp_chan_by_id(d, off / stride);
}

static NvDispChan *status_chan(NvDisp *d, uint32_t addr)
{
    uint32_t off = addr - A_DISP_FE_CHNSTATUS(1);

    if (addr < A_DISP_FE_CHNSTATUS(1) || off % 4 || off / 4 + 1 >= NV_DISP_IDS) {
        return NULL;
    }
    return nv_disp_chan_by_id(d, off / 4 + 1);
}

static uint32_t *pb_reg(NvDisp *d, uint32_t addr)
{
    NvDispChan *c = chan_at(d, addr & ~0xfu, A_DISP_FE_PBBASEHI(0), 0x10);

    if (!c || c->kind == NV_DK_CURS || addr % 4) {
        return NULL;
    }
    switch (addr & 0xf) {
    case 0x0:
        return &c->pb_hi;
    case 0x4:
        return &c->pb_lo;
    case 0x8:
        return &c->pb_subdev;
    default:
        return &c->pb_client;
    }
}

/* FE_EXCEPT/ARG/ERR of a channel: which word (0..2), or -1. */
static NvDispChan *except_chan(NvDisp *d, uint32_t addr, int *word)
{
    uint32_t off = addr - A_DISP_FE_EXCEPT(0);

    if (addr < A_DISP_FE_EXCEPT(0) || off % 4 || off / 12 >= NV_DISP_IDS) {
        return NULL;
    }
    *word = (off % 12) / 4;
    return nv_disp_chan_by_id(d, off / 12);
}

/* ---- user areas: PUT/GET, PIO methods, the method state mirrors ---- */

static NvDispChan *user_chan(NvDisp *d, uint32_t addr, uint32_t *off)
{
    if (addr < NV_DISP_CORE_USER + 0x10000) {
        *off = addr - NV_DISP_CORE_USER;
        return &d->chan[NV_DCH_CORE];
    }
    *off = (addr - NV_DISP_CHAN_USER(1)) % 0x1000;
    return nv_disp_chan_by_id(d, (addr - NV_DISP_CHAN_USER(1)) / 0x1000 + 1);
}

static bool user_read(NvDisp *d, uint32_t addr, uint32_t *val)
{
    uint32_t off, mirror;
    NvDispChan *c = user_chan(d, addr, &off);

    if (!c) {
        return false;
    }
    mirror = c->kind == NV_DK_CORE ? NV_DISP_CORE_ARMED : NV_DISP_CHAN_ARMED;
    if (c->kind == NV_DK_CURS && off == NV_DISP_CURS_FREE) {
        *val = CURS_FREE_SLOTS;
    } else if (c->kind != NV_DK_CURS && off == NV_DISP_USER_PUT) {
        *val = c->put;
    } else if (c->kind != NV_DK_CURS && off == NV_DISP_USER_GET) {
        *val = c->get;
    } else if (off < c->words * 4) {
        *val = c->assy[off / 4];
    } else if (off >= mirror && off - mirror < c->words * 4) {
        *val = c->armed[(off - mirror) / 4];
    } else {
        return false;
    }
    return true;
}

static bool user_write(NvGpu *gpu, uint32_t addr, uint32_t val)
{
    uint32_t off;
    NvDispChan *c = user_chan(gpu->disp, addr, &off);

    if (!c) {
        return false;
    }
    if (c->kind == NV_DK_CURS) {
        nv_disp_curs_pio(gpu, c, off, val);
        return true;
    }
    if (off == NV_DISP_USER_PUT) {
        nv_disp_chan_put(gpu, c, val);
        return true;
    }
    return false;
}

/* ---- the block ---- */

static bool head_reg(NvDisp *d, uint32_t addr, uint32_t base, uint32_t stride, unsigned *h)
{
    if (addr < base || (addr - base) % stride || (addr - base) / stride >= NV_DISP_HEADS) {
        return false;
    }
    *h = (addr - base) / stride;
    return true;
}

/* The interrupt group registers: a pointer to the word at addr, or NULL. */
static uint32_t *intr_reg(NvDisp *d, uint32_t addr, bool *w1c)
{
    unsigned h;

    *w1c = true;
    if (head_reg(d, addr, A_DISP_EVT_HEAD_TIMING(0), 4, &h)) {
        return &d->evt_head[h];
    }
    switch (addr) {
    case A_DISP_EVT_ERROR:      return &d->evt_error;
    case A_DISP_EVT_EXC_WIN:    return &d->evt_exc_win;
    case A_DISP_EVT_EXC_WINIM:  return &d->evt_exc_winim;
    case A_DISP_EVT_EXC_OTHER:  return &d->evt_exc_other;
    case A_DISP_EVT_CTRL_DISP:  return &d->evt_ctrl;
    }
    *w1c = false;
    if (head_reg(d, addr, A_DISP_MSK_HEAD_TIMING(0), 4, &h)) {
        return &d->msk_head[h];
    }
    if (head_reg(d, addr, A_DISP_EN_HEAD_TIMING(0), 4, &h)) {
        return &d->en_head[h];
    }
    switch (addr) {
    case A_DISP_MSK_EXC_WIN:    return &d->msk_exc_win;
    case A_DISP_MSK_EXC_WINIM:  return &d->msk_exc_winim;
    case A_DISP_MSK_EXC_OTHER:  return &d->msk_exc_other;
    case A_DISP_MSK_CTRL_DISP:  return &d->msk_ctrl;
    case A_DISP_MSK_OR:         return &d->msk_or;
    case A_DISP_EN_EXC_WIN:     return &d->en_exc_win;
    case A_DISP_EN_EXC_WINIM:   return &d->en_exc_winim;
    case A_DISP_EN_EXC_OTHER:   return &d->en_exc_other;
    case A_DISP_EN_CTRL_DISP:   return &d->en_ctrl;
    case A_DISP_EN_OR:          return &d->en_or;
    }
    return NULL;
}

/* Registers with behaviour on read; false: not one of them. */
static bool fe_read(NvGpu *gpu, uint32_t addr, uint32_t *val)
{
    NvDisp *d = gpu->disp;
    NvDispChan *c;
    unsigned h;
    int word;

    switch (addr) {
    case A_DISP_FE_INST_MEM0:       *val = d->inst_mem0; return true;
    case A_DISP_FE_INST_MEM1:       *val = d->inst_mem1; return true;
    case A_DISP_FE_HW_SYS_CAP:      *val = DISP_CAP; return true;
    case A_DISP_FE_HW_SYS_CAPB:     *val = DISP_CAPB; return true;
    case A_DISP_FE_MISC_CONFIGA:    *val = DISP_CONFIGA; return true;
    case A_DISP_FE_LOCK_CAPS:       *val = d->lock_caps; return true;
    case A_DISP_FE_CHNSTATUS_CORE:
        *val = nv_disp_chan_state(&d->chan[NV_DCH_CORE]);
        return true;
    case A_DISP_FE_SUPERVISOR_MAIN:
        *val = d->super_stage;
        return true;
    case A_DISP_RM_INTR_STAT_CTRL_DISP:
        *val = d->evt_ctrl & d->en_ctrl;
        return true;
    case A_DISP_RM_INTR_DISPATCH:
        *val = dispatch(d);
        return true;
    }
    if ((c = chan_at(d, addr, A_DISP_FE_CHNCTL(0), 4))) {
        *val = c->ctl;
    } else if ((c = status_chan(d, addr))) {
        *val = nv_disp_chan_state(c);
    } else if (pb_reg(d, addr)) {
        *val = *pb_reg(d, addr);
    } else if ((c = except_chan(d, addr, &word))) {
        *val = word == 0 ? c->except : word == 1 ? c->except_arg : c->except_err;
    } else if (head_reg(d, addr, A_DISP_FE_SUPERVISOR_HEAD(0), 4, &h)) {
        *val = d->super_head[h];
    } else if (head_reg(d, addr, A_DISP_RG_DPCA(0), 0x800, &h)) {
        nv_disp_rg_position(gpu, h, &d->rg_line_latched[h], &d->rg_pixel_latched[h]);
        *val = d->rg_line_latched[h];
    } else if (head_reg(d, addr, A_DISP_RG_DPCB(0), 0x800, &h)) {
        *val = d->rg_pixel_latched[h];
    } else {
        return false;
    }
    return true;
}

static bool in_user_area(uint32_t addr)
{
    return addr >= NV_DISP_CORE_USER && addr < NV_DISP_USER_END;
}

/* The word of the caps page at addr, or NULL. */
static uint32_t *caps_word(NvDisp *d, uint32_t addr)
{
    return addr - NV_DISP_CAPS_BASE < NV_DISP_CAPS_SIZE ?
           &d->caps[(addr - NV_DISP_CAPS_BASE) / 4] : NULL;
}

bool nv_disp_read(NvGpu *gpu, uint32_t addr, unsigned size, uint32_t *val)
{
    NvDisp *d = gpu->disp;
    bool w1c;
    uint32_t *r;

    if (!d || in_user_area(addr)) {
        return d && user_read(d, addr, val);
    }
    if ((r = caps_word(d, addr)) || (r = intr_reg(d, addr, &w1c))) {
        *val = *r;
        return true;
    }
    if (fe_read(gpu, addr, val)) {
        return true;
    }
    if (in_storage(addr)) {
        *val = store_read(d, addr);
        return true;
    }
    return false;
}

static void except_write(NvGpu *gpu, NvDispChan *c, int word, uint32_t val)
{
    if (word != 0 || !NV_FEX32(val, DISP_FE_EXCEPT, RESTART)) {
        return;                     /* ARG and ERR are read-only */
    }
    c->except = 0;
    c->halted = false;
    nv_disp_chan_run(gpu, c);       /* the methods after the failed one */
}

static bool fe_write(NvGpu *gpu, uint32_t addr, uint32_t val)
{
    NvDisp *d = gpu->disp;
    NvDispChan *c;
    uint32_t *r;
    unsigned h;
    int word;

    switch (addr) {
    case A_DISP_FE_INST_MEM0:       d->inst_mem0 = val; return true;
    case A_DISP_FE_INST_MEM1:       d->inst_mem1 = val; return true;
    case A_DISP_FE_LOCK_CAPS:       d->lock_caps = val; return true;
    case A_DISP_FE_SUPERVISOR_MAIN:
        if (NV_FEX32(val, DISP_FE_SUPERVISOR_MAIN, RESTART)) {
            nv_disp_super_restart(gpu);
        }
        return true;
    }
    if ((c = chan_at(d, addr, A_DISP_FE_CHNCTL(0), 4))) {
        nv_disp_chan_ctl(gpu, c, val);
    } else if ((r = pb_reg(d, addr))) {
        *r = val;
    } else if ((c = except_chan(d, addr, &word))) {
        except_write(gpu, c, word, val);
    } else if (head_reg(d, addr, A_DISP_FE_SUPERVISOR_HEAD(0), 4, &h)) {
        d->super_head[h] = val;
    } else {
        return false;
    }
    return true;
}

bool nv_disp_write(NvGpu *gpu, uint32_t addr, uint32_t val, unsigned size)
{
    NvDisp *d = gpu->disp;
    bool w1c;
    uint32_t *r;

    if (!d || in_user_area(addr)) {
        return d && user_write(gpu, addr, val);
    }
    if ((r = caps_word(d, addr))) {
        *r = val;
        return true;
    }
    if ((r = intr_reg(d, addr, &w1c))) {
        *r = w1c ? *r & ~val : val;
        nv_disp_vblank_schedule(gpu);       /* a vblank enable may start the timer */
        return true;
    }
    if (fe_write(gpu, addr, val)) {
        return true;
    }
    if (in_storage(addr)) {
        store_write(d, addr, val);
        return true;
    }
    return false;
}

/* ---- GPIO and I2C pads (GPIO_INTR_1 and the AUX interrupts are plain registers) ---- */

bool nv_gpio_read(NvGpu *gpu, uint32_t addr, unsigned size, uint32_t *val)
{
    NvDisp *d = gpu->disp;

    if (!d) {
        return false;
    }
    if (addr == A_I2C_PORT(0)) {
        *val = d->ddc.scl << R_I2C_PORT_SCL_OUT_SHIFT | d->ddc.sda << R_I2C_PORT_SDA_OUT_SHIFT |
               d->ddc.scl << R_I2C_PORT_SCL_IN_SHIFT |
               nv_ddc_sda(&d->ddc) << R_I2C_PORT_SDA_IN_SHIFT;
    } else if (addr >= A_GPIO_LINE(0) && addr < A_GPIO_LINE(NV_GPIO_LINES)) {
        *val = d->gpio_line[(addr - A_GPIO_LINE(0)) / 4];
    } else if (addr >= A_GPIO_INPUT_MUX(0) && addr < A_GPIO_INPUT_MUX(NV_GPIO_INPUT_MUXES)) {
        *val = d->gpio_mux[(addr - A_GPIO_INPUT_MUX(0)) / 4];
    } else if (addr == A_GPIO_UPDATE) {
        *val = 0;
    } else if (addr == A_GPIO_INTR_0 || addr == A_GPIO_INTR_EN_0) {
        *val = addr == A_GPIO_INTR_0 ? d->gpio_intr : d->gpio_intr_en;
    } else {
        return false;
    }
    return true;
}

bool nv_gpio_write(NvGpu *gpu, uint32_t addr, uint32_t val, unsigned size)
{
    NvDisp *d = gpu->disp;

    if (!d) {
        return false;
    }
    if (addr == A_I2C_PORT(0)) {
        nv_ddc_drive(&d->ddc, d->edid, d->edid_len, NV_FEX32(val, I2C_PORT, SCL_OUT),
                     NV_FEX32(val, I2C_PORT, SDA_OUT));
    } else if (addr >= A_GPIO_LINE(0) && addr < A_GPIO_LINE(NV_GPIO_LINES)) {
        /* the sense bit is the pad's input, not storage */
        uint32_t *l = &d->gpio_line[(addr - A_GPIO_LINE(0)) / 4];

        *l = (val & ~R_GPIO_LINE_SENSE_MASK) | (*l & R_GPIO_LINE_SENSE_MASK);
    } else if (addr >= A_GPIO_INPUT_MUX(0) && addr < A_GPIO_INPUT_MUX(NV_GPIO_INPUT_MUXES)) {
        d->gpio_mux[(addr - A_GPIO_INPUT_MUX(0)) / 4] = val;
    } else if (addr == A_GPIO_INTR_0) {
        d->gpio_intr &= ~val;
    } else if (addr == A_GPIO_INTR_EN_0) {
        d->gpio_intr_en = val;
    } else if (addr != A_GPIO_UPDATE) {     /* the update trigger: lines apply at once */
        return false;
    }
    return true;
}

/* No SOR can carry HD audio: nouveau then asks for none (the EDID has no audio). */
bool nv_hda_read(NvGpu *gpu, uint32_t addr, unsigned size, uint32_t *val)
{
    if (!gpu->disp || addr != A_HDA_SOR_CAP) {
        return false;
    }
    *val = 0;
    return true;
}

/* ---- lifetime ---- */

bool nv_disp_alloc(NvGpu *gpu)
{
    if (gpu->chip.display_fused_off) {
        return true;
    }
    gpu->disp = calloc(1, sizeof(*gpu->disp));
    return gpu->disp != NULL;
}

void nv_disp_free(NvGpu *gpu)
{
    free(gpu->disp);
    gpu->disp = NULL;
}

static void chan_init(NvDisp *d, NvDispChanIdx i, NvDispKind kind, unsigned unit, uint32_t id)
{
    NvDispChan *c = &d->chan[i];

    *c = (NvDispChan) { .kind = kind, .unit = unit, .id = id };
    if (i == NV_DCH_CORE) {
        c->words = NV_DISP_CORE_WORDS;
        c->assy = d->core_store[0];
        c->armed = d->core_store[1];
        /* a head's depth is 24 bpp until set: nouveau warns on any other value */
        for (unsigned h = 0; h < NV_DISP_HEADS; h++) {
            uint32_t m = A_C57D_HEAD_SET_CONTROL_OUTPUT_RESOURCE + h * 0x400;

            c->assy[m / 4] = c->armed[m / 4] =
                NV_DISP_PIXEL_DEPTH_24 << R_C57D_HEAD_SET_CONTROL_OUTPUT_RESOURCE_PIXEL_DEPTH_SHIFT;
        }
    } else {
        c->words = NV_DISP_WIN_WORDS;
        c->assy = d->chan_store[i - 1][0];
        c->armed = d->chan_store[i - 1][1];
    }
}

/* Everything but the EDID (the monitor stays plugged in across a GPU reset). */
void nv_disp_reset(NvGpu *gpu)
{
    NvDisp *d = gpu->disp;
    uint8_t edid[NV_DISP_EDID_MAX];
    size_t edid_len;

    if (!d) {
        return;
    }
    edid_len = d->edid_len;
    memcpy(edid, d->edid, sizeof(edid));
    memset(d, 0, sizeof(*d));
    memcpy(d->edid, edid, sizeof(edid));
    d->edid_len = edid_len;
    chan_init(d, NV_DCH_CORE, NV_DK_CORE, 0, NV_DISP_ID_CORE);
    for (unsigned w = 0; w < NV_DISP_WINDOWS; w++) {
        chan_init(d, NV_DCH_WIN0 + w, NV_DK_WIN, w, NV_DISP_ID_WIN(w));
        chan_init(d, NV_DCH_WIMM0 + w, NV_DK_WIMM, w, NV_DISP_ID_WIMM(w));
    }
    for (unsigned h = 0; h < NV_DISP_HEADS; h++) {
        chan_init(d, NV_DCH_CURS0 + h, NV_DK_CURS, h, NV_DISP_ID_CURS(h));
    }
    nv_ddc_reset(&d->ddc);
    if (d->edid_len) {
        d->gpio_line[NV_DISP_HPD_LINE] = R_GPIO_LINE_SENSE_MASK;   /* a monitor is plugged */
    }
    d->generation = 1;
}
