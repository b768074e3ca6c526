/* The CUDA runner's measurement, as measuring.md describes it: verify on
 * random data with the output poisoned, warm up, then time samples with CUDA
 * events (L2 flushed before each, or back-to-back batches in hot mode) until
 * the noise settles or the time cap, against memcpy of the same bytes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "catalog.h"
#include "measure_stats.h"
#include "runner_cuda.h"
#include "runner_nvml.h"
#include "tpx_gpu.h"

/* One thing to time: a catalog kernel, cudaMemcpy or cuBLAS geam. */
typedef struct cuda_op {
    tpx_kernel_id k;
    tpx_config c;          /* a user kernel's launch takes the config's sides */
    cuda_user_launch user; /* user.fn: a user kernel (runner_cuda_user.c) */
    tpx_geom g;
    tpx_gpu_launch plan;
    long long w, h;
    int esize;
    size_t bytes; /* of A, and of B */
} cuda_op;

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* cuBLAS is column-major: A (h rows of w, row-major) is a w x h matrix with
 * lda = w, and B = A^T an h x w one with ldc = h.  geam computes
 * C = alpha op(A) + beta op(B); op(B) is A^T again, so that with beta = 0 a
 * read of it, if cuBLAS made one, could not change C. */
static cudaError_t blas_geam(cuda_state *st, const cuda_op *op)
{
    int m = (int)op->h, n = (int)op->w, lda = (int)op->w;
    cublasStatus_t s;
    if (op->esize == 4) {
        const float one = 1.0f, zero = 0.0f;
        s = st->bl.sgeam(st->blas, CUBLAS_OP_T, CUBLAS_OP_T, m, n, &one, st->a, lda, &zero, st->a,
                         lda, st->b, m);
    } else {
        const double one = 1.0, zero = 0.0;
        s = st->bl.dgeam(st->blas, CUBLAS_OP_T, CUBLAS_OP_T, m, n, &one, st->a, lda, &zero, st->a,
                         lda, st->b, m);
    }
    cudaError_t e = cudaGetLastError();
    return s != CUBLAS_STATUS_SUCCESS && e == cudaSuccess ? cudaErrorLaunchFailure : e;
}

static cudaError_t op_run(cuda_state *st, const cuda_op *op)
{
    switch (tpx_traits_of(op->k).ref) {
    case TPX_REF_MEMCPY:
        return cudaMemcpyAsync(st->b, st->a, op->bytes, cudaMemcpyDeviceToDevice, st->stream);
    case TPX_REF_CUBLAS:
        return blas_geam(st, op);
    default:
        if (op->user.fn)
            return cuda_user_run(st, &op->user, &op->c);
        return (cudaError_t)tpx_gpu_run(&op->plan, &op->g, st->a, st->b, st->stream);
    }
}

/* Compiled kernel, shared-memory opt-in and occupancy of a catalog kernel. */
static int prepare_kernel(cuda_state *st, const tpx_config *c, cuda_op *op, tpx_measurement *out)
{
    char m[TPX_MSG];
    if (tpx_gpu_plan(c->kernel, &op->g, op->esize, &op->plan) != 0) {
        runner_not_measured(out, TPX_ST_UNAVAILABLE, "no compiled kernel for this element size");
        return -1;
    }
    struct cudaFuncAttributes fa;
    if (cuda_fail(st, cudaFuncGetAttributes(&fa, op->plan.fn), "cudaFuncGetAttributes", out))
        return -1;
    int threads = c->bx * c->by;
    if (threads > fa.maxThreadsPerBlock) {
        snprintf(m, sizeof m, "%s uses %d registers per thread, so a block may have at most %d "
                 "threads on this GPU; use a smaller block", catalog_name(c->kernel), fa.numRegs,
                 fa.maxThreadsPerBlock);
        runner_not_measured(out, TPX_ST_INVALID, m);
        return -1;
    }
    if (op->plan.smem > 48 * 1024 &&
        cuda_fail(st, cudaFuncSetAttribute(op->plan.fn, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                           (int)op->plan.smem),
                  "cudaFuncSetAttribute (shared memory above 48 KB)", out))
        return -1;
    int blocks = 0;
    if (cuda_fail(st, cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, op->plan.fn, threads,
                                                                   op->plan.smem),
                  "cudaOccupancyMaxActiveBlocksPerMultiprocessor", out))
        return -1;
    if (blocks == 0) {
        snprintf(m, sizeof m, "a block of %d threads with %zu bytes of shared memory does not fit "
                 "on a multiprocessor of this GPU", threads, op->plan.smem);
        runner_not_measured(out, TPX_ST_INVALID, m);
        return -1;
    }
    int warps = (threads + 31) / 32, max_warps = st->facts.max_threads_per_sm / 32;
    out->occ.valid = 1;
    out->occ.blocks_per_sm = blocks;
    out->occ.regs_per_thread = fa.numRegs;
    out->occ.smem_per_block = (long long)fa.sharedSizeBytes + (long long)op->plan.smem;
    out->occ.occupancy = max_warps > 0 ? (double)(blocks * warps) / max_warps : 0.0;
    return 0;
}

