/*
 * probe_carve.cuh: how many bytes of loads an SM keeps in flight when its
 * shared memory takes most of the L1.  An SM's L1 and shared memory are one
 * array (256 KB on an H100 or H200); the driver carves the shared memory out
 * of it in steps (0, 8, 16, 32, 64, 100, 132, 164, 196, 228 KB on sm_90).  A
 * tiled kernel whose blocks fill the shared memory (tile_rows' 64x64 f64
 * tiles: 6 blocks, 200 KB) leaves 28 KB of L1 for loads it asks 190 KB of:
 * does a load that misses need L1 room for its line, so that the L1 left
 * caps the bytes in flight?  On an H200 (2026-11-28,
 * bench/results/issue18/h200_carve.csv): no, the copy keeps its bandwidth
 * within 1-4 % from 248 KB of L1 to 28 KB.
 *
 * The probe: a 2-D copy of an 8192 x 8192 array of T (4 or 8 bytes), by
 * blocks of 32 x 8 threads, each thread K loads (rows ty + 8 j of its tile,
 * all issued before the first store, as the tiled kernels' load phase), at 8
 * blocks an SM (2048 threads) whatever the dynamic shared memory S a block
 * asks (unused: it only moves the carveout).  So the occupancy, the bytes
 * asked in flight (2048 K T an SM) and the traffic stay; only the L1 left
 * beside the shared memory changes.  Mode 1 reads the same bytes as a block's
 * contiguous run (the stream probe's pattern) for comparison.
 */
#ifndef PROBE_CARVE_CUH
#define PROBE_CARVE_CUH

#include "probe_common.cuh"

template <typename T, int K, int TILE>
__global__ void k_carve(const T *__restrict__ src, T *__restrict__ dst, int width)
{
    extern __shared__ char carve_unused[];
    (void)carve_unused;
    T r[K];
    ll base;
    int step;
    if (TILE) { /* tile (blockIdx.x, blockIdx.y): 32 columns by 8 K rows */
        base = ((ll)blockIdx.y * 8 * K + threadIdx.y) * width + (ll)blockIdx.x * 32 + threadIdx.x;
        step = 8 * width;
    } else { /* the block's 256 K elements in a row */
        ll b = (ll)blockIdx.y * gridDim.x + blockIdx.x;
        base = b * 256 * K + threadIdx.y * 32 + threadIdx.x;
        step = 256;
    }
#pragma unroll
    for (int k = 0; k < K; k++)
        r[k] = src[base + (ll)k * step];
#pragma unroll
    for (int k = 0; k < K; k++)
        dst[base + (ll)k * step] = r[k];
}

template <typename T, int K, int TILE> static void carve_one(void *s, void *d, int n, int kb)
{
    auto fn = k_carve<T, K, TILE>;
    int smem = kb * 1024;
    CK(cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
    int got = 0;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&got, fn, 256, smem));
    dim3 grid(n / 32, n / (8 * K)), block(32, 8);
    double ms = probe_time([&] { fn<<<grid, block, smem>>>((const T *)s, (T *)d, n); }, 7, true);
    printf("carve,%d,%d,%d,%d,%d,%.5f,%.1f\n", (int)sizeof(T), K, TILE, smem, got, ms,
           2.0 * (double)n * n * sizeof(T) / (ms * 1e6));
}

template <typename T> static void carve_t(void *s, void *d, int n, int kb)
{
    carve_one<T, 4, 1>(s, d, n, kb);
    carve_one<T, 8, 1>(s, d, n, kb);
    carve_one<T, 16, 1>(s, d, n, kb);
    carve_one<T, 8, 0>(s, d, n, kb);
    carve_one<T, 16, 0>(s, d, n, kb);
}

static void run_carve(void)
{
    printf("probe,tbytes,k,tile,smem_per_block,bps,ms,gbs\n");
    const int n = 8192;
    void *s, *d;
    probe_pair((size_t)n * n * 8, &s, &d);
    /* 8 blocks an SM need 8 (S + 1 KB): S = 0 .. 27 KB spans every carveout
     * from 8 KB to 228 KB (L1 248 KB .. 28 KB) at the same occupancy */
    for (int kb : {0, 3, 7, 11, 15, 19, 23, 27}) {
        carve_t<unsigned>(s, d, n, kb);
        carve_t<unsigned long long>(s, d, n, kb);
    }
    probe_pair_free(s, d);
}

#endif
