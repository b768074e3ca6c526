/*
 * tpx_gpu.h: the only way C code reaches the CUDA kernels.  Plain C; the
 * definitions live in the kernels/ .cu files behind extern "C".  CUDA types do not
 * appear here: a stream is a `void *` (a cudaStream_t), an error an `int`
 * (a cudaError_t, 0 = success).
 */
#ifndef TPX_GPU_H
#define TPX_GPU_H

#include <stddef.h>

#include "tpx_index.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A compiled kernel and the launch shape the catalog gives it. */
typedef struct tpx_gpu_launch {
    const void *fn;               /* for cudaFuncGetAttributes, occupancy, ... */
    unsigned grid_x, grid_y;
    unsigned block_x, block_y;
    size_t smem;                  /* dynamic shared memory, bytes */
} tpx_gpu_launch;

/* Fills *out for kernel k on geometry g with elements of esize bytes (2, 4
 * or 8), and a shared tile of g->tile_esize-byte elements when that is set.
 * 0, or -1 for the references (memcpy, cublas: not ours to launch) or an
 * element or tile size with no compiled kernel. */
int tpx_gpu_plan(tpx_kernel_id k, const tpx_geom *g, int esize, tpx_gpu_launch *out);

/* Launches a planned kernel B = f(A) on `stream`; returns the launch error. */
int tpx_gpu_run(const tpx_gpu_launch *l, const tpx_geom *g, const void *a, void *b,
                void *stream);

/* n elements of random, never-zero, finite values (normal floats in
 * +-[1, 2) of the element's type, so a cuBLAS geam with alpha 1 reproduces
 * them bit for bit); the seed picks the values. */
int tpx_gpu_fill(void *p, long long n, int esize, unsigned long long seed, void *stream);

/* Counts, into the device counter *d_bad (zeroed first), the elements of b
 * that differ from the reference: b = A^T when transposed (A has h rows of w
 * columns, b has w rows of h columns), else b = A.  Bitwise comparison. */
int tpx_gpu_check(const void *a, const void *b, long long w, long long h, int esize,
                  int transposed, unsigned long long *d_bad, void *stream);

#ifdef __cplusplus
}
#endif

#endif /* TPX_GPU_H */
