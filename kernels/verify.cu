/*
 * verify.cu: random input and an independent check of the output.  The
 * check computes where element (r, c) of A must land in B from the
 * definition of a transpose (B[c][r] = A[r][c]) with its own loops; it
 * shares nothing with tpx_index.h, so an index bug there cannot hide.
 */
#include <cuda_runtime.h>

#include "tpx_gpu.h"

/* splitmix64: a well-mixed 64-bit value per element. */
__device__ __forceinline__ unsigned long long mix(unsigned long long z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Sign and mantissa random, exponent that of 1.0: never zero, never NaN. */
__global__ void tpx_aux_fill16(unsigned short *p, long long n, unsigned long long seed)
{
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
         i += (long long)blockDim.x * gridDim.x) {
        unsigned long long r = mix(seed ^ (unsigned long long)i);
        p[i] = (unsigned short)(0x3c00u | (r & 0x3ffu) | ((r >> 32) & 0x8000u));
    }
}

__global__ void tpx_aux_fill32(unsigned int *p, long long n, unsigned long long seed)
{
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
         i += (long long)blockDim.x * gridDim.x) {
        unsigned long long r = mix(seed ^ (unsigned long long)i);
        p[i] = 0x3f800000u | (unsigned)(r & 0x7fffffu) | (unsigned)((r >> 32) & 0x80000000u);
    }
}

__global__ void tpx_aux_fill64(unsigned long long *p, long long n, unsigned long long seed)
{
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
         i += (long long)blockDim.x * gridDim.x) {
        unsigned long long r = mix(seed ^ (unsigned long long)i);
        p[i] = 0x3ff0000000000000ULL | (r & 0xfffffffffffffULL) | (r & 0x8000000000000000ULL);
    }
}

/* B (w rows of h) against A (h rows of w): B[c][r] must equal A[r][c].
 * Rows of B are spread over grid y, columns over the threads of grid x. */
template <typename E>
__global__ void tpx_aux_check_t(const E *a, const E *b, long long w, long long h,
                                unsigned long long *bad)
{
    unsigned long long n = 0;
    for (long long c = blockIdx.y; c < w; c += gridDim.y)
        for (long long r = blockIdx.x * (long long)blockDim.x + threadIdx.x; r < h;
             r += (long long)blockDim.x * gridDim.x)
            n += b[c * h + r] != a[r * w + c];
    if (n)
        atomicAdd(bad, n);
}

/* A plain copy: B[i] must equal A[i]. */
template <typename E>
__global__ void tpx_aux_check_copy(const E *a, const E *b, long long count, unsigned long long *bad)
{
    unsigned long long n = 0;
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < count;
         i += (long long)blockDim.x * gridDim.x)
        n += b[i] != a[i];
    if (n)
        atomicAdd(bad, n);
}

static unsigned blocks_for(long long n)
{
    long long b = (n + 255) / 256;
    return (unsigned)(b < 4096 ? (b > 0 ? b : 1) : 4096);
}

extern "C" int tpx_gpu_fill(void *p, long long n, int esize, unsigned long long seed, void *stream)
{
    cudaStream_t s = (cudaStream_t)stream;
    unsigned g = blocks_for(n);
    switch (esize) {
    case 2: tpx_aux_fill16<<<g, 256, 0, s>>>((unsigned short *)p, n, seed); break;
    case 4: tpx_aux_fill32<<<g, 256, 0, s>>>((unsigned int *)p, n, seed); break;
    case 8: tpx_aux_fill64<<<g, 256, 0, s>>>((unsigned long long *)p, n, seed); break;
    default: return (int)cudaErrorInvalidValue;
    }
    return (int)cudaGetLastError();
}

template <typename E>
static void check(const void *a, const void *b, long long w, long long h, int transposed,
                  unsigned long long *bad, cudaStream_t s)
{
    if (transposed) {
        long long rows = w < 65535 ? w : 65535;
        long long cols = (h + 255) / 256;
        dim3 grid((unsigned)(cols < 64 ? cols : 64), (unsigned)rows);
        tpx_aux_check_t<E><<<grid, 256, 0, s>>>((const E *)a, (const E *)b, w, h, bad);
    } else {
        tpx_aux_check_copy<E><<<blocks_for(w * h), 256, 0, s>>>((const E *)a, (const E *)b, w * h,
                                                               bad);
    }
}

extern "C" int tpx_gpu_check(const void *a, const void *b, long long w, long long h, int esize,
                             int transposed, unsigned long long *d_bad, void *stream)
{
    cudaStream_t s = (cudaStream_t)stream;
    cudaError_t e = cudaMemsetAsync(d_bad, 0, sizeof *d_bad, s);
    if (e != cudaSuccess)
        return (int)e;
    switch (esize) {
    case 2: check<unsigned short>(a, b, w, h, transposed, d_bad, s); break;
    case 4: check<unsigned int>(a, b, w, h, transposed, d_bad, s); break;
    case 8: check<unsigned long long>(a, b, w, h, transposed, d_bad, s); break;
    default: return (int)cudaErrorInvalidValue;
    }
    return (int)cudaGetLastError();
}
