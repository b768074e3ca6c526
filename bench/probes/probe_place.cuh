/*
 * probe_place.cuh: where the block scheduler puts consecutive blocks.  The
 * model takes the blocks that share sectors as running on different SMs (so
 * only the L2 sees their reuse); Nsight Compute on thin shapes says some of
 * their loads hit in L1 (copy_row 1x256 at 3x60000000 f16: 23.5 M L2 read
 * sectors for 33.8 M the instructions load, 2026-11-30), which needs
 * consecutive blocks on one SM at once.
 *
 * A streaming copy (each thread `per` 16-byte words, the block's words
 * contiguous) of 256 MB, a block's thread 0 writing its SM id and the SM's
 * clock at its start and end.  For launch distances k, the share of blocks
 * whose k-th successor ran on the same SM, and the share that did while the
 * first still ran (its start before the first's end: the same SM's clock).
 * Blocks of the first and last tenth are left out (the launch's fill and
 * tail).  At most `bps` blocks an SM (dynamic shared memory), 0: as many as
 * fit. */
#ifndef PROBE_PLACE_CUH
#define PROBE_PLACE_CUH

#include "probe_common.cuh"

__global__ void k_place(const float4 *__restrict__ src, float4 *__restrict__ dst, int per, unsigned *smid,
                        ll *t0, ll *t1)
{
    ll start = clock64();
    size_t base = (size_t)blockIdx.x * blockDim.x * per;
    for (int i = 0; i < per; i++) {
        size_t j = base + (size_t)i * blockDim.x + threadIdx.x;
        dst[j] = src[j];
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        unsigned s;
        asm volatile("mov.u32 %0, %%smid;" : "=r"(s));
        smid[blockIdx.x] = s;
        t0[blockIdx.x] = start;
        t1[blockIdx.x] = clock64();
    }
}

static void run_place(void)
{
    const size_t bytes = 256u << 20;
    float4 *src, *dst;
    probe_pair(bytes, &src, &dst);
    size_t most = bytes / (64 * 16);
    unsigned *smid;
    ll *t0, *t1;
    CK(cudaMalloc(&smid, most * sizeof *smid));
    CK(cudaMalloc(&t0, most * sizeof *t0));
    CK(cudaMalloc(&t1, most * sizeof *t1));
    std::vector<unsigned> hs(most);
    std::vector<ll> h0(most), h1(most);
    printf("probe,threads,per,bps,blocks,k,same_sm,same_sm_live\n");
    const int ks[] = {1, 2, 3, 4, 5, 6, 8, 12, 16, 32, 132};
    for (int threads : {64, 128, 256, 512, 1024})
        for (int per : {1, 4})
            for (int bps : {0, 4, 2}) {
                size_t n = bytes / ((size_t)threads * per * 16);
                int smem = bps ? probe_smem_for(bps) : 0;
                if (smem > 48 * 1024)
                    CK(cudaFuncSetAttribute(k_place, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
                CK(cudaMemsetAsync(g_dev.flush, bps, g_dev.flush_bytes));
                k_place<<<(unsigned)n, threads, smem>>>(src, dst, per, smid, t0, t1);
                CK(cudaGetLastError());
                CK(cudaMemcpy(hs.data(), smid, n * sizeof *smid, cudaMemcpyDeviceToHost));
                CK(cudaMemcpy(h0.data(), t0, n * sizeof *t0, cudaMemcpyDeviceToHost));
                CK(cudaMemcpy(h1.data(), t1, n * sizeof *t1, cudaMemcpyDeviceToHost));
                for (int k : ks) {
                    size_t lo = n / 10, hi = n - n / 10 - (size_t)k, same = 0, live = 0;
                    for (size_t i = lo; i < hi; i++)
                        if (hs[i] == hs[i + k]) {
                            same++;
                            live += h0[i + k] < h1[i];
                        }
                    printf("place,%d,%d,%d,%zu,%d,%.4f,%.4f\n", threads, per, bps, n, k,
                           (double)same / (double)(hi - lo), (double)live / (double)(hi - lo));
                }
            }
    CK(cudaFree(smid));
    CK(cudaFree(t0));
    CK(cudaFree(t1));
    probe_pair_free(src, dst);
}

#endif