static int prepare(cuda_state *st, const tpx_config *c, cuda_op *op, tpx_measurement *out)
{
    memset(op, 0, sizeof *op);
    op->k = c->kernel;
    op->c = *c;
    op->g = config_geom(c);
    op->w = c->w;
    op->h = c->h;
    op->esize = (int)config_esize(c->dtype);
    op->bytes = (size_t)(c->w * c->h) * (size_t)op->esize;
    tpx_ref ref = tpx_traits_of(c->kernel).ref;
    if (ref == TPX_REF_MEMCPY)
        return 0;
    if (ref == TPX_REF_CUBLAS) {
        if (c->dtype == TPX_F16) {
            runner_not_measured(out, TPX_ST_UNAVAILABLE, "cuBLAS has no f16 geam");
            return -1;
        }
        if (c->w > 2147483647LL || c->h > 2147483647LL) {
            runner_not_measured(out, TPX_ST_UNAVAILABLE, "cuBLAS geam takes sides below 2^31");
            return -1;
        }
        return cuda_blas(st, out);
    }
    if (tpx_is_user(c->kernel))
        return cuda_user_prepare(st, c, &op->user, out);
    return prepare_kernel(st, c, op, out);
}

static int sync_stream(cuda_state *st, const char *what, tpx_measurement *out)
{
    return cuda_fail(st, cudaStreamSynchronize(st->stream), what, out);
}

/* Runs op once on random A with B poisoned (every byte 0xff: a NaN in each
 * float type, never one of the random values), then checks B on the GPU.
 * poison = 0 re-checks the B the timed runs left. */
static int verify(cuda_state *st, const cuda_op *op, int poison, tpx_measurement *out)
{
    long long n = op->w * op->h;
    if (poison) {
        st->seed = st->seed * 6364136223846793005ULL + 1442695040888963407ULL;
        if (cuda_fail(st, (cudaError_t)tpx_gpu_fill(st->a, n, op->esize, st->seed, st->stream),
                      "filling A", out) ||
            cuda_fail(st, cudaMemsetAsync(st->b, 0xff, op->bytes, st->stream), "poisoning B", out))
            return -1;
        cudaError_t e = op_run(st, op);
        if (cuda_fail(st, e, "launch", out) || sync_stream(st, "kernel", out))
            return -1;
    }
    int transposed = !tpx_is_copy(op->k);
    unsigned long long bad = 0;
    if (cuda_fail(st, (cudaError_t)tpx_gpu_check(st->a, st->b, op->w, op->h, op->esize, transposed,
                                                 st->d_bad, st->stream),
                  "checking B", out) ||
        cuda_fail(st, cudaMemcpyAsync(&bad, st->d_bad, sizeof bad, cudaMemcpyDeviceToHost,
                                      st->stream), "reading the check", out) ||
        sync_stream(st, "checking B", out))
        return -1;
    if (bad) {
        char m[TPX_MSG];
        snprintf(m, sizeof m, "%llu of %lld elements of B are wrong%s: no number is shown", bad, n,
                 poison ? "" : " after the timed runs");
        runner_not_measured(out, TPX_ST_VERIFY_FAILED, m);
        return -1;
    }
    return 0;
}

