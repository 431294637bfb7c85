/*
 * DDC: the monitor's I2C slave behind the bit-banged port nouveau's DCB
 * names (I2C_PORT(0)). It answers at 0x50 (EDID: a write sets the offset,
 * reads stream bytes from it) and at 0x30 (the E-DDC segment pointer, for
 * blocks past the second). The slave never stretches the clock: SCL is
 * the master's alone. SDA is open drain: the line is low when either side
 * pulls it.
 *
 * The master's two outputs change one register write at a time; when a
 * write changes both, SDA moves while SCL is low (before SCL rises, after
 * it falls), so no false START or STOP is seen.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "disp.h"

#define DDC_ADDR_EDID       0x50
#define DDC_ADDR_SEGMENT    0x30
#define DDC_SEGMENT_SIZE    256

void nv_ddc_reset(NvDdc *ddc)
{
    *ddc = (NvDdc) { .scl = true, .sda = true, .slave_sda = true, .state = NV_DDC_IDLE };
}

bool nv_ddc_sda(const NvDdc *ddc)
{
    return ddc->sda && ddc->slave_sda;
}

static uint8_t edid_byte(const NvDdc *ddc, const uint8_t *edid, size_t len)
{
    size_t at = (size_t)ddc->segment * DDC_SEGMENT_SIZE + ddc->offset;

    return at < len ? edid[at] : 0xff;      /* past the blob: a released bus */
}

static void start_tx_byte(NvDdc *ddc, const uint8_t *edid, size_t len)
{
    ddc->shift = edid_byte(ddc, edid, len);
    ddc->bit = 0;
    ddc->state = NV_DDC_TX;
    ddc->slave_sda = ddc->shift >> 7;
}

/* A whole byte was clocked in: the address, or data for the addressed slave. */
static void byte_received(NvDdc *ddc)
{
    if (ddc->state == NV_DDC_ADDR) {
        ddc->addr = ddc->shift >> 1;
        ddc->read = ddc->shift & 1;
        if (ddc->addr != DDC_ADDR_EDID && ddc->addr != DDC_ADDR_SEGMENT) {
            ddc->state = NV_DDC_IDLE;       /* not ours: no ACK, wait for a START */
            return;
        }
        ddc->first_byte = true;
        ddc->state = NV_DDC_ACK_ADDR;
    } else {
        if (ddc->addr == DDC_ADDR_SEGMENT) {
            ddc->segment = ddc->shift;
        } else if (ddc->first_byte) {
            ddc->offset = ddc->shift;       /* later bytes: writes to a ROM, ignored */
        }
        ddc->first_byte = false;
        ddc->state = NV_DDC_ACK_RX;
    }
    ddc->slave_sda = false;                 /* ACK */
}

/* SCL rose: the receiver samples SDA. */
static void scl_rise(NvDdc *ddc)
{
    bool line = nv_ddc_sda(ddc);

    switch (ddc->state) {
    case NV_DDC_ADDR:
    case NV_DDC_RX:
        ddc->shift = (uint8_t)(ddc->shift << 1 | line);
        ddc->bit++;
        break;
    case NV_DDC_ACK_TX:
        ddc->nack = line;
        break;
    default:
        break;
    }
}

/* SCL fell: the transmitter sets up the next bit. */
static void scl_fall(NvDdc *ddc, const uint8_t *edid, size_t len)
{
    switch (ddc->state) {
    case NV_DDC_ADDR:
    case NV_DDC_RX:
        if (ddc->bit == 8) {
            byte_received(ddc);
        }
        break;
    case NV_DDC_ACK_ADDR:
        if (ddc->read) {
            start_tx_byte(ddc, edid, len);
        } else {
            ddc->state = NV_DDC_RX;
            ddc->bit = 0;
            ddc->slave_sda = true;
        }
        break;
    case NV_DDC_ACK_RX:
        ddc->state = NV_DDC_RX;
        ddc->bit = 0;
        ddc->slave_sda = true;
        break;
    case NV_DDC_TX:
        if (++ddc->bit < 8) {
            ddc->slave_sda = (ddc->shift >> (7 - ddc->bit)) & 1;
        } else {
            ddc->state = NV_DDC_ACK_TX;
            ddc->slave_sda = true;          /* the master acknowledges */
        }
        break;
    case NV_DDC_ACK_TX:
        if (ddc->nack) {
            ddc->state = NV_DDC_IDLE;       /* the master is done; a STOP follows */
        } else {
            ddc->offset++;
            start_tx_byte(ddc, edid, len);
        }
        break;
    case NV_DDC_IDLE:
        break;
    }
}

/*
 * SDA moved while SCL was high: START (falling) or STOP (rising). E-DDC's
 * segment pointer lasts until the STOP that ends its transfer.
 */
static void sda_edge(NvDdc *ddc, bool sda)
{
    if (!sda) {
        ddc->state = NV_DDC_ADDR;
        ddc->bit = 0;
        ddc->shift = 0;
    } else {
        ddc->state = NV_DDC_IDLE;
        ddc->segment = 0;
    }
    ddc->slave_sda = true;
}

static void set_sda(NvDdc *ddc, bool sda)
{
    if (sda != ddc->sda) {
        ddc->sda = sda;
        if (ddc->scl) {
            sda_edge(ddc, sda);
        }
    }
}

static void set_scl(NvDdc *ddc, bool scl, const uint8_t *edid, size_t len)
{
    if (scl != ddc->scl) {
        ddc->scl = scl;
        if (scl) {
            scl_rise(ddc);
        } else {
            scl_fall(ddc, edid, len);
        }
    }
}

bool nv_ddc_drive(NvDdc *ddc, const uint8_t *edid, size_t len, bool scl, bool sda)
{
    if (scl) {
        set_sda(ddc, sda);
        set_scl(ddc, scl, edid, len);
    } else {
        set_scl(ddc, scl, edid, len);
        set_sda(ddc, sda);
    }
    return nv_ddc_sda(ddc);
}
