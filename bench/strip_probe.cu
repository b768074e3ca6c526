/*
 * strip_probe.cu: issue 20's question before a kernel: can a strip across the
 * short side of a thin matrix (tile_strip's tile, kernels/tpx_strip.h) reach
 * memcpy's speed at f16 if both sides of its global traffic move as 16-byte
 * vectors?  tile_strip moves single elements and spends ~60 instructions an
 * element at f16 (Nsight Compute, docs/PERFORMANCE.md): the SMs, not DRAM,
 * bind it at half of memcpy.  Standalone (nvcc -O3 -std=c++17 -arch=sm_90
 * bench/strip_probe.cu), every output checked on the GPU against A; timings
 * are probe_time's (bench/probes/probe_common.cuh): cold, the median.
 *
 *   sg<T,EPT,SWZ,G> the strip of tile_strip, K = (EPT T / S) rounded down to
 *                  whole 16-byte vectors of the long side, for matrices whose
 *                  long side is a multiple of 16 bytes (every row of A and B
 *                  starts on 16 bytes).  Phase 0 copies the strip's source
 *                  side into shared memory as it lies, in 16-byte vectors (A
 *                  tall: one run of K S elements; A wide: S runs of K, run q
 *                  at q K).  Phase 1 gathers each 16-byte unit of B from
 *                  there, one element at a time, and stores it whole (A tall:
 *                  B's rows, units taken G along a row, the rows in turn,
 *                  so a warp's stores fill whole sectors; A wide: B's run of
 *                  K S elements).  T threads, EPT elements a thread, SWZ 1:
 *                  the 16-byte chunk c of shared memory lies at c ^ ((c / 8)
 *                  mod 8), 2: at c ^ ((c / 8 ^ c / 64) mod 8).
 *   tile_strip     tpx's own kernel (kernels/tile_strip.cu), launched as tpx
 *                  does, at the blocks given.
 *   memcpy         cudaMemcpy of the same bytes, the reference.
 * One line per result:
 *   RESULT WxH dtype kernel ms GB/s %memcpy ok|WRONG
 * usage: strip_probe [--size WxH,...] [--dtype f16,f32,f64] [--samples N]
 */
#include <cstring>
#include <string>

#include "../kernels/tile_strip.cu" /* tpx's own tile_strip, launched here as tpx does */
#include "probes/probe_common.cuh"  /* CK, the L2 flush, the median timer */

/* SWZ 1: chunk c at c ^ ((c / 8) mod 8); 2: at c ^ ((c / 8 ^ c / 64) mod 8),
 * which also spreads lanes 64 chunks apart (a tall strip's rows of B). */
template <int SWZ> __device__ __forceinline__ unsigned sg_chunk(unsigned c)
{
    return SWZ == 2 ? c ^ (((c >> 3) ^ (c >> 6)) & 7u) : SWZ ? c ^ ((c >> 3) & 7u) : c;
}

/* Registers: 32 (a full SM: TPX_SM_THREADS, 2048 on sm_90) where a thread
 * holds up to two 16-byte vectors, 64 where it holds more. */
