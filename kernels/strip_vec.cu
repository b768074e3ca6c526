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

/* Phase 0 where the long side is ragged (RAG: tpx_sv_move0).  Tall: A's
 * rows from l0 as one run of m chunks, then, where a unit crosses a row's
 * end (hd), A's first n - 1 rows.  Wide: run q's vectors from the one
 * holding A(q, l0), at most per of them, to chunks q rs + j. */
template <typename E, bool SWZ>
__device__ __forceinline__ void sv_load_rag(const uint4 *a4, uint4 *sm, bool tall, unsigned s,
                                            unsigned long long l, unsigned long long l0,
                                            unsigned k, unsigned nl, unsigned m, unsigned nc,
                                            unsigned i, unsigned t)
{
    constexpr unsigned N = 16 / sizeof(E), R = TPX_SV_EPT / N;
    uint4 v[R];
    unsigned ok = 0, d[R];
    if (tall) {
        const uint4 *src = a4 + l0 * s / N;
#pragma unroll
        for (unsigned r = 0; r < R; r++) {
            const unsigned c = i + r * t;
            if (c < nc)
                v[r] = c < m ? src[c] : a4[c - m], ok |= 1u << r, d[r] = sv_chunk<SWZ>(c);
        }
    } else {
        const unsigned per = (nl + N - 1) / N + 1, rs = k / N + 1;
#pragma unroll
        for (unsigned r = 0; r < R; r++) {
            const unsigned c = i + r * t, q = c / per, j = c - q * per;
            const unsigned long long at = (unsigned long long)q * l + l0;
            if (q < s && j <= (unsigned)((at + nl - 1) / N - at / N))
                v[r] = a4[at / N + j], ok |= 1u << r, d[r] = sv_chunk<SWZ>(q * rs + j);
        }
    }
#pragma unroll
    for (unsigned r = 0; r < R; r++)
        if (ok >> r & 1)
            sm[d[r]] = v[r];
}

/* MAXT: the most threads a block launched with it has.  Registers: a
 * thread holds TPX_SV_EPT elements, 16 / n vectors: two at f16 fit the 32
 * registers of a full SM (TPX_SM_THREADS), four (f32) ask for half of it
 * (64), eight (f64) for a quarter (128: at 64 ptxas spills).  RAG: the
 * long side is not a multiple of n (tpx_sv_rag), a kernel of its own so
 * that the aligned one spends nothing on it. */
