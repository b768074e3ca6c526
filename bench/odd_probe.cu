/*
 * odd_probe.cu: issue 20's question before a design: where does a scalar
 * tiled transpose lose its speed when rows do not start on 32 bytes, and does
 * a tile laid on B's sectors get it back?  Standalone (nvcc -O3 -std=c++17
 * -arch=sm_90 -Ikernels bench/odd_probe.cu -lcublas), every output checked
 * bitwise on the GPU.
 *   rows_x    tile_rows' 32x32 tile, block 32x8, blocks in A's row order
 *   rows_y    the same tile, blocks in B's row order (a B row's tiles next)
 *   sec_s     B rows cut on 32-byte sectors (segments of TY elements that
 *             start on a sector, A rows y0 .. y0 + TY + Q - 2 staged in
 *             shared memory), one element per lane per store
 *   sec_v     the same tile, 16-byte stores (v64y: blocks in B's row order;
 *             _p4: tile_sec's shared pitch of whole 16-byte units)
 *   win1/0    tile_sec's design written lean (odd_probe_win.cuh): each lane loads its
 *             segment's rows (win0: every row) and stores them lined up with B's vectors,
 *             phase 1 in 16-byte units
 *   tile_sec  tpx's own kernel (kernels/tile_sec.cu), launched as tpx does
 *             (_nb: its 1024-thread instance at 32x8, no 40-register bound)
 *   vl, vg    tiles laid on A's aligned 16-byte vectors, 16-byte loads whatever the row's
 *             offset (odd_probe_vl.cuh: vg's variants, some right at aligned shapes only)
 *   vw, vp    vg's tile walked M tiles down a column by one block (odd_probe_walk.cuh);
 *   vgc       by M blocks, a cluster sharing rows in shared memory (odd_probe_dsm.cuh)
 *   vga64n128/n64, vgaq2/4, vg64p128n128   what f16 waits on: a thread's loads in
 *             flight, phase 1's shared loads (odd_probe_pair.cuh)
 * (Turning win1 into tile_sec's first version a piece at a time, 2026-11-27,
 * cost 3 to 8 points of memcpy per piece: the 32-bit column-order remap, phase
 * 1 through tpx_ts_slot/tpx_ts_unit, tpx_ts_lane_of with a wrap select,
 * dynamic shared memory; which is why tile_sec's interior path is lean.)
 * One line per result: RESULT WxH dtype kernel ms GB/s %memcpy xcuBLAS ok|WRONG
 * usage: odd_probe [--size WxH,...] [--dtype f32,f16,f64] [--samples N] [--once]
 *   --once: every kernel launched once per config, nothing timed (for ncu).
 */
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <cublas_v2.h>

#include "../kernels/tile_sec.cu" /* tpx's own tile_sec, launched here as tpx does */

#define CK(x)                                                                                    \
    do {                                                                                         \
        cudaError_t e_ = (x);                                                                    \
        if (e_ != cudaSuccess) {                                                                 \
            fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_));                             \
            exit(1);                                                                             \
        }                                                                                        \
    } while (0)

typedef long long ll;

template <typename E, int ORDER> __global__ void __launch_bounds__(256) rows_k(const E *a, E *b, ll w, ll h)
{
    __shared__ E s[32][33];
    int tbx = ORDER ? blockIdx.y : blockIdx.x, tby = ORDER ? blockIdx.x : blockIdx.y;
    ll x = (ll)tbx * 32 + threadIdx.x, y = (ll)tby * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        if (x < w && y + j < h)
            s[threadIdx.y + j][threadIdx.x] = a[(y + j) * w + x];
    __syncthreads();
    x = (ll)tbx * 32 + threadIdx.y, y = (ll)tby * 32 + threadIdx.x;
    for (int j = 0; j < 32; j += 8)
        if (x + j < w && y < h)
            b[(x + j) * h + y] = s[threadIdx.x][threadIdx.y + j];
}

/* Sector-cut tiles: B row x's segment j is [S(x, j), S(x, j + 1)), S(x, j) =
 * roundup_Q(x H + j TY) for j < gy, S(x, gy) = roundup_Q((x + 1) H) (the
 * last segment takes the next row's head), clamped to W H. */
