/*
 * tile_gather.cu: tile_sec's tile read as A's aligned 16-byte vectors, B's
 * units gathered in shared memory (issue 20; kernels/tpx_tgat.h says the
 * design).  Every index and guard comes from tpx_mv_tile_gather: phase 0
 * moves 16-byte vectors of A into the shared rows as they lie, phase 1 loads
 * single elements and stores each group of n as one 16-byte unit of B.  A
 * warp issues a move's load and store when one of its lanes passes the guard
 * (a predicated instruction), which is what the model counts.
 */
#include "tpx_fns.cuh"
#include "tpx_kernel_body.cuh"
#include "tpx_vec16.cuh"

template <typename E> union tg_unit {
    uint4 u;
    E e[16 / sizeof(E)];
};

/* Phase 0's loads of A ask the L2 for the 128 bytes around each: a tile's
 * rows start off lines, each row's end lines shared with the tiles beside
 * it, which plain loads had DRAM deliver in two pieces far apart in time
 * (docs/PERFORMANCE.md, "The L2 asked for whole lines": +0.6 to 3.2 points
 * of memcpy at the odd shapes on an H200). */
__device__ __forceinline__ uint4 tg_ldg(const uint4 *p)
{
    return tv_ldg_l2(p);
}

/* The shared rows' line (tpx_tg_lin): column x0 of row j at o + j S +
 * G floor(j / N). */
struct tg_line {
    unsigned o, s, gap; /* unsigned: every index is, and /N a shift */
};

template <typename E> __device__ __forceinline__ tg_line tg_line_of(const tpx_geom &g, long long x0)
{
    constexpr int N = 16 / sizeof(E);
    tg_line l;
    l.o = (unsigned)(x0 & (N - 1));
    l.s = (unsigned)tpx_tg_step(&g);
    l.gap = (unsigned)tpx_tg_gap(&g);
    return l;
}

/* Shared vector k of the tile's row j: tpx_tg_row_at(j) / n + k. */
template <typename E> __device__ __forceinline__ unsigned tg_dst(const tg_line &l, unsigned j, unsigned k)
{
    constexpr unsigned N = 16 / sizeof(E);
    return (l.o + j * l.s + l.gap * (j / N)) / N + k;
}

/* Phase 1 of a lean tile: tile_sec's units (tpx_ts_slot), element e of
 * unit u of column c from shared row jr = lead + u n + e at o + c + jr S +
 * G floor(jr / n): an add and a shift an element (tpx_tg_at).  Segments of
 * TY elements; with CLAMP (B's rows on sectors) nu units, those past H
 * skipped.  bx is a constant where the caller's is. */
template <typename E, bool CLAMP = false>
__device__ __forceinline__ void tg_units(const tpx_geom &g, long long x0, long long y0, int t, int bx,
                                         const tg_line &l, E *__restrict__ b, const E *s, int nu = 0)
{
    constexpr int N = 16 / sizeof(E);
    uint4 *b4 = reinterpret_cast<uint4 *>(b);
#pragma unroll
    for (int i = 0; i < TPX_TS_T(N) / N; i++) {
        int c, u;
        tpx_ts_slot(&g, i, t, &c, &u);
        if (c < bx && (!CLAMP || u < nu)) {
            const long long x = x0 + c;
            const unsigned lead = (unsigned)tpx_ts_lead(&g, x, y0), cu = l.o + c + u * (N * l.s + l.gap);
            tg_unit<E> o;
#pragma unroll
            for (unsigned e = 0; e < N; e++) {
                const unsigned jr = lead + e; /* row lead + u n + e: u n rows and u gaps further */
                o.e[e] = s[cu + jr * l.s + l.gap * (jr / N)];
            }
            b4[((unsigned long long)x * (unsigned long long)g.h + (unsigned long long)y0 + lead) / N + u] = o.u;
        }
    }
}

