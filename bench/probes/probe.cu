/*
 * probe.cu: microbenchmarks that measure the constants of tpx's throughput
 * model (docs/prediction.md, "Calibration") on the GPU at hand, with kernels
 * of their own, never a catalog kernel:
 *
 *   launch  empty blocks: the rate at which the GPU starts blocks, by block
 *           size and count (the block-launch limit);
 *   chase   one thread follows a random chain of 128-byte lines: the loaded
 *           latency of L2 and of DRAM (ld.global.cg, past L1);
 *   stream  a one-shot copy in which each thread loads K independent V-byte
 *           words, then stores them, at chosen blocks per SM (dynamic shared
 *           memory caps them) and block sizes: bandwidth against bytes in
 *           flight (Little's law) and the cost of a block's slowest warp;
 *   pipe    the SM's load/store pipe (probe_pipe.cuh): cycles per warp
 *           instruction by lines touched (L1 hits), by bank conflict
 *           (shared memory), and L2 sector rates for scattered loads and
 *           stores in an L2-resident buffer;
 *   l1r     (probe_l1r.cuh) a column read's L1 hits at a row pitch of R
 *           bytes: the cost of an instruction by its sectors' positions;
 *   runs    a copy whose reads and writes come in runs of R contiguous bytes
 *           (probe_runs.cuh): DRAM efficiency against run length;
 *   join    runs of R bytes whose neighbour comes D launches later
 *           (probe_runs.cuh): whether the L2 joins write runs;
 *   fill    strided stores of P-byte pieces, a block writing a share F of
 *           each line (probe_fill.cuh): a part-written sector's L2 cost
 *           (`fill warm`: the same in an L2-resident buffer);
 *   prologue  a copy whose threads first run N dependent instructions
 *           (probe_prologue.cuh): what a block's arithmetic before its
 *           loads costs, by block size;
 *   barrier a copy through shared memory with and without __syncthreads()
 *           between loads and stores (probe_barrier.cuh): what the barrier
 *           costs a block, by block size;
 *   pages   a 2-D copy by blocks of BX x BY threads (probe_pages.cuh): what
 *           spreading a block over more rows (DRAM pages) costs its round trip;
 *   carve   a 2-D copy at 8 blocks an SM whose blocks ask unused shared
 *           memory (probe_carve.cuh): the loads an SM keeps in flight in
 *           the L1 its shared memory leaves;
 *   reps    a BX x BX tile copied by BX x BY threads, BX / BY rows a thread,
 *           directly or through shared memory (probe_reps.cuh): what a
 *           thread's many rows cost at the same tile and bytes;
 *   split   the reps probe's tile walk with rows split across 32-byte
 *           sectors on the side read, written or both (probe_split.cuh):
 *           the split-row pace;
 *   splitcol the same with the blocks in tile_vec's column order (the tile
 *           that completes a split sector is the next block);
 *   colw    block b copies row b of A into column b of B at 1 to 8 blocks an
 *           SM (probe_colw.cuh): whether the L2 keeps a sector written in
 *           pieces by concurrent blocks until its last piece (under ncu);
 *   colw16  the same at 12 and 16 elements a thread: more data in flight;
 *   lrc     K blocks D launches apart read the same addresses, N lines an
 *           instruction (probe_lrc.cuh): what the L2 request coalescer merges
 *   lrcl    the same by the loads a thread sends (1, 2, 4, 8)
 *   lrcw    K blocks writing interleaved pieces of the same rows (the store side)
 *           (under ncu);
 *   pstr    lane l on piece l s of P-byte pieces, loads, stores and a copy in an
 *           L2-resident buffer (probe_pstr.cuh): the L2's cost by the sectors a
 *           request carries and the bytes each gets (part-written sectors 4 to
 *           a request, as a narrow matrix's column sends them);
 *   place   a streaming copy whose blocks record their SM and clock
 *           (probe_place.cuh): how often consecutive blocks share an SM;
 *   copy    cudaMemcpy device to device, cold and L2-resident (hot).
 *
 * Build: nvcc -arch=sm_90 -O3 -std=c++17 -o probe bench/probes/probe.cu
 * Run:   probe [launch|chase|stream|pipe|l1s|l1p|l1r|l2few|prologue|barrier|pages|carve|reps|split|splitcol|shrows|runs|join|fill|colw|colw16|lrc|lrcl|lrcw|pstr|place|copy|all] [--quick] [--once]  (CSV on stdout;
 *        bench/probes/run.sh runs them all and keeps the tables)
 */
