/*
 * probe_prologue.cuh: what the arithmetic a thread does before its first
 * load costs a block.  A one-shot copy (one 4-byte load and store per
 * thread, 2048 threads per SM) whose threads first run a chain of N
 * dependent integer instructions (2 per step of k_prologue): a warp
 * alone waits N x the dependent latency; a block's warps start together and
 * share the SM's issue slots, so a large block waits for warps x N issues.
 * The model (predict.c) charges a block its kernel's instructions before the
 * first load the same way.
 */
#ifndef PROBE_PROLOGUE_CUH
#define PROBE_PROLOGUE_CUH

#include "probe_common.cuh"

template <int N>
__global__ void k_prologue(const unsigned *__restrict__ src, unsigned *__restrict__ dst,
                           unsigned mask)
{
    /* A chain ptxas cannot fold (it sums add chains and folds affine ones):
     * two dependent instructions a step (LOP3, IMAD in the SASS).  mask is
     * 0 at run time: the address depends on the whole chain and still is
     * the thread's own element. */
    unsigned x = threadIdx.x;
#pragma unroll
    for (int i = 0; i < N; i++)
        x = x * (x | 1u) + 1u;
    ll i = (ll)blockIdx.x * blockDim.x + threadIdx.x + (x & mask);
    dst[i] = src[i];
}

template <int N> static void prologue_one(const unsigned *s, unsigned *d, ll n, int threads)
{
    ll blocks = n / threads;
    double ms = probe_time([&] { k_prologue<N><<<(unsigned)blocks, threads>>>(s, d, 0u); }, 7, true);
    printf("prologue,%d,%d,%lld,%.5f,%.1f\n", 2 * N, threads, blocks, ms,
           8.0 * (double)n / (ms * 1e6));
}

static void run_prologue(void)
{
    printf("probe,instructions,threads,blocks,ms,gbs\n");
    ll n = 64ll << 20; /* 256 MB each way */
    unsigned *s, *d;
    probe_pair((size_t)n * 4, &s, &d);
    for (int t : {128, 256, 512, 1024}) {
        prologue_one<0>(s, d, n, t);
        prologue_one<16>(s, d, n, t);
        prologue_one<64>(s, d, n, t);
        prologue_one<256>(s, d, n, t);
    }
    probe_pair_free(s, d);
}

#endif