/* A lean tile (tpx_tg_lean): whole columns, segments inside their rows, no
 * head rows, for a block shape compiled in (BX and BY constants: every
 * division by the vectors of a row, the threads and n folds; read at run
 * time, tg_interior_rt, f16 at 8191x8193 ran 8 points of memcpy slower on
 * an H200, 2026-11-27).  tpx_mv_tile_gather's moves strength-reduced.
 * Phase 0: slot t + i BX BY is row j, vector k (tpx_tg_move0), all of a
 * thread's loads in flight before its shared stores.  Phase 1: tg_units.
 * CLAMP: a tile past H where B's rows start on sectors (rows past H not
 * loaded, the last tile row's segments H - y0 long); without it an interior
 * tile (tpx_ts_interior), whose code has no such guard. */
template <typename E, int BX, int BY, bool CLAMP>
__device__ __forceinline__ void tg_interior(const tpx_geom &g, int tbx, int tby, const E *__restrict__ a,
                                            E *__restrict__ b, E *s)
{
    constexpr int N = 16 / sizeof(E), TY = TPX_TS_T(N) * BY, R = TY + 2 * N - 1, NT = BX * BY;
    constexpr int V = (BX + 2 * N - 1) / N, L = (R * V + NT - 1) / NT;
    /* unsigned: every index is >= 0, and the divisions need no sign fix-ups
     * (H200, f16 8191x8193 32x4: 65 M instructions to 59 M, the time within
     * a point: the loads' latency binds, 48 % of the stall samples) */
    using ull = unsigned long long;
    const unsigned t = threadIdx.x + threadIdx.y * BX;
    const long long x0 = (long long)tbx * BX, y0 = (long long)tby * TY;
    const ull vecs = ((ull)g.w * (ull)g.h + N - 1) / N, base = (ull)y0 * (ull)g.w + (ull)x0;
    const uint4 *a4 = reinterpret_cast<const uint4 *>(a);
    uint4 *s4 = reinterpret_cast<uint4 *>(s);
    uint4 r[L];
    const tg_line l = tg_line_of<E>(g, x0);
    const unsigned rows = CLAMP && g.h - y0 < R ? (unsigned)(g.h - y0) : R; /* rows inside H */
#pragma unroll
    for (unsigned i = 0; i < L; i++) {
        const unsigned sl = t + i * NT, j = sl / V;
        const ull src = (base + j * (ull)g.w) / N + sl % V;
        if (sl < R * V && src < vecs && (!CLAMP || j < rows))
            r[i] = tg_ldg(a4 + src);
    }
#pragma unroll
    for (unsigned i = 0; i < L; i++) {
        const unsigned sl = t + i * NT, j = sl / V;
        const ull src = (base + j * (ull)g.w) / N + sl % V;
        if (sl < R * V && src < vecs && (!CLAMP || j < rows))
            s4[tg_dst<E>(l, j, sl % V)] = r[i];
    }
    __syncthreads();
    if (CLAMP) /* the last tile row's segments end at H, on a sector, at lead 0 */
        tg_units<E, true>(g, x0, y0, t, BX, l, b, s, tby < g.gy - 1 ? TY / N : (int)(g.h - y0) / N);
    else
        tg_units<E>(g, x0, y0, t, BX, l, b, s);
}

/* A tile of whole columns whose segments take the next B row's head
 * (tpx_tg_heads: the last tile rows where B's rows are off sectors), for a
 * block shape compiled in, short of B's last row (its last unit may pass
 * W H: the general path).  tpx_mv_tile_gather's moves strength-reduced as
 * tg_interior's.  Phase 0: the tile's rows inside H and the Q - 1 head rows
 * (A's rows 0 .. Q - 2, past tpx_tg_head on the same line).  Phase 1: every
 * rep of tpx_ts_slot (the up to 2 units a last segment has past TY too),
 * each unit's segment found once; an element past its row's end from head
 * row y0 + jr - H of column c + 1.  Until 2026-11-29 these tiles took the
 * general path: on a wide matrix of 100 rows every second f16 tile. */
