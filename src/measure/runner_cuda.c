/* The CUDA runner: device facts and limits, buffers, errors.  The
 * measurement itself is in runner_cuda_measure.c. */
#include "runner_cuda.h"
#include "runner_nvml.h"
#include "text.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int runner_device_count(void)
{
    int n = 0;
    if (cudaGetDeviceCount(&n) != cudaSuccess) {
        cudaGetLastError();
        return 0;
    }
    return n;
}

static int attr(int dev, enum cudaDeviceAttr a)
{
    int v = 0;
    if (cudaDeviceGetAttribute(&v, a, dev) != cudaSuccess) {
        cudaGetLastError();
        return 0;
    }
    return v;
}

/* What a result file keeps of the run: UUID (NVML finds the GPU by it), the
 * driver and runtime versions, ECC.  Unknown stays zero. */
static void run_facts(int dev, const struct cudaDeviceProp *p, tpx_device *d)
{
    const unsigned char *u = (const unsigned char *)p->uuid.bytes;
    unsigned any = 0;
    for (int i = 0; i < 16; i++)
        any |= u[i];
    if (any) /* an all-zero UUID is no UUID */
        snprintf(d->uuid, sizeof d->uuid,
             "GPU-%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", u[0], u[1],
             u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12], u[13], u[14],
             u[15]);
    int v = 0;
    if (cudaDriverGetVersion(&v) == cudaSuccess)
        d->driver_version = v;
    if (cudaRuntimeGetVersion(&v) == cudaSuccess)
        d->runtime_version = v;
    d->toolkit_version = CUDART_VERSION; /* the toolkit tpx was compiled with */
    if (cudaDeviceGetAttribute(&v, cudaDevAttrEccEnabled, dev) == cudaSuccess) {
        d->ecc_known = 1;
        d->ecc = v != 0;
    } else {
        cudaGetLastError();
    }
}

/* Theoretical peak from the attributes (CUDA 13 removed the clock from
 * cudaDeviceProp): 2 transfers per clock x bus width in bytes, GB = 1e9. */
static int read_facts(int dev, tpx_device *d, tpx_limits *lim, char *msg, size_t n)
{
    struct cudaDeviceProp p;
    cudaError_t e = cudaGetDeviceProperties(&p, dev);
    if (e != cudaSuccess) {
        snprintf(msg, n, "CUDA device %d: %s", dev, cudaGetErrorString(e));
        cudaGetLastError();
        return -1;
    }
    memset(d, 0, sizeof *d);
    d->valid = 1;
    d->index = dev;
    /* the driver's name is printed by the views and saved in result files:
     * sanitized like any text read from a file (a vGPU or a patched driver
     * can report anything) */
    char raw[sizeof p.name + 1];
    snprintf(raw, sizeof raw, "%.*s", (int)sizeof p.name, p.name);
    text_sanitize(d->name, sizeof d->name, raw);
    d->cc_major = p.major;
    d->cc_minor = p.minor;
    d->sms = p.multiProcessorCount;
    d->l2_bytes = attr(dev, cudaDevAttrL2CacheSize);
    d->mem_bytes = (long long)p.totalGlobalMem;
    d->mem_clock_khz = attr(dev, cudaDevAttrMemoryClockRate);
    d->bus_bits = attr(dev, cudaDevAttrGlobalMemoryBusWidth);
    d->peak_gbs = 2.0 * d->mem_clock_khz * 1e3 * (d->bus_bits / 8.0) / 1e9;
    d->max_threads_per_sm = p.maxThreadsPerMultiProcessor;
    d->max_blocks_per_sm = p.maxBlocksPerMultiProcessor;
    d->smem_per_sm = (long long)p.sharedMemPerMultiprocessor;
    d->smem_per_block_optin = (long long)p.sharedMemPerBlockOptin;
    snprintf(d->source, sizeof d->source, "cuda");
    run_facts(dev, &p, d);

    *lim = config_default_limits();
    lim->max_threads = p.maxThreadsPerBlock;
    lim->max_block_x = p.maxThreadsDim[0];
    lim->max_block_y = p.maxThreadsDim[1];
    lim->max_grid_x = p.maxGridSize[0];
    lim->max_grid_y = p.maxGridSize[1];
    /* Tiles above 48 KB are launched after cudaFuncSetAttribute raises the
     * kernel's dynamic limit, so the opt-in maximum is the real limit. */
    if (d->smem_per_block_optin > lim->smem_per_block)
        lim->smem_per_block = d->smem_per_block_optin;
    return 0;
}

static int is_sticky(void)
{
    /* A sticky error survives cudaGetLastError and fails every later call. */
    cudaGetLastError();
    return cudaDeviceSynchronize() != cudaSuccess;
}

