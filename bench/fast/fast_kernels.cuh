/*
 * fast_kernels.cuh: candidate kernels for issue 11 (the fastest transpose).
 *
 * A is H rows of W columns, row-major; B = A^T is W rows of H columns, so
 * B[x*H + y] = A[y*W + x] (tpx's convention).  Kernels copy bits: E is a raw
 * 2-, 4- or 8-byte type.  N = 16 / sizeof(E) elements fill one 16-byte vector.
 *
 * Every kernel is correct for any W, H >= 1.  The 16-byte path runs only on a
 * tile that is whole and whose rows start on 16 bytes in both A and B
 * (W % N == 0 and H % N == 0; cudaMalloc bases are 256-byte aligned); any
 * other tile runs an element-wise path through the same shared layout.
 */
#ifndef FAST_KERNELS_CUH
#define FAST_KERNELS_CUH

#include <cuda_runtime.h>
#include <stdint.h>

typedef long long ll;

/* 16-byte global load and store.  Written in PTX because nvcc split a plain
 * uint4 store through a cast pointer into four 4-byte stores; these pin the
 * instruction width (LDG.E.128 / STG.E.128), which is the point of the study. */
__device__ __forceinline__ uint4 g_ld16(const void *p)
{
    uint4 v;
    asm("ld.global.nc.v4.u32 {%0, %1, %2, %3}, [%4];"
        : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
        : "l"(p));
    return v;
}
__device__ __forceinline__ void g_st16(void *p, uint4 v)
{
    asm volatile("st.global.v4.u32 [%0], {%1, %2, %3, %4};" ::"l"(p), "r"(v.x), "r"(v.y), "r"(v.z),
                 "r"(v.w)
                 : "memory");
}

/* 16-byte shared store and load, pinned for the same reason (nvcc split an
 * f64 tile's uint4 store into 4 + 4 + 8 bytes).  volatile + memory clobber:
 * they must stay on their side of __syncthreads. */
__device__ __forceinline__ void s_st16(void *p, uint4 v)
{
    unsigned a = (unsigned)__cvta_generic_to_shared(p);
    asm volatile("st.shared.v4.u32 [%0], {%1, %2, %3, %4};" ::"r"(a), "r"(v.x), "r"(v.y), "r"(v.z),
                 "r"(v.w)
                 : "memory");
}
__device__ __forceinline__ uint4 s_ld16(const void *p)
{
    unsigned a = (unsigned)__cvta_generic_to_shared(p);
    uint4 v;
    asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];"
                 : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
                 : "r"(a)
                 : "memory");
    return v;
}

/* ---- copy_vec: the honest ceiling of a kernel ------------------------------ */

/* U 16-byte vectors per thread, all loads in flight before the first store;
 * the last (nbytes % 16) bytes are copied one byte at a time by block 0. */
template <int U, int T>
__global__ void __launch_bounds__(T)
    k_copy_vec(const uint4 *__restrict__ a, uint4 *__restrict__ b, ll nbytes)
{
    ll n16 = nbytes / 16;
    ll base = (ll)blockIdx.x * T * U + threadIdx.x;
    uint4 v[U];
#pragma unroll
    for (int i = 0; i < U; i++)
        if (base + (ll)i * T < n16)
            v[i] = g_ld16(a + base + (ll)i * T);
#pragma unroll
    for (int i = 0; i < U; i++)
        if (base + (ll)i * T < n16)
            g_st16(b + base + (ll)i * T, v[i]);
    if (blockIdx.x == 0 && threadIdx.x < (nbytes & 15)) {
        const unsigned char *ac = (const unsigned char *)a;
        unsigned char *bc = (unsigned char *)b;
        bc[n16 * 16 + threadIdx.x] = ac[n16 * 16 + threadIdx.x];
    }
}

/* ---- register transpose of an N x N sub-block held as N 16-byte rows ------- */

/* 4-byte elements: a 4x4 transpose is only a renaming of registers. */
__device__ __forceinline__ void rt_transpose(uint4 *r, unsigned int)
{
    uint4 t[4];
    t[0] = make_uint4(r[0].x, r[1].x, r[2].x, r[3].x);
    t[1] = make_uint4(r[0].y, r[1].y, r[2].y, r[3].y);
    t[2] = make_uint4(r[0].z, r[1].z, r[2].z, r[3].z);
    t[3] = make_uint4(r[0].w, r[1].w, r[2].w, r[3].w);
#pragma unroll
    for (int i = 0; i < 4; i++)
        r[i] = t[i];
}

/* 8-byte elements: a 2x2 block of doubles is two uint4 = 4 words each. */
__device__ __forceinline__ void rt_transpose(uint4 *r, unsigned long long)
{
    uint4 t0 = make_uint4(r[0].x, r[0].y, r[1].x, r[1].y);
    uint4 t1 = make_uint4(r[0].z, r[0].w, r[1].z, r[1].w);
    r[0] = t0;
    r[1] = t1;
}