#include "probe_barrier.cuh"
#include "probe_carve.cuh"
#include "probe_l1r.cuh"
#include "probe_common.cuh"
#include "probe_colw.cuh"
#include "probe_lrc.cuh"
#include "probe_fill.cuh"
#include "probe_pages.cuh"
#include "probe_pipe.cuh"
#include "probe_pstr.cuh"
#include "probe_place.cuh"
#include "probe_reps.cuh"
#include "probe_prologue.cuh"
#include "probe_runs.cuh"
#include "probe_split.cuh"

#include <cstring>
#include <string>

static int g_quick;

/* ---- launch ------------------------------------------------------------ */

__global__ void k_empty() {}

static void run_launch(void)
{
    printf("probe,threads,blocks,smem,ms,ns_per_block\n");
    const int threads[] = {1, 32, 64, 128, 256, 512, 1024};
    const ll blocks[] = {1 << 16, 1 << 18, 1 << 20, 1 << 22};
    for (int t : threads)
        for (ll n : blocks) {
            if (g_quick && n > (1 << 18))
                continue;
            for (int smem : {0, 16384}) {
                double ms = probe_time([&] { k_empty<<<(unsigned)n, t, smem>>>(); }, 9, false);
                printf("launch,%d,%lld,%d,%.5f,%.4f\n", t, n, smem, ms, ms * 1e6 / (double)n);
            }
        }
}

/* ---- chase ------------------------------------------------------------- */

__device__ __forceinline__ unsigned ld_cg(const unsigned *p)
{
    unsigned v;
    asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(v) : "l"(p));
    return v;
}

__global__ void k_chase(const unsigned *next, ll hops, unsigned *sink, ll *cycles)
{
    unsigned p = 0;
    ll t0 = clock64();
    for (ll i = 0; i < hops; i++)
        p = ld_cg(next + p);
    ll t1 = clock64();
    sink[0] = p;
    cycles[0] = t1 - t0;
}

/* A random cycle (Sattolo) over the 128-byte lines of `bytes`, one word per
 * line used, the line's word chosen so the chain never hits a sector twice. */
static void run_chase(void)
{
    printf("probe,bytes,hops,ns_per_hop,cycles_per_hop\n");
    const ll sizes[] = {1ll << 20, 8ll << 20, 24ll << 20, 256ll << 20, 2048ll << 20};
    unsigned *sink;
    ll *cyc;
    CK(cudaMalloc(&sink, 4));
    CK(cudaMalloc(&cyc, 8));
    for (ll bytes : sizes) {
        ll lines = bytes / 128;
        std::vector<unsigned> host((size_t)(bytes / 4), 0);
        std::vector<unsigned> perm((size_t)lines);
        for (ll i = 0; i < lines; i++)
            perm[i] = (unsigned)i;
        unsigned long long s = 88172645463325252ull;
        for (ll i = lines - 1; i > 0; i--) { /* Sattolo: one cycle through every line */
            s ^= s << 13, s ^= s >> 7, s ^= s << 17;
            ll j = (ll)(s % (unsigned long long)i);
            std::swap(perm[i], perm[j]);
        }
        /* line perm[i] points at line perm[i+1] */
        for (ll i = 0; i < lines; i++) {
            ll from = perm[i], to = perm[(i + 1) % lines];
            host[(size_t)(from * 32 + (from % 4) * 8)] = (unsigned)(to * 32 + (to % 4) * 8);
        }
        unsigned *d;
        CK(cudaMalloc(&d, (size_t)bytes));
        CK(cudaMemcpy(d, host.data(), (size_t)bytes, cudaMemcpyHostToDevice));
        ll hops = g_quick ? 20000 : 200000;
        const unsigned *start = d; /* word 0 is line 0's slot, on the cycle */
        k_chase<<<1, 1>>>(start, hops / 10, sink, cyc); /* warm the TLB and the L2 */
        CK(cudaDeviceSynchronize());
        /* cold: the chain's lines come from DRAM (or from L2 for the small
         * buffers, which the first hops bring back) in every sample */
        double ms = probe_time([&] { k_chase<<<1, 1>>>(start, hops, sink, cyc); }, 3, true);
        ll c = 0;
        CK(cudaMemcpy(&c, cyc, 8, cudaMemcpyDeviceToHost));
        printf("chase,%lld,%lld,%.2f,%.1f\n", bytes, hops, ms * 1e6 / (double)hops,
               (double)c / (double)hops);
        CK(cudaFree(d));
    }
    CK(cudaFree(sink));
    CK(cudaFree(cyc));
}