#define SG_SM(E, EPT) (EPT * sizeof(E) <= 32 ? TPX_SM_THREADS : TPX_SM_THREADS / 2)
template <typename E, int T, int EPT, int SWZ, int G>
__global__ void __launch_bounds__(T, SG_SM(E, EPT) / T > 0 ? SG_SM(E, EPT) / T : 1)
    sg_k(const E *__restrict__ a, E *__restrict__ b, ll w, ll h, unsigned k)
{
    constexpr unsigned N = 16 / sizeof(E), CH = EPT * T / N,
                       R = CH / T; /* chunks: a block, a thread */
    /* units a thread in phase 1: up to G - 1 more a row where rows are cut in groups */
    constexpr unsigned RU = G > 1 ? 2 * R : R;
    extern __shared__ uint4 sm[];
    const bool tall = w <= h;
    const unsigned s = (unsigned)(tall ? w : h), t = threadIdx.x;
    const ll l = tall ? h : w, l0 = (ll)blockIdx.x * k;
    const unsigned nl = (unsigned)(l - l0 < (ll)k ? l - l0 : (ll)k), per = nl / N, nv = per * s;
    /* phase 1 of a tall strip walks whole groups of G units a row (G at
     * most a full strip's units a row, a power of 2: 2^gl) */
    unsigned gl = 0;
    while (G >> (gl + 1) && (2u << gl) <= k / N)
        gl++;
    const unsigned nu = tall ? ((per + (1u << gl) - 1) >> gl << gl) * s : nv;
    const uint4 *a4 = (const uint4 *)a;
    uint4 *b4 = (uint4 *)b;
    uint4 v[R];
    if (tall) {
        const uint4 *src = a4 + l0 * s / N;
#pragma unroll
        for (unsigned r = 0; r < R; r++)
            if (t + r * T < nv)
                v[r] = src[t + r * T];
#pragma unroll
        for (unsigned r = 0; r < R; r++)
            if (t + r * T < nv)
                sm[sg_chunk<SWZ>(t + r * T)] = v[r];
    } else {
        unsigned d[R];
#pragma unroll
        for (unsigned r = 0; r < R; r++) {
            unsigned c = t + r * T, q = c / per, j = c - q * per;
            if (c < nv) {
                v[r] = a4[((ll)q * l + l0) / N + j];
                d[r] = sg_chunk<SWZ>(q * (k / N) + j);
            }
        }
#pragma unroll
        for (unsigned r = 0; r < R; r++)
            if (t + r * T < nv)
                sm[d[r]] = v[r];
    }
    __syncthreads();
    const E *se = (const E *)sm;
#define SG_AT(z) (sg_chunk<SWZ>((z) / N) * N + (z) % N)
#pragma unroll
    for (unsigned r = 0; r < RU; r++) {
        unsigned u = t + r * T;
        if (u >= nu)
            continue;
        union {
            uint4 q;
            E e[N];
        } o;
        if (tall) { /* unit u: groups of G units along a B row, the rows in turn:
                     * group g = u / G is row q = g mod S, units (g / S) G + u mod G */
            unsigned g = u >> gl, jg = g / s, q = g - jg * s, j = (jg << gl) + (u - (g << gl)),
                     z = j * N * s + q;
            if (j >= per)
                continue;
#pragma unroll
            for (unsigned i = 0; i < N; i++, z += s)
                o.e[i] = se[SG_AT(z)];
            b4[((ll)q * l + l0) / N + j] = o.q;
        } else { /* unit u of B's run: elements u N + i = p S + q, from run q's p */
            unsigned f = u * N, p = f / s, q = f - p * s;
#pragma unroll
            for (unsigned i = 0; i < N; i++) {
                o.e[i] = se[SG_AT(q * k + p)];
                if (++q == s)
                    q = 0, p++;
            }
            b4[l0 * s / N + u] = o.q;
        }
    }
#undef SG_AT
}

__global__ void k_fill(unsigned char *p, ll bytes, unsigned seed)
{
    for (ll i = blockIdx.x * (ll)blockDim.x + threadIdx.x; i < bytes;
         i += (ll)gridDim.x * blockDim.x) {
        unsigned long long x = ((unsigned long long)i + seed) * 0x9E3779B97F4A7C15ull;
        x ^= x >> 29;
        p[i] = (unsigned char)(x >> 17);
    }
}

template <typename E>
__global__ void k_check(const E *a, const E *b, ll w, ll h, unsigned long long *bad)
{
    for (ll i = blockIdx.x * (ll)blockDim.x + threadIdx.x; i < w * h;
         i += (ll)gridDim.x * blockDim.x)
        if (b[i] != a[(i % h) * w + i / h])
            atomicAdd(bad, 1ull);
}

/* The variants: sg at (T, EPT, SWZ), tile_strip at (BX, BY), memcpy. */
struct variant {
    int kind; /* 0 memcpy, 1 sg, 2 tile_strip */
    int t, ept, swz, bx, by, g;
};