int cuda_fail(cuda_state *st, cudaError_t e, const char *what, tpx_measurement *out)
{
    if (e == cudaSuccess)
        return 0;
    if (is_sticky()) {
        st->broken = 1;
        snprintf(st->broken_msg, sizeof st->broken_msg,
                 "%s: %s; the GPU context is lost, restart tpx to measure again", what,
                 cudaGetErrorString(e));
        runner_not_measured(out, TPX_ST_LAUNCH_ERROR, st->broken_msg);
    } else {
        char m[TPX_MSG];
        snprintf(m, sizeof m, "%s: %s", what, cudaGetErrorString(e));
        runner_not_measured(out, TPX_ST_LAUNCH_ERROR, m);
    }
    return -1;
}

static void free_ab(cuda_state *st)
{
    cudaFree(st->a);
    cudaFree(st->b);
    st->a = st->b = NULL;
    st->cap = 0;
}

int cuda_buffers(cuda_state *st, size_t bytes, tpx_measurement *out)
{
    if (bytes <= st->cap)
        return 0;
    free_ab(st);
    size_t free_b = 0, total = 0;
    if (cuda_fail(st, cudaMemGetInfo(&free_b, &total), "cudaMemGetInfo", out) != 0)
        return -1;
    char m[TPX_MSG];
    /* Keep a little room for the flush buffer and the context's own needs. */
    if (2.0 * (double)bytes + 64e6 > (double)free_b) {
        snprintf(m, sizeof m,
                 "out of GPU memory: A and B need %.2f GB (%.2f GB each), %.2f GB of %.2f GB "
                 "are free; try a smaller size or dtype",
                 2.0 * bytes / 1e9, bytes / 1e9, free_b / 1e9, total / 1e9);
        runner_not_measured(out, TPX_ST_OOM, m);
        return -1;
    }
    /* Whole 16-byte vectors: tile_sec's last store may end past the matrix
     * (kernels/tpx_tsec.h); nothing there is read as part of B. */
    size_t alloc = (bytes + 15) / 16 * 16;
    cudaError_t e1 = cudaMalloc(&st->a, alloc);
    cudaError_t e2 = e1 == cudaSuccess ? cudaMalloc(&st->b, alloc) : e1;
    if (e1 != cudaSuccess || e2 != cudaSuccess) {
        cudaGetLastError();
        free_ab(st);
        snprintf(m, sizeof m, "out of GPU memory: cudaMalloc of 2 x %.2f GB failed (%s)",
                 bytes / 1e9, cudaGetErrorString(e1 != cudaSuccess ? e1 : e2));
        runner_not_measured(out, TPX_ST_OOM, m);
        return -1;
    }
    st->cap = bytes;
    return 0;
}

int cuda_flush_buffer(cuda_state *st, tpx_measurement *out)
{
    if (st->flush)
        return 0;
    size_t bytes = (size_t)(st->facts.l2_bytes > 0 ? 2 * st->facts.l2_bytes : 128LL << 20);
    cudaError_t e = cudaMalloc(&st->flush, bytes);
    if (e != cudaSuccess) {
        cudaGetLastError();
        st->flush = NULL;
        char m[TPX_MSG];
        snprintf(m, sizeof m, "out of GPU memory for the %.0f MB L2 flush buffer", bytes / 1e6);
        runner_not_measured(out, TPX_ST_OOM, m);
        return -1;
    }
    st->flush_bytes = bytes;
    return 0;
}

/* dlopen's the cuBLAS of the toolkit tpx was built with: by its soname (the
 * loader's path), else from that toolkit's library directory; 0 or -1 and why. */
static int blas_open(cuda_blas_fns *f, char *why, size_t n)
{
    char name[32], path[512];
    snprintf(name, sizeof name, "libcublas.so.%d", CUBLAS_VER_MAJOR);
    snprintf(path, sizeof path, "%s/%s", TPX_CUDA_LIBDIR, name);
    f->lib = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!f->lib)
        f->lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!f->lib) {
        snprintf(why, n, "cuBLAS is not installed here (%s: %s)", name, dlerror());
        return -1;
    }
    /* POSIX guarantees a data pointer from dlsym converts to a function pointer. */
    f->create = (cublasStatus_t(*)(cublasHandle_t *))dlsym(f->lib, "cublasCreate_v2");
    f->set_stream =
        (cublasStatus_t(*)(cublasHandle_t, cudaStream_t))dlsym(f->lib, "cublasSetStream_v2");
    f->destroy = (cublasStatus_t(*)(cublasHandle_t))dlsym(f->lib, "cublasDestroy_v2");
    f->sgeam = (cuda_geam_s)dlsym(f->lib, "cublasSgeam");
    f->dgeam = (cuda_geam_d)dlsym(f->lib, "cublasDgeam");
    if (!f->create || !f->set_stream || !f->destroy || !f->sgeam || !f->dgeam) {
        snprintf(why, n, "%s lacks the geam entry points tpx needs", name);
        dlclose(f->lib);
        memset(f, 0, sizeof *f);
        return -1;
    }
    return 0;
}