template <int Q> __device__ __forceinline__ ll sec_cut(ll x, int j, int gy, ll h, int ty)
{
    ll f = j < gy ? x * h + (ll)j * ty : (x + 1) * h;
    return (f + Q - 1) / Q * Q;
}

/* An edge tile of BX B rows, element by element: warp wp takes rows wp,
 * wp + warps, ... (also odd_probe_vl.cuh's edges). */
template <typename E, int TY, int BX = 32>
__device__ void sec_k_edge(const E *__restrict__ a, E *__restrict__ b, ll w, ll h, int gy, int tbx, int tby)
{
    constexpr int Q = 32 / sizeof(E);
    ll x0 = (ll)tbx * BX;
    int lane = threadIdx.x, wp = threadIdx.y;
    for (int c = wp; c < BX && x0 + c < w; c += blockDim.y) {
        ll x = x0 + c, lo = sec_cut<Q>(x, tby, gy, h, TY), hi = sec_cut<Q>(x, tby + 1, gy, h, TY);
        hi = hi < w * h ? hi : w * h;
        for (ll f = lo + lane; f < hi; f += 32) {
            ll xx = x, yy = f - x * h;
            while (yy >= h)
                yy -= h, xx++;
            b[f] = a[yy * w + xx];
        }
    }
}

template <typename E, int TY, int VEC, int ORDER, int SP4 = 0>
__global__ void __launch_bounds__(256) sec_k(const E *__restrict__ a, E *__restrict__ b, ll w, ll h, int gy)
{
    /* SP4: rows of whole 16-byte units, an odd number of them (tile_sec's
     * pitch): 4-way conflicts on the phase-0 stores, against the odd pitch */
    constexpr int Q = 32 / sizeof(E), N = 16 / sizeof(E), R = TY + Q - 1,
                  SP = SP4 ? (((R + N - 1) / N) | 1) * N : R | 1, L = (R + 7) / 8;
    __shared__ E s[32 * SP];
    int tbx = ORDER ? blockIdx.y : blockIdx.x, tby = ORDER ? blockIdx.x : blockIdx.y;
    ll x0 = (ll)tbx * 32, y0 = (ll)tby * TY;
    int lane = threadIdx.x, wp = threadIdx.y, t = lane + 32 * wp;
    bool in = tby < gy - 1 && x0 + 32 <= w && y0 + R <= h;
    E v[L];
    const E *ap = a + (y0 + wp) * w + x0 + lane;
#pragma unroll
    for (int i = 0; i < L; i++)
        if (wp + 8 * i < R && (in || (x0 + lane < w && y0 + wp + 8 * i < h)))
            v[i] = ap[(ll)8 * i * w];
#pragma unroll
    for (int i = 0; i < L; i++)
        if (wp + 8 * i < R && (in || (x0 + lane < w && y0 + wp + 8 * i < h)))
            s[lane * SP + wp + 8 * i] = v[i];
    __syncthreads();
    if (in && VEC) {
        constexpr int KV = TY / N, PER = 32 * KV / 256;
#pragma unroll
        for (int i = 0; i < PER; i++) {
            int idx = t + 256 * i, c = idx / KV, k = idx % KV;
            ll g = (x0 + c) * h + y0, S = (g + Q - 1) / Q * Q;
            int cx = (int)(S - g);
            union {
                uint4 u;
                E e[N];
            } o;
#pragma unroll
            for (int e = 0; e < N; e++)
                o.e[e] = s[c * SP + cx + k * N + e];
            *reinterpret_cast<uint4 *>(b + S + k * N) = o.u;
        }
        return;
    }
    if (in) {
#pragma unroll 4
        for (int idx = t; idx < 32 * TY; idx += 256) {
            int c = idx / TY, j = idx % TY;
            ll g = (x0 + c) * h + y0, S = (g + Q - 1) / Q * Q;
            b[S + j] = s[c * SP + (int)(S - g) + j];
        }
        return;
    }
    for (int c = wp; c < 32 && x0 + c < w; c += 8) {
        ll x = x0 + c, lo = sec_cut<Q>(x, tby, gy, h, TY), hi = sec_cut<Q>(x, tby + 1, gy, h, TY);
        hi = hi < w * h ? hi : w * h;
        for (ll f = lo + lane; f < hi; f += 32) {
            ll xx = x, yy = f - x * h;
            while (yy >= h)
                yy -= h, xx++;
            b[f] = xx == x && yy - y0 < R ? s[c * SP + (int)(yy - y0)] : a[yy * w + xx];
        }
    }
}