static std::string vname(const variant &v)
{
    char buf[64];
    if (v.kind == 0)
        return "memcpy";
    if (v.kind == 1)
        snprintf(buf, sizeof buf, "sg%d_e%d_s%d_g%d", v.t, v.ept, v.swz, v.g);
    else
        snprintf(buf, sizeof buf, "tile_strip_%dx%d", v.bx, v.by);
    return buf;
}

/* K of sg: whole vectors of the long side, 0 when a strip cannot hold one. */
static unsigned sg_k_of(const variant &v, ll w, ll h, int e)
{
    ll s = std::min(w, h), n = 16 / e, k = (ll)v.ept * v.t / s / n * n;
    return std::max(w, h) * e % 16 ? 0 : (unsigned)k;
}

template <typename E, int T, int EPT, int SWZ, int G> static const void *sg_fn(void)
{
    return (const void *)sg_k<E, T, EPT, SWZ, G>;
}

template <typename E, int T, int EPT, int SWZ> static const void *sg_fn_g(int g)
{
    return g == 8   ? sg_fn<E, T, EPT, SWZ, 8>()
           : g == 2 ? sg_fn<E, T, EPT, SWZ, 2>()
                    : sg_fn<E, T, EPT, SWZ, 1>();
}

template <typename E, int T, int EPT>
static void sg_launch(const variant &v, const void *a, void *b, ll w, ll h, unsigned k)
{
    unsigned gx = (unsigned)((std::max(w, h) + k - 1) / k);
    size_t smem = (size_t)EPT * T * sizeof(E);
    const void *fn = v.swz == 2 ? sg_fn_g<E, T, EPT, 2>(v.g)
                     : v.swz    ? sg_fn_g<E, T, EPT, 1>(v.g)
                                : sg_fn_g<E, T, EPT, 0>(v.g);
    CK(cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    const E *ap = (const E *)a;
    E *bp = (E *)b;
    void *args[] = {&ap, &bp, &w, &h, &k};
    CK(cudaLaunchKernel(fn, dim3(gx), dim3(T), args, smem, 0));
}

template <typename E>
static void sg_any(const variant &v, const void *a, void *b, ll w, ll h, unsigned k)
{
    if (v.t == 256 && v.ept == 8)
        sg_launch<E, 256, 8>(v, a, b, w, h, k);
    else if (v.t == 256 && v.ept == 16)
        sg_launch<E, 256, 16>(v, a, b, w, h, k);
    else if (v.t == 512 && v.ept == 16)
        sg_launch<E, 512, 16>(v, a, b, w, h, k);
    else
        sg_launch<E, 128, 16>(v, a, b, w, h, k);
}

/* tpx's tile_strip as tpx launches it (tpx_fn_tile_strip picks the instance);
 * false where tpx would refuse the config (a short side past 8 BX BY). */
static bool ts_launch(const variant &v, const void *a, void *b, ll w, ll h, int e)
{
    tpx_geom g = {};
    g.w = w, g.h = h, g.bx = v.bx, g.by = v.by, g.vec = 1;
    ll k = tpx_sp_k(w, h, v.bx, v.by);
    if (std::min(w, h) > tpx_sp_cap(v.bx, v.by))
        return false;
    g.gx = (int)((std::max(w, h) + k - 1) / k), g.gy = 1;
    size_t smem = (size_t)TPX_SP_REPS * v.by * (v.bx + g.pad) * e;
    const void *fn = tpx_fn_tile_strip(&g, e);
    CK(cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    void *args[] = {&g, (void *)&a, &b};
    CK(cudaLaunchKernel(fn, dim3(g.gx), dim3(v.bx, v.by), args, smem, 0));
    return true;
}

static bool launch(const variant &v, const void *a, void *b, ll w, ll h, int e)
{
    if (v.kind == 0) {
        CK(cudaMemcpyAsync(b, a, (size_t)(w * h * e), cudaMemcpyDeviceToDevice));
        return true;
    }
    if (v.kind == 2)
        return ts_launch(v, a, b, w, h, e);
    unsigned k = sg_k_of(v, w, h, e);
    if (!k)
        return false;
    if (e == 2)
        sg_any<unsigned short>(v, a, b, w, h, k);
    else if (e == 4)
        sg_any<unsigned>(v, a, b, w, h, k);
    else
        sg_any<unsigned long long>(v, a, b, w, h, k);
    CK(cudaGetLastError());
    return true;
}

static ll check(int e, const void *a, const void *b, ll w, ll h, unsigned long long *dbad)
{
    unsigned long long bad = 0;
    CK(cudaMemset(dbad, 0, sizeof bad));
    if (e == 2)
        k_check<<<4096, 256>>>((const unsigned short *)a, (const unsigned short *)b, w, h, dbad);
    else if (e == 4)
        k_check<<<4096, 256>>>((const unsigned *)a, (const unsigned *)b, w, h, dbad);
    else
        k_check<<<4096, 256>>>((const unsigned long long *)a, (const unsigned long long *)b, w, h,
                               dbad);
    CK(cudaMemcpy(&bad, dbad, sizeof bad, cudaMemcpyDeviceToHost));
    return (ll)bad;
}

int main(int argc, char **argv)
{
    std::vector<std::pair<ll, ll>> sizes;
    std::vector<int> dts;
    int samples = 7;
    for (int i = 1; i + 1 < argc; i += 2) {
        const char *v = argv[i + 1];
        if (!strcmp(argv[i], "--size")) {
            for (const char *p = v; *p;) {
                ll w, h;
                int n;
                if (sscanf(p, "%lldx%lld%n", &w, &h, &n) != 2 || w < 1 || h < 1 ||
                    w * h > (1LL << 27))
                    return fprintf(stderr, "strip_probe: bad --size\n"), 2;
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
            return fprintf(stderr,
                           "usage: strip_probe [--size WxH,...] [--dtype ...] [--samples N]\n"),
                   2;
        }
    }
    if (sizes.empty())
        sizes = {{1, 67108864}, {67108864, 1}, {16, 4194304},
                 {4194304, 16}, {100, 671088}, {671088, 100}};
    if (dts.empty())
        dts = {2, 4, 8};
    std::vector<variant> vars = {{0, 0, 0, 0, 0, 0, 0}};
    for (auto te : std::vector<std::pair<int, int>>{{256, 8}, {256, 16}, {512, 16}, {128, 16}})
        for (int swz : {0, 1, 2})
            for (int g : {1, 2, 8})
                vars.push_back({1, te.first, te.second, swz, 0, 0, g});
    for (auto b : std::vector<std::pair<int, int>>{{32, 8}, {64, 4}, {256, 1}, {128, 8}})
        vars.push_back({2, 0, 0, 0, b.first, b.second, 0});
    probe_dev_init();
    unsigned long long *dbad;
    CK(cudaMalloc(&dbad, 8));
    int bad_any = 0;
    for (auto sz : sizes)
        for (int e : dts) {
            ll w = sz.first, h = sz.second, bytes = w * h * e;
            void *a, *b;
            CK(cudaMalloc(&a, bytes));
            CK(cudaMalloc(&b, bytes));
            k_fill<<<1024, 256>>>((unsigned char *)a, bytes, 7);
            double mcp = 0;
            for (const variant &v : vars) {
                CK(cudaMemset(b, 0xFF, bytes));
                if (!launch(v, a, b, w, h, e))
                    continue;
                CK(cudaDeviceSynchronize());
                ll bad = v.kind ? check(e, a, b, w, h, dbad) : 0;
                bad_any |= bad != 0;
                double ms = probe_time([&] { launch(v, a, b, w, h, e); }, samples, true);
                double gbs = 2.0 * bytes / ms / 1e6;
                if (v.kind == 0)
                    mcp = ms;
                printf("RESULT %lldx%lld f%d %-18s %.4f ms %7.0f GB/s %6.1f %%memcpy %s\n", w, h,
                       e * 8, vname(v).c_str(), ms, gbs, 100 * mcp / ms, bad ? "WRONG" : "ok");
                fflush(stdout);
            }
            CK(cudaFree(a));
            CK(cudaFree(b));
        }
    return bad_any;
}
