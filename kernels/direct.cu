/*
 * direct.cu: the CUDA kernel of every row of the kernel table whose body is
 * TPX_BODY_DIRECT (copies, naive, unrolled, diagonal: one phase, global to
 * global), generated from the table.  Kernel <sym> is tpxk_<sym><E>: the
 * body tpx_direct (tpx_kernel_body.cuh) runs the row's reps moves of
 * tpx_mv_<sym> (tpx_index.h), each thread loading all of them before it
 * stores any.  tpx_fn_<sym> picks the instance for an element size (uint4
 * for a TPX_KF_VEC16 row whose geometry says 16-byte accesses).  A new
 * direct kernel is its move and its row; nothing here changes.
 */
#include "tpx_fns.cuh"
#include "tpx_kernel_body.cuh"

#define TPX_GEN_TPX_BODY_DIRECT(ID, sym, reps, flags)                                             \
    template <typename E>                                                                          \
    __global__ void TPX_BOUNDS tpxk_##sym(tpx_geom g, const E *__restrict__ a, E *__restrict__ b) \
    {                                                                                              \
        tpx_direct<TPX_K_##ID, reps>(g, a, b);                                                     \
    }                                                                                              \
    struct tpxk_##sym##_fn {                                                                       \
        template <typename E> static const void *fn() { return (const void *)tpxk_##sym<E>; }    \
    };                                                                                             \
    const void *tpx_fn_##sym(const tpx_geom *g, int esize)                                         \
    {                                                                                              \
        return tpx_direct_fn<tpxk_##sym##_fn, (flags)>(g, esize);                                  \
    }
#define TPX_GEN_TPX_BODY_TILED(...)
#define TPX_GEN_TPX_BODY_CUSTOM(...)
#define TPX_KERNEL(ID, sym, body, phases, reps, xper, tile, remap, flags, ...)                     \
    TPX_GEN_##body(ID, sym, reps, flags)
#include "tpx_kernels.def"