/* One sample in ms: cold flushes the L2 first; hot times `batch` launches. */
static int sample(cuda_state *st, const cuda_op *op, int hot, int batch, int k, double *ms,
                  tpx_measurement *out)
{
    if (!hot && cuda_fail(st, cudaMemsetAsync(st->flush, k & 0xff, st->flush_bytes, st->stream),
                          "flushing the L2", out))
        return -1;
    if (cuda_fail(st, cudaEventRecord(st->ev0, st->stream), "cudaEventRecord", out))
        return -1;
    for (int i = 0; i < batch; i++)
        if (cuda_fail(st, op_run(st, op), "launch", out))
            return -1;
    float t = 0;
    if (cuda_fail(st, cudaEventRecord(st->ev1, st->stream), "cudaEventRecord", out) ||
        cuda_fail(st, cudaEventSynchronize(st->ev1), "kernel", out) ||
        cuda_fail(st, cudaEventElapsedTime(&t, st->ev0, st->ev1), "cudaEventElapsedTime", out))
        return -1;
    *ms = (double)t / batch;
    return 0;
}

typedef struct sampler {
    const atomic_int *cancel;
    tpx_progress_fn progress;
    void *ctx;
} sampler;

/* Warm-up, a dropped first sample, then samples until stats_should_stop. */
static int time_op(cuda_state *st, const cuda_op *op, const tpx_measure_opts *o,
                   const sampler *sp, stats_summary *res, tpx_measurement *out)
{
    if (!o->hot && cuda_flush_buffer(st, out))
        return -1;
    double warm;
    if (sample(st, op, 1, 1, 0, &warm, out))
        return -1;
    /* Hot batches last at least half a millisecond: far above event resolution. */
    int batch = 1;
    if (o->hot && warm > 0)
        batch = warm >= 0.5 ? 1 : (int)(0.5 / warm) + 1;
    if (batch > 1000)
        batch = 1000;
    int cap = o->max_samples > 0 ? o->max_samples : 1;
    double *v = malloc(sizeof *v * (size_t)cap), t0 = now_s(), ms;
    if (!v) {
        runner_not_measured(out, TPX_ST_LAUNCH_ERROR, "out of host memory");
        return -1;
    }
    int n = 0;
    memset(&out->clocks, 0, sizeof out->clocks);
    for (int k = 0;; k++) {
        if (sp->cancel && atomic_load(sp->cancel)) {
            runner_not_measured(out, TPX_ST_CANCELLED, "cancelled");
            free(v);
            return -1;
        }
        if (sample(st, op, o->hot, batch, k, &ms, out)) {
            free(v);
            return -1;
        }
        if (k == 0)
            continue; /* the first sample is dropped */
        v[n++] = ms;
        /* read after the sample, outside the events: the clocks it ran at
         * (a throttled sample is kept and counted: the file says how many) */
        nvml_clocks_add(&out->clocks, st->nvml);
        double el = now_s() - t0;
        if (sp->progress) {
            double f = o->time_cap_s > 0 ? el / o->time_cap_s : 0;
            if ((double)n / cap > f)
                f = (double)n / cap;
            sp->progress(sp->ctx, f < 1 ? f : 1);
        }
        if (stats_should_stop(v, n, el, o))
            break;
    }
    *res = stats_summarize(v, n);
    free(v);
    return 0;
}

static double bw_gbs(size_t bytes, double ms) { return 2.0 * (double)bytes / (ms * 1e-3) / 1e9; }

