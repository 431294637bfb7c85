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
#define DRAW_BATCH_PRIMS    1024u       /* primitives one vertex-shader launch covers */
#define DRAW_MAX_PIXELS     (1u << 16)  /* pixel lanes per pixel-shader launch */
#define DRAW_MAX_PRIMS      1024u       /* triangles (after clipping) per pixel-shader launch */
#define DRAW_MAX_COUNT      (1u << 24)  /* vertices or indices one draw method draws */
#define DRAW_MAX_WORK       (1ull << 32)/* ... and over all the instances of one */
#define DRAW_MAX_OUT_REGS   (NV_3D_TARGETS * 4 + 2)  /* colours, sample mask, depth */
#define DRAW_DEFAULT_BUDGET (1ull << 34)/* shader watchdog when the device sets none */
#define DRAW_MAX_POINT_SIZE 2048.0f   /* pixels: sizes are clamped to [1, this] */
#define DRAW_MAX_LINE_WIDTH 2048.0f
#define DRAW_STACK_BYTES    (2u << 20)  /* the draw coroutine's stack (mapped on use) */
#define DRAW_METHOD_SLICE_US 1000       /* the draw method's own slice, and run()'s without a deadline */

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
    uint32_t *vin, *vout;               /* 3 * DRAW_BATCH_PRIMS records */
    NvSmPixel *pixels;                  /* DRAW_MAX_PIXELS */
    uint32_t *ps_out;                   /* DRAW_MAX_PIXELS * DRAW_MAX_OUT_REGS */
    uint8_t *ps_kept;
    NvSmPrim *prims;                    /* DRAW_MAX_PRIMS */
    DrawVert corners[4];                /* a point's or a line's quad */
};

/* What a triangle is part of, for the depth bias enables. */
enum { DRAW_KIND_POINT, DRAW_KIND_LINE, DRAW_KIND_FILL };

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
    uint8_t user_clip, user_cull;       /* clip distances clipped or culled by (bit i: distance i) */
    bool ccw_negative;                  /* counter-clockwise = negative area (upper-left origin) */
    bool cull_front, cull_back;
    bool front_ccw;
    bool shade_flat;                    /* SET_SHADE_MODE flat: IPA.STATE takes the provoking vertex */
    bool provoking_last;                /* SET_PROVOKING_VERTEX LAST (GL's default) */
    bool clamp_colors;                  /* SET_COLOR_CLAMP: vertex colours to [0, 1] */
    uint32_t rt_layer;                  /* SET_RT_LAYER: the targets' layer or 3D slice */
    bool shader_layer;                  /* else each primitive's NV_ATTR_RT_LAYER */
    uint32_t poly_mode[2];              /* back, front: NV_3D_POLYGON_* */
    /* depth bias (polygon offset): enabled per kind, the primitive's kind */
    bool bias_on[3];                    /* DRAW_KIND_* */
    unsigned kind;
    float bias_units, bias_slope, bias_clamp;
    unsigned bias_zbits;                /* the unit is 2^-zbits; 0: a float target's exponent */
    float point_size;                   /* SET_POINT_SIZE, unless the vertex has its own */
    bool point_size_attr;               /* SET_ATTRIBUTE_POINT_SIZE: NV_ATTR_POINT_SIZE */
    bool sprite_t_down;                 /* the point coordinate t grows with the row */
    float line_width;
    bool strict_lines;                  /* rectangles (ANTI_ALIAS_ENABLE), else parallelograms */
    uint32_t npix, nprims;
    uint64_t kept, passed;              /* pixel shader invocations kept, pixels written */
} DrawRaster;

/* vertex.c: one vertex's input record; a draw's vertex numbers (DRAW_RESTART: a restart) */
#define DRAW_RESTART UINT32_MAX
bool nv_draw_fetch_vertex(NvThreed *t, uint32_t vertex, uint32_t *rec);
/* NULL: no host memory, or (*fault) the index buffer faulted (reported) */
uint32_t *nv_draw_vertex_list(NvThreed *t, uint32_t count, unsigned source, bool *fault);
/* DRAW_INLINE_INDEX, 2X16, 4X8 between BEGIN and END; false: an error (reported) */
bool nv_draw_inline_indices(NvThreed *t, uint32_t mthd, uint32_t data);

/* raster.c */
bool nv_draw_raster_begin(DrawRaster *r, NvThreed *t, const DrawShader *ps);
/* One triangle of clip-space vertices; flat = the provoking vertex's raw words. */
bool nv_draw_triangle(DrawRaster *r, const DrawVert *v0, const DrawVert *v1,
                      const DrawVert *v2, const uint32_t *flat);
/* A point (a square of the point size) and a line (of the line width); never culled. */
bool nv_draw_point(DrawRaster *r, const DrawVert *v, const uint32_t *flat);
bool nv_draw_line(DrawRaster *r, const DrawVert *v0, const DrawVert *v1, const uint32_t *flat);
/* Runs the pixel shader over what is queued and writes the targets. */
bool nv_draw_flush(DrawRaster *r);

/*
 * draw.c: runs a shader launch to its end, yielding at each of its slices;
 * false: it stopped on an error (reported), or the draw is being abandoned.
 */
bool nv_draw_run_launch(NvThreed *t, NvSmLaunchDesc *d, const char *stage);
/* Yields once the slice's time is up (long loops call it); false: the draw is abandoned. */
bool nv_draw_pause(NvThreed *t);
/* A draw_invalid guest error. */
void nv_draw_error(NvThreed *t, const char *what);

#endif