#include "odd_probe_win.cuh"

__global__ void k_fill(unsigned char *p, ll bytes, unsigned seed)
{
    for (ll i = blockIdx.x * (ll)blockDim.x + threadIdx.x; i < bytes; i += (ll)gridDim.x * blockDim.x) {
        unsigned long long x = ((unsigned long long)i + seed) * 0x9E3779B97F4A7C15ull;
        x ^= x >> 29;
        p[i] = ((unsigned char)(x >> 17) | 0x21) & 0xBF; /* finite, normal: cuBLAS rewrites NaNs */
    }
}

template <typename E> __global__ void k_check(const E *a, const E *b, ll w, ll h, unsigned long long *bad)
{
    for (ll i = blockIdx.x * (ll)blockDim.x + threadIdx.x; i < w * h; i += (ll)gridDim.x * blockDim.x)
        if (b[i] != a[(i % h) * w + i / h])
            atomicAdd(bad, 1ull);
}

#include "odd_probe_vl.cuh"
#include "odd_probe_walk.cuh"
#include "odd_probe_dsm.cuh"
#include "odd_probe_pair.cuh"
static const char *names[] = {
    "memcpy", "cublas", "rows_x", "rows_y", "sec_s64", "sec_v64", "sec_v64y", "sec_v128", "sec_v64y_p4", "win1", "win0",
    "tile_sec", "vl32", "vl64", "vl64t128", "vg32", "vg64", "vg32t128", "vg64t128", "vg128", "vg128t128", "tile_sec_nb",
    "vw64m1", "vw64m2", "vw64m4", "vw64m8", "vw64m4pf", "vw64m8pf", "vw64m16pf", "vw128m4", "vw128m4pf", "vw128m1",
    "vwx64m1", "vwx64m2", "vwx64m4", "vwx64m4pf", "vwx64m8pf", "vp64m8d1", "vp64m8d2", "vp64m16d2", "vp64m4d2", "vp64m32d2",
    "vgc64m2", "vgc64m4", "vgc64m8", "vgc32m2", "vgc32m4", "vga64", "vga32", "vgr64", "vgv64",
    "vgv64k4", "vgs64", "vg64k2", "vg64k4", "vg64k8", "vgv64p256", "vgv64p128", "vg64p256",
    "vg64p128", "vg64p256k8", "vga64n128", "vga64n64", "vg64p128n128", "vgaq2", "vgaq4"};
enum { NK = 66 };

