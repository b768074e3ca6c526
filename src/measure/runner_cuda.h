/* runner_cuda: the CUDA runner's private state, shared by runner_cuda.c
 * (device, buffers, errors) and runner_cuda_measure.c (the measurement).
 * Only these two files and kernels/ know CUDA. */
#ifndef TPX_RUNNER_CUDA_H
#define TPX_RUNNER_CUDA_H

#include <cublas_v2.h>
#include <cuda_runtime_api.h>

#include "runner.h"

#define CUDA_MEMCPY_CACHE 32
#define CUDA_USER_CACHE 16 /* user kernels: configs checked, modules loaded */

/* A user kernel's module as loaded (driver handles, kept as pointers so that
 * this header needs no cuda.h), by the CUBIN it came from. */
typedef struct cuda_user_module {
    unsigned long long key; /* nvrtc_user_cubin's: the CUBIN's address may be reused */
    void *mod, *fn;
} cuda_user_module;

/* What launching a user kernel takes. */
typedef struct cuda_user_launch {
    void *fn; /* CUfunction */
    unsigned gx, gy;
    size_t smem;
} cuda_user_launch;

/* The cuBLAS entry points tpx uses.  The library (libcublasLt alone is over
 * 500 MB) is opened with dlopen when the cublas reference is first measured,
 * so that a run that never measures it (list, help, the model, the explorer
 * on other kernels) does not map it at start-up. */
typedef cublasStatus_t (*cuda_geam_s)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int,
                                      int, const float *, const float *, int, const float *,
                                      const float *, int, float *, int);
typedef cublasStatus_t (*cuda_geam_d)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int,
                                      int, const double *, const double *, int, const double *,
                                      const double *, int, double *, int);
typedef struct cuda_blas_fns {
    void *lib;
    cublasStatus_t (*create)(cublasHandle_t *);
    cublasStatus_t (*set_stream)(cublasHandle_t, cudaStream_t);
    cublasStatus_t (*destroy)(cublasHandle_t);
    cuda_geam_s sgeam;
    cuda_geam_d dgeam;
} cuda_blas_fns;

typedef struct cuda_state {
    int dev;
    tpx_device facts;
    tpx_limits lim;
    cudaStream_t stream;
    cudaEvent_t ev0, ev1;
    void *a, *b;               /* A and B, `cap` bytes each */
    size_t cap;
    void *flush;               /* 2 x L2, memset before each cold sample */
    size_t flush_bytes;
    unsigned long long *d_bad; /* the checker's mismatch counter */
    cuda_blas_fns bl;          /* cuBLAS, opened on first use */
    cublasHandle_t blas;
    int blas_ready;
    unsigned long long seed;
    /* memcpy of the same bytes in the same mode, measured once per run */
    struct { long long bytes; int hot; double gbs; } memcpy_gbs[CUDA_MEMCPY_CACHE];
    int n_memcpy;
    /* user kernels (runner_cuda_user.c): configs whose CPU check passed, and
     * the modules NVRTC's CUBINs were loaded into */
    tpx_config user_checked[CUDA_USER_CACHE];
    int nuser_checked;
    cuda_user_module user_mod[CUDA_USER_CACHE];
    int nuser_mod;
    struct nvml_session *nvml; /* the clocks of each sample; NULL without NVML */
    int broken;                /* a sticky error: the context is lost */
    char broken_msg[TPX_MSG];
} cuda_state;

/* 0 if e is success; otherwise sets out to LAUNCH_ERROR naming `what` (and
 * marks the runner broken when the error is sticky) and returns -1. */
int cuda_fail(cuda_state *st, cudaError_t e, const char *what, tpx_measurement *out);

/* A and B of `bytes` each; 0, or -1 with out set to OOM or LAUNCH_ERROR. */
int cuda_buffers(cuda_state *st, size_t bytes, tpx_measurement *out);

/* The L2 flush buffer (cold mode); 0 or -1 as above. */
int cuda_flush_buffer(cuda_state *st, tpx_measurement *out);

/* cuBLAS opened and its handle created, on first use; 0, or -1 with out set
 * to UNAVAILABLE (no library, or it would not start). */
int cuda_blas(cuda_state *st, tpx_measurement *out);

/* A user kernel (the kernel language): checked on the CPU, compiled with
 * NVRTC, loaded; 0, or -1 with out saying why it is not run. */
int cuda_user_prepare(cuda_state *st, const tpx_config *c, cuda_user_launch *l,
                      tpx_measurement *out);
/* One launch of it on st's A and B, in st's stream. */
cudaError_t cuda_user_run(cuda_state *st, const cuda_user_launch *l, const tpx_config *c);

void cuda_measure(tpx_runner *r, const tpx_config *c, const tpx_measure_opts *o,
                  tpx_measurement *out, const atomic_int *cancel, tpx_progress_fn progress,
                  void *ctx);

#endif