/* ---- stream ------------------------------------------------------------ */

template <typename T, int K>
__global__ void k_stream(const T *__restrict__ src, T *__restrict__ dst, ll n)
{
    /* No guard: the grid covers n exactly (run_stream checks it), so ptxas
     * issues all K loads before the first store.  With a guard per load it
     * runs out of predicates at K = 8 and stores early (seen in SASS). */
    (void)n;
    ll base = (ll)blockIdx.x * blockDim.x * K + threadIdx.x;
    T r[K];
#pragma unroll
    for (int k = 0; k < K; k++)
        r[k] = src[base + (ll)k * blockDim.x];
#pragma unroll
    for (int k = 0; k < K; k++)
        dst[base + (ll)k * blockDim.x] = r[k];
}

template <typename T, int K>
static void stream_one(const void *src, void *dst, ll bytes, int threads, int bps)
{
    auto fn = k_stream<T, K>;
    int smem = probe_smem_for(bps);
    CK(cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
    int got = 0;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&got, fn, threads, smem));
    cudaFuncAttributes fa;
    CK(cudaFuncGetAttributes(&fa, fn));
    ll n = bytes / (ll)sizeof(T);
    ll blocks = n / ((ll)threads * K);
    if (blocks * threads * K != n) {
        fprintf(stderr, "stream: %lld elements do not split into blocks of %d x %d\n", n, threads, K);
        exit(1);
    }
    double ms = probe_time(
        [&] { fn<<<(unsigned)blocks, threads, smem>>>((const T *)src, (T *)dst, n); }, 7, true);
    printf("stream,%d,%d,%d,%d,%d,%d,%lld,%.5f,%.1f\n", (int)sizeof(T), K, threads, bps, got,
           fa.numRegs, blocks, ms, 2.0 * (double)bytes / (ms * 1e6));
}

template <typename T> static void stream_k(const void *s, void *d, ll bytes, int t, int bps, int k)
{
    switch (k) {
    case 1: stream_one<T, 1>(s, d, bytes, t, bps); break;
    case 2: stream_one<T, 2>(s, d, bytes, t, bps); break;
    case 4: stream_one<T, 4>(s, d, bytes, t, bps); break;
    case 8: stream_one<T, 8>(s, d, bytes, t, bps); break;
    case 16: stream_one<T, 16>(s, d, bytes, t, bps); break;
    }
}

static void run_stream(void)
{
    printf("probe,vbytes,k,threads,bps_asked,bps,regs,blocks,ms,gbs\n");
    ll bytes = 256ll << 20; /* each of src and dst: 512 MB moved, like 8192^2 f32 */
    void *s, *d;
    probe_pair((size_t)bytes, &s, &d);
    const int threads[] = {32, 64, 128, 256, 512, 1024};
    const int bpss[] = {1, 2, 4, 8, 16, 32};
    for (int v : {4, 8, 16})
        for (int k : {1, 2, 4, 8, 16})
            for (int t : threads)
                for (int bps : bpss) {
                    if ((ll)t * bps > g_dev.max_threads_sm || bps > g_dev.max_blocks_sm)
                        continue;
                    if (g_quick && (k > 2 || bps % 4))
                        continue;
                    if (v == 4)
                        stream_k<int>(s, d, bytes, t, bps, k);
                    else if (v == 8)
                        stream_k<int2>(s, d, bytes, t, bps, k);
                    else
                        stream_k<int4>(s, d, bytes, t, bps, k);
                }
    probe_pair_free(s, d);
}

