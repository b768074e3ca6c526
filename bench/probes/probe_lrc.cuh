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
 * the last.  A block is 256 threads, 8 loads a thread; each warp instruction
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

/* The byte offset of warp instruction i of lane l in a group's region:
 * 8 warps x 8 loads, each a fresh set of N lines, lines of one instruction
 * G lines apart (G = 1: adjacent lines; 16: 2 KB apart, like rows of a tall
 * matrix's neighbours far in memory). */
__device__ __forceinline__ ll lrc_off(int w, int i, int l, int ln, int lg)
{
    int lanes = 5 - ln; /* log2 lanes a line */
    ll inst = (ll)(w * 8 + i);
    ll line = ((inst << ln) + (l >> lanes)) << lg;
    return line * 128 + ((l & ((1 << lanes) - 1)) << 2);
}

__global__ void __launch_bounds__(256) k_lrc(const unsigned *__restrict__ a, unsigned *__restrict__ out, int k,
                                            int d, int ln, int lg)
{
    const unsigned b = blockIdx.x;
    const unsigned kd = (unsigned)(k * d);
    const ll group = (ll)(b / kd) * d + b % d;
    /* a group's region: 64 instructions x N lines x G, in bytes */
    const ll region = (ll)64 << (ln + lg + 7);
    const char *base = (const char *)a + group * region;
    const int w = threadIdx.x / 32, l = threadIdx.x % 32;
    unsigned v[8];
#pragma unroll
    for (int i = 0; i < 8; i++)
        v[i] = *(const unsigned *)(base + lrc_off(w, i, l, ln, lg));
    unsigned s = 0;
#pragma unroll
    for (int i = 0; i < 8; i++)
        s += v[i];
    if (s == 0xdeadbeefu) /* never: the buffer is zero */
        out[0] = s;
}

static void lrc_one(const unsigned *a, unsigned *out, size_t bytes, int k, int d, int ln, int lg)
{
    const ll region = (ll)64 << (ln + lg + 7);
    ll groups = (ll)bytes / region;
    groups -= groups % d; /* whole sets of D groups */
    const ll blocks = groups * k;
    double ms = probe_time([&] { k_lrc<<<(unsigned)blocks, 256>>>(a, out, k, d, ln, lg); }, 7, true);
    /* L1's sectors: each instruction N lines of 128 / N bytes, at least a sector */
    const int sect = (128 >> ln) >= 32 ? (128 >> ln) / 32 : 1;
    const double l1_sectors = (double)blocks * 64 * (1 << ln) * sect;
    printf("lrc,%d,%d,%d,%d,%lld,%.5f,%.0f,%.0f\n", k, d, 1 << ln, 1 << lg, blocks, ms, l1_sectors,
           l1_sectors / k);
}

/* The same with L loads a thread (mode lrcl): a block of 256 threads sends
 * 8 L warp instructions, and the catalog's kernels send 1 to 8 a thread
 * where the probe above sends 8 (copy_row 2x128 at 6 columns f32: one; the
 * hardware merged 58 % of its possible reads there, the probe's pairs 36 %).
 * Lines adjacent (G = 1). */
template <int L>
__global__ void __launch_bounds__(256) k_lrcl(const unsigned *__restrict__ a, unsigned *__restrict__ out,
                                             int k, int d, int ln)
{
    const unsigned b = blockIdx.x;
    const unsigned kd = (unsigned)(k * d);
    const ll group = (ll)(b / kd) * d + b % d;
    const ll region = (ll)(8 * L) << (ln + 7);
    const char *base = (const char *)a + group * region;
    const int w = threadIdx.x / 32, l = threadIdx.x % 32, lanes = 5 - ln;
    unsigned s = 0;
#pragma unroll
    for (int i = 0; i < L; i++) {
        ll line = ((ll)(w * L + i) << ln) + (l >> lanes);
        s += *(const unsigned *)(base + line * 128 + ((l & ((1 << lanes) - 1)) << 2));
    }
    if (s == 0xdeadbeefu) /* never: the buffer is zero */
        out[0] = s;
}

static void lrcl_one(const unsigned *a, unsigned *out, size_t bytes, int nl, int k, int d, int ln)
{
    const ll region = (ll)(8 * nl) << (ln + 7);
    ll groups = (ll)bytes / region;
    groups -= groups % d;
    const ll blocks = groups * k;
    const unsigned g = (unsigned)blocks;
    auto go = [&] {
        switch (nl) {
        case 1: k_lrcl<1><<<g, 256>>>(a, out, k, d, ln); break;
        case 2: k_lrcl<2><<<g, 256>>>(a, out, k, d, ln); break;
        case 4: k_lrcl<4><<<g, 256>>>(a, out, k, d, ln); break;
        default: k_lrcl<8><<<g, 256>>>(a, out, k, d, ln); break;
        }
    };
    double ms = probe_time(go, 7, true);
    const int sect = (128 >> ln) >= 32 ? (128 >> ln) / 32 : 1;
    const double l1_sectors = (double)blocks * 8 * nl * (1 << ln) * sect;
    printf("lrcl,%d,%d,%d,%d,%lld,%.5f,%.0f,%.0f\n", nl, k, d, 1 << ln, blocks, ms, l1_sectors,
           l1_sectors / k);
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
    const unsigned kd = (unsigned)(k * d);
    const ll group = (ll)(bl / kd) * d + bl % d;
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
