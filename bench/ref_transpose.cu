/*
 * ref_transpose.cu: an independent yardstick for tpx's own numbers, not part
 * of tpx.  The textbook tiled transpose (NVIDIA's transposeCoalesced: int
 * indices, compile-time tile, padded shared tile) and cudaMemcpy, timed with
 * CUDA events, cold (L2 flushed before each launch) and hot (back-to-back),
 * median of 50, f32.  If tpx's tile_rows is much slower than this at the
 * same shape, tpx is leaving performance on the table.
 * build: nvcc -O3 -arch=sm_90 -o ref_transpose bench/ref_transpose.cu
 * usage: ref_transpose [N]   (N x N, default 8192)
 */
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CK(x)                                                                                    \
    do {                                                                                         \
        cudaError_t e_ = (x);                                                                    \
        if (e_ != cudaSuccess) {                                                                 \
            fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_));                             \
            exit(1);                                                                             \
        }                                                                                        \
    } while (0)

template <int T, int ROWS>
__global__ void transpose(float *__restrict__ b, const float *__restrict__ a, int w, int h)
{
    __shared__ float tile[T][T + 1];
    int x = blockIdx.x * T + threadIdx.x, y = blockIdx.y * T + threadIdx.y;
#pragma unroll
    for (int j = 0; j < T; j += ROWS)
        if (x < w && y + j < h)
            tile[threadIdx.y + j][threadIdx.x] = a[(size_t)(y + j) * w + x];
    __syncthreads();
    x = blockIdx.y * T + threadIdx.x;
    y = blockIdx.x * T + threadIdx.y;
#pragma unroll
    for (int j = 0; j < T; j += ROWS)
        if (x < h && y + j < w)
            b[(size_t)(y + j) * h + x] = tile[threadIdx.x][threadIdx.y + j];
}

template <typename F> static double median_ms(F run, bool cold, void *flush, size_t fb)
{
    cudaEvent_t e0, e1;
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));
    std::vector<float> v;
    run();
    for (int i = 0; i < 51; i++) {
        if (cold)
            CK(cudaMemset(flush, i, fb));
        int batch = cold ? 1 : 10;
        CK(cudaEventRecord(e0));
        for (int k = 0; k < batch; k++)
            run();
        CK(cudaEventRecord(e1));
        CK(cudaEventSynchronize(e1));
        float t;
        CK(cudaEventElapsedTime(&t, e0, e1));
        if (i)
            v.push_back(t / batch);
    }
    CK(cudaGetLastError());
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 8192;
    size_t bytes = (size_t)n * n * 4;
    float *a, *b;
    void *flush;
    int l2;
    CK(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, 0));
    size_t fb = 2 * (size_t)l2;
    CK(cudaMalloc(&a, bytes));
    CK(cudaMalloc(&b, bytes));
    CK(cudaMalloc(&flush, fb));
    std::vector<float> h((size_t)n * n);
    for (size_t i = 0; i < h.size(); i++)
        h[i] = 1.0f + (float)(i % 1000);
    CK(cudaMemcpy(a, h.data(), bytes, cudaMemcpyHostToDevice));
    auto gbs = [&](double ms) { return 2.0 * bytes / (ms * 1e-3) / 1e9; };
    dim3 g32((n + 31) / 32, (n + 31) / 32), g64((n + 63) / 64, (n + 63) / 64);
    auto mc = [&] { CK(cudaMemcpyAsync(b, a, bytes, cudaMemcpyDeviceToDevice)); };
    auto t32 = [&] { transpose<32, 8><<<g32, dim3(32, 8)>>>(b, a, n, n); };
    auto t64 = [&] { transpose<64, 4><<<g64, dim3(64, 4)>>>(b, a, n, n); };
    for (int cold = 1; cold >= 0; cold--) {
        double m = median_ms(mc, cold, flush, fb);
        double r32 = median_ms(t32, cold, flush, fb), r64 = median_ms(t64, cold, flush, fb);
        printf("ref %dx%d f32 %s: memcpy %.1f GB/s; textbook tile 32x8 p1 %.1f GB/s (%.1f%%), "
               "64x4 p1 %.1f GB/s (%.1f%%)\n", n, n, cold ? "cold" : "hot ", gbs(m), gbs(r32),
               100 * gbs(r32) / gbs(m), gbs(r64), 100 * gbs(r64) / gbs(m));
    }
    CK(cudaMemcpy(h.data(), b, bytes, cudaMemcpyDeviceToHost));
    for (int r = 0; r < n; r += 97)
        for (int c = 0; c < n; c += 89)
            if (h[(size_t)c * n + r] != 1.0f + (float)(((size_t)r * n + c) % 1000)) {
                printf("ref transpose WRONG at %d,%d\n", r, c);
                return 1;
            }
    return 0;
}
