/*
 * tile_strip.cu: a strip across the whole short side of a thin matrix, so
 * both sides of the global traffic are runs (issue 20; kernels/tpx_strip.h
 * says the design).  Every index and guard is tpx_mv_tile_strip's: single
 * elements, eight a thread and phase, all of a phase's loads in flight
 * before its first store.  A warp issues a move's load and store when one of
 * its lanes passes the guard, which is what the model counts: on an interior
 * strip a warp's reps with work are its first nw (the slots of a rep are
 * consecutive), so the lean path leaves its unrolled walk after them, and
 * the lanes past the strip's K S elements in its last rep sit out by
 * predicate; the array's last strip goes through tpx_edge_tile, which
 * issues a warp's moves only while one of its lanes passes.
 */
#include "tpx_fns.cuh"
#include "tpx_kernel_body.cuh"

#define SP_K TPX_K_TILE_STRIP
#define SP_R TPX_SP_REPS

/* The run side's walk: element e = i + r T of the strip is (q, p) = (e / K,
 * e mod K), slot z = p S + q and global element q L + l0 + p, stepped a rep
 * by (T / K, T mod K) instead of divided (with K >= T, the short sides up to
 * 8, no division at all).  The global side is a byte pointer stepped by
 * precomputed byte strides: no 64-bit multiply or shift a rep. */
struct sp_walk {
    unsigned p, z, k, dp, dz, wz;
    const char *at;
    long long dstep, wstep; /* bytes a rep, and more on a wrap */
    __device__ __forceinline__ sp_walk(unsigned i, unsigned t, unsigned k_, unsigned s, long long l,
                                       const void *base, int esize)
    {
        unsigned q = 0, dq = 0;
        k = k_, p = i, dp = t;
        if (k < t) {
            q = i / k, p = i - q * k;
            dq = t / k, dp = t - dq * k;
        }
        z = p * s + q, dz = dp * s + dq, wz = 1 - k * s;
        at = (const char *)base + ((long long)q * l + p) * esize;
        dstep = ((long long)dq * l + dp) * esize, wstep = (l - k) * esize;
    }
    __device__ __forceinline__ void step(void)
    {
        p += dp, z += dz, at += dstep;
        if (p >= k)
            p -= k, z += wz, at += wstep;
    }
};

/* The shared index of the run side's slot z: row z / BX, column z mod BX
 * (tpx_smem_at).  The division is a multiply by mb = ceil(2^32 / BX): exact
 * for every slot below 2^13 (C = 8 BX BY <= 8192) and BX up to 1024, since
 * mb's error times a slot stays under 2^-19 while z / BX lies at least 1 / BX
 * from the next integer. */
template <bool SWZ>
__device__ __forceinline__ unsigned sp_sidx(const tpx_geom &g, unsigned long long mb, unsigned z)
{
    unsigned row = (unsigned)((z * mb) >> 32);
    if (!SWZ)
        return z + row * (unsigned)g.pad;
    unsigned col = z - row * (unsigned)g.bx;
    return row * (unsigned)g.bx + (col ^ (row & (unsigned)(g.bx - 1)));
}

/* An interior strip: tpx_sp_move's arithmetic with its divisions taken once
 * a thread.  The contiguous side's element i + r T is global l0 S + i + r T
 * and tile row ty + r BY, column tx; the run side's follows sp_walk. */
template <typename E, bool SWZ, bool ALL>
__device__ __forceinline__ void sp_lean(const tpx_geom &g, int tbx, unsigned s, unsigned k,
                                        const E *__restrict__ a, E *__restrict__ b)
{
    const unsigned t = g.bx * g.by, tx = threadIdx.x, ty = threadIdx.y, i = ty * g.bx + tx;
    const unsigned ns = k * s, pitch = g.bx + g.pad;
    /* the reps this thread's warp has work in: its first lane's slot i & ~31
     * is below ns in the first nw, which a warp leaves its walks after
     * (a branch, so an idle warp issues nothing: the model's rule); ALL:
     * every warp has all eight (tpx_sp_lean), and the walks need no exit */
    const unsigned wb = i & ~31u;
    const unsigned nw = ALL ? SP_R : wb < ns ? (ns - wb + t - 1) / t : 0;
    const unsigned long long mb = (unsigned long long)(0xffffffffu / (unsigned)g.bx) + 1;
    const long long l = tpx_sp_long(g.w, g.h), l0 = (long long)tbx * k;
    const long long c0 = l0 * s + i; /* the contiguous side's element, rep 0 */
    E *sm = tpx_tile_smem<E>();
    /* the contiguous side's shared index of rep r: row ty + r BY, column tx */
#define SP_CIDX(r)                                                                                 \
    ((ty + (r) * g.by) * pitch + (SWZ ? tx ^ ((ty + (r) * g.by) & (unsigned)(g.bx - 1)) : tx))
    E v[SP_R];
    if (g.w <= g.h) { /* phase 0 reads A's rows as they lie, phase 1 writes B's runs */
#pragma unroll
        for (int r = 0; r < SP_R && (ALL || r < (int)nw); r++)
            if (i + r * t < ns)
                v[r] = a[c0 + r * t];
#pragma unroll
        for (int r = 0; r < SP_R && (ALL || r < (int)nw); r++)
            if (i + r * t < ns)
                sm[SP_CIDX(r)] = v[r];
        __syncthreads();
        sp_walk w(i, t, k, s, l, b + l0, sizeof(E));
#pragma unroll
        for (int r = 0; r < SP_R && (ALL || r < (int)nw); r++, w.step())
            if (i + r * t < ns)
                *(E *)w.at = sm[sp_sidx<SWZ>(g, mb, w.z)];
    } else { /* phase 0 reads A's runs, phase 1 writes B's rows as they lie */
        /* each load's shared index kept beside its value, but at f64, whose
         * values fill the registers: there a second walk finds them again */
        constexpr bool keep = sizeof(E) < 8;
        sp_walk w(i, t, k, s, l, a + l0, sizeof(E)), w2 = w;
        unsigned d[SP_R];
#pragma unroll
        for (int r = 0; r < SP_R && (ALL || r < (int)nw); r++, w.step())
            if (i + r * t < ns) {
                v[r] = *(const E *)w.at;
                if (keep)
                    d[r] = sp_sidx<SWZ>(g, mb, w.z);
            }
#pragma unroll
        for (int r = 0; r < SP_R && (ALL || r < (int)nw); r++, w2.step())
            if (i + r * t < ns)
                sm[keep ? d[r] : sp_sidx<SWZ>(g, mb, w2.z)] = v[r];
        __syncthreads();
#pragma unroll
        for (int r = 0; r < SP_R && (ALL || r < (int)nw); r++)
            if (i + r * t < ns)
                v[r] = sm[SP_CIDX(r)];
#pragma unroll
        for (int r = 0; r < SP_R && (ALL || r < (int)nw); r++)
            if (i + r * t < ns)
                b[c0 + r * t] = v[r];
    }
#undef SP_CIDX
}

