/*
 * tiled.cu: the CUDA kernel of every row of the kernel table whose body is
 * TPX_BODY_TILED (smem, smem_rect, smem_staged, tile_rows: two phases through
 * a shared tile), generated from the table.  Kernel <sym> is
 * tpxk_<sym><REPS, E, T>: the body tpx_tiled (tpx_kernel_body.cuh) runs the
 * moves of tpx_mv_<sym> (tpx_index.h), REPS per thread and phase (the row's
 * reps, or for TPX_REPS_WALK the compiled tile heights / BY: tpx_tiled_fn),
 * on elements E through a tile of T (--tile-dtype).  A new tiled kernel is
 * its move and its row; nothing here changes.
 */
#include "tpx_fns.cuh"
#include "tpx_kernel_body.cuh"

#define TPX_GEN_TPX_BODY_TILED(ID, sym, reps, flags)                                              \
    template <int REPS, typename E, typename T = E>                                                \
    __global__ void TPX_BOUNDS tpxk_##sym(tpx_geom g, const E *__restrict__ a, E *__restrict__ b) \
    {                                                                                              \
        tpx_tiled<TPX_K_##ID, REPS, E, T>(g, a, b);                                                \
    }                                                                                              \
    struct tpxk_##sym##_fn {                                                                       \
        template <int R, typename E, typename T> static const void *fn()                          \
        {                                                                                          \
            return (const void *)tpxk_##sym<R, E, T>;                                              \
        }                                                                                          \
    };                                                                                             \
    const void *tpx_fn_##sym(const tpx_geom *g, int esize)                                         \
    {                                                                                              \
        return tpx_tiled_fn<tpxk_##sym##_fn, TPX_K_##ID, (reps)>(g, esize);                        \
    }
#define TPX_GEN_TPX_BODY_DIRECT(...)
#define TPX_GEN_TPX_BODY_CUSTOM(...)
#define TPX_KERNEL(ID, sym, body, phases, reps, xper, tile, remap, flags, ...)                     \
    TPX_GEN_##body(ID, sym, reps, flags)
#include "tpx_kernels.def"
