/*
 * probe_fill.cuh: what a part-written sector costs the L2 by how much of its
 * 128-byte line one block writes (partial_fill_4, partial_fill_8;
 * docs/prediction.md, "Part-written sectors by the block's share of the
 * line").
 *
 * A strided store (a row kernel's: each warp instruction writes P bytes into
 * each of 32·4/P lines of B, rows 32 KB apart, like B's rows at 8192 f32)
 * writes sectors in part, and the L2 merges each piece into its copy.  Here
 * only stores run, 4 bytes a lane: a lane group of P/4 lanes writes P
 * contiguous bytes of one row, the warp 128/P rows.  The block (32 warp
 * instructions: 1024 threads of one store, like a row kernel's, or 256
 * threads of 4) writes a share F of each line it touches: F·128/P
 * instructions down the same rows (each the next P bytes), then the next
 * 128/P rows, and so on; the other 1/F − 1 shares of those lines are
 * written by the blocks D launches later, 2D later, ...
 * Consecutive blocks take the next rows at the same column of lines (a row
 * kernel's grid order), so the writers of one line run D launches apart.
 * 512 MB of B, 16384 rows, cold L2 (or 32 MB, warm: run_fill); P = 32
 * writes whole sectors (a reference).  Two row pitches: 32 KB, and 32 KB +
 * 128 B. */
#ifndef PROBE_FILL_CUH
#define PROBE_FILL_CUH

#include "probe_common.cuh"

/* Block b's instruction n (0..31 over the warps and each thread's stores) for
 * lane l: the byte offset it writes.  Every count is a power of two, given by
 * its log (shifts only: with divisions the stores wait on the arithmetic):
 * lp piece bytes, ls shares a line (1/F), ld launches between a line's
 * writers. */
__device__ __forceinline__ ll fill_off(unsigned b, int n, int l, int lp, int ls, int ld, ll pitch, int lall)
{
    int llanes = lp - 2, lrows = 5 - llanes;     /* a warp: 2^lrows rows of 2^lp bytes */
    int lper = 7 - lp - ls, lgroups = 5 - lper;  /* instructions down one set of rows; sets a block */
    int lsets = lall - lrows;                    /* row sets in a column of lines (2^lall rows) */
    unsigned t = b >> (ld + ls), r = b & ((1u << (ld + ls)) - 1);
    unsigned j = r >> ld, k = r & ((1u << ld) - 1);
    unsigned q = (((t << ld) + k) << lgroups) + ((unsigned)n >> lper); /* the row set */
    unsigned row = ((q & ((1u << lsets) - 1)) << lrows) + ((unsigned)l >> llanes);
    unsigned col = q >> lsets; /* column of 128-byte lines */
    return (ll)row * pitch + col * 128 + (j << (7 - ls)) + ((n & ((1 << lper) - 1)) << lp) +
           ((l & ((1 << llanes) - 1)) << 2);
}

/* I store instructions a thread, 32 / I warps a block. */
template <int I>
__global__ void k_fill(unsigned *__restrict__ out, int lp, int ls, int ld, ll pitch, int lall)
{
    int w = threadIdx.x / 32, l = threadIdx.x % 32;
#pragma unroll
    for (int i = 0; i < I; i++) {
        int n = i * (32 / I) + w;
        out[fill_off(blockIdx.x, n, l, lp, ls, ld, pitch, lall) / 4] = blockIdx.x + (unsigned)n;
    }
}

/* cold: 512 MB of B (16384 rows) after an L2 flush, the stores drain to
 * DRAM; warm (`probe fill warm`): 32 MB (1024 rows) that stays in the L2,
 * launched back to back, so the L2's own rate shows where DRAM bounds the
 * cold runs (16-byte pieces at shares of 1/2 and 1, 1024 threads). */
static void run_fill(bool warm)
{
    int lall = warm ? 10 : 14;
    ll bytes = 32768ll << lall, blocks = bytes / 4096; /* 32 warp instructions of 128 B */
    unsigned *out;
    CK(cudaMalloc(&out, (size_t)(bytes + (128ll << lall))));
    printf("probe,threads,pitch,piece_bytes,fill,distance,ms,pieces_per_ns\n");
    for (int threads : {1024, 256})
        for (ll pitch : {32768ll, 32896ll})
            for (int lp = 2; lp <= 5; lp++)
                for (int ls = 0; ls <= 3; ls++)
                    for (int ld : {0, 5, 9}) {
                        int p = 1 << lp, s = 1 << ls;
                        ll d = 1ll << ld;
                        if (lp + ls > 7 || (s == 1 && d > 1) || (warm && ld > 5))
                            continue; /* a share below one piece; one share has no other writer */
                        double ms = probe_time(
                            [&] {
                                if (threads == 1024)
                                    k_fill<1><<<(unsigned)blocks, threads>>>(out, lp, ls, ld, pitch, lall);
                                else
                                    k_fill<4><<<(unsigned)blocks, threads>>>(out, lp, ls, ld, pitch, lall);
                            },
                            warm ? 15 : 7, !warm);
                        printf("%s,%d,%lld,%d,%.4f,%lld,%.5f,%.2f\n", warm ? "fillw" : "fill", threads, pitch,
                               p, 1.0 / s, d, ms, (double)bytes / p / (ms * 1e6));
                    }
    CK(cudaFree(out));
}

#endif
