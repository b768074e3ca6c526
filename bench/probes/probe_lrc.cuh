/*
 * probe_lrc.cuh: how many of the same read requests, sent by blocks near in
 * launch order, the L2 request coalescer (LRC) merges before the L2 counts
 * them (issue 18, 2026-12-01; docs/prediction.md, "What the model leaves
 * out": the thin shapes' 1- and 2-wide blocks, whose neighbours read the
 * lines they read).
 *
 * K blocks read exactly the same addresses, D launches apart: block b is
 * member j = (b / D) mod K of the group (b / (K D)) D + b mod D, so with D = 1
 * the K members are consecutive blocks, with D = 8 each is 8 launches after
 * the last.  A block is 256 threads, 8 loads a thread (lrcl: 1 to 8); each warp instruction
 * reads N lines, 32 / N lanes a line, 4 contiguous bytes a lane (N = 1: one
 * whole line; 4: one sector of each of 4 lines; 8: half a sector of 8).  The
 * groups walk 512 MB, so every first read misses in L2 (cold).  No store
 * runs (a value that cannot occur guards the one store), so the L2's read
 * sectors against L1's are the merge.  Run under Nsight Compute with the
 * LRC's counters (bench/gpu_lrc.sh); the timed column is the median of 7
 * cold launches.
 */
#ifndef PROBE_LRC_CUH
#define PROBE_LRC_CUH

#include "probe_common.cuh"

/* Which group of K blocks D launches apart block b belongs to: member
 * (b / D) mod K of group (b / (K D)) D + b mod D, so with D = 1 the K
 * members are consecutive blocks, with D = 8 each is 8 launches after the
 * last. */
__device__ __forceinline__ ll lrc_group(unsigned b, int k, int d)
{
    const unsigned kd = (unsigned)(k * d);
    return (ll)(b / kd) * d + b % d;
}

/* A group's region: 8 warps x L loads a thread, each warp instruction a
 * fresh set of N = 2^ln lines, lines of one instruction G = 2^lg lines
 * apart (G = 1: adjacent lines; 16: 2 KB apart, like rows of a tall
 * matrix's neighbours far in memory), in bytes. */
__host__ __device__ __forceinline__ ll lrc_region(int nl, int ln, int lg)
{
    return (ll)(8 * nl) << (ln + lg + 7);
}

/* K blocks read the same addresses, L loads a thread: warp instruction i of
 * warp w is instruction w L + i of the group, lane l on line l / (32 / N)
 * of it, 4 contiguous bytes a lane.  The loads are independent (unrolled),
 * summed only at the end. */
template <int L>
__global__ void __launch_bounds__(256) k_lrc(const unsigned *__restrict__ a, unsigned *__restrict__ out,
                                            int k, int d, int ln, int lg)
{
    const char *base = (const char *)a + lrc_group(blockIdx.x, k, d) * lrc_region(L, ln, lg);
    const int w = threadIdx.x / 32, l = threadIdx.x % 32, lanes = 5 - ln; /* log2 lanes a line */
    unsigned v[L];
#pragma unroll
    for (int i = 0; i < L; i++) {
        ll line = (((ll)(w * L + i) << ln) + (l >> lanes)) << lg;
        v[i] = *(const unsigned *)(base + line * 128 + ((l & ((1 << lanes) - 1)) << 2));
    }
    unsigned s = 0;
#pragma unroll
    for (int i = 0; i < L; i++)
        s += v[i];
    if (s == 0xdeadbeefu) /* never: the buffer is zero */
        out[0] = s;
}

/* Times (7 cold launches) K blocks D launches apart over 512 MB at L loads a
 * thread; *blocks, and L1's sectors: each instruction N lines of 128 / N
 * bytes, at least a sector. */
static double lrc_time(const unsigned *a, unsigned *out, size_t bytes, int nl, int k, int d, int ln,
                       int lg, ll *blocks, double *l1_sectors)
{
    ll groups = (ll)bytes / lrc_region(nl, ln, lg);
    groups -= groups % d; /* whole sets of D groups */
    *blocks = groups * k;
    const unsigned g = (unsigned)*blocks;
    auto go = [&] {
        switch (nl) {
        case 1: k_lrc<1><<<g, 256>>>(a, out, k, d, ln, lg); break;
        case 2: k_lrc<2><<<g, 256>>>(a, out, k, d, ln, lg); break;
        case 4: k_lrc<4><<<g, 256>>>(a, out, k, d, ln, lg); break;
        default: k_lrc<8><<<g, 256>>>(a, out, k, d, ln, lg); break;
        }
    };
    const int sect = (128 >> ln) >= 32 ? (128 >> ln) / 32 : 1;
    *l1_sectors = (double)*blocks * 8 * nl * (1 << ln) * sect;
    return probe_time(go, 7, true);
}

static void lrc_one(const unsigned *a, unsigned *out, size_t bytes, int k, int d, int ln, int lg)
{
    ll blocks;
    double l1;
    double ms = lrc_time(a, out, bytes, 8, k, d, ln, lg, &blocks, &l1);
    printf("lrc,%d,%d,%d,%d,%lld,%.5f,%.0f,%.0f\n", k, d, 1 << ln, 1 << lg, blocks, ms, l1, l1 / k);
}

/* The same with L loads a thread (mode lrcl): the catalog's kernels load 1
 * to 8 times a thread where the probe above loads 8 (copy_row 2x128 at 6
 * columns f32: once; the hardware merged 58 % of its possible reads there,
 * the probe's pairs 36 %).  Lines adjacent (G = 1). */
