/*
 * probe_reps.cuh: what it costs a block to give each thread many rows of its
 * tile.  A BX x BX tile moved by BX x BY threads gives a thread REPS = BX / BY
 * rows: the same tile and bytes by fewer, longer threads.  The probe copies
 * an 8192 x 8192 array of T (4 or 8 bytes; 2 in modes 1 and 7) in such tiles, each thread
 * loading its REPS rows before it stores any (the tiled kernels' load
 * phase), directly (mode 0) or through a padded shared tile with a barrier
 * between (mode 1), under the same launch bounds as the catalog's bodies
 * (__launch_bounds__(1024): ptxas picks the registers).  No transpose, no
 * catalog kernel: only the rows a thread carries change (modes 3 to 7,
 * the tile transposed in shared memory and/or written to the mirrored tile,
 * and a 32-register budget are there to tell which of tile_rows'
 * differences from a copy matters).  `probe reps PAD`
 * lays the rows PAD elements further apart (8192 + PAD: rows that do not
 * start on 128 bytes, as at 9000 x 9000 f32 or 5000 x 7000 f64).
 */
#ifndef PROBE_REPS_CUH
#define PROBE_REPS_CUH

#include "probe_common.cuh"

/* The body, by the bits of MODE: 1 through the padded shared tile (a
 * barrier between), 2 the tile read down its columns (transposed in shared
 * memory), 4 written to the mirrored tile (block (i, j) stores tile (j, i)).
 * 8 the blocks in column order (tile_vec's).
 * Mode 7 is tile_rows' pattern: its pace by the registers a thread's rows
 * hold is the profile's walk curves (calibrate.py, walk); the other modes
 * tell which of its differences from a copy costs. */
template <typename T, int REPS, int MODE>
__device__ __forceinline__ void reps_body(const T *__restrict__ src, T *__restrict__ dst, int width,
                                          int wout)
{
    extern __shared__ __align__(16) unsigned char reps_smem[];
    T *tile = (T *)reps_smem;
    const int bx = blockDim.x, by = blockDim.y, tx = threadIdx.x, ty = threadIdx.y;
    ll gxi = blockIdx.x, gyi = blockIdx.y;
    if (MODE & 8) { /* tile_vec's column order: consecutive blocks go down a column of tiles */
        const ll bid = gxi + (ll)gridDim.x * gyi;
        gxi = bid / gridDim.y, gyi = bid % gridDim.y;
    }
    const ll base = (gyi * bx + ty) * width + gxi * bx + tx;
    const ll step = (ll)by * width;
    T v[REPS];
#pragma unroll
    for (int r = 0; r < REPS; r++)
        v[r] = src[base + r * step];
    if (MODE & 1) {
#pragma unroll
        for (int r = 0; r < REPS; r++)
            tile[(ty + r * by) * (bx + 1) + tx] = v[r];
        __syncthreads();
#pragma unroll
        for (int r = 0; r < REPS; r++)
            v[r] = MODE & 2 ? tile[tx * (bx + 1) + ty + r * by] : tile[(ty + r * by) * (bx + 1) + tx];
    }
    const ll out = MODE & 4 ? (gxi * bx + ty) * wout + gyi * bx + tx : (gyi * bx + ty) * wout + gxi * bx + tx;
#pragma unroll
    for (int r = 0; r < REPS; r++)
        dst[out + r * (ll)by * wout] = v[r];
}

/* The catalog's launch bounds (ptxas picks the registers), and a budget of
 * 32 registers (room for 2048 threads an SM), as ptxas gave tile_rows<32>. */
template <typename T, int REPS, int MODE>
__global__ void __launch_bounds__(1024) k_reps(const T *__restrict__ src, T *__restrict__ dst, int width,
                                               int wout)
{
    reps_body<T, REPS, MODE>(src, dst, width, wout);
}
template <typename T, int REPS, int MODE>
__global__ void __launch_bounds__(1024, 2) k_reps_r32(const T *__restrict__ src, T *__restrict__ dst,
                                                      int width, int wout)
{
    reps_body<T, REPS, MODE>(src, dst, width, wout);
}