template <typename E> static void launch(int k, const void *av, void *bv, ll w, ll h, cublasHandle_t hd)
{
    const E *a = (const E *)av;
    E *b = (E *)bv;
    unsigned gx32 = (unsigned)((w + 31) / 32), gy32 = (unsigned)((h + 31) / 32);
    int gy64 = (int)((h + 63) / 64), gy128 = (int)((h + 127) / 128);
    dim3 blk(32, 8);
    switch (k) {
    case 0: CK(cudaMemcpyAsync(bv, av, w * h * sizeof(E), cudaMemcpyDeviceToDevice)); break;
    case 1: {
        if (sizeof(E) == 4) {
            const float one = 1, zero = 0;
            cublasSgeam(hd, CUBLAS_OP_T, CUBLAS_OP_N, (int)h, (int)w, &one, (const float *)a, (int)w, &zero,
                        (const float *)b, (int)h, (float *)b, (int)h);
        } else if (sizeof(E) == 8) {
            const double one = 1, zero = 0;
            cublasDgeam(hd, CUBLAS_OP_T, CUBLAS_OP_N, (int)h, (int)w, &one, (const double *)a, (int)w, &zero,
                        (const double *)b, (int)h, (double *)b, (int)h);
        }
        break;
    }
    case 2: rows_k<E, 0><<<dim3(gx32, gy32), blk>>>(a, b, w, h); break;
    case 3: rows_k<E, 1><<<dim3(gy32, gx32), blk>>>(a, b, w, h); break;
    case 4: sec_k<E, 64, 0, 0><<<dim3(gx32, gy64), blk>>>(a, b, w, h, gy64); break;
    case 5: sec_k<E, 64, 1, 0><<<dim3(gx32, gy64), blk>>>(a, b, w, h, gy64); break;
    case 6: sec_k<E, 64, 1, 1><<<dim3(gy64, gx32), blk>>>(a, b, w, h, gy64); break;
    case 7: sec_k<E, 128, 1, 0><<<dim3(gx32, gy128), blk>>>(a, b, w, h, gy128); break;
    case 8: sec_k<E, 64, 1, 1, 1><<<dim3(gy64, gx32), blk>>>(a, b, w, h, gy64); break;
    case 9: win_k<E, 1><<<dim3(gy64, gx32), blk>>>(a, b, w, h, gy64); break;
    case 10: win_k<E, 0><<<dim3(gy64, gx32), blk>>>(a, b, w, h, gy64); break;
    case 11:
    case 21: { /* 21: tile_sec's 1024-thread instance, whose bound asks one block an SM */
        tpx_geom g = {};
        g.w = w, g.h = h, g.bx = 32, g.by = 8, g.vec = 16 / (int)sizeof(E);
        g.gx = (int)gx32, g.gy = gy64;
        size_t smem = (size_t)32 * tpx_ts_pitch(8, g.vec) * sizeof(E);
        if (k == 11)
            tpxk_tile_sec<E, 8, 256><<<dim3(gx32, gy64), blk, smem>>>(g, a, b);
        else
            tpxk_tile_sec<E, 8, 1024><<<dim3(gx32, gy64), blk, smem>>>(g, a, b);
        break;
    }
    default:
        if (k >= 61)
            launch_pair<E>(k, a, b, w, h);
        else if (k >= 42 && k < 47)
            launch_dsm<E>(k, a, b, w, h);
        else if (k >= 37 && k < 42)
            launch_pipe<E>(k, a, b, w, h);
        else if (k >= 22 && k < 37)
            launch_walk<E>(k, a, b, w, h);
        else /* 12-20, 47-60 */
            launch_vl<E>(k, a, b, w, h);
        break;
    }
    CK(cudaGetLastError());
}

static void launch_e(int e, int k, const void *a, void *b, ll w, ll h, cublasHandle_t hd)
{
    e == 2   ? launch<unsigned short>(k, a, b, w, h, hd)
    : e == 4 ? launch<unsigned>(k, a, b, w, h, hd)
             : launch<unsigned long long>(k, a, b, w, h, hd);
}

static ll check(int e, const void *a, const void *b, ll w, ll h, unsigned long long *dbad)
{
    unsigned long long bad = 0;
    CK(cudaMemset(dbad, 0, sizeof bad));
    if (e == 2)
        k_check<<<2048, 256>>>((const unsigned short *)a, (const unsigned short *)b, w, h, dbad);
    else if (e == 4)
        k_check<<<2048, 256>>>((const unsigned *)a, (const unsigned *)b, w, h, dbad);
    else
        k_check<<<2048, 256>>>((const unsigned long long *)a, (const unsigned long long *)b, w, h, dbad);
    CK(cudaMemcpy(&bad, dbad, sizeof bad, cudaMemcpyDeviceToHost));
    return (ll)bad;
}

