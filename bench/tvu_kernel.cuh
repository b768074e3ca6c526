/*
 * tvu_kernel.cuh: tile_vec's path for rows that do not start on 16 bytes
 * (issue 20), the CUDA side of kernels/tpx_tvu.h: every index and guard comes
 * from there, so tests/test_tvu.c checks on the CPU what this runs.  Phase 0
 * copies whole 16-byte vectors of A into the shared tile (4 loads in flight
 * per thread before their stores); phase 1 gathers each owned 16-byte vector
 * of B from the shared rows, element by element, and stores it whole.
 */
#ifndef TVU_KERNEL_CUH
#define TVU_KERNEL_CUH

#include "tpx_tvu.h"
#include "tpx_vec16.cuh"

template <typename E> union tvu_vec {
    uint4 u;
    E e[16 / sizeof(E)];
};

/* Element fe of B (in vector m of the tile): from the shared tile where it
 * is in m's own B row and phase 0 loaded it, else from A. */
template <typename E>
__device__ __forceinline__ E tvu_elem(const tpx_geom &g, int tbx, int tby, const E *__restrict__ a,
                                      const E *se, long long x, long long fe)
{
    long long y = fe - x * g.h;
    if (y < g.h) {
        long long at = tpx_tvu_at(&g, tbx, tby, y, x);
        if (at >= 0)
            return se[at];
        return a[y * g.w + x];
    }
    return a[(fe % g.h) * g.w + fe / g.h];
}

template <typename E, int BX>
__global__ void __launch_bounds__(256) tvu_transpose(tpx_geom gp, const E *__restrict__ a,
                                                     E *__restrict__ b)
{
    constexpr int N = 16 / (int)sizeof(E);
    tpx_geom g = gp;
    /* constants the compiler folds: the divisions by N, BX and BX + 1 of the
     * index functions become shifts and multiplications */
    g.vec = N;
    g.bx = BX;
    extern __shared__ uint4 tvu_smem[];
    const E *se = reinterpret_cast<const E *>(tvu_smem);
    int tbx, tby;
    tpx_col_remap(&g, blockIdx.x, blockIdx.y, &tbx, &tby);
    long long threads = (long long)g.bx * g.by, tid = threadIdx.x + (long long)threadIdx.y * g.bx;
    const uint4 *a4 = reinterpret_cast<const uint4 *>(a);
    uint4 *b4 = reinterpret_cast<uint4 *>(b);

    long long n0 = tpx_tvu_items(&g, 0);
    for (long long i = tid; i < n0; i += 4 * threads) {
        tpx_move m[4];
        uint4 v[4];
#pragma unroll
        for (int u = 0; u < 4; u++) {
            m[u] = tpx_tvu_load(&g, tbx, tby, i + u * threads);
            if (m[u].ok && i + u * threads < n0)
                v[u] = tv_ldg(a4 + m[u].src);
        }
#pragma unroll
        for (int u = 0; u < 4; u++)
            if (m[u].ok && i + u * threads < n0)
                tv_sts(tvu_smem + m[u].dst, v[u]);
    }
    __syncthreads();

    long long n1 = tpx_tvu_items(&g, 1), wh = g.w * g.h;
    for (long long j = tid; j < n1; j += threads) {
        tpx_move m = tpx_tvu_store(&g, tbx, tby, j);
        if (!m.ok)
            continue;
        long long f = m.dst * N;
        tvu_vec<E> v;
        if (f + N <= wh) {
#pragma unroll
            for (int e = 0; e < N; e++)
                v.e[e] = tvu_elem(g, tbx, tby, a, se, m.src, f + e);
            tv_stg(b4 + m.dst, v.u);
        } else { /* B's last, partial vector */
            for (int e = 0; f + e < wh; e++)
                b[f + e] = tvu_elem(g, tbx, tby, a, se, m.src, f + e);
        }
    }
}

template <typename E>
static void tvu_run(dim3 grid, dim3 block, size_t smem, cudaStream_t st, const tpx_geom &g,
                    const void *a, void *b)
{
    if (g.bx == 16)
        tvu_transpose<E, 16><<<grid, block, smem, st>>>(g, (const E *)a, (E *)b);
    else
        tvu_transpose<E, 8><<<grid, block, smem, st>>>(g, (const E *)a, (E *)b);
}

/* Launch on W x H elements of esize bytes with a BX x BY block (BX 8 or 16). */
static inline cudaError_t tvu_launch(const void *a, void *b, long long w, long long h, int esize,
                                     int bx, int by, cudaStream_t st)
{
    tpx_geom g = {};
    g.w = w, g.h = h, g.bx = bx, g.by = by, g.vec = 16 / esize;
    long long gx, gy;
    tpx_tvu_grid(&g, &gx, &gy);
    if (gy > 65535 || bx * by > 256 || (bx != 8 && bx != 16))
        return cudaErrorInvalidConfiguration;
    g.gx = (int)gx, g.gy = (int)gy;
    size_t smem = (size_t)tpx_tvu_smem_units(&g) * 16;
    dim3 grid((unsigned)gx, (unsigned)gy), block((unsigned)bx, (unsigned)by);
    if (esize == 2)
        tvu_run<unsigned short>(grid, block, smem, st, g, a, b);
    else if (esize == 4)
        tvu_run<unsigned int>(grid, block, smem, st, g, a, b);
    else
        tvu_run<unsigned long long>(grid, block, smem, st, g, a, b);
    return cudaGetLastError();
}

#endif /* TVU_KERNEL_CUH */
