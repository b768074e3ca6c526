/*
 * probe_pipe.cuh: the SM's load/store pipe and the L2's sector rates, each
 * measured by warps that repeat one access pattern many times at full
 * occupancy (256-thread blocks, 8 per SM, 4 waves):
 *
 *   l1_ld   ld.global.ca, the lanes spread over `n` 128-byte lines of a 4 KB
 *           block region that stays in L1: cycles per instruction by lines;
 *   sh_ld   ld.shared / st.shared with an n-way bank conflict: cycles per
 *   sh_st   instruction by wavefronts;
 *   l2_ld   ld.global.cg (past L1) and st.global of 4 bytes per lane over
 *   l2_st   `n` lines per instruction in a 16 MB buffer that stays in L2:
 *           sectors per ns, GPU-wide (n >= 8: the stores write sectors in part);
 *   spin    a clock64 loop: the SM clock under load (MHz), which turns the
 *           times above into cycles;
 *   l1_str  (probe l1s) ld.global.ca, lane l on line l mod n of lines `s`
 *           lines apart (a column walk: rows of A s x 128 bytes apart), each
 *           instruction the next word of the same lines, which stay in L1
 *           (modes 1, 2: the first sector's words; l1_ld's moving lines):
 *           cycles per instruction by n, s and mode;
 *   few_ld  (probe l2few) l2_ld and l2_st on 8, 32 and every SM's worth of
 *   few_st  blocks: whether their cost at many lines is the SM's or the L2's;
 *   shr_ld  (probe shrows) ld.shared / st.shared without a bank conflict, lane
 *   shr_st  l at word l x stride (an odd stride: a column of a padded tile
 *           when it is the tile's pitch): cycles per instruction by the
 *           128-byte rows of shared memory an instruction spans.
 *
 * Every access is an asm volatile, so each loop iteration issues exactly its
 * instruction; the values feed a sink so nothing is dead.
 */
#ifndef PROBE_PIPE_CUH
#define PROBE_PIPE_CUH

#include "probe_common.cuh"

#define PIPE_UNROLL 8
#define PIPE_THREADS 256
#define PIPE_BPS 8

