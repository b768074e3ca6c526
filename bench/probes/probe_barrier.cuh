/*
 * probe_barrier.cuh: what a barrier between a block's loads and its stores
 * costs, by block size.  A one-shot copy through shared memory like the
 * catalog's tiled kernels, with a kernel of its own: each thread loads K
 * 4-byte words (coalesced), writes them to shared memory, waits at
 * __syncthreads(), reads the K words a thread of another warp wrote
 * (conflict-free: the same bank, another row) and stores them (coalesced).
 * Run at full occupancy (2048 threads per SM: 2048 / T blocks of T threads)
 * beside k_nobar, the same copy without the barrier: the ratio of the two is
 * what the barrier costs a block of T threads, the figure the prediction
 * (predict.c, "barrier" curve of the profile) charges a tiled kernel.  A
 * large block's warps wait at the barrier for its slowest load, and an SM
 * with few blocks has few of them between phases to keep the memory busy.
 */
#ifndef PROBE_BARRIER_CUH
#define PROBE_BARRIER_CUH

#include "probe_common.cuh"

template <int K, bool BAR>
__global__ void k_barrier(const unsigned *__restrict__ src, unsigned *__restrict__ dst)
{
    extern __shared__ unsigned tile[]; /* K x blockDim.x words */
    ll base = (ll)blockIdx.x * blockDim.x * K;
    unsigned t = threadIdx.x, n = blockDim.x;
    unsigned r[K];
#pragma unroll
    for (int k = 0; k < K; k++)
        r[k] = src[base + (ll)k * n + t];
    if (BAR) {
#pragma unroll
        for (int k = 0; k < K; k++)
            tile[k * n + t] = r[k];
        __syncthreads();
        unsigned o = (t + 32) % n; /* a lane of the next warp (itself for one warp) */
#pragma unroll
        for (int k = 0; k < K; k++)
            r[k] = tile[k * n + o];
    }
#pragma unroll
    for (int k = 0; k < K; k++)
        dst[base + (ll)k * n + (BAR ? (t + 32) % n : t)] = r[k];
}

template <int K, bool BAR> static void barrier_one(const unsigned *s, unsigned *d, ll n, int t)
{
    auto fn = k_barrier<K, BAR>;
    int smem = K * t * 4;
    int got = 0;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&got, fn, t, smem));
    ll blocks = n / ((ll)t * K);
    double ms = probe_time([&] { fn<<<(unsigned)blocks, t, smem>>>(s, d); }, 7, true);
    printf("barrier,%d,%d,%d,%d,%lld,%.5f,%.1f\n", BAR ? 1 : 0, K, t, got, blocks, ms,
           8.0 * (double)n / (ms * 1e6));
}

static void run_barrier(void)
{
    printf("probe,barrier,k,threads,bps,blocks,ms,gbs\n");
    ll n = 64ll << 20; /* 256 MB each way, like 8192^2 f32 */
    unsigned *s, *d;
    probe_pair((size_t)n * 4, &s, &d);
    for (int t : {32, 64, 128, 256, 512, 1024}) {
        barrier_one<1, false>(s, d, n, t);
        barrier_one<1, true>(s, d, n, t);
        barrier_one<4, false>(s, d, n, t);
        barrier_one<4, true>(s, d, n, t);
    }
    probe_pair_free(s, d);
}

#endif