template <typename E, int BX, int BY>
__device__ __forceinline__ void tg_wrap(const tpx_geom &g, int tbx, int tby, const E *__restrict__ a,
                                        E *__restrict__ b, E *s)
{
    constexpr int N = 16 / sizeof(E), Q = 2 * N, TY = TPX_TS_T(N) * BY, R = TY + Q - 1, RT = R + Q - 1;
    constexpr int NT = BX * BY, V = (BX + 2 * N - 1) / N, L = (RT * V + NT - 1) / NT;
    using ull = unsigned long long;
    const unsigned t = threadIdx.x + threadIdx.y * BX;
    const long long x0 = (long long)tbx * BX, y0 = (long long)tby * TY;
    const ull vecs = ((ull)g.w * (ull)g.h + N - 1) / N;
    const uint4 *a4 = reinterpret_cast<const uint4 *>(a);
    uint4 *s4 = reinterpret_cast<uint4 *>(s);
    const tg_line l = tg_line_of<E>(g, x0);
    const unsigned hb = (unsigned)tpx_tg_head(BX, BY, N, l.s, l.gap) + l.o; /* head row 0, column x0 */
    const unsigned rows = g.h - y0 < R ? (unsigned)(g.h - y0) : R;          /* the tile's rows inside H */
    /* two of a thread's vectors in flight at a time: all of them (tg_interior's
     * way) spill at the 32 registers f16 and f32 are bounded to */
#pragma unroll
    for (unsigned i0 = 0; i0 < L; i0 += 2) {
        uint4 r[2];
#pragma unroll
        for (unsigned i = i0; i < i0 + 2 && i < L; i++) {
            const unsigned sl = t + i * NT, j = sl / V, k = sl % V, hj = j - R;
            const ull y = j < R ? (ull)y0 + j : hj, src = (y * (ull)g.w + (ull)x0) / N + k;
            if (sl < RT * V && (j < R ? j < rows : true) && src < vecs)
                r[i - i0] = tg_ldg(a4 + src);
        }
#pragma unroll
        for (unsigned i = i0; i < i0 + 2 && i < L; i++) {
            const unsigned sl = t + i * NT, j = sl / V, k = sl % V, hj = j - R;
            const ull y = j < R ? (ull)y0 + j : hj, src = (y * (ull)g.w + (ull)x0) / N + k;
            if (sl < RT * V && (j < R ? j < rows : true) && src < vecs)
                s4[j < R ? tg_dst<E>(l, j, k) : (hb + hj * l.s + l.gap * (hj / N)) / N + k] = r[i - i0];
        }
    }
    __syncthreads();
    uint4 *b4 = reinterpret_cast<uint4 *>(b);
    const long long q = Q;
#pragma unroll
    for (int i = 0; i < TPX_TS_T(N) / N + (2 + BY - 1) / BY; i++) {
        int c, u;
        if (!tpx_ts_slot(&g, i, (int)t, &c, &u))
            continue;
        /* tpx_ts_segment's segment, written out: these tiles end short of B's
         * last row, so its clamp to W H never acts; through the call (the same
         * registers) 2000003x50 f64 64x4 ran 4 % slower, 671089x100 f32 and
         * f16 1-2 % (H200, 3 rounds interleaved, 2026-11-29,
         * bench/results/issue20/h200_wrapseg_*.csv.gz) */
        const long long x = x0 + c, f = x * g.h + y0, st = tpx_ts_up(f, q);
        const long long en = tby < g.gy - 1 ? st + TY : tpx_ts_up((x + 1) * g.h, q);
        if ((long long)u * N >= en - st)
            continue;
        const unsigned jr0 = (unsigned)(st - f) + u * N, in = (unsigned)(g.h - y0); /* rows to H */
        tg_unit<E> o;
#pragma unroll
        for (unsigned e = 0; e < N; e++) {
            const unsigned jr = jr0 + e, ih = jr - in;
            o.e[e] = jr < in ? s[l.o + c + jr * l.s + l.gap * (jr / N)] : s[hb + c + 1 + ih * l.s + l.gap * (ih / N)];
        }
        b4[st / N + u] = o.u;
    }
}

