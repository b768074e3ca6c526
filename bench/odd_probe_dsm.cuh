/*
 * odd_probe_dsm.cuh: issue 20's f16 question after the walk, for
 * bench/odd_probe.cu.  vg (odd_probe_vl.cuh) reads a tile's R = TY + Q - 1
 * rows to own TY; the Q - 1 extra rows are the next tile's first ones, read
 * again from the L2.  The walk (odd_probe_walk.cuh) kept them in one block's
 * shared memory and lost more than it saved: its blocks ran M tiles apart
 * down each B row, and its last wave idled.  Here M consecutive tiles down a
 * tile column are a thread-block cluster (sm_90): each block loads its own
 * TY rows, and all but the cluster's last copy their Q - 1 extra rows from
 * the next block's shared memory (distributed shared memory) instead of the
 * L2.  The blocks run together, in vg's order, so B's writes keep their
 * order.  Each block's rows, row table and gather are vg's: the next tile's
 * row i holds the same 16-byte vectors of A as this tile's row TY + i (TY is
 * a multiple of N), at the same offset.
 * Measured on an H200 (2026-11-30): the L2 read sectors fall as meant, and
 * every cluster runs slower than vg alone (f16 at 8191x8193: 82 % of memcpy
 * alone, 63-67 % in clusters of 2 to 8); docs/PERFORMANCE.md, "Clusters
 * that share the extra rows".
 */
#include <cooperative_groups.h>

/* Cluster barrier halves: arrive once this block's reads of the others'
 * shared memory are done, wait before leaving (a block's shared memory must
 * outlive the other blocks' reads of it). */
__device__ __forceinline__ void dsm_arrive()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    asm volatile("barrier.cluster.arrive.release.aligned;\n" ::: "memory");
#endif
}
__device__ __forceinline__ void dsm_wait()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    asm volatile("barrier.cluster.wait.acquire.aligned;\n" ::: "memory");
#endif
}

template <typename E, int BX, int TY, int NT, int M>
__global__ void __launch_bounds__(NT, VW_MB(NT, 8)) vgc_k(const E *__restrict__ a, E *__restrict__ b, ll w, ll h, int gy)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    namespace cg = cooperative_groups;
    constexpr int Q = 32 / sizeof(E), N = 16 / sizeof(E), R = TY + Q - 1, V = BX / N + 1;
    constexpr int RS = V * N;
    static_assert(NT % (TY / N) == 0 && R <= NT && TY % N == 0, "phase 1 mapping");
    __shared__ __align__(16) E s[R * RS + (R / N + 1) * N];
    __shared__ int rb[R];
    cg::cluster_group cl = cg::this_cluster();
    const int rank = (int)cl.block_rank(), tbx = blockIdx.y, tby = blockIdx.x, t = threadIdx.x + 32 * threadIdx.y;
    const bool lean = tby < gy && vl_interior<E, BX, TY>(tbx, tby, gy, w, h);
    /* the next block of the cluster loads its first TY rows: this tile's extra ones */
    const bool next = lean && rank < M - 1 && vl_interior<E, BX, TY>(tbx, tby + 1, gy, w, h);
    const ll x0 = (ll)tbx * BX, y0 = (ll)tby * TY, base = y0 * w + x0;
    uint4 *s4 = reinterpret_cast<uint4 *>(s);
    if (lean)
        vg_fill<E, BX, TY, NT>(a, base, w, t, next ? TY * V : R * V, s, rb);
    cl.sync(); /* every block's rows in its shared memory */
    if (next) {
        const uint4 *r4 = reinterpret_cast<const uint4 *>(cl.map_shared_rank(s, rank + 1));
        for (int sl = t; sl < (Q - 1) * V; sl += NT) {
            const int j = sl / V, jj = TY + j;
            s4[jj * RS / N + jj / N + sl % V] = r4[j * RS / N + j / N + sl % V];
        }
    }
    dsm_arrive();
    __syncthreads();
    if (lean)
        vg_units<E, BX, TY, NT>(b, h, x0, y0, t, s, rb);
    else if (tby < gy)
        sec_k_edge<E, TY, BX>(a, b, w, h, gy, tbx, tby);
    dsm_wait();
#endif
}

/* Kernels 42-46 of odd_probe.cu: vg's 64x64 tile (256 threads) in clusters
 * of 2, 4 and 8 tiles down a tile column, and its 32x64 tile (256) in 2 and
 * 4; bounded as vw64m1 (kernel 22), their baseline.  The grid's tile rows
 * are rounded up to a whole cluster. */
template <typename E> static void launch_dsm(int k, const E *a, E *b, ll w, ll h)
{
    unsigned gx32 = (unsigned)((w + 31) / 32), gx64 = (unsigned)((w + 63) / 64);
    int gy = (int)((h + 63) / 64);
    auto up = [gy](int m) { return (unsigned)((gy + m - 1) / m * m); };
    dim3 b8(32, 8);
    cudaLaunchConfig_t c = {};
    cudaLaunchAttribute at[1];
    at[0].id = cudaLaunchAttributeClusterDimension;
    at[0].val.clusterDim.y = at[0].val.clusterDim.z = 1;
    c.blockDim = b8;
    c.attrs = at;
    c.numAttrs = 1;
    const int m = k == 42 || k == 45 ? 2 : k == 43 || k == 46 ? 4 : 8;
    at[0].val.clusterDim.x = (unsigned)m;
    c.gridDim = dim3(up(m), k >= 45 ? gx32 : gx64);
    switch (k) {
    case 42: CK(cudaLaunchKernelEx(&c, vgc_k<E, 64, 64, 256, 2>, a, b, w, h, gy)); break;
    case 43: CK(cudaLaunchKernelEx(&c, vgc_k<E, 64, 64, 256, 4>, a, b, w, h, gy)); break;
    case 44: CK(cudaLaunchKernelEx(&c, vgc_k<E, 64, 64, 256, 8>, a, b, w, h, gy)); break;
    case 45: CK(cudaLaunchKernelEx(&c, vgc_k<E, 32, 64, 256, 2>, a, b, w, h, gy)); break;
    case 46: CK(cudaLaunchKernelEx(&c, vgc_k<E, 32, 64, 256, 4>, a, b, w, h, gy)); break;
    }
}