__device__ __forceinline__ unsigned pipe_ld_ca(const unsigned *p)
{
    unsigned v;
    asm volatile("ld.global.ca.u32 %0, [%1];" : "=r"(v) : "l"(p));
    return v;
}
__device__ __forceinline__ unsigned pipe_ld_cg(const unsigned *p)
{
    unsigned v;
    asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(v) : "l"(p));
    return v;
}
__device__ __forceinline__ void pipe_st(unsigned *p, unsigned v)
{
    asm volatile("st.global.u32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}
__device__ __forceinline__ unsigned pipe_ld_sh(unsigned a)
{
    unsigned v;
    asm volatile("ld.shared.u32 %0, [%1];" : "=r"(v) : "r"(a));
    return v;
}
__device__ __forceinline__ void pipe_st_sh(unsigned a, unsigned v)
{
    asm volatile("st.shared.u32 [%0], %1;" ::"r"(a), "r"(v) : "memory");
}

/* lane's word within its line, and its line, for n lines per instruction */
__device__ __forceinline__ unsigned pipe_lane_word(int n)
{
    int l = threadIdx.x & 31;
    return (unsigned)((l % n) * 32 + l / n);
}

/* Each instruction moves the lanes' lines by a whole line (o, 0..7), so no
 * two loads of a thread share an address: ptxas merges identical loads with
 * no store between them (the first version measured 0.28 cycles per load). */
__global__ void k_l1(const unsigned *buf, int n, int iters, unsigned *sink)
{
    const unsigned *p = buf + (size_t)(blockIdx.x % 1024) * 2048 + pipe_lane_word(n);
    unsigned acc = 0;
    for (int i = 0; i < iters; i++)
#pragma unroll
        for (int u = 0; u < PIPE_UNROLL; u++)
            acc ^= pipe_ld_ca(p + ((i + u) & 7) * 32);
    if (acc == 0x9e3779b9u)
        sink[0] = acc;
}

/* The column walk: lines s apart, the instructions walking the words (mode
 * 0: all 32 words of the lines; 1: the first sector's 8; 2: word fixed, the
 * lines moving by a line each instruction, l1_ld's pattern at stride s). */
__global__ void k_l1s(const unsigned *buf, int n, ll s, int mode, int iters, unsigned *sink, int pos = 1)
{
    int l = threadIdx.x & 31;
    /* pos: the lanes' sectors at pos positions of their lines (l1_pos) */
    const unsigned *p = buf + (ll)(l % n) * s * 32 + l / n + (l % pos) * 8;
    unsigned acc = 0;
    for (int i = 0; i < iters; i++)
#pragma unroll
        for (int u = 0; u < PIPE_UNROLL; u++) {
            int k = i * PIPE_UNROLL + u;
            ll o = mode == 0 ? (k & 31) : mode == 1 ? (k & 7) : (ll)(k & 7) * 32;
            acc ^= pipe_ld_ca(p + o);
        }
    if (acc == 0x9e3779b9u)
        sink[0] = acc;
}

/* The lane's shared address a, one load or store an iteration, moved a whole
 * row of banks (128 bytes) each instruction: the same banks, so the same
 * conflict, at other addresses. */
__device__ __forceinline__ void pipe_sh_walk(unsigned a, int iters, int store, unsigned *sink)
{
    unsigned acc = threadIdx.x;
    for (int i = 0; i < iters; i++)
#pragma unroll
        for (int u = 0; u < PIPE_UNROLL; u++) {
            unsigned o = ((i + u) & 7) * 128;
            if (store)
                pipe_st_sh(a + o, acc + u);
            else
                acc ^= pipe_ld_sh(a + o);
        }
    if (acc == 0x9e3779b9u)
        sink[0] = acc;
}

__global__ void k_sh(int ways, int iters, int store, unsigned *sink)
{
    __shared__ unsigned s[40 * 32];
    int l = threadIdx.x & 31, per = 32 / ways;
    pipe_sh_walk((unsigned)__cvta_generic_to_shared(&s[(l % per) + (l / per) * 32]), iters, store,
                 sink);
}

/* Lane l at word l * stride (odd: every lane on its own bank). */
__global__ void k_shs(int stride, int iters, int store, unsigned *sink)
{
    extern __shared__ unsigned shs[];
    pipe_sh_walk((unsigned)__cvta_generic_to_shared(&shs[(threadIdx.x & 31) * stride]), iters, store,
                 sink);
}

/* Each warp walks its own run of the buffer: instruction j of warp w touches
 * lines (w * iters * UNROLL + j) * n + 0..n-1, wrapping in the buffer. */
__global__ void k_l2(unsigned *buf, ll lines, int n, int iters, int store, unsigned *sink)
{
    ll warp = ((ll)blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    unsigned word = pipe_lane_word(n);
    unsigned acc = 0;
    ll j = warp * iters * PIPE_UNROLL;
    for (int i = 0; i < iters; i++)
#pragma unroll
        for (int u = 0; u < PIPE_UNROLL; u++, j++) {
            ll line = (j * n) & (lines - 1); /* lines: a power of two */
            unsigned *p = buf + line * 32 + word;
            if (store)
                pipe_st(p, (unsigned)j);
            else
                acc ^= pipe_ld_cg(p);
        }
    if (acc == 0x9e3779b9u)
        sink[0] = acc;
}

__global__ void k_spin(ll cycles, unsigned *sink)
{
    ll t0 = clock64();
    while (clock64() - t0 < cycles) {
    }
    if (threadIdx.x == 1u << 30)
        sink[0] = 1;
}

/* The column walk's launch (probes l1s and l1p): its buffer, grid and the
 * SM clock under load, which turn a time into cycles per instruction. */
struct l1_walk {
    unsigned *sink, *buf;
    ll bytes;
    int grid, iters;
    double warp_instr_per_sm, mhz;
};

static l1_walk l1_walk_open(void)
{
    l1_walk w;
    w.bytes = 64ll << 20;
    CK(cudaMalloc(&w.sink, 4));
    CK(cudaMalloc(&w.buf, (size_t)w.bytes));
    CK(cudaMemset(w.buf, 0, (size_t)w.bytes));
    w.grid = g_dev.sms * PIPE_BPS * 4, w.iters = 512;
    w.warp_instr_per_sm = (double)w.grid * (PIPE_THREADS / 32) * w.iters * PIPE_UNROLL / g_dev.sms;
    ll spin = 2000000;
    double ms = probe_time([&] { k_spin<<<g_dev.sms, 32>>>(spin, w.sink); }, 5, false);
    w.mhz = (double)spin / (ms * 1e3);
    return w;
}

/* One k_l1s launch timed: its ms, and into *cycles its cycles per instruction. */
static double l1_walk_time(const l1_walk &w, int n, ll st, int mode, int pos, double *cycles)
{
    double ms = probe_time([&] { k_l1s<<<w.grid, PIPE_THREADS>>>(w.buf, n, st, mode, w.iters, w.sink, pos); },
                           5, false);
    *cycles = ms * 1e3 * w.mhz / w.warp_instr_per_sm;
    return ms;
}

static void l1_walk_close(l1_walk &w)
{
    CK(cudaFree(w.sink));
    CK(cudaFree(w.buf));
}

/* Cycles per instruction of the column walk, by lines n and their stride s
 * (in lines): whether an instruction's L1 hits cost by line whatever the
 * addresses, or by how the lines fall in the L1. */
static void run_l1s(void)
{
    l1_walk w = l1_walk_open();
    printf("probe,n,stride_lines,mode,ms,cycles_per_instr\n");
    for (int mode = 0; mode < 3; mode++)
        for (int n : {8, 16, 32})
            for (ll st : {1, 2, 3, 4, 5, 8, 16, 32, 64, 128, 250, 256, 257, 375, 384, 512})
                if ((ll)n * st * 128 + 8 * 128 <= w.bytes && (mode == 0 || st == 1 || st == 256)) {
                    double cyc, ms = l1_walk_time(w, n, st, mode, 1, &cyc);
                    printf("l1_str,%d,%lld,%d,%.4f,%.3f\n", n, st, mode, ms, cyc);
                }
    l1_walk_close(w);
}

/* probe l1p: the column walk's L1 hits with the lanes' sectors at 1, 2 or 4
 * positions of their lines (lane l at sector l mod pos): whether an
 * instruction's cost follows its lines or the most lines whose sectors share
 * a position (unroll4_row at 1x64 on an H200 took 283, 206 and 168 cycles a
 * block at row strides of 0, 64 and 32 bytes mod 128, its lines alike:
 * docs/PERFORMANCE.md). Modes 1 (fixed lines) and 2 (lines moving). */
static void run_l1p(void)
{
    l1_walk w = l1_walk_open();
    printf("probe,n,stride_lines,mode,pos,ms,cycles_per_instr\n");
    for (int mode = 1; mode < 3; mode++)
        for (int pos : {1, 2, 4})
            for (int n : {8, 16, 32})
                for (ll st : {1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 17, 32, 64, 128, 156, 157, 256, 257}) {
                    if (n < 32 && st != 1 && st != 3 && st != 64 && st != 257)
                        continue; /* the strides' pattern at 32 lines: where the position is hashed */
                    double cyc, ms = l1_walk_time(w, n, st, mode, pos, &cyc);
                    printf("l1_pos,%d,%lld,%d,%d,%.4f,%.3f\n", n, st, mode, pos, ms, cyc);
                }
    l1_walk_close(w);
}

/* The l2_ld and l2_st patterns with one 1024-thread block on each of `few`
 * SMs (dynamic shared memory keeps a second block off an SM): whether the
 * cycles per instruction at many lines are the SM's, the same on 8 SMs as
 * on all, or the L2's, lower on few SMs.  The full-GPU run cannot tell: its
 * stores write the same sectors per ns from 8 lines up. */
static void run_l2few(void)
{
    unsigned *sink, *buf;
    ll bytes = 16ll << 20, lines = bytes / 128;
    CK(cudaMalloc(&sink, 4));
    CK(cudaMalloc(&buf, (size_t)bytes));
    CK(cudaMemset(buf, 0, (size_t)bytes));
    int iters = 512, smem = 160 << 10;
    CK(cudaFuncSetAttribute(k_l2, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
    ll spin = 2000000;
    double ms = probe_time([&] { k_spin<<<g_dev.sms, 32>>>(spin, sink); }, 5, false);
    double mhz = (double)spin / (ms * 1e3);
    double per_sm = 32.0 * iters * PIPE_UNROLL; /* warp instructions of the SM's one block */
    printf("probe,sms,n,ms,cycles_per_instr,sectors_per_ns\n");
    for (int few : {8, 32, g_dev.sms})
        for (int store = 0; store < 2; store++)
            for (int n : {1, 4, 8, 32}) {
                ms = probe_time([&] { k_l2<<<few, 1024, smem>>>(buf, lines, n, iters, store, sink); }, 5,
                                false);
                double sectors = per_sm * few * n * (n < 4 ? 4.0 / n : 1.0);
                printf("%s,%d,%d,%.4f,%.3f,%.2f\n", store ? "few_st" : "few_ld", few, n, ms,
                       ms * 1e3 * mhz / per_sm, sectors / (ms * 1e6));
            }
    CK(cudaFree(sink));
    CK(cudaFree(buf));
}

static void run_shrows(void)
{
    unsigned *sink;
    CK(cudaMalloc(&sink, 4));
    int grid = g_dev.sms * PIPE_BPS * 4, iters = 512;
    double warp_instr_per_sm = (double)grid * (PIPE_THREADS / 32) * iters * PIPE_UNROLL / g_dev.sms;
    ll spin = 2000000;
    double ms = probe_time([&] { k_spin<<<g_dev.sms, 32>>>(spin, sink); }, 5, false);
    double mhz = (double)spin / (ms * 1e3);
    printf("probe,op,stride,rows,ms,cycles_per_instr\n");
    for (int store = 0; store < 2; store++)
        for (int stride : {1, 3, 5, 9, 17, 33, 65, 129}) {
            int smem = (31 * stride + 1) * 4 + 8 * 128;
            CK(cudaFuncSetAttribute(k_shs, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
            ms = probe_time([&] { k_shs<<<grid, PIPE_THREADS, smem>>>(stride, iters, store, sink); },
                            5, false);
            int rows = (31 * stride) / 32 + 1; /* 128-byte rows the 32 lanes span */
            printf("%s,%d,%d,%.4f,%.3f\n", store ? "shr_st" : "shr_ld", stride, rows, ms,
                   ms * 1e3 * mhz / warp_instr_per_sm);
        }
    CK(cudaFree(sink));
}

static void run_pipe(int quick)
{
    unsigned *sink, *buf;
    ll bytes = 16ll << 20, lines = bytes / 128;
    CK(cudaMalloc(&sink, 4));
    CK(cudaMalloc(&buf, (size_t)bytes));
    CK(cudaMemset(buf, 0, (size_t)bytes));
    int grid = g_dev.sms * PIPE_BPS * 4, iters = quick ? 64 : 512;
    double warp_instr_per_sm =
        (double)grid * (PIPE_THREADS / 32) * iters * PIPE_UNROLL / g_dev.sms;

    ll spin = 2000000;
    double ms = probe_time([&] { k_spin<<<g_dev.sms, 32>>>(spin, sink); }, 5, false);
    double mhz = (double)spin / (ms * 1e3);
    printf("probe,op,n,ms,cycles_per_instr,sectors_per_ns\n");
    printf("spin,clock_mhz,0,%.4f,%.1f,0\n", ms, mhz);

    for (int n : {1, 2, 4, 8, 16, 32}) {
        ms = probe_time([&] { k_l1<<<grid, PIPE_THREADS>>>(buf, n, iters, sink); }, 5, false);
        printf("l1_ld,%d,%.4f,%.3f,0\n", n, ms, ms * 1e3 * mhz / warp_instr_per_sm);
    }
    for (int store = 0; store < 2; store++)
        for (int w : {1, 2, 4, 8, 16, 32}) {
            ms = probe_time([&] { k_sh<<<grid, PIPE_THREADS>>>(w, iters, store, sink); }, 5,
                            false);
            printf("%s,%d,%.4f,%.3f,0\n", store ? "sh_st" : "sh_ld", w, ms,
                   ms * 1e3 * mhz / warp_instr_per_sm);
        }
    for (int store = 0; store < 2; store++)
        for (int n : {1, 2, 4, 8, 16, 32}) {
            ms = probe_time([&] { k_l2<<<grid, PIPE_THREADS>>>(buf, lines, n, iters, store, sink); },
                            5, false);
            /* per instruction: n lines of 128/n bytes, max(1, 4/n) sectors each */
            double sectors = warp_instr_per_sm * g_dev.sms * n * (n < 4 ? 4.0 / n : 1.0);
            printf("%s,%d,%.4f,%.3f,%.2f\n", store ? "l2_st" : "l2_ld", n, ms,
                   ms * 1e3 * mhz / warp_instr_per_sm, sectors / (ms * 1e6));
        }
    CK(cudaFree(sink));
    CK(cudaFree(buf));
}

#endif
