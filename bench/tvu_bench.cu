/*
 * tvu_bench.cu: issue 20's measurement of tile_vec's path for rows that do
 * not start on 16 bytes (bench/tvu_kernel.cuh, kernels/tpx_tvu.h), before it
 * joins the kernel table: at each shape and dtype, cudaMemcpy D2D of the same
 * bytes, cuBLAS geam (f32, f64) and the path, each cold (a 2 x L2 memset
 * before every sample, median of --samples), in the same run; the path's
 * output (poisoned first) checked on the GPU against the definition
 * B[x H + y] = A[y W + x], bitwise, by a kernel that shares no index code.
 * One line per result:  RESULT WxH dtype kernel ms GB/s %memcpy xcuBLAS ok|WRONG
 * usage: tvu_bench [--size WxH,...] [--dtype f32,f16,f64] [--repeat R]
 *                  [--samples N] [--block BXxBY] [--variant tvu,tvr] [--check]
 *                  (--variant: tvu the shared gather, tvr the register realign; --check: verify only,
 *                  one launch per shape: the compute-sanitizer run)
 * exit 1 when any output is wrong, 2 on bad arguments.
 */
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <cublas_v2.h>

#include "tvr_kernel.cuh"
#include "tvu_kernel.cuh"

#define CK(x)                                                                                    \
    do {                                                                                         \
        cudaError_t e_ = (x);                                                                    \
        if (e_ != cudaSuccess) {                                                                 \
            fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_));                             \
            exit(1);                                                                             \
        }                                                                                        \
    } while (0)

typedef long long ll;

__global__ void k_fill(unsigned char *p, ll bytes, unsigned seed)
{
    for (ll i = blockIdx.x * (ll)blockDim.x + threadIdx.x; i < bytes; i += (ll)gridDim.x * blockDim.x) {
        unsigned long long x = ((unsigned long long)i + seed) * 0x9E3779B97F4A7C15ull;
        x ^= x >> 29;
        p[i] = (unsigned char)(x >> 17) | 1; /* never all zero, never the 0xFF poison word */
    }
}

template <typename E>
__global__ void k_check(const E *a, const E *b, ll w, ll h, unsigned long long *bad)
{
    for (ll i = blockIdx.x * (ll)blockDim.x + threadIdx.x; i < w * h; i += (ll)gridDim.x * blockDim.x)
        if (b[i] != a[(i % h) * w + i / h])
            atomicAdd(bad, 1ull);
}

static unsigned long long check(const void *a, const void *b, ll w, ll h, int e,
                                unsigned long long *dbad)
{
    unsigned long long bad = 0;
    CK(cudaMemset(dbad, 0, sizeof bad));
    if (e == 2)
        k_check<<<2048, 256>>>((const unsigned short *)a, (const unsigned short *)b, w, h, dbad);
    else if (e == 4)
        k_check<<<2048, 256>>>((const unsigned *)a, (const unsigned *)b, w, h, dbad);
    else
        k_check<<<2048, 256>>>((const unsigned long long *)a, (const unsigned long long *)b, w, h,
                               dbad);
    CK(cudaGetLastError());
    CK(cudaMemcpy(&bad, dbad, sizeof bad, cudaMemcpyDeviceToHost));
    return bad;
}

