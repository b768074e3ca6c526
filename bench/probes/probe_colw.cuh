/*
 * probe_colw.cuh: part-written sectors whose writers are concurrent blocks
 * far apart in time though near in launch order (issue 18, 2026-11-30).
 *
 * Block b copies row b of A (S contiguous elements of E bytes) into column b
 * of B (S rows, L elements a row): each element of B is written alone, a
 * sector of B by 32 / E blocks launched one after another.  A thread loads
 * its up to 8 elements (e = t, t + T, ...) first, then stores them, as
 * tile_strip does at ordinary sizes (K = 1: a strip is one row).  Dynamic
 * shared memory asks 1 to 8 blocks an SM (probe_smem_for; the registers
 * allow at most 1 of 1024 threads and 5 or 6 of 256: the resident column),
 * so the same launches run with more or fewer blocks together: whether the
 * L2 keeps a sector until its last writer comes then depends on how far
 * apart in time concurrent blocks write it, which the counters show as
 * DRAM bytes above the 2 x S x L x E a transpose moves (run under Nsight
 * Compute with --once: bench/gpu_colw.sh; calibrate.py partial_shared_lost).
 * A of S x L elements, B of L x S: 512 MB each.
 */
#ifndef PROBE_COLW_CUH
#define PROBE_COLW_CUH

#include <initializer_list>

#include "probe_common.cuh"

template <typename E, int R>
__global__ void __launch_bounds__(1024) k_colw(const E *__restrict__ a, E *__restrict__ b, int s, ll l)
{
    const ll row = blockIdx.x;
    const int t = threadIdx.x, n = blockDim.x;
    E v[R];
#pragma unroll
    for (int r = 0; r < R; r++)
        if (r * n + t < s)
            v[r] = a[row * s + r * n + t];
#pragma unroll
    for (int r = 0; r < R; r++)
        if (r * n + t < s)
            b[(ll)(r * n + t) * l + row] = v[r];
}

/* R: the elements a thread holds (8; 16 for colw16, whose rows move twice
 * the data at the same blocks an SM).  The row printed is the same either
 * way: S says how many a thread took. */
template <typename E, int R = 8> static void colw_one(E *a, E *b, int threads, int s, int bps)
{
    const ll bytes = 512ll << 20, l = bytes / ((ll)s * (ll)sizeof(E));
    int smem = probe_smem_for(bps);
    CK(cudaFuncSetAttribute(k_colw<E, R>, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
    int resident = 0; /* what the registers allow as well: ptxas gives k_colw 34 and 46 */
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&resident, k_colw<E, R>, threads, smem));
    double ms = probe_time([&] { k_colw<E, R><<<(unsigned)l, threads, smem>>>(a, b, s, l); }, 7, true);
    printf("colw,%d,%d,%d,%d,%lld,%.5f,%.1f,%d\n", threads, (int)sizeof(E), s, bps, l, ms,
           2.0 * (double)(l * s * (ll)sizeof(E)) / (ms * 1e6), resident);
}

/* Rows of S = k elements a thread for each k of ks (R: a thread holds up to
 * R), at every blocks-an-SM the threads allow up to 8; 4- and 8-byte
 * elements. */
template <int R> static void colw_rows(std::initializer_list<int> ks)
{
    const size_t bytes = 512u << 20;
    char *a, *b;
    probe_pair(bytes, &a, &b);
    printf("probe,threads,esize,s,blocks_per_sm,l,ms,gbs,resident\n");
    for (int e : {4, 8})
        for (int threads : {1024, 256})
            for (int k : ks)
                for (int bps : {1, 2, 4, 8}) {
                    if (bps * threads > g_dev.max_threads_sm)
                        continue;
                    int s = k * threads - (k == 6 ? threads / 8 : 0); /* 6: not a multiple of a warp's lines */
                    if (e == 4)
                        colw_one<unsigned, R>((unsigned *)a, (unsigned *)b, threads, s, bps);
                    else
                        colw_one<unsigned long long, R>((unsigned long long *)a, (unsigned long long *)b,
                                                        threads, s, bps);
                }
    probe_pair_free(a, b);
}

/* colw: 2, 4, 6 and 8 elements a thread. */
static void run_colw() { colw_rows<8>({2, 4, 6, 8}); }

/* colw16: the same rows at 12 and 16 elements a thread, so the resident
 * blocks move 3 to 35 MB (colw's reach 22): where a strip of a few thousand
 * elements sits at one block an SM or two (HELDOUT36's tile_strip 7700x11900
 * f64: 16 and 32 MB), the share lost past colw's last point. */
static void run_colw16() { colw_rows<16>({12, 16}); }

#endif