/* 2-byte elements: an 8x8 block of halves.  Output row k, word m packs
 * in[2m][k] (low half) and in[2m+1][k] (high half): one byte permute each,
 * 32 PRMT for 64 halves, so halves move at the cost of words. */
__device__ __forceinline__ unsigned word_of(const uint4 &v, int i)
{
    return i == 0 ? v.x : i == 1 ? v.y : i == 2 ? v.z : v.w;
}
__device__ __forceinline__ void rt_transpose(uint4 *r, unsigned short)
{
    uint4 t[8];
#pragma unroll
    for (int k = 0; k < 8; k++) {
        unsigned sel = (k & 1) ? 0x7632 : 0x5410;
        unsigned w[4];
#pragma unroll
        for (int m = 0; m < 4; m++)
            w[m] = __byte_perm(word_of(r[2 * m], k >> 1), word_of(r[2 * m + 1], k >> 1), sel);
        t[k] = make_uint4(w[0], w[1], w[2], w[3]);
    }
#pragma unroll
    for (int k = 0; k < 8; k++)
        r[k] = t[k];
}

/* ---- tile_vec: 16-byte global and shared accesses, register sub-blocks ----- */

/* The shared tile holds the TRANSPOSED tile: TX rows (B rows) of TY elements.
 * Element (r, c) sits in 16-byte chunk c/N.  SWZ=1 XORs the chunk with
 * (r/N) & 7: the 8 lanes of a quarter warp store rows N apart, which a
 * one-chunk pad cannot separate (they would all land on the same banks).
 * SWZ=0 pads each row by one chunk instead (the lesson). */
template <typename E, int TY, int SWZ>
__device__ __forceinline__ unsigned tv_sidx(unsigned r, unsigned c)
{
    constexpr int N = 16 / sizeof(E);
    constexpr int ROW = TY + (SWZ ? 0 : N);
    unsigned ch = c / N;
    if (SWZ)
        ch ^= (r / N) & 7;
    return r * ROW + ch * N + c % N;
}

template <typename E, int TX, int TY, int SWZ> constexpr int tv_smem_bytes()
{
    return TX * (TY + (SWZ ? 0 : 16 / (int)sizeof(E))) * (int)sizeof(E);
}

/* Element-wise path for a partial or unaligned tile (block-uniform branch). */
template <typename E, int TX, int TY, int T, int SWZ>
__device__ __noinline__ void tv_edge(const E *__restrict__ a, E *__restrict__ b, ll w, ll h, ll tx0,
                                     ll ty0, E *s)
{
    for (int i = threadIdx.x; i < TX * TY; i += T) {
        int r = i / TX, c = i % TX;
        if (ty0 + r < h && tx0 + c < w)
            s[tv_sidx<E, TY, SWZ>(c, r)] = a[(ty0 + r) * w + tx0 + c];
    }
    __syncthreads();
    for (int i = threadIdx.x; i < TX * TY; i += T) {
        int r = i / TY, c = i % TY;
        if (tx0 + r < w && ty0 + c < h)
            b[(tx0 + r) * h + ty0 + c] = s[tv_sidx<E, TY, SWZ>(r, c)];
    }
}

/* A whole aligned tile: each thread loads NSB sub-blocks of N x N elements
 * (N 16-byte loads each, all in flight), transposes them in registers, stores
 * them as 16-byte chunks of the transposed tile; after the barrier it reads
 * 16-byte chunks along B rows and stores them to B. */
template <typename E, int TX, int TY, int T, int SWZ>
__device__ __forceinline__ void tv_full(const E *__restrict__ a, E *__restrict__ b, ll w, ll h,
                                        ll tx0, ll ty0, E *s)
{
    constexpr int N = 16 / sizeof(E);
    constexpr int SX = TX / N, NSB = (TX / N) * (TY / N) / T;
    constexpr int CH = TY / N, NRD = TX * CH / T;
    static_assert(NSB >= 1 && (TX / N) * (TY / N) % T == 0, "sub-blocks per thread");
    static_assert(SX >= 8 && CH % 8 == 0, "swizzle needs 8 chunks per row and lane group");
    uint4 v[NSB][N];
#pragma unroll
    for (int i = 0; i < NSB; i++) {
        unsigned sb = threadIdx.x + i * T, sbx = sb % SX, sby = sb / SX;
        const E *p = a + (ty0 + sby * N) * w + tx0 + sbx * N;
#pragma unroll
        for (int k = 0; k < N; k++)
            v[i][k] = g_ld16(p + k * w);
    }
#pragma unroll
    for (int i = 0; i < NSB; i++) {
        unsigned sb = threadIdx.x + i * T, sbx = sb % SX, sby = sb / SX;
        rt_transpose(v[i], E());
#pragma unroll
        for (int k = 0; k < N; k++)
            s_st16(s + tv_sidx<E, TY, SWZ>(sbx * N + k, sby * N), v[i][k]);
    }
    __syncthreads();
    uint4 o[NRD];
#pragma unroll
    for (int i = 0; i < NRD; i++) {
        unsigned q = threadIdx.x + i * T;
        o[i] = s_ld16(s + tv_sidx<E, TY, SWZ>(q / CH, (q % CH) * N));
    }
#pragma unroll
    for (int i = 0; i < NRD; i++) {
        unsigned q = threadIdx.x + i * T;
        g_st16(b + (tx0 + q / CH) * h + ty0 + (q % CH) * N, o[i]);
    }
}

