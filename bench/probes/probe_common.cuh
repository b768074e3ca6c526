/*
 * probe_common.cuh: what every probe of bench/probes shares: error checks,
 * the device's limits, an L2 flush, and a timer that takes the median of
 * CUDA-event samples.  The probes measure the GPU's own rates with kernels of
 * their own (no catalog kernel), so the prediction's constants come from
 * them and not from the sweeps the prediction is judged on
 * (docs/prediction.md, "Calibration").
 */
#ifndef PROBE_COMMON_CUH
#define PROBE_COMMON_CUH

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

typedef long long ll;

#define CK(x)                                                                                  \
    do {                                                                                       \
        cudaError_t e_ = (x);                                                                  \
        if (e_ != cudaSuccess) {                                                               \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
            exit(1);                                                                           \
        }                                                                                      \
    } while (0)

struct probe_dev {
    int sms, max_threads_sm, max_blocks_sm, smem_sm, smem_optin, l2_bytes, clock_khz;
    void *flush;      /* 2 x L2, memset before a cold sample */
    size_t flush_bytes;
};

static probe_dev g_dev;
/* --once: every timing is one launch and no warm-up, for Nsight Compute to
 * read each config's counters once (bench/gpu_carve.sh) */
static int g_once;

static void probe_dev_init(void)
{
    int d = 0;
    CK(cudaGetDevice(&d));
    CK(cudaDeviceGetAttribute(&g_dev.sms, cudaDevAttrMultiProcessorCount, d));
    CK(cudaDeviceGetAttribute(&g_dev.max_threads_sm, cudaDevAttrMaxThreadsPerMultiProcessor, d));
    CK(cudaDeviceGetAttribute(&g_dev.max_blocks_sm, cudaDevAttrMaxBlocksPerMultiprocessor, d));
    CK(cudaDeviceGetAttribute(&g_dev.smem_sm, cudaDevAttrMaxSharedMemoryPerMultiprocessor, d));
    CK(cudaDeviceGetAttribute(&g_dev.smem_optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, d));
    CK(cudaDeviceGetAttribute(&g_dev.l2_bytes, cudaDevAttrL2CacheSize, d));
    CK(cudaDeviceGetAttribute(&g_dev.clock_khz, cudaDevAttrClockRate, d));
    g_dev.flush_bytes = 2 * (size_t)g_dev.l2_bytes;
    CK(cudaMalloc(&g_dev.flush, g_dev.flush_bytes));
    cudaDeviceProp p;
    CK(cudaGetDeviceProperties(&p, d));
    printf("# device,%s,sms %d,max threads/SM %d,max blocks/SM %d,smem/SM %d,smem optin %d,"
           "L2 %d,clock %d kHz\n",
           p.name, g_dev.sms, g_dev.max_threads_sm, g_dev.max_blocks_sm, g_dev.smem_sm,
           g_dev.smem_optin, g_dev.l2_bytes, g_dev.clock_khz);
}

/* A whole decimal argument, or -1 (which every caller refuses). */
static int probe_int_arg(const char *a)
{
    char *end;
    long v = strtol(a, &end, 10);
    return end != a && *end == 0 && v >= 0 && v <= 1 << 20 ? (int)v : -1;
}

/* A copy probe's buffers: a source of `bytes`, every byte 1, and a
 * destination as large; and their release. */
template <typename T> static void probe_pair(size_t bytes, T **s, T **d)
{
    CK(cudaMalloc(s, bytes));
    CK(cudaMalloc(d, bytes));
    CK(cudaMemset(*s, 1, bytes));
}
static void probe_pair_free(void *s, void *d)
{
    CK(cudaFree(s));
    CK(cudaFree(d));
}

/* The median of `samples` timings (ms) of launch(), each between two
 * events, with the L2 flushed before each when cold; two warm-up runs first
 * (module loading is lazy). */
template <class F> static double probe_time(F launch, int samples, bool cold)
{
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    if (g_once)
        samples = 1;
    for (int i = 0; i < (g_once ? 0 : 2); i++)
        launch();
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    std::vector<float> t;
    for (int i = 0; i < samples; i++) {
        if (cold)
            CK(cudaMemsetAsync(g_dev.flush, i & 0xff, g_dev.flush_bytes));
        CK(cudaEventRecord(a));
        launch();
        CK(cudaEventRecord(b));
        CK(cudaEventSynchronize(b));
        CK(cudaGetLastError());
        float ms = 0;
        CK(cudaEventElapsedTime(&ms, a, b));
        t.push_back(ms);
    }
    CK(cudaEventDestroy(a));
    CK(cudaEventDestroy(b));
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

/* Dynamic shared memory that lets at most `bps` blocks share an SM (the
 * runtime reserves 1 KB per block); 0 when bps needs none. */
static int probe_smem_for(int bps)
{
    if (bps >= g_dev.max_blocks_sm)
        return 0;
    int per = g_dev.smem_sm / bps - 1024;
    /* one more block must not fit: (bps + 1) * (per + 1024) > smem_sm */
    return std::min(per, g_dev.smem_optin);
}

#endif