/* ---- copy -------------------------------------------------------------- */

static void run_copy(void)
{
    printf("probe,bytes,mode,ms,gbs\n");
    for (ll bytes : {8ll << 20, 16ll << 20, 256ll << 20, 1024ll << 20})
        for (int cold = 0; cold < 2; cold++) {
            void *s, *d;
            probe_pair((size_t)bytes, &s, &d);
            double ms = probe_time(
                [&] { CK(cudaMemcpyAsync(d, s, (size_t)bytes, cudaMemcpyDeviceToDevice)); }, 15,
                cold);
            printf("copy,%lld,%s,%.5f,%.1f\n", bytes, cold ? "cold" : "hot", ms,
                   2.0 * (double)bytes / (ms * 1e6));
            probe_pair_free(s, d);
        }
}

int main(int argc, char **argv)
{
    std::string what = argc > 1 ? argv[1] : "all";
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--quick"))
            g_quick = 1;
        else if (!strcmp(argv[i], "--once"))
            g_once = 1;
    probe_dev_init();
    if (what == "launch" || what == "all")
        run_launch();
    if (what == "chase" || what == "all")
        run_chase();
    if (what == "copy" || what == "all")
        run_copy();
    if (what == "pipe" || what == "all")
        run_pipe(g_quick);
    if (what == "l1s" || what == "all") /* the L1-hit cost calibrate.py takes */
        run_l1s();
    if (what == "l1p") /* the L1 hit cost by sector position (not yet in the model) */
        run_l1p();
    if (what == "l1r") /* the L1 hit cost at real row pitches (the sector positions) */
        run_l1r();
    if (what == "l2few" || what == "all") /* the store cost calibrate.py takes */
        run_l2few();
    if (what == "prologue" || what == "all")
        run_prologue();
    if (what == "barrier" || what == "all")
        run_barrier();
    if (what == "pages" || what == "all")
        run_pages();
    if (what == "carve") /* the L1 beside the shared memory (not in the model: no effect) */
        run_carve();
    if (what == "shrows") /* conflict-free shared accesses over many rows (not in the model) */
        run_shrows();
    if (what == "reps") /* a thread's many rows (not yet in the model) */
        run_reps(argc > 2 && strncmp(argv[2], "--", 2) != 0 ? argv[2] : NULL);
    if (what == "split" || what == "all") /* the split-row pace calibrate.py takes */
        run_split<7>();
    if (what == "splitcol" || what == "all") /* the same, blocks in column order */
        run_split<15>();
    if (what == "runs" || what == "all")
        run_runs();
    if (what == "join" || what == "all") /* the L2 joining write runs D launches apart: dram_join_write */
        run_join();
    if (what == "fill" || what == "all") /* a part-written sector by the block's share of its line */
        run_fill(argc > 2 && strcmp(argv[2], "warm") == 0);
    if (what == "colw") /* sectors written by concurrent blocks */
        run_colw();
    if (what == "colw16") /* the same, more data in flight */
        run_colw16();
    if (what == "lrc") /* the same reads from blocks near in launch order (under ncu) */
        run_lrc();
    if (what == "lrcl") /* ... by the loads a thread sends */
        run_lrcl();
    if (what == "lrcw") /* the store side: K blocks' pieces of the same sectors (under ncu) */
        run_lrcw();
    if (what == "pstr") /* strided pieces: the L2's cost by the sectors a request carries */
        run_pstr();
    if (what == "place") /* where consecutive blocks run (not yet in the model) */
        run_place();
    if (what == "stream" || what == "all")
        run_stream();
    CK(cudaDeviceSynchronize());
    return 0;
}