int main(int argc, char **argv)
{
    std::vector<std::pair<ll, ll>> sizes;
    std::vector<int> dts;
    int samples = 9, once = 0;
    for (int i = 1; i < argc; i++) {
        const char *v = i + 1 < argc ? argv[i + 1] : "";
        if (!strcmp(argv[i], "--once")) {
            once = 1;
            continue;
        }
        if (!strcmp(argv[i], "--size")) {
            for (const char *p = v; *p;) {
                ll w, h;
                int n;
                if (sscanf(p, "%lldx%lld%n", &w, &h, &n) != 2 || w < 1 || h < 1 || w * h > (1LL << 30))
                    return fprintf(stderr, "odd_probe: bad --size\n"), 2;
                sizes.push_back({w, h});
                p += n;
                p += *p == ',';
            }
        } else if (!strcmp(argv[i], "--dtype")) {
            for (const char *p = v; *p; p += p[3] == ',' ? 4 : 3)
                dts.push_back(!strncmp(p, "f16", 3) ? 2 : !strncmp(p, "f64", 3) ? 8 : 4);
        } else if (!strcmp(argv[i], "--samples")) {
            samples = std::max(3, atoi(v));
        } else {
            return fprintf(stderr, "usage: odd_probe [--size WxH,...] [--dtype ...] [--samples N] [--once]\n"), 2;
        }
        i++;
    }
    if (sizes.empty())
        sizes = {{8192, 8192}, {8191, 8193}};
    if (dts.empty())
        dts = {4};
    cudaDeviceProp p;
    CK(cudaGetDeviceProperties(&p, 0));
    printf("device %s, %d SMs, L2 %d MiB\n", p.name, p.multiProcessorCount, p.l2CacheSize >> 20);
    size_t fb = 2 * (size_t)p.l2CacheSize;
    void *flush;
    unsigned long long *dbad;
    CK(cudaMalloc(&flush, fb));
    CK(cudaMalloc(&dbad, 8));
    cublasHandle_t hd;
    cublasCreate(&hd);
    cudaEvent_t t0, t1;
    CK(cudaEventCreate(&t0));
    CK(cudaEventCreate(&t1));
    int bad_any = 0;
    for (auto sz : sizes)
        for (int e : dts) {
            ll w = sz.first, h = sz.second, bytes = w * h * e;
            void *a, *b;
            CK(cudaMalloc(&a, bytes + 64));
            CK(cudaMalloc(&b, bytes + 64));
            k_fill<<<1024, 256>>>((unsigned char *)a, bytes, 7);
            double mcp = 0, cub = 0;
            for (int k = 0; k < NK; k++) {
                if ((k == 1 && e == 2) || (k >= 29 && k <= 31 && e == 8) || (k >= 37 && k < 42 && e != 2) ||
                    vl_skip(k, e, w, h) || pair_skip(k, e, w, h))
                    continue; /* no cuBLAS for f16; tiles too large; aligned only */
                CK(cudaMemset(b, 0xFF, bytes));
                launch_e(e, k, a, b, w, h, hd);
                CK(cudaDeviceSynchronize());
                ll bad = k ? check(e, a, b, w, h, dbad) : 0;
                bad_any |= bad != 0;
                if (once) {
                    printf("ONCE %lldx%lld f%d %s %s\n", w, h, e * 8, names[k], bad ? "WRONG" : "ok");
                    continue;
                }
                std::vector<double> v;
                for (int s = 0; s < samples; s++) {
                    CK(cudaMemsetAsync(flush, s & 1, fb));
                    CK(cudaEventRecord(t0));
                    launch_e(e, k, a, b, w, h, hd);
                    CK(cudaEventRecord(t1));
                    CK(cudaEventSynchronize(t1));
                    float ms;
                    CK(cudaEventElapsedTime(&ms, t0, t1));
                    v.push_back(ms);
                }
                std::sort(v.begin(), v.end());
                double ms = v[v.size() / 2], gbs = 2.0 * bytes / ms / 1e6;
                if (k == 0)
                    mcp = ms;
                if (k == 1)
                    cub = ms;
                printf("RESULT %lldx%lld f%d %-9s %.4f ms %7.0f GB/s %6.1f %%memcpy %5.2f xcuBLAS %s\n", w, h,
                       e * 8, names[k], ms, gbs, 100 * mcp / ms, cub > 0 ? cub / ms : 0.0,
                       bad ? "WRONG" : "ok");
                fflush(stdout);
            }
            CK(cudaFree(a));
            CK(cudaFree(b));
        }
    return bad_any;
}
