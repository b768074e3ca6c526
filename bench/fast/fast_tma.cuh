/*
 * fast_tma.cuh: phase A2's lesson in Hopper's bulk tensor copy engine (TMA).
 *
 * tile_tma: the loads are tile_vec's (16-byte, register sub-block transpose);
 * the transposed tile goes to a DENSE shared tile (TX rows of TY elements: a
 * tensor copy cannot skip padding, and its own swizzle modes need rows of at
 * most 128 bytes), then ONE thread hands the whole tile to the copy engine
 * (cp.async.bulk.tensor.2d global <- shared), which writes B's rows without
 * any thread issuing a store.  The price: the shared stores of a quarter warp
 * land on rows N apart of a dense tile, all in one bank group (8-way for
 * 64x64 f32).  The engine clips a box that crosses the matrix edge, but the
 * loads do not, so cut or unaligned tiles take the element-wise path.
 */
#ifndef FAST_TMA_CUH
#define FAST_TMA_CUH

#include "fast_kernels.cuh"
#include <cuda.h>
#include <cudaTypedefs.h>

template <typename E, int TX, int TY, int T>
__global__ void __launch_bounds__(T)
    k_tile_tma(const E *__restrict__ a, E *__restrict__ b, ll w, ll h,
               const __grid_constant__ CUtensorMap tmb)
{
    extern __shared__ __align__(128) unsigned char smem_tma[];
    E *s = (E *)smem_tma;
    typedef tvc<E, TX, TY, T> C;
    ll ntx = (w + TX - 1) / TX;
    ll tx0 = (blockIdx.x % ntx) * TX, ty0 = (blockIdx.x / ntx) * TY;
    if (!(w % C::N == 0 && h % C::N == 0 && tx0 + TX <= w && ty0 + TY <= h)) {
        tv_edge<E, TX, TY, T, 1>(a, b, w, h, tx0, ty0, s);
        return;
    }
    uint4 v[C::NSB][C::N];
    tv_gload<E, TX, TY, T, 0>(v, a, w, tx0, ty0);
#pragma unroll
    for (int i = 0; i < C::NSB; i++) {
        unsigned sb = threadIdx.x + i * T, sbx = sb % C::SX, sby = sb / C::SX;
        tv_transpose(v[i], E());
#pragma unroll
        for (int k = 0; k < C::N; k++)
            tv_sts(s + (sbx * C::N + k) * TY + sby * C::N, v[i][k]);
    }
    /* ordinary shared stores read next by the copy engine: proxy fence first */
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    __syncthreads();
    if (threadIdx.x == 0) {
        unsigned sa = (unsigned)__cvta_generic_to_shared(s);
        asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%0, {%1, %2}], [%3];" ::
                         "l"(&tmb),
                     "r"((int)ty0), "r"((int)tx0), "r"(sa)
                     : "memory");
        asm volatile("cp.async.bulk.commit_group;" ::: "memory");
        /* the shared tile must outlive the engine's reads of it */
        asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
    }
}

/* B as a 2-D tensor for the engine: inner dimension H (a B row), outer W. */
static CUtensorMap tma_map_b(void *b, ll w, ll h, int e, int tx, int ty)
{
    static PFN_cuTensorMapEncodeTiled_v12000 enc = nullptr;
    if (!enc) {
        cudaDriverEntryPointQueryResult q;
        CK(cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", (void **)&enc, 12000,
                                            cudaEnableDefault, &q));
        if (q != cudaDriverEntryPointSuccess || !enc) {
            fprintf(stderr, "cuTensorMapEncodeTiled not available\n");
            exit(1);
        }
    }
    CUtensorMap m;
    cuuint64_t dims[2] = {(cuuint64_t)h, (cuuint64_t)w};
    cuuint64_t strides[1] = {(cuuint64_t)(h * e)};
    cuuint32_t box[2] = {(cuuint32_t)ty, (cuuint32_t)tx}, es[2] = {1, 1};
    CUtensorMapDataType dt = e == 8   ? CU_TENSOR_MAP_DATA_TYPE_UINT64
                             : e == 4 ? CU_TENSOR_MAP_DATA_TYPE_UINT32
                                      : CU_TENSOR_MAP_DATA_TYPE_UINT16;
    CUresult r = enc(&m, dt, 2, b, dims, strides, box, es, CU_TENSOR_MAP_INTERLEAVE_NONE,
                     CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
                     CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    if (r != CUDA_SUCCESS) {
        fprintf(stderr, "cuTensorMapEncodeTiled failed (%d) for %lldx%lld e%d\n", (int)r, w, h, e);
        exit(1);
    }
    return m;
}

/* B's row stride must be a multiple of 16 bytes for a tensor map; when it is
 * not (odd H), every tile is unaligned anyway and the map is never used, so
 * a map over a padded shape stands in. */
template <typename E, int TX, int TY, int T>
static void L_tile_tma(const void *a, void *b, ll w, ll h, int e)
{
    auto k = k_tile_tma<E, TX, TY, T>;
    const int sm = TX * TY * (int)sizeof(E);
    static int init = 0;
    if (!init) {
        CK(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, sm));
        init = 1;
    }
    ll hh = (h * e) % 16 ? (h + 16) & ~15LL : h;
    CUtensorMap m = tma_map_b(b, w, hh, e, TX, TY);
    ll nt = ((w + TX - 1) / TX) * ((h + TY - 1) / TY);
    k<<<(unsigned)nt, T, sm>>>((const E *)a, (E *)b, w, h, m);
}

#endif