/* Phase 0 of an interior tile of a block shape not compiled in: L vectors
 * a thread (the block's most), slot t + i BX BY walked as row j, vector k
 * without a division past the first. */
template <typename E, int L>
__device__ __forceinline__ void tg_rows_rt(const tpx_geom &g, long long x0, long long y0, int t, int v, int rv,
                                           const tg_line &l, const E *__restrict__ a, E *s)
{
    constexpr int N = 16 / sizeof(E);
    const int nt = g.bx * g.by, nrows = nt / v, ncols = nt % v;
    const long long vecs = (g.w * g.h + N - 1) / N;
    const uint4 *a4 = reinterpret_cast<const uint4 *>(a);
    uint4 *s4 = reinterpret_cast<uint4 *>(s);
    uint4 r[L];
    int d[L];
    bool ok[L];
    int j = t / v, k = t % v;
#pragma unroll
    for (int i = 0; i < L; i++) {
        const long long src = ((y0 + j) * g.w + x0) / N + k;
        ok[i] = j * v + k < rv && src < vecs;
        d[i] = tg_dst<E>(l, j, k);
        if (ok[i])
            r[i] = tg_ldg(a4 + src);
        j += nrows, k += ncols;
        if (k >= v)
            j++, k -= v;
    }
#pragma unroll
    for (int i = 0; i < L; i++)
        if (ok[i])
            s4[d[i]] = r[i];
}

/* An interior tile of a block shape not compiled in: tg_interior's moves with
 * BX and BY read at run time (about 8 points of memcpy slower than compiled
 * in, H200, f16 8191x8193), for threads moving at most TG_LMAX vectors. */
#define TG_LMAX 6
template <typename E>
__device__ __forceinline__ void tg_interior_rt(const tpx_geom &g, int tbx, int tby, int lmax,
                                               const E *__restrict__ a, E *__restrict__ b, E *s)
{
    constexpr int N = 16 / sizeof(E);
    const int t = threadIdx.x + threadIdx.y * g.bx, ty = tpx_ts_ty(g.by, N), r = ty + 2 * N - 1;
    const int v = (g.bx + 2 * N - 1) / N;
    const long long x0 = (long long)tbx * g.bx, y0 = (long long)tby * ty;
    const tg_line l = tg_line_of<E>(g, x0);
    switch (lmax) {
    case 1: tg_rows_rt<E, 1>(g, x0, y0, t, v, r * v, l, a, s); break;
    case 2: tg_rows_rt<E, 2>(g, x0, y0, t, v, r * v, l, a, s); break;
    case 3: tg_rows_rt<E, 3>(g, x0, y0, t, v, r * v, l, a, s); break;
    case 4: tg_rows_rt<E, 4>(g, x0, y0, t, v, r * v, l, a, s); break;
    case 5: tg_rows_rt<E, 5>(g, x0, y0, t, v, r * v, l, a, s); break;
    default: tg_rows_rt<E, TG_LMAX>(g, x0, y0, t, v, r * v, l, a, s); break;
    }
    __syncthreads();
    tg_units<E>(g, x0, y0, t, g.bx, l, b, s);
}

/* Any tile, with tpx_mv_tile_gather's guards and addresses (tpx_tg_vec,
 * tpx_tg_src), in run-time loops: the tiles at the matrix's edges (head
 * rows, columns past W, the array's end) and every tile of an uncompiled BY
 * or a narrow block.  Phase 0 walks its slots as the lean path does; phase 1
 * finds each unit's segment once, not once an element: an edge tile costs a
 * few times an interior one, not tens of times (on an H200, 2026-11-27,
 * every move through the move functions took tile_gather f16 at 8191x8193
 * from the interior's pace to a third of memcpy, with 2 % of its tiles
 * here). */