static void lrcl_one(const unsigned *a, unsigned *out, size_t bytes, int nl, int k, int d, int ln)
{
    ll blocks;
    double l1;
    double ms = lrc_time(a, out, bytes, nl, k, d, ln, 0, &blocks, &l1);
    printf("lrcl,%d,%d,%d,%d,%lld,%.5f,%.0f,%.0f\n", nl, k, d, 1 << ln, blocks, ms, l1, l1 / k);
}

/* L = 1, 2, 4, 8 loads a thread; K = 1, 2, 3 blocks; D = 1, 2, 8, 64; N = 1,
 * 2, 4, 8 lines an instruction; 512 MB. */
static void run_lrcl()
{
    const size_t bytes = 512u << 20;
    unsigned *a, *out;
    CK(cudaMalloc(&a, bytes));
    CK(cudaMemset(a, 0, bytes));
    CK(cudaMalloc(&out, 64));
    printf("probe,loads,k,d,lines_per_inst,blocks,ms,l1_sectors,distinct_sectors\n");
    for (int nl : {1, 2, 4, 8})
        for (int ln : {0, 1, 2, 3})
            for (int k : {1, 2, 3})
                for (int d : {1, 2, 8, 64}) {
                    if (k == 1 && d > 1)
                        continue;
                    lrcl_one(a, out, bytes, nl, k, d, ln);
                }
    CK(cudaFree(a));
    CK(cudaFree(out));
}

/* The store side (mode lrcw): K blocks D launches apart each write P bytes
 * of every row of K P bytes (block j its bytes j P .. j P + P), lane l of a
 * warp one row, one store a thread, 256 threads: the pattern of copy_row's
 * narrow blocks at a matrix a few columns wide (2x128 at 6 columns f32: K =
 * 3, P = 8), every sector written in part by each of K blocks, their
 * requests carrying the sectors of 32 rows.  K = 1 writes whole rows (the
 * reference: whole sectors).  512 MB, cold; under Nsight Compute the L2's
 * write sectors and requests and how busy it is say what a part-written
 * sector costs where its pieces come together (docs/prediction.md, "What
 * the model leaves out"). */
template <int P>
__global__ void __launch_bounds__(256) k_lrcw(unsigned char *__restrict__ b, int k, int d)
{
    const unsigned bl = blockIdx.x;
    const ll group = lrc_group(bl, k, d);
    const int j = (int)((bl / d) % k);
    const ll row = group * 256 + threadIdx.x;
    unsigned char *dst = b + row * (ll)(k * P) + j * P;
    if (P == 4)
        *(unsigned *)dst = (unsigned)row;
    else if (P == 8)
        *(unsigned long long *)dst = (unsigned long long)row;
    else
        *(uint4 *)dst = make_uint4((unsigned)row, 0, 0, 0);
}

static void lrcw_one(unsigned char *b, size_t bytes, int p, int k, int d)
{
    ll groups = (ll)bytes / (256LL * k * p);
    groups -= groups % d;
    const unsigned g = (unsigned)(groups * k);
    auto go = [&] {
        switch (p) {
        case 4: k_lrcw<4><<<g, 256>>>(b, k, d); break;
        case 8: k_lrcw<8><<<g, 256>>>(b, k, d); break;
        default: k_lrcw<16><<<g, 256>>>(b, k, d); break;
        }
    };
    double ms = probe_time(go, 7, true);
    const double st_sectors = (double)groups * 256 * k * p / 32.0;
    printf("lrcw,%d,%d,%d,%u,%.5f,%.0f\n", p, k, d, g, ms, st_sectors);
}

/* P = 4, 8, 16 bytes; K = 1 (whole rows), 2, 3, 4, 6, 8 blocks; D = 1, 8, 64. */
static void run_lrcw()
{
    const size_t bytes = 512u << 20;
    unsigned char *b;
    CK(cudaMalloc(&b, bytes + 4096));
    printf("probe,piece_bytes,k,d,blocks,ms,row_sectors\n");
    for (int p : {4, 8, 16})
        for (int k : {1, 2, 3, 4, 6, 8})
            for (int d : {1, 8, 64}) {
                if (k == 1 && d > 1)
                    continue;
                lrcw_one(b, bytes, p, k, d);
            }
    CK(cudaFree(b));
}

/* K = 1 (nothing to merge), 2, 3, 5, 8 blocks; D = 1, 2, 8, 64 launches
 * apart; N = 1, 2, 4, 8 lines an instruction, adjacent (G = 1) or 2 KB
 * apart (G = 16). */
static void run_lrc()
{
    const size_t bytes = 512u << 20;
    unsigned *a, *out;
    CK(cudaMalloc(&a, bytes));
    CK(cudaMemset(a, 0, bytes));
    CK(cudaMalloc(&out, 64));
    printf("probe,k,d,lines_per_inst,line_gap,blocks,ms,l1_sectors,distinct_sectors\n");
    for (int lg : {0, 4})
        for (int ln : {0, 1, 2, 3})
            for (int k : {1, 2, 3, 5, 8})
                for (int d : {1, 2, 8, 64}) {
                    if (k == 1 && d > 1)
                        continue;
                    lrc_one(a, out, bytes, k, d, ln, lg);
                }
    CK(cudaFree(a));
    CK(cudaFree(out));
}

#endif