/* MAXT: the most threads a block launched with it has.  The bounds ask for
 * a full SM (TPX_SM_THREADS: 2048 threads on an H100 or H200), which holds
 * ptxas to 32 registers there.  Measured on an
 * H200 against the same kernel at 64 registers (1024 threads an SM), best
 * block per thin shape (bench/gpu_strip.sh blocks, 2026-11-28,
 * bench/results/issue20/h200_strip_try_regs{32,64}.csv): f16 +1 to +18
 * points of memcpy, f32 +1 to +33, f64 -2 to +19. */
template <typename E, int MAXT, bool ALL>
__global__ void __launch_bounds__(MAXT, TPX_SM_THREADS / MAXT)
    tpxk_tile_strip(tpx_geom g, const E *__restrict__ a, E *__restrict__ b)
{
    int tbx, tby;
    tpx_launch_tile(SP_K, g, &tbx, &tby);
    /* both below 2^32: config_validate keeps S within C = 8 BX BY */
    const unsigned s = (unsigned)tpx_sp_short(g.w, g.h), t = g.bx * g.by, k = SP_R * t / s;
    /* the last strip, where K may run past the long side, and (tested
     * again, which keeps ptxas's f64 allocation spill-free) a strip where a
     * warp idles in a rep when the host chose ALL */
    const bool full = tbx < g.gx - 1 && (!ALL || (SP_R - 1) * t + ((t - 1) & ~31u) < k * s);
    if (!full) {
        tpx_move m0 = tpx_tile_move(SP_K, &g, 0, 0, tbx, tby, threadIdx.x, threadIdx.y);
        E v0 = 0;
        if (m0.ok)
            v0 = a[m0.src];
        tpx_edge_tile<SP_K, E, E>(g, SP_R, tbx, tby, a, b, v0);
    } else if (g.swz) {
        sp_lean<E, true, ALL>(g, tbx, s, k, a, b);
    } else {
        sp_lean<E, false, ALL>(g, tbx, s, k, a, b);
    }
}

template <int MAXT, bool ALL> static const void *tile_strip_fn(int esize)
{
    switch (esize) {
    case 2: return (const void *)tpxk_tile_strip<unsigned short, MAXT, ALL>;
    case 4: return (const void *)tpxk_tile_strip<unsigned int, MAXT, ALL>;
    case 8: return (const void *)tpxk_tile_strip<unsigned long long, MAXT, ALL>;
    default: return 0;
    }
}

/* A kernel of its own for strips where every warp has all eight reps
 * (tpx_sp_lean): its walks need no exit, and the exits' registers do not
 * crowd its 32 (one kernel with both paths spilled at f64 on sm_90; the
 * exiting one alone spills 8 to 16 bytes there, against the edge path's
 * one load at a time: 67-91 % of memcpy at a short side of 100 on an H200
 * at f32 and f64, where that path gave 12-23, docs/PERFORMANCE.md). */
const void *tpx_fn_tile_strip(const tpx_geom *g, int esize)
{
    bool big = (long long)g->bx * g->by > 256, all = tpx_sp_lean(g->w, g->h, g->bx, g->by);
    if (all)
        return big ? tile_strip_fn<1024, true>(esize) : tile_strip_fn<256, true>(esize);
    return big ? tile_strip_fn<1024, false>(esize) : tile_strip_fn<256, false>(esize);
}
