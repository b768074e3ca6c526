/*
 * launch.cu: from a catalog kernel, a geometry and an element size to a
 * compiled kernel with its launch shape (grid from tpx_grid_dims via the
 * geometry, dynamic shared memory from tpx_smem_elems), and the launch.
 */
#include <cuda_runtime.h>

#include "tpx_fns.cuh"
#include "tpx_gpu.h"

/* The launch switch, generated from the kernel table; the references are
 * not ours to launch. */
static const void *kernel_fn(tpx_kernel_id k, const tpx_geom *g, int esize)
{
    switch (k) {
#define TPX_KERNEL(ID, sym, ...)                                                                   \
    case TPX_K_##ID:                                                                               \
        return tpx_fn_##sym(g, esize);
#include "tpx_kernels.def"
    default:
        return 0;
    }
}

extern "C" int tpx_gpu_plan(tpx_kernel_id k, const tpx_geom *g, int esize, tpx_gpu_launch *out)
{
    const void *fn = kernel_fn(k, g, esize);
    if (!fn)
        return -1;
    out->fn = fn;
    /* a grid taller than CUDA allows launches folded into one row (tpx_grid_folded) */
    const int fold = tpx_grid_folded(g->gy);
    out->grid_x = fold ? (unsigned)((long long)g->gx * g->gy) : (unsigned)g->gx;
    out->grid_y = fold ? 1u : (unsigned)g->gy;
    out->block_x = (unsigned)g->bx;
    out->block_y = (unsigned)g->by;
    /* the tile's own element size (g->tile_esize: --tile-dtype) when it has one */
    size_t tile_esize = (size_t)(g->tile_esize ? g->tile_esize : esize);
    out->smem = (size_t)tpx_smem_elems(k, g->bx, g->by, g->pad, tpx_vec(g)) * tile_esize;
    return 0;
}

extern "C" int tpx_gpu_run(const tpx_gpu_launch *l, const tpx_geom *g, const void *a, void *b,
                           void *stream)
{
    tpx_geom gv = *g;
    void *args[] = {&gv, (void *)&a, &b};
    cudaError_t e = cudaLaunchKernel(l->fn, dim3(l->grid_x, l->grid_y), dim3(l->block_x, l->block_y),
                                     args, l->smem, (cudaStream_t)stream);
    cudaError_t last = cudaGetLastError(); /* clears a non-sticky launch error */
    return (int)(e != cudaSuccess ? e : last);
}
