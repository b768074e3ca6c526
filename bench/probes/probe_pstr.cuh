/*
 * probe_pstr.cuh: the L2's cost of a strided warp access, by the sectors a
 * request carries and the bytes each gets (issue 18, 2026-12-01).
 *
 * Why: `partial_req` (the cost of a part-written sector by the sectors of its
 * line its request carries) came from the pipe probe's whole sectors, 4, 2 and
 * 1 to a request, and its one part-written case, 1 to a request; a column of a
 * narrow matrix (copy_row's 1-wide blocks at 6x20000000 f32: lane l at
 * 24 l bytes) sends requests of 4 part-written sectors, which no probe had
 * measured, and the model's l2 limit put such launches 25-40 % below their
 * measure.  What it found (the read rate 311 sectors/ns at 2 or more sectors
 * a request, partial_req 0.742 and 0.617, reads and writes overlapping) and
 * why the model does not use it yet: docs/prediction.md, "The L2 by the
 * shape of its requests".
 *
 * The pattern: warp instruction j of a warp puts lane l on piece j 32 s + l s
 * of a 16 MB buffer that stays in the L2 (P-byte pieces, P = 2, 4, 8; a
 * stride of s pieces, s = 1 contiguous); loads past L1 (ld.global.cg) or
 * stores, at full occupancy (256-thread blocks, 8 an SM, 4 waves), each warp
 * its own run of instructions (pipe's k_l2 with a stride).  Sectors per ns
 * GPU-wide, with the sectors and lines an instruction touches and the most
 * bytes any of its sectors gets; warm (the buffer stays in the L2), the
 * median of 5 launches.  Mode copy loads the pattern from one half of the
 * buffer and stores it into the other (sectors per ns: each way, so a
 * copy's load and store sectors are twice the column).
 */
#ifndef PROBE_PSTR_CUH
#define PROBE_PSTR_CUH

#include "probe_common.cuh"
#include "probe_pipe.cuh" /* k_spin */

#define PSTR_UNROLL 8
#define PSTR_THREADS 256
#define PSTR_BPS 8

template <int P> __device__ __forceinline__ unsigned pstr_ld(const char *p)
{
    if constexpr (P == 2) {
        unsigned short v;
        asm volatile("ld.global.cg.u16 %0, [%1];" : "=h"(v) : "l"(p));
        return v;
    } else if constexpr (P == 4) {
        unsigned v;
        asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(v) : "l"(p));
        return v;
    } else {
        unsigned long long v;
        asm volatile("ld.global.cg.u64 %0, [%1];" : "=l"(v) : "l"(p));
        return (unsigned)v ^ (unsigned)(v >> 32);
    }
}