/* Median of n cold samples (the L2 flushed by a memset before each). */
template <typename F> static double cold_ms(F run, void *flush, size_t fb, int n)
{
    cudaEvent_t t0, t1;
    CK(cudaEventCreate(&t0));
    CK(cudaEventCreate(&t1));
    std::vector<double> v;
    run(); /* warm-up: first launch, cuBLAS handle */
    for (int i = 0; i < n; i++) {
        CK(cudaMemsetAsync(flush, i & 1, fb));
        CK(cudaEventRecord(t0));
        run();
        CK(cudaEventRecord(t1));
        CK(cudaEventSynchronize(t1));
        float ms;
        CK(cudaEventElapsedTime(&ms, t0, t1));
        v.push_back(ms);
    }
    CK(cudaEventDestroy(t0));
    CK(cudaEventDestroy(t1));
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

static int geam(cublasHandle_t hd, int e, const void *a, void *b, ll w, ll h)
{
    /* Row-major A (H x W) is column-major W x H, lda W; B = A^T row-major
     * (W x H) is column-major H x W, ldc H: C = op_T(A), m = H, n = W. */
    if (e == 4) {
        const float one = 1, zero = 0;
        return cublasSgeam(hd, CUBLAS_OP_T, CUBLAS_OP_N, (int)h, (int)w, &one, (const float *)a,
                           (int)w, &zero, (const float *)b, (int)h, (float *)b, (int)h);
    }
    const double one = 1, zero = 0;
    return cublasDgeam(hd, CUBLAS_OP_T, CUBLAS_OP_N, (int)h, (int)w, &one, (const double *)a,
                       (int)w, &zero, (const double *)b, (int)h, (double *)b, (int)h);
}

static const char *dname(int e) { return e == 2 ? "f16" : e == 4 ? "f32" : "f64"; }

struct opts {
    std::vector<std::pair<ll, ll>> sizes;
    std::vector<int> dtypes;
    std::vector<int> variants; /* 0 tvu, 1 tvr */
    int repeat = 3, samples = 20, bx = 16, by = 16, check_only = 0;
};

static const char *vname(int v) { return v ? "tvr" : "tvu"; }

static cudaError_t launch(int v, const void *a, void *b, ll w, ll h, int e, const opts &o)
{
    return v ? tvr_launch(a, b, w, h, e, o.bx, o.by) : tvu_launch(a, b, w, h, e, o.bx, o.by, 0);
}

static int parse(int argc, char **argv, opts *o)
{
    for (int i = 1; i < argc; i++) {
        const char *v = i + 1 < argc ? argv[i + 1] : "";
        if (!strcmp(argv[i], "--check")) {
            o->check_only = 1;
            continue;
        }
        if (!strcmp(argv[i], "--size")) {
            for (const char *p = v; *p;) {
                ll w = 0, h = 0;
                int used = 0;
                if (sscanf(p, "%lldx%lld%n", &w, &h, &used) != 2 || w < 1 || h < 1 ||
                    w * h > (1LL << 31)) {
                    fprintf(stderr, "tvu_bench: --size wants WxH,... (W H >= 1, W H <= 2^31)\n");
                    return 2;
                }
                o->sizes.push_back({w, h});
                p += used;
                p += *p == ',';
            }
        } else if (!strcmp(argv[i], "--dtype")) {
            for (const char *p = v; *p; p += p[3] == ',' ? 4 : 3) {
                int e = !strncmp(p, "f16", 3) ? 2 : !strncmp(p, "f32", 3) ? 4
                        : !strncmp(p, "f64", 3)                           ? 8 : 0;
                if (!e || (p[3] && p[3] != ',')) {
                    fprintf(stderr, "tvu_bench: --dtype wants f32,f16,f64\n");
                    return 2;
                }
                o->dtypes.push_back(e);
            }
        } else if (!strcmp(argv[i], "--variant")) {
            for (const char *p = v; *p; p += p[3] == ',' ? 4 : 3) {
                int k = !strncmp(p, "tvu", 3) ? 0 : !strncmp(p, "tvr", 3) ? 1 : -1;
                if (k < 0 || (p[3] && p[3] != ',')) {
                    fprintf(stderr, "tvu_bench: --variant wants tvu,tvr\n");
                    return 2;
                }
                o->variants.push_back(k);
            }
        } else if (!strcmp(argv[i], "--repeat") && atoi(v) >= 1) {
            o->repeat = atoi(v);
        } else if (!strcmp(argv[i], "--samples") && atoi(v) >= 3) {
            o->samples = atoi(v);
        } else if (!strcmp(argv[i], "--block") && sscanf(v, "%dx%d", &o->bx, &o->by) == 2 &&
                   (o->bx == 8 || o->bx == 16) && o->by >= 1 && o->bx * o->by <= 256) {
        } else {
            fprintf(stderr, "usage: tvu_bench [--size WxH,...] [--dtype f32,f16,f64] "
                            "[--repeat R] [--samples N>=3] [--block BXxBY, BX 8 or 16] [--variant tvu,tvr] [--check]\n");
            return 2;
        }
        i++;
    }
    if (o->sizes.empty())
        o->sizes = {{8191, 8193}, {6001, 3999}, {8192, 8192}};
    if (o->dtypes.empty())
        o->dtypes = {4, 2, 8};
    if (o->variants.empty())
        o->variants = {0, 1};
    return 0;
}

int main(int argc, char **argv)
{
    opts o;
    int rc = parse(argc, argv, &o);
    if (rc)
        return rc;
    cudaDeviceProp p;
    CK(cudaGetDeviceProperties(&p, 0));
    printf("device %s, %d SMs, L2 %d MiB, block %dx%d, samples %d\n", p.name,
           p.multiProcessorCount, p.l2CacheSize >> 20, o.bx, o.by, o.samples);
    size_t fb = 2 * (size_t)p.l2CacheSize;
    void *flush;
    unsigned long long *dbad;
    CK(cudaMalloc(&flush, fb));
    CK(cudaMalloc(&dbad, sizeof *dbad));
    cublasHandle_t hd;
    if (cublasCreate(&hd) != CUBLAS_STATUS_SUCCESS)
        hd = nullptr;
    int wrong = 0;
    for (auto s : o.sizes)
        for (int e : o.dtypes) {
            ll w = s.first, h = s.second;
            size_t bytes = (size_t)(w * h * e);
            void *a, *b;
            CK(cudaMalloc(&a, bytes));
            CK(cudaMalloc(&b, bytes));
            k_fill<<<1024, 256>>>((unsigned char *)a, (ll)bytes, (unsigned)(w * 31 + h + e));
            for (int v : o.variants) {
                CK(cudaMemset(b, 0xFF, bytes));
                cudaError_t le = launch(v, a, b, w, h, e, o);
                if (le == cudaErrorInvalidConfiguration) {
                    (void)cudaGetLastError();
                    printf("SKIP %lldx%lld %s %s block %dx%d (not a launchable grid)\n", w, h,
                           dname(e), vname(v), o.bx, o.by);
                    continue;
                }
                CK(le);
                CK(cudaDeviceSynchronize());
                unsigned long long bad = check(a, b, w, h, e, dbad);
                wrong |= bad != 0;
                if (bad || o.check_only)
                    printf("CHECK %lldx%lld %s %s %s (%llu wrong)\n", w, h, dname(e), vname(v),
                           bad ? "WRONG" : "ok", bad);
            }
            for (int r = 0; r < o.repeat && !o.check_only; r++) {
                double mc = cold_ms([&] { CK(cudaMemcpyAsync(b, a, bytes, cudaMemcpyDeviceToDevice)); },
                                    flush, fb, o.samples);
                double bl = 0;
                if (hd && e != 2 && w <= 0x7fffffff && h <= 0x7fffffff)
                    bl = cold_ms([&] { geam(hd, e, a, b, w, h); }, flush, fb, o.samples);
                auto line = [&](const char *k, double ms) {
                    printf("RESULT %lldx%lld %s %-7s %8.4f ms %7.0f GB/s %6.1f %%memcpy", w, h,
                           dname(e), k, ms, 2.0 * bytes / ms / 1e6, 100.0 * mc / ms);
                    if (bl > 0)
                        printf("  x%.3f cuBLAS", bl / ms);
                    printf("  run %d\n", r + 1);
                };
                line("memcpy", mc);
                if (bl > 0)
                    line("cublas", bl);
                for (int v : o.variants)
                    if (launch(v, a, b, w, h, e, o) == cudaSuccess)
                        line(vname(v), cold_ms([&] { CK(launch(v, a, b, w, h, e, o)); }, flush, fb,
                                               o.samples));
                    else
                        (void)cudaGetLastError();
            }
            fflush(stdout);
            CK(cudaFree(a));
            CK(cudaFree(b));
        }
    printf("tvu_bench: %s\n", wrong ? "WRONG output (CHECK lines above)" : "every output verified");
    return wrong ? 1 : 0;
}
