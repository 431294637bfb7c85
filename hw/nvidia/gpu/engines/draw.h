/*
 * The 3D class's draw pipeline, shared by its parts: draw.c (methods,
 * vertex fetch, the vertex shader, primitive assembly and clipping) and
 * raster.c (triangle setup, coverage, the pixel shader, depth test,
 * blending and target writes).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_NVIDIA_GPU_ENGINES_DRAW_H
#define HW_NVIDIA_GPU_ENGINES_DRAW_H

#include "threed.h"

#define DRAW_LANES          32u         /* threads of a warp: one CTA */
#define DRAW_BATCH_TRIS     1024u       /* triangles one vertex-shader launch covers */
#define DRAW_MAX_PIXELS     (1u << 16)  /* pixel lanes per pixel-shader launch */
#define DRAW_MAX_PRIMS      1024u       /* triangles (after clipping) per pixel-shader launch */
#define DRAW_MAX_COUNT      (1u << 24)  /* vertices or indices one draw method draws */
#define DRAW_MAX_OUT_REGS   (NV_3D_TARGETS * 4 + 2)  /* colours, sample mask, depth */
#define DRAW_DEFAULT_BUDGET (1ull << 34)/* shader watchdog when the device sets none */

/* A shader stage as the draw runs it: its header and the launch it makes. */
typedef struct DrawShader {
    uint32_t sph[NV_SPH_DWORDS];
    NvSmLaunchDesc desc;
} DrawShader;

/* A vertex after the vertex shader: its attribute words (floats where they are interpolated). */
typedef struct DrawVert {
    float a[NV_SM_ATTR_WORDS];
} DrawVert;

struct NvDrawScratch {
    uint32_t *vin, *vout;               /* 3 * DRAW_BATCH_TRIS records */
    NvSmPixel *pixels;                  /* DRAW_MAX_PIXELS */
    uint32_t *ps_out;                   /* DRAW_MAX_PIXELS * DRAW_MAX_OUT_REGS */
    uint8_t *ps_kept;
    NvSmPrim *prims;                    /* DRAW_MAX_PRIMS */
};

/* What the rasterizer needs for the draw in progress, resolved once per draw. */
typedef struct DrawRaster {
    NvThreed *t;
    NvDrawScratch *s;
    DrawShader ps;
    unsigned ps_out_regs;               /* registers holding the outputs at EXIT */
    uint8_t ps_regs_of[NV_3D_TARGETS];  /* first output register of each target's colour */
    uint8_t ps_comps[NV_3D_TARGETS];    /* components written per target (OmapTarget) */
    uint8_t imap[NV_SM_ATTR_WORDS];     /* NV_SPH_IMAP_* per attribute word */
    uint32_t rect[4];                   /* pixels that may be written: [x0, x1) x [y0, y1) */
    float scale[3], offset[3];          /* viewport 0 */
    float zmin, zmax;
    bool z_clip_zero;                   /* clip z to [0, w] (else [-w, w]) */
    bool ccw_negative;                  /* counter-clockwise = negative area (upper-left origin) */
    bool cull_front, cull_back;
    bool front_ccw;
    bool shade_flat;                    /* SET_SHADE_MODE flat: colours from the provoking vertex */
    bool provoking_last;                /* SET_PROVOKING_VERTEX LAST (GL's default) */
    uint32_t npix, nprims;
    uint64_t kept, passed;              /* pixel shader invocations kept, pixels written */
} DrawRaster;

/* raster.c */
bool nv_draw_raster_begin(DrawRaster *r, NvThreed *t, const DrawShader *ps);
/* One triangle of clip-space vertices; flat = the provoking vertex's raw words. */
bool nv_draw_triangle(DrawRaster *r, const DrawVert *v0, const DrawVert *v1,
                      const DrawVert *v2, const uint32_t *flat);
/* Runs the pixel shader over what is queued and writes the targets. */
bool nv_draw_flush(DrawRaster *r);

/* draw.c: runs a shader launch to its end; false: it stopped on an error (reported). */
bool nv_draw_run_launch(NvThreed *t, NvSmLaunchDesc *d, const char *stage);

#endif