int cuda_blas(cuda_state *st, tpx_measurement *out)
{
    if (st->blas_ready)
        return 0;
    char m[TPX_MSG];
    if (!st->bl.lib && blas_open(&st->bl, m, sizeof m) != 0) {
        runner_not_measured(out, TPX_ST_UNAVAILABLE, m);
        return -1;
    }
    cublasStatus_t s = st->bl.create(&st->blas);
    if (s == CUBLAS_STATUS_SUCCESS)
        s = st->bl.set_stream(st->blas, st->stream);
    if (s != CUBLAS_STATUS_SUCCESS) {
        snprintf(m, sizeof m, "cuBLAS could not start (status %d)", (int)s);
        runner_not_measured(out, TPX_ST_UNAVAILABLE, m);
        return -1;
    }
    st->blas_ready = 1;
    return 0;
}

static void cuda_device(tpx_runner *r, tpx_device *out)
{
    cuda_state *st = r->state;
    *out = st->facts;
    /* the clocks now: callers ask after measuring */
    unsigned sm, mem;
    unsigned long long bits;
    if (nvml_sample(st->nvml, &sm, &mem, &bits) == 0) {
        out->clocks_known = 1;
        out->sm_clock_mhz = (int)sm;
        out->mem_clock_mhz = (int)mem;
        out->throttled =
            nvml_describe_reasons(bits, out->throttle_reasons, sizeof out->throttle_reasons);
    }
}

static void cuda_limits(tpx_runner *r, tpx_limits *out)
{
    *out = ((cuda_state *)r->state)->lim;
}

static void cuda_close_state(cuda_state *st)
{
    cudaSetDevice(st->dev);
    nvml_close(st->nvml);
    if (st->blas_ready)
        st->bl.destroy(st->blas);
    if (st->bl.lib)
        dlclose(st->bl.lib);
    free_ab(st);
    cudaFree(st->flush);
    cudaFree(st->d_bad);
    cudaEventDestroy(st->ev0);
    cudaEventDestroy(st->ev1);
    cudaStreamDestroy(st->stream);
    cudaGetLastError();
    free(st);
}

static void cuda_close(tpx_runner *r)
{
    cuda_close_state(r->state);
    free(r);
}

static const tpx_runner_ops cuda_ops = {
    .name = "cuda",
    .caps = TPX_RUNNER_LIVE,
    .device = cuda_device,
    .limits = cuda_limits,
    .measure = cuda_measure,
    .close = cuda_close,
};

tpx_runner *runner_open(int dev, char *msg, size_t n)
{
    int count = runner_device_count();
    if (count == 0) {
        snprintf(msg, n, "no CUDA device found: model only");
        return runner_model_only(msg);
    }
    if (dev < 0 || dev >= count) {
        snprintf(msg, n, "CUDA device %d does not exist (devices 0 to %d): model only", dev,
                 count - 1);
        return runner_model_only(msg);
    }
    cuda_state *st = calloc(1, sizeof *st);
    if (!st)
        return NULL;
    st->dev = dev;
    st->seed = 0x7470785f7365656dULL;
    cudaError_t e = cudaSetDevice(dev);
    if (e == cudaSuccess && read_facts(dev, &st->facts, &st->lim, msg, n) != 0)
        e = cudaErrorInvalidDevice;
    if (e == cudaSuccess)
        e = cudaStreamCreateWithFlags(&st->stream, cudaStreamNonBlocking);
    if (e == cudaSuccess)
        e = cudaEventCreate(&st->ev0);
    if (e == cudaSuccess)
        e = cudaEventCreate(&st->ev1);
    if (e == cudaSuccess)
        e = cudaMalloc((void **)&st->d_bad, sizeof *st->d_bad);
    if (e != cudaSuccess) {
        snprintf(msg, n, "CUDA device %d could not be opened (%s): model only", dev,
                 cudaGetErrorString(e));
        cudaGetLastError();
        free(st);
        return runner_model_only(msg);
    }
    /* NVML for the clocks of every sample and the driver's own version
     * (cudaDriverGetVersion gives the CUDA API version the driver supports) */
    st->nvml = nvml_open(st->facts.uuid);
    nvml_driver_version(st->nvml, st->facts.nvidia_driver, sizeof st->facts.nvidia_driver);
    tpx_runner *r = runner_new(&cuda_ops, st);
    if (!r) {
        cuda_close_state(st);
        return NULL;
    }
    snprintf(msg, n, "CUDA device %d: %s", dev, st->facts.name);
    return r;
}