template <typename E>
__device__ __forceinline__ void tg_general(tpx_geom g, int tbx, int tby, const E *__restrict__ a,
                                           E *__restrict__ b, E *s)
{
    constexpr int N = 16 / sizeof(E);
    const int t = threadIdx.x + threadIdx.y * g.bx, nt = g.bx * g.by;
    const int v = tpx_tg_v(g.bx, N), slots = tpx_tg_rows(g.by, N) * v, nrows = nt / v, ncols = nt % v;
    const uint4 *a4 = reinterpret_cast<const uint4 *>(a);
    uint4 *s4 = reinterpret_cast<uint4 *>(s);
    int j = t / v, k = t % v;
#pragma unroll 1 /* ptxas unrolled by 4 issued loads the moves do not (ncu_check, f64 32x8) */
    for (int sl = t; sl < slots; sl += nt) {
        long long src, dst;
        if (tpx_tg_vec(&g, tbx, tby, j, k, &src, &dst))
            s4[dst] = tg_ldg(a4 + src);
        j += nrows, k += ncols;
        if (k >= v)
            j++, k -= v;
    }
    __syncthreads();
    uint4 *b4 = reinterpret_cast<uint4 *>(b);
    for (int u = 0; u < tpx_ts_reps1(g.by, N); u++) {
        int c;
        if (!tpx_ts_slot(&g, u, t, &c, &k))
            continue;
        long long x = (long long)tbx * g.bx + c, s0, en;
        if (x >= g.w)
            continue;
        tpx_ts_segment(&g, x, tby, &s0, &en);
        if ((long long)k * N >= en - s0)
            continue;
        const long long f0 = s0 + (long long)k * N;
        tg_unit<E> o;
#pragma unroll
        for (int e = 0; e < N; e++)
            o.e[e] = s[tpx_tg_unit_src(&g, tbx, tby, x, f0, e)];
        b4[f0 / N] = o.u;
    }
}

/* BXC x BYC: a block shape compiled in, whose interior tiles take the lean
 * path (0 x 0: any shape, every tile through tg_general), MAXT its
 * threads.  A compiled shape asks its launch bounds for as many blocks as
 * fill tg_sm_threads (alone ptxas picks up to 60 registers, 4 blocks of
 * 256): the latency of phase 0's loads is hidden by blocks, not by a
 * thread's registers (Nsight Compute, H200, f16 8191x8193, 32x8: 40
 * registers held 6 blocks an SM, 69 % of the warps, against the probe's 90 %),
 * at most TPX_SM_THREADS. */

/* The threads an SM a compiled shape asks room for, by element size: f16
 * fills a 2048-thread SM (32 registers) where its lean path fits them, and
 * 1280 (48) in 32x4 and 16x16, which spill at 32 and 40 since the f16 tile
 * grew to 16 BY rows (tpx_ts_ty; at 40, 4 bytes a thread, which Nsight
 * Compute saw as 12 % more L2 writes than the model at 32x4); f32 2048 too
 * (32: it spilled there before phase 0's indices went unsigned, and no
 * longer does on sm_80 to sm_120; against 1536 at 40 registers, 3 rounds
 * interleaved on one H200, 2026-11-27, best block of five at 7 odd shapes
 * +0 to +2.2 points of memcpy, 64x8 +4 to +7, 32x4 -1 to +1:
 * bench/gpu_ab16.sh, TPX_AB_KERNELS=tile_gather); f64 1280 (48: at 40 it
 * spills).  Measured on an H200,
 * 2026-11-27, against 40 registers for all three (and the rows laid V n
 * apart), best block of three at 7 odd shapes: f16 +5 to +8 points of
 * memcpy, f64 +4 to +5, f32 0.3 to 1.3 lower, where the rows' line leaves
 * holes between them that phase 0's stores meet as bank conflicts
 * (bench/gpu_ab.sh).  With the taller f16 tile (same day, bench/gpu_ab16.sh,
 * 2 rounds): 32x4 at 2048 threads 62-73 %, at 1536 76-83; 16x16 52-61 and
 * 67-71; 64x4, the best, 84-87 and 81-86 (so it keeps 2048). */
