/*
 * strip_vec.cu: tile_strip's strip moved as 16-byte vectors on both sides
 * (issue 20; kernels/tpx_svec.h says the design).  Every index and guard is
 * tpx_sv_move0's and tpx_sv_move1's, with their divisions taken once a
 * thread: phase 0 issues all of a thread's vector loads before its first
 * shared store; phase 1 gathers each unit of B, n single-element shared
 * loads, and stores it whole.  A warp issues a rep's accesses when one of
 * its lanes passes the guard (a branch around the rep), which is what the
 * model counts.  The last strip is the same code with a shorter nl.
 */
#include "tpx_fns.cuh"
#include "tpx_kernel_body.cuh"

#define SV_K TPX_K_STRIP_VEC

/* tpx_sv_chunk in 32 bits: a tile holds at most 2^14 chunks. */
template <bool SWZ> __device__ __forceinline__ unsigned sv_chunk(unsigned c)
{
    return SWZ ? c ^ (((c >> 3) ^ (c >> 6)) & 7u) : c;
}

/* MAXT: the most threads a block launched with it has.  Registers: a
 * thread holds TPX_SV_EPT elements, 16 / n vectors: two at f16 fit the 32
 * registers of a full SM (TPX_SM_THREADS), four (f32) ask for half of it
 * (64), eight (f64) for a quarter (128: at 64 ptxas spills). */
#define SV_SM(E) (TPX_SM_THREADS * 2 / sizeof(E))
template <typename E, int MAXT, bool SWZ>
__global__ void __launch_bounds__(MAXT, SV_SM(E) / MAXT > 0 ? SV_SM(E) / MAXT : 1)
    tpxk_strip_vec(tpx_geom g, const E *__restrict__ a, E *__restrict__ b)
{
    constexpr unsigned N = 16 / sizeof(E), R = TPX_SV_EPT / N;
    int tbx, tby;
    tpx_launch_tile(SV_K, g, &tbx, &tby);
    /* tpx_sv_k and the strip in unsigned arithmetic, K's divisions in 32 bits
     * (C = 16 T is at most 2^14): a 64-bit division a thread cost f16 about
     * a tenth of its speed */
    const unsigned t = g.bx * g.by, i = threadIdx.y * g.bx + threadIdx.x;
    const bool tall = g.w <= g.h;
    const unsigned s = (unsigned)(tall ? g.w : g.h);
    const unsigned long long l = (unsigned long long)(tall ? g.h : g.w);
    const unsigned k = TPX_SV_EPT * t / s / N * N;
    const unsigned long long l0 = (unsigned long long)tbx * k;
    const unsigned nl = (unsigned)(l - l0 < k ? l - l0 : k);
    const unsigned per = nl / N, nv = per * s;
    uint4 *sm = tpx_tile_smem<uint4>();
    const uint4 *a4 = (const uint4 *)a;
    uint4 *b4 = (uint4 *)b;
    uint4 v[R];
    if (tall) { /* A's strip is one run */
        const uint4 *src = a4 + l0 * s / N;
#pragma unroll
        for (unsigned r = 0; r < R; r++)
            if (i + r * t < nv)
                v[r] = src[i + r * t];
#pragma unroll
        for (unsigned r = 0; r < R; r++)
            if (i + r * t < nv)
                sm[sv_chunk<SWZ>(i + r * t)] = v[r];
    } else { /* S runs of per vectors */
        /* each load's shared chunk kept beside its value, but at f64, whose
         * eight vectors fill the registers: there it is found again */
        constexpr bool keep = R <= 4;
        unsigned d[R];
#pragma unroll
        for (unsigned r = 0; r < R; r++) {
            const unsigned c = i + r * t, q = c / per, j = c - q * per;
            if (c < nv) {
                v[r] = a4[((unsigned long long)q * l + l0) / N + j];
                if (keep)
                    d[r] = sv_chunk<SWZ>(q * (k / N) + j);
            }
        }
#pragma unroll
        for (unsigned r = 0; r < R; r++) {
            const unsigned c = i + r * t, q = c / per;
            if (c < nv)
                sm[keep ? d[r] : sv_chunk<SWZ>(q * (k / N) + c - q * per)] = v[r];
        }
    }
    __syncthreads();
    const E *se = (const E *)sm;
#define SV_AT(z) (sv_chunk<SWZ>((z) / N) * N + (z) % N)
    if (tall) { /* units G = 2^gl along a B row, the rows in turn */
        /* tpx_sv_glog's loop, written here: called as a function, ptxas gives
         * the swizzled f32 kernel 51 registers instead of 47 (sm_90), 4
         * blocks of 256 threads an SM instead of 5 */
        unsigned gl = 0;
        while (gl < 3 && (2u << gl) <= k / N)
            gl++;
        const unsigned nu = ((per + (1u << gl) - 1) >> gl << gl) * s;
#pragma unroll
        for (unsigned r = 0; r < 2 * R; r++) {
            const unsigned u = i + r * t, a_ = u >> gl, jg = a_ / s, q = a_ - jg * s;
            const unsigned j = (jg << gl) + (u & ((1u << gl) - 1));
            if (u >= nu || j >= per)
                continue;
            union {
                uint4 q;
                E e[N];
            } o;
            unsigned z = j * N * s + q;
#pragma unroll
            for (unsigned e = 0; e < N; e++, z += s)
                o.e[e] = se[SV_AT(z)];
            b4[((unsigned long long)q * l + l0) / N + j] = o.q;
        }
    } else { /* B's strip is one run: unit u's element e is run q's p */
#pragma unroll
        for (unsigned r = 0; r < R; r++) {
            const unsigned u = i + r * t;
            if (u >= nv)
                continue;
            union {
                uint4 q;
                E e[N];
            } o;
            unsigned f = u * N, p = f / s, q = f - p * s;
#pragma unroll
            for (unsigned e = 0; e < N; e++) {
                o.e[e] = se[SV_AT(q * k + p)];
                if (++q == s)
                    q = 0, p++;
            }
            b4[l0 * s / N + u] = o.q;
        }
    }
#undef SV_AT
}

template <int MAXT, bool SWZ> static const void *strip_vec_fn(int esize)
{
    switch (esize) {
    case 2: return (const void *)tpxk_strip_vec<unsigned short, MAXT, SWZ>;
    case 4: return (const void *)tpxk_strip_vec<unsigned int, MAXT, SWZ>;
    case 8: return (const void *)tpxk_strip_vec<unsigned long long, MAXT, SWZ>;
    default: return 0;
    }
}

/* The shared chunks plain or swizzled (g->swz): a kernel each, so the plain
 * one spends no instruction on the swizzle. */
const void *tpx_fn_strip_vec(const tpx_geom *g, int esize)
{
    if ((long long)g->bx * g->by > 256)
        return g->swz ? strip_vec_fn<1024, true>(esize) : strip_vec_fn<1024, false>(esize);
    return g->swz ? strip_vec_fn<256, true>(esize) : strip_vec_fn<256, false>(esize);
}