static void cache_put(cuda_state *st, const cuda_op *op, int hot, double gbs)
{
    int slot = st->n_memcpy < CUDA_MEMCPY_CACHE ? st->n_memcpy++ : CUDA_MEMCPY_CACHE - 1;
    st->memcpy_gbs[slot].bytes = (long long)op->bytes;
    st->memcpy_gbs[slot].hot = hot;
    st->memcpy_gbs[slot].gbs = gbs;
}

/* memcpy of op's bytes in this mode: measured once per runner, then cached. */
static double memcpy_gbs(cuda_state *st, const cuda_op *op, const tpx_measure_opts *o,
                         const sampler *sp, tpx_measurement *out)
{
    for (int i = 0; i < st->n_memcpy; i++)
        if (st->memcpy_gbs[i].bytes == (long long)op->bytes && st->memcpy_gbs[i].hot == o->hot)
            return st->memcpy_gbs[i].gbs;
    cuda_op mc = *op;
    mc.k = TPX_K_MEMCPY;
    stats_summary s;
    tpx_measurement scratch = *out;
    if (verify(st, &mc, 1, &scratch) || time_op(st, &mc, o, sp, &s, &scratch)) {
        if (scratch.status == TPX_ST_CANCELLED || st->broken)
            *out = scratch;
        return -1.0;
    }
    double gbs = bw_gbs(op->bytes, s.median);
    cache_put(st, op, o->hot, gbs);
    return gbs;
}

void cuda_measure(tpx_runner *r, const tpx_config *c, const tpx_measure_opts *o,
                  tpx_measurement *out, const atomic_int *cancel, tpx_progress_fn progress,
                  void *ctx)
{
    cuda_state *st = r->state;
    char m[TPX_MSG];
    sampler sp = {cancel, progress, ctx};
    runner_not_measured(out, TPX_ST_NOT_MEASURED, "");
    if (st->broken) {
        runner_not_measured(out, TPX_ST_LAUNCH_ERROR, st->broken_msg);
        return;
    }
    if (config_validate(c, &st->lim, m, sizeof m) != 0) {
        runner_not_measured(out, TPX_ST_INVALID, m);
        return;
    }
    cuda_op op;
    if (cuda_fail(st, cudaSetDevice(st->dev), "cudaSetDevice", out) || prepare(st, c, &op, out) ||
        cuda_buffers(st, op.bytes, out))
        goto done;
    double ref = -1.0;
    int is_memcpy = tpx_traits_of(c->kernel).ref == TPX_REF_MEMCPY;
    if (!o->once && !is_memcpy) {
        ref = memcpy_gbs(st, &op, o, &sp, out);
        if (out->status == TPX_ST_CANCELLED || st->broken)
            goto done;
    }
    if (verify(st, &op, 1, out))
        goto done;
    out->verified = 1;
    if (!o->once) {
        stats_summary s;
        if (time_op(st, &op, o, &sp, &s, out) || verify(st, &op, 0, out))
            goto done;
        out->samples = s.n;
        out->min_ms = s.min;
        out->median_ms = s.median;
        out->mean_ms = s.mean;
        out->q1_ms = s.q1;
        out->q3_ms = s.q3;
        out->max_ms = s.max;
        out->noise = s.noise;
        out->gbs = bw_gbs(op.bytes, s.median);
        out->pct_peak = st->facts.peak_gbs > 0 ? 100.0 * out->gbs / st->facts.peak_gbs : -1.0;
        if (is_memcpy) {
            ref = out->gbs;
            cache_put(st, &op, o->hot, ref);
        }
        out->memcpy_gbs = ref;
        out->pct_memcpy = ref > 0 ? 100.0 * out->gbs / ref : -1.0;
    }
    if (o->once)
        memset(&out->clocks, 0, sizeof out->clocks);
    out->status = TPX_ST_OK;
    out->badge = runner_badge(2LL * (long long)op.bytes, st->facts.l2_bytes);
done:
    out->hot = o->hot;
    snprintf(out->device, sizeof out->device, "%s", st->facts.name);
}