template <int ESIZE, int BXC, int BYC> constexpr int tg_sm_threads()
{
    return ESIZE == 4 ? 2048
           : ESIZE == 8 ? 1280
           : (BXC == 32 && BYC == 4) || (BXC == 16 && BYC == 16) ? 1280
                                                                  : 2048;
}

template <int MAXT, int ESIZE, int BXC, int BYC> constexpr int tg_min_blocks()
{
    constexpr int want = tg_sm_threads<ESIZE, BXC, BYC>();
    return (want < TPX_SM_THREADS ? want : TPX_SM_THREADS) / MAXT;
}

template <typename E, int BXC, int BYC, int MAXT>
__global__ void __launch_bounds__(MAXT, BXC ? tg_min_blocks<MAXT, (int)sizeof(E), BXC, BYC>() : MAXT <= 256 ? 4 : 1)
    tpxk_tile_gather(tpx_geom gp, const E *__restrict__ a, E *__restrict__ b)
{
    tpx_geom g = gp;
    g.vec = 16 / (int)sizeof(E); /* constants: every division by N, Q and TY folds */
    if (BXC)
        g.bx = BXC, g.by = BYC;
    int tbx, tby;
    tpx_launch_tile(TPX_K_TILE_GATHER, g, &tbx, &tby);
    E *s = tpx_tile_smem<E>();
    constexpr int N = 16 / sizeof(E);
    const int nt = g.bx * g.by, lmax = ((tpx_ts_ty(g.by, N) + 2 * N - 1) * ((g.bx + 2 * N - 1) / N) + nt - 1) / nt;
    if (BXC && tpx_ts_interior(&g, tbx, tby))
        tg_interior<E, (BXC > 0 ? BXC : 1), (BYC > 0 ? BYC : 1), false>(g, tbx, tby, a, b, s);
    else if (BXC && tpx_tg_lean(&g, tbx, tby)) /* B's rows on sectors: the last tile rows */
        tg_interior<E, (BXC > 0 ? BXC : 1), (BYC > 0 ? BYC : 1), true>(g, tbx, tby, a, b, s);
    else if (BXC && ((long long)tbx + 1) * g.bx < g.w && tpx_tg_heads(&g, tby)) /* off sectors */
        tg_wrap<E, (BXC > 0 ? BXC : 1), (BYC > 0 ? BYC : 1)>(g, tbx, tby, a, b, s);
    else if (!BXC && lmax <= TG_LMAX && tpx_ts_interior(&g, tbx, tby))
        tg_interior_rt<E>(g, tbx, tby, lmax, a, b, s);
    else
        tg_general<E>(g, tbx, tby, a, b, s);
}

template <int BXC, int BYC, int MAXT> static const void *tile_gather_fn(int esize)
{
    switch (esize) {
    case 2: return (const void *)tpxk_tile_gather<unsigned short, BXC, BYC, MAXT>;
    case 4: return (const void *)tpxk_tile_gather<unsigned int, BXC, BYC, MAXT>;
    case 8: return (const void *)tpxk_tile_gather<unsigned long long, BXC, BYC, MAXT>;
    default: return 0;
    }
}

/* The block shapes compiled in (tpx_tg_compiled): their interior tiles take
 * the lean path; any other shape runs every tile through tg_general. */
const void *tpx_fn_tile_gather(const tpx_geom *g, int esize)
{
    switch (tpx_tg_compiled(g->bx, g->by)) {
    case 1: return tile_gather_fn<32, 8, 256>(esize);
    case 2: return tile_gather_fn<64, 4, 256>(esize);
    case 3: return tile_gather_fn<32, 4, 128>(esize);
    case 4: return tile_gather_fn<16, 16, 256>(esize);
    case 5: return tile_gather_fn<64, 8, 512>(esize);
    default:
        return (long long)g->bx * g->by <= 256 ? tile_gather_fn<0, 0, 256>(esize)
                                               : tile_gather_fn<0, 0, 1024>(esize);
    }
}
