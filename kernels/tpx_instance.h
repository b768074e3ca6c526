/*
 * tpx_instance.h: the name of the compiled CUDA kernel that a launch runs,
 * as ptxas and c++filt write it ("tpxk_tile_rows<8, unsigned int, double>"),
 * so that host code without CUDA can look up what the build recorded about
 * it (assets/kernel_regs.txt, scripts/kernel-regs.sh).  It follows the
 * selection the CUDA side makes: tpx_direct_fn and tpx_tiled_fn
 * (tpx_kernel_body.cuh) for the table's DIRECT and TILED rows, tpx_fn_tile_vec,
 * tpx_fn_tile_sec, tpx_fn_tile_gather, tpx_fn_tile_strip and tpx_fn_strip_vec
 * (their .cu files) for the CUSTOM bodies; test_compiled checks that every
 * config the catalog accepts names a kernel the record holds.  Host only.
 */
#ifndef TPX_INSTANCE_H
#define TPX_INSTANCE_H

#include <stdio.h>

#include "tpx_traits.h"

static inline const char *tpx_instance_word(int esize)
{
    return esize == 2 ? "unsigned short" : esize == 4 ? "unsigned int"
                                        : esize == 8 ? "unsigned long long" : NULL;
}

static inline const char *tpx_instance_sym(tpx_kernel_id k)
{
    switch (k) {
#define TPX_KERNEL(ID, sym, ...)                                                                   \
    case TPX_K_##ID:                                                                               \
        return #sym;
#include "tpx_kernels.def"
    default:
        return NULL;
    }
}

/* The tile's type: the matrix's, or the wider one --tile-dtype asks for
 * (f32 in f64: double; f16 in f32: float; f16 in f64: double). */
static inline const char *tpx_instance_tile(int esize, int tile_esize)
{
    if (!tile_esize || tile_esize == esize)
        return tpx_instance_word(esize);
    return tile_esize == 8 ? "double" : tile_esize == 4 ? "float" : NULL;
}

/* The compiled REPS of a tiled row: its fixed count, or for a walk the tile
 * height / BY when one of the compiled counts, else 0 (a run-time loop). */
static inline int tpx_instance_reps(tpx_kernel_id k, const tpx_geom *g)
{
    if (tpx_traits_of(k).reps == TPX_REPS_SEC) /* tile_sec.cu compiles BY 4, 8 and 16 */
        return g->by == 4 || g->by == 8 || g->by == 16 ? tpx_reps(k, g) : 0;
    if (tpx_traits_of(k).reps == TPX_REPS_GATHER) /* tile_gather.cu: block shapes */
        return tpx_tg_compiled(g->bx, g->by) ? tpx_reps(k, g) : 0;
    if (tpx_traits_of(k).reps != TPX_REPS_WALK)
        return tpx_traits_of(k).reps;
    int r = tpx_reps(k, g);
    return r == 1 || r == 2 || r == 4 || r == 8 || r == 16 || r == 32 ? r : 0;
}

/* The kernel's name into buf; 0, or -1 (a reference, an element size or a
 * custom body with no compiled kernel). */
static inline int tpx_instance_name(tpx_kernel_id k, const tpx_geom *g, int esize, char *buf,
                                    size_t n)
{
    tpx_traits t = tpx_traits_of(k);
    const char *sym = tpx_instance_sym(k), *e = tpx_instance_word(esize);
    int vec16 = tpx_vec(g) * esize == 16;
    if (!sym || !e || t.ref != TPX_REF_NONE)
        return -1;
    if (t.body == TPX_BODY_DIRECT)
        return snprintf(buf, n, "tpxk_%s<%s>", sym, (t.flags & TPX_KF_VEC16) && vec16 ? "uint4" : e) > 0 ? 0 : -1;
    if (t.body == TPX_BODY_TILED) {
        const char *tt = tpx_instance_tile(esize, g->tile_esize);
        return tt && snprintf(buf, n, "tpxk_%s<%d, %s, %s>", sym, tpx_instance_reps(k, g), e, tt) > 0
                   ? 0 : -1;
    }
    if (k == TPX_K_TILE_SEC)
        return snprintf(buf, n, "tpxk_tile_sec<%s, %d, %d>", e, tpx_instance_reps(k, g) ? g->by : 0,
                        (long long)g->bx * g->by <= 256 ? 256 : 1024) > 0 ? 0 : -1;
    if (k == TPX_K_TILE_GATHER) { /* a compiled block shape (tpx_tg_compiled), or 0 x 0 */
        int c = tpx_tg_compiled(g->bx, g->by);
        int maxt = c ? g->bx * g->by : (long long)g->bx * g->by <= 256 ? 256 : 1024;
        return snprintf(buf, n, "tpxk_tile_gather<%s, %d, %d, %d>", e, c ? g->bx : 0, c ? g->by : 0,
                        maxt) > 0 ? 0 : -1;
    }
    if (k == TPX_K_TILE_STRIP) /* ALL: every warp works in every rep (tile_strip.cu) */
        return snprintf(buf, n, "tpxk_tile_strip<%s, %d, %s>", e,
                        (long long)g->bx * g->by <= 256 ? 256 : 1024,
                        tpx_sp_lean(g->w, g->h, g->bx, g->by) ? "true" : "false") > 0 ? 0 : -1;
    if (k == TPX_K_STRIP_VEC) /* swizzled, ragged (tpx_sv_rag) */
        return snprintf(buf, n, "tpxk_strip_vec<%s, %d, %s, %s>", e,
                        (long long)g->bx * g->by <= 256 ? 256 : 1024, g->swz ? "true" : "false",
                        tpx_sv_rag(g) ? "true" : "false") > 0 ? 0 : -1;
    if (k != TPX_K_TILE_VEC) /* a custom body names its own kernels */
        return -1;
    if (!vec16)
        return snprintf(buf, n, "tpxk_tile_vec1<%s, %d>", e, tpx_instance_reps(k, g)) > 0 ? 0 : -1;
    int nsb = g->by > 0 && g->bx % g->by == 0 ? g->bx / g->by : 0;
    return snprintf(buf, n, "tpxk_tile_vec16<%s, %d, %d>", e, nsb == 1 || nsb == 2 || nsb == 4 ? nsb : 0,
                    (long long)g->bx * g->by <= 256 ? 256 : 1024) > 0 ? 0 : -1;
}

#endif