template <typename T, int REPS, int MODE, int R32>
static void reps_one(void *s, void *d, int n, int pitch, int bx)
{
    auto fn = R32 ? k_reps_r32<T, REPS, MODE> : k_reps<T, REPS, MODE>;
    int by = bx / REPS, smem = MODE & 1 ? bx * (bx + 1) * (int)sizeof(T) : 0;
    if (by < 1 || bx * by > 1024 || smem > g_dev.smem_optin)
        return;
    CK(cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
    int got = 0;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&got, fn, bx * by, smem));
    cudaFuncAttributes fa;
    CK(cudaFuncGetAttributes(&fa, fn));
    dim3 grid(n / bx, n / bx), block(bx, by);
    double ms =
        probe_time([&] { fn<<<grid, block, smem>>>((const T *)s, (T *)d, pitch, pitch); }, 7, true);
    printf("reps,%d,%d,%d,%d,%d,%d,%d,%d,%d,%.5f,%.1f\n", (int)sizeof(T), REPS, MODE, R32, pitch,
           bx, by, got, fa.numRegs, ms, 2.0 * (double)n * n * sizeof(T) / (ms * 1e6));
}

template <typename T, int MODE, int R32 = 0>
static void reps_t(void *s, void *d, int n, int pitch)
{
    for (int bx : {32, 64, 128}) {
        reps_one<T, 2, MODE, R32>(s, d, n, pitch, bx);
        reps_one<T, 4, MODE, R32>(s, d, n, pitch, bx);
        reps_one<T, 8, MODE, R32>(s, d, n, pitch, bx);
        reps_one<T, 16, MODE, R32>(s, d, n, pitch, bx);
        reps_one<T, 32, MODE, R32>(s, d, n, pitch, bx);
        reps_one<T, 64, MODE, R32>(s, d, n, pitch, bx);
        reps_one<T, 128, MODE, R32>(s, d, n, pitch, bx);
    }
}

/* arg: PAD, the elements past a row of 8192 (0 when null) */
static void run_reps(const char *arg)
{
    int pad = arg ? probe_int_arg(arg) : 0;
    if (pad < 0 || pad > 8192) { /* a row shorter than the matrix would run past the buffer */
        fprintf(stderr, "probe reps: PAD must be a whole number of elements from 0 to 8192\n");
        exit(2);
    }
    printf("probe,tbytes,reps,mode,regs32,pitch,bx,by,bps,regs,ms,gbs\n");
    const int n = 8192, pitch = n + pad;
    const size_t bytes = (size_t)n * pitch * 8;
    void *s, *d;
    probe_pair(bytes, &s, &d);
    reps_t<unsigned, 0>(s, d, n, pitch);
    reps_t<unsigned long long, 0>(s, d, n, pitch);
    reps_t<unsigned, 1>(s, d, n, pitch);
    reps_t<unsigned long long, 1>(s, d, n, pitch);
    reps_t<unsigned, 1, 1>(s, d, n, pitch);
    reps_t<unsigned long long, 1, 1>(s, d, n, pitch);
    reps_t<unsigned, 3>(s, d, n, pitch);
    reps_t<unsigned long long, 3>(s, d, n, pitch);
    reps_t<unsigned, 4>(s, d, n, pitch);
    reps_t<unsigned long long, 4>(s, d, n, pitch);
    reps_t<unsigned, 5>(s, d, n, pitch);
    reps_t<unsigned long long, 5>(s, d, n, pitch);
    reps_t<unsigned, 7>(s, d, n, pitch);
    reps_t<unsigned long long, 7>(s, d, n, pitch);
    reps_t<unsigned short, 1>(s, d, n, pitch); /* 2-byte elements (f16): a register each, */
    reps_t<unsigned short, 7>(s, d, n, pitch); /* half of it used */
    probe_pair_free(s, d);
}

#endif