#define SV_SM(E) (TPX_SM_THREADS * 2 / sizeof(E))
template <typename E, int MAXT, bool SWZ, bool RAG>
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
    /* K: tpx_sv_k's (a tall ragged strip's B rows cut every A: tpx_sv_align) */
    constexpr unsigned A = N < 8 ? 2 * N : N;
    const unsigned c16 = TPX_SV_EPT * t, kq = RAG && tall ? A : N;
    const unsigned k = (!RAG ? c16 / s / N : ((c16 - 2 * N + 2) / s - kq - N + 2) / kq) * kq;
    const unsigned long long l0 = (unsigned long long)tbx * k;
    const unsigned nl = (unsigned)(l - l0 < k ? l - l0 : k);
    const unsigned per = nl / N, nv = per * s; /* the aligned paths' */
    /* where ragged: a tall strip's rows past l0 (at most K + 4 n counted),
     * its tile's run of m chunks (K + A - 1 rows at most) and whether its
     * units may reach the head rows (tpx_sv_tall) */
    const unsigned rest = RAG ? (unsigned)(l - l0 < k + 4 * N ? l - l0 : k + 4 * N) : 0;
    const unsigned m = RAG ? ((rest < k + A - 1 ? rest : k + A - 1) * s + N - 1) / N : 0;
    const bool hd = RAG && nl + A - 1 > rest;
    uint4 *sm = tpx_tile_smem<uint4>();
    const uint4 *a4 = (const uint4 *)a;
    uint4 *b4 = (uint4 *)b;
    if (RAG) {
        sv_load_rag<E, SWZ>(a4, sm, tall, s, l, l0, k, nl, m,
                            m + (hd ? ((N - 1) * s + N - 1) / N : 0), i, t);
    } else if (tall) { /* A's strip is one run */
        uint4 v[R];
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
        uint4 v[R];
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
    const unsigned lm = RAG ? (unsigned)(l & (N - 1)) : 0; /* a row's offset grows by lm */
#define SV_AT(z) (sv_chunk<SWZ>((z) / N) * N + (z) % N)
    if (tall) { /* units G = 2^gl along a B row, the rows in turn */
        /* tpx_sv_glog's loop, written here: called as a function, ptxas gives
         * the swizzled f32 kernel 51 registers instead of 47 (sm_90), 4
         * blocks of 256 threads an SM instead of 5 */
        unsigned gl = 0;
        while (gl < 3 && (2u << gl) <= k / N)
            gl++;
        /* where ragged, B row q's units start d_q into the strip, on a
         * multiple of A; strip 0 also takes the one before (its unit K / n) */
        const unsigned kn = k / N, pt = RAG ? kn + (A > N && tbx == 0) : per;
        const unsigned nu = ((pt + (1u << gl) - 1) >> gl << gl) * s, la = (unsigned)(l & (A - 1));
#pragma unroll
        for (unsigned r = 0; r < 2 * R; r++) {
            const unsigned u = i + r * t, a_ = u >> gl, jg = a_ / s, q = a_ - jg * s;
            const unsigned j = (jg << gl) + (u & ((1u << gl) - 1));
            const unsigned dq = RAG ? (A - (q * la & (A - 1))) & (A - 1) : 0;
            const unsigned x = j < kn ? dq + j * N : dq - N; /* wraps past 0: refused below */
            if (u >= nu || j >= pt || (RAG && (x >= rest || (j >= kn && dq < N))))
                continue;
            union {
                uint4 q;
                E e[N];
            } o;
            unsigned z = x * s + q;
            bool cross = false;
            if constexpr (RAG)
                cross = hd;
            if (!cross) {
#pragma unroll
                for (unsigned e = 0; e < N; e++, z += s)
                    o.e[e] = se[SV_AT(z)];
            } else if constexpr (RAG) { /* past the row's end: the next row's head, column q + 1 */
#pragma unroll
                for (unsigned e = 0; e < N; e++, z += s)
                    o.e[e] = se[x + e < rest ? SV_AT(z) : SV_AT(m * N + (x + e - rest) * s + q + 1)];
            }
            b4[((unsigned long long)q * l + l0 + x) / N] = o.q;
        }
    } else if (RAG) { /* B's run: unit u's element e is run q's p, at q rs n + o_q + p */
        const unsigned rsn = (k / N + 1) * N, nu = (nl * s + N - 1) / N;
#pragma unroll
        for (unsigned r = 0; r < R; r++) {
            const unsigned u = i + r * t;
            if (u >= nu)
                continue;
            union {
                uint4 q;
                E e[N];
            } o;
            unsigned f = u * N, p = f / s, q = f - p * s, oq = q * lm & (N - 1);
            unsigned base = q * rsn + oq;
#pragma unroll
            for (unsigned e = 0; e < N; e++) {
                o.e[e] = se[SV_AT(base + p)];
                if (++q == s) {
                    q = 0, p++, base = 0, oq = 0;
                } else {
                    const unsigned o2 = (oq + lm) & (N - 1);
                    base += rsn + o2 - oq, oq = o2;
                }
            }
            b4[l0 * s / N + u] = o.q;
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

template <int MAXT, bool SWZ, bool RAG> static const void *strip_vec_fn(int esize)
{
    switch (esize) {
    case 2: return (const void *)tpxk_strip_vec<unsigned short, MAXT, SWZ, RAG>;
    case 4: return (const void *)tpxk_strip_vec<unsigned int, MAXT, SWZ, RAG>;
    case 8: return (const void *)tpxk_strip_vec<unsigned long long, MAXT, SWZ, RAG>;
    default: return 0;
    }
}

template <int MAXT, bool RAG> static const void *strip_vec_swz(const tpx_geom *g, int esize)
{
    return g->swz ? strip_vec_fn<MAXT, true, RAG>(esize) : strip_vec_fn<MAXT, false, RAG>(esize);
}

/* The shared chunks plain or swizzled (g->swz), the long side ragged or
 * not (tpx_sv_rag): a kernel each, so the plain aligned one spends no
 * instruction on either. */
const void *tpx_fn_strip_vec(const tpx_geom *g, int esize)
{
    bool rag = tpx_sv_rag(g), big = (long long)g->bx * g->by > 256;
    if (big)
        return rag ? strip_vec_swz<1024, true>(g, esize) : strip_vec_swz<1024, false>(g, esize);
    return rag ? strip_vec_swz<256, true>(g, esize) : strip_vec_swz<256, false>(g, esize);
}