/* One tile per block (PERSIST=0) or a persistent grid looping over tiles. */
template <typename E, int TX, int TY, int T, int SWZ, int PERSIST>
__global__ void __launch_bounds__(T)
    k_tile_vec(const E *__restrict__ a, E *__restrict__ b, ll w, ll h)
{
    extern __shared__ __align__(16) unsigned char smem_raw[];
    E *s = (E *)smem_raw;
    constexpr int N = 16 / sizeof(E);
    ll ntx = (w + TX - 1) / TX, nty = (h + TY - 1) / TY, nt = ntx * nty;
    bool aligned = w % N == 0 && h % N == 0;
    for (ll t = blockIdx.x; t < nt; t += gridDim.x) {
        ll tx0 = (t % ntx) * TX, ty0 = (t / ntx) * TY;
        if (aligned && tx0 + TX <= w && ty0 + TY <= h)
            tv_full<E, TX, TY, T, SWZ>(a, b, w, h, tx0, ty0, s);
        else
            tv_edge<E, TX, TY, T, SWZ>(a, b, w, h, tx0, ty0, s);
        if (!PERSIST)
            break;
        __syncthreads(); /* the next tile reuses the shared buffer */
    }
}

/* ---- reg_direct: no shared memory at all ----------------------------------- */

/* A warp is XL sub-blocks wide and 32/XL tall.  After the register transpose,
 * store k of a warp writes XL rows of B, each (32/XL)*16 contiguous bytes:
 * whole 32-byte sectors, so no byte is wasted, but more lines per request
 * than a staged tile.  R sub-blocks per thread, stacked down the tile. */
template <typename E, int XL, int R>
__global__ void __launch_bounds__(256)
    k_reg_direct(const E *__restrict__ a, E *__restrict__ b, ll w, ll h)
{
    constexpr int N = 16 / sizeof(E), YL = 256 / XL;
    constexpr int TX = XL * N, TY = YL * N * R;
    ll ntx = (w + TX - 1) / TX;
    ll tx0 = (blockIdx.x % ntx) * TX, ty0 = (blockIdx.x / ntx) * TY;
    if (w % N == 0 && h % N == 0 && tx0 + TX <= w && ty0 + TY <= h) {
        unsigned sbx = threadIdx.x % XL, sby = threadIdx.x / XL;
        uint4 v[R][N];
#pragma unroll
        for (int i = 0; i < R; i++) {
            const E *p = a + (ty0 + (sby + i * YL) * N) * w + tx0 + sbx * N;
#pragma unroll
            for (int k = 0; k < N; k++)
                v[i][k] = g_ld16(p + k * w);
        }
#pragma unroll
        for (int i = 0; i < R; i++) {
            rt_transpose(v[i], E());
            E *q = b + (tx0 + sbx * N) * h + ty0 + (sby + i * YL) * N;
#pragma unroll
            for (int k = 0; k < N; k++)
                g_st16(q + k * h, v[i][k]);
        }
        return;
    }
    for (int i = threadIdx.x; i < TX * TY; i += 256) {
        int r = i / TX, c = i % TX;
        if (ty0 + r < h && tx0 + c < w)
            b[(tx0 + c) * h + ty0 + r] = a[(ty0 + r) * w + tx0 + c];
    }
}

/* ---- tile_rows: the catalog's best today (element-wise, 64x4, pad 1) ------- */

template <typename E>
__global__ void __launch_bounds__(256)
    k_tile_rows(const E *__restrict__ a, E *__restrict__ b, ll w, ll h)
{
    __shared__ E s[64][65];
    ll ntx = (w + 63) / 64;
    ll tx0 = (blockIdx.x % ntx) * 64, ty0 = (blockIdx.x / ntx) * 64;
    unsigned tx = threadIdx.x % 64, ty = threadIdx.x / 64;
    E v[16];
#pragma unroll
    for (int r = 0; r < 16; r++) {
        ll y = ty0 + ty + 4 * r, x = tx0 + tx;
        if (y < h && x < w)
            v[r] = a[y * w + x];
    }
#pragma unroll
    for (int r = 0; r < 16; r++)
        s[ty + 4 * r][tx] = v[r];
    __syncthreads();
#pragma unroll
    for (int r = 0; r < 16; r++)
        v[r] = s[tx][ty + 4 * r];
#pragma unroll
    for (int r = 0; r < 16; r++) {
        ll y = tx0 + ty + 4 * r, x = ty0 + tx; /* B row y, column x */
        if (y < w && x < h)
            b[y * h + x] = v[r];
    }
}

#endif