template <int P> __device__ __forceinline__ void pstr_st(char *p, unsigned v)
{
    if constexpr (P == 2)
        asm volatile("st.global.u16 [%0], %1;" ::"l"(p), "h"((unsigned short)v) : "memory");
    else if constexpr (P == 4)
        asm volatile("st.global.u32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
    else
        asm volatile("st.global.u64 [%0], %1;" ::"l"(p), "l"((unsigned long long)v) : "memory");
}

/* pieces: the buffer's pieces, a power of two (the walk wraps in it) */
template <int P>
__global__ void k_pstr(char *buf, ll pieces, int s, int iters, int store, unsigned *sink)
{
    ll warp = ((ll)blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int l = threadIdx.x & 31;
    unsigned acc = 0;
    ll j = warp * iters * PSTR_UNROLL;
    for (int i = 0; i < iters; i++)
#pragma unroll
        for (int u = 0; u < PSTR_UNROLL; u++, j++) {
            ll piece = (j * 32 * s + (ll)l * s) & (pieces - 1);
            char *p = buf + piece * P;
            if (store)
                pstr_st<P>(p, (unsigned)j);
            else
                acc ^= pstr_ld<P>(p);
        }
    if (acc == 0x9e3779b9u)
        sink[0] = acc;
}

/* Copy: the same pattern loaded from one L2-resident half of the buffer and
 * stored into the other, eight loads then their eight stores: how the L2's
 * reads and writes add up when both run (the sum of the two alone, or less). */
template <int P>
__global__ void k_pstr_copy(char *buf, ll pieces, int s, int iters, unsigned *sink)
{
    ll warp = ((ll)blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int l = threadIdx.x & 31;
    ll j = warp * iters * PSTR_UNROLL, half = pieces / 2;
    for (int i = 0; i < iters; i++, j += PSTR_UNROLL) {
        unsigned v[PSTR_UNROLL];
#pragma unroll
        for (int u = 0; u < PSTR_UNROLL; u++)
            v[u] = pstr_ld<P>(buf + (((j + u) * 32 * s + (ll)l * s) & (half - 1)) * P);
#pragma unroll
        for (int u = 0; u < PSTR_UNROLL; u++)
            pstr_st<P>(buf + (half + (((j + u) * 32 * s + (ll)l * s) & (half - 1))) * P, v[u]);
    }
    if (j == -1)
        sink[0] = 0;
}

/* What one instruction touches (its first, at offset 0): sectors, lines,
 * and the most bytes any of its sectors gets from it. */
static void pstr_shape(int p, int s, int *sectors, int *lines, int *most)
{
    std::vector<ll> sec;
    for (int l = 0; l < 32; l++)
        sec.push_back((ll)l * s * p / 32);
    std::sort(sec.begin(), sec.end());
    *sectors = 0, *lines = 0, *most = 0;
    ll last_line = -1;
    for (size_t i = 0; i < sec.size();) {
        size_t k = i;
        while (k < sec.size() && sec[k] == sec[i])
            k++;
        (*sectors)++;
        *most = std::max(*most, (int)(k - i) * p);
        if (sec[i] / 4 != last_line)
            (*lines)++, last_line = sec[i] / 4;
        i = k;
    }
}

template <int P> static void pstr_run(char *buf, ll bytes, unsigned *sink, double mhz)
{
    int grid = g_dev.sms * PSTR_BPS * 4, iters = 256;
    double insts = (double)grid * (PSTR_THREADS / 32) * iters * PSTR_UNROLL;
    for (int store = 0; store < 3; store++)
        for (int s : {1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 32, 64}) {
            if ((ll)s * P > 128) /* past a sector a lane: one sector a line at 128 */
                continue;
            double ms = probe_time(
                [&] {
                    if (store == 2)
                        k_pstr_copy<P><<<grid, PSTR_THREADS>>>(buf, bytes / P, s, iters, sink);
                    else
                        k_pstr<P><<<grid, PSTR_THREADS>>>(buf, bytes / P, s, iters, store, sink);
                },
                5, false);
            int sectors, lines, most;
            pstr_shape(P, s, &sectors, &lines, &most);
            printf("pstr,%s,%d,%d,%d,%d,%d,%.4f,%.2f,%.3f\n", store == 2 ? "copy" : store ? "st" : "ld", P, s, sectors, lines,
                   most, ms, insts * sectors / (ms * 1e6), ms * 1e3 * mhz / (insts / g_dev.sms));
        }
}

static void run_pstr(void)
{
    unsigned *sink;
    char *buf;
    ll bytes = 16ll << 20;
    CK(cudaMalloc(&sink, 4));
    CK(cudaMalloc(&buf, (size_t)bytes));
    CK(cudaMemset(buf, 0, (size_t)bytes));
    ll spin = 2000000;
    double ms = probe_time([&] { k_spin<<<g_dev.sms, 32>>>(spin, sink); }, 5, false);
    double mhz = (double)spin / (ms * 1e3);
    printf("probe,op,piece_bytes,stride_pieces,sectors_per_inst,lines_per_inst,most_bytes_a_sector,ms,"
           "sectors_per_ns,cycles_per_inst_sm\n");
    printf("pstr_spin,clock_mhz,0,0,0,0,0,%.4f,%.1f,0\n", ms, mhz);
    pstr_run<2>(buf, bytes, sink, mhz);
    pstr_run<4>(buf, bytes, sink, mhz);
    pstr_run<8>(buf, bytes, sink, mhz);
    CK(cudaFree(sink));
    CK(cudaFree(buf));
}

#endif
