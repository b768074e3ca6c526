/*
 * probe_pages.cuh: what it costs a block to spread its loads and stores over
 * many rows of a matrix.  A plain 2-D copy of an 8192 x 8192 array of 4-byte
 * words (no transpose, no bounds checks: the grid covers it exactly) by
 * blocks of BX x BY threads, one word each, the blocks launched along the
 * rows: a block reads BY runs of BX x 4 bytes, 32 KB apart, and writes the
 * same.  At the same threads per block, a block of more rows waits on more
 * DRAM pages for its slowest load; the ratio to the one-row block of the
 * same size is what the prediction (predict.c, the profile's "rows_eff"
 * curve, by runs per block) charges a block's round trip.
 */
#ifndef PROBE_PAGES_CUH
#define PROBE_PAGES_CUH

#include "probe_common.cuh"

__global__ void k_pages(const unsigned *__restrict__ src, unsigned *__restrict__ dst, int width)
{
    ll x = (ll)blockIdx.x * blockDim.x + threadIdx.x;
    ll y = (ll)blockIdx.y * blockDim.y + threadIdx.y;
    dst[y * width + x] = src[y * width + x];
}

static void run_pages(void)
{
    printf("probe,bx,by,threads,blocks,ms,gbs\n");
    const int n = 8192;
    unsigned *s, *d;
    probe_pair((size_t)n * n * 4, &s, &d);
    for (int t : {256, 512, 1024})
        for (int by = 1; by <= t / 8 && by <= 64; by *= 2) {
            int bx = t / by;
            dim3 grid(n / bx, n / by), block(bx, by);
            double ms = probe_time([&] { k_pages<<<grid, block>>>(s, d, n); }, 7, true);
            printf("pages,%d,%d,%d,%lld,%.5f,%.1f\n", bx, by, t, (ll)grid.x * grid.y, ms,
                   8.0 * (double)n * n / (ms * 1e6));
        }
    probe_pair_free(s, d);
}

#endif
