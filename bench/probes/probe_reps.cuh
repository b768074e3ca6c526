/*
 * probe_reps.cuh: what it costs a block to give each thread many rows of its
 * tile.  A BX x BX tile moved by BX x BY threads gives a thread REPS = BX / BY
 * rows: the same tile and bytes by fewer, longer threads.  The probe copies
 * an 8192 x 8192 array of T (4 or 8 bytes) in such tiles, each thread
 * loading its REPS rows before it stores any (the tiled kernels' load
 * phase), directly (mode 0) or through a padded shared tile with a barrier
 * between (mode 1), under the same launch bounds as the catalog's bodies
 * (__launch_bounds__(1024): ptxas picks the registers).  No transpose, no
 * catalog kernel: only the rows a thread carries change.  `probe reps PAD`
 * lays the rows PAD elements further apart (8192 + PAD: rows that do not
 * start on 128 bytes, as at 9000 x 9000 f32 or 5000 x 7000 f64).
 */
#ifndef PROBE_REPS_CUH
#define PROBE_REPS_CUH

#include "probe_common.cuh"

template <typename T, int REPS, int STAGED>
__global__ void __launch_bounds__(1024) k_reps(const T *__restrict__ src, T *__restrict__ dst, int width)
{
    extern __shared__ __align__(16) unsigned char reps_smem[];
    T *tile = (T *)reps_smem;
    const int bx = blockDim.x, by = blockDim.y, tx = threadIdx.x, ty = threadIdx.y;
    const ll base = ((ll)blockIdx.y * bx + ty) * width + (ll)blockIdx.x * bx + tx;
    const ll step = (ll)by * width;
    T v[REPS];
#pragma unroll
    for (int r = 0; r < REPS; r++)
        v[r] = src[base + r * step];
    if (STAGED) {
#pragma unroll
        for (int r = 0; r < REPS; r++)
            tile[(ty + r * by) * (bx + 1) + tx] = v[r];
        __syncthreads();
#pragma unroll
        for (int r = 0; r < REPS; r++)
            v[r] = tile[(ty + r * by) * (bx + 1) + tx];
    }
#pragma unroll
    for (int r = 0; r < REPS; r++)
        dst[base + r * step] = v[r];
}

template <typename T, int REPS, int STAGED>
static void reps_one(void *s, void *d, int n, int pitch, int bx)
{
    auto fn = k_reps<T, REPS, STAGED>;
    int by = bx / REPS, smem = STAGED ? bx * (bx + 1) * (int)sizeof(T) : 0;
    if (by < 1 || bx * by > 1024 || smem > g_dev.smem_optin)
        return;
    CK(cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
    int got = 0;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&got, fn, bx * by, smem));
    cudaFuncAttributes fa;
    CK(cudaFuncGetAttributes(&fa, fn));
    dim3 grid(n / bx, n / bx), block(bx, by);
    double ms =
        probe_time([&] { fn<<<grid, block, smem>>>((const T *)s, (T *)d, pitch); }, 7, true);
    printf("reps,%d,%d,%d,%d,%d,%d,%d,%d,%.5f,%.1f\n", (int)sizeof(T), REPS, STAGED, pitch, bx, by,
           got, fa.numRegs, ms, 2.0 * (double)n * n * sizeof(T) / (ms * 1e6));
}

template <typename T, int STAGED> static void reps_t(void *s, void *d, int n, int pitch)
{
    for (int bx : {32, 64, 128}) {
        reps_one<T, 2, STAGED>(s, d, n, pitch, bx);
        reps_one<T, 4, STAGED>(s, d, n, pitch, bx);
        reps_one<T, 8, STAGED>(s, d, n, pitch, bx);
        reps_one<T, 16, STAGED>(s, d, n, pitch, bx);
        reps_one<T, 32, STAGED>(s, d, n, pitch, bx);
        reps_one<T, 64, STAGED>(s, d, n, pitch, bx);
        reps_one<T, 128, STAGED>(s, d, n, pitch, bx);
    }
}

static void run_reps(int pad)
{
    printf("probe,tbytes,reps,staged,pitch,bx,by,bps,regs,ms,gbs\n");
    const int n = 8192, pitch = n + pad;
    const size_t bytes = (size_t)n * pitch * 8;
    void *s, *d;
    CK(cudaMalloc(&s, bytes));
    CK(cudaMalloc(&d, bytes));
    CK(cudaMemset(s, 1, bytes));
    reps_t<unsigned, 0>(s, d, n, pitch);
    reps_t<unsigned long long, 0>(s, d, n, pitch);
    reps_t<unsigned, 1>(s, d, n, pitch);
    reps_t<unsigned long long, 1>(s, d, n, pitch);
    CK(cudaFree(s));
    CK(cudaFree(d));
}

#endif
