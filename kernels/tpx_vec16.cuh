/*
 * tpx_vec16.cuh: the device helpers of the 16-byte kernels, one source for
 * kernels/ (tile_vec.cu) and for the standalone benchmark (bench/fast): the
 * 16-byte global and shared accesses pinned in PTX, and the N x N register
 * transposes of N 16-byte rows (N = 16 / element size).
 */
#ifndef TPX_VEC16_CUH
#define TPX_VEC16_CUH

#include <cuda_runtime.h>

/* 16-byte accesses in PTX: nvcc split plain uint4 stores (4 + 4 + 8 bytes
 * into shared memory, four 4-byte stores into global) in bench/fast, and the
 * width is the point of these kernels (LDG.E.128, STS.128, LDS.128, STG.E.128).
 * volatile + memory clobber keep the shared ones on their side of the barrier. */
#define TV_LDG(hint)                                                                               \
    uint4 v;                                                                                       \
    asm("ld.global.nc" hint ".v4.u32 {%0, %1, %2, %3}, [%4];"                                      \
        : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)                                               \
        : "l"(p));                                                                                 \
    return v
__device__ __forceinline__ uint4 tv_ldg(const void *p)
{
    TV_LDG("");
}
/* The same load asking the L2 to fetch the 128 bytes around it on a miss
 * (PTX's .L2::128B prefetch size, SASS LDG.E.LTC128B), so that a line a
 * block reads only part of (a row segment that does not start on a line,
 * the rest of it a neighbouring tile's) comes from DRAM in one piece rather
 * than in two far apart in time (tile_gather).  .L2::256B (sm_80 up) was
 * half a point faster still for f64, but the L2 counts the sectors it
 * fetches beyond the line as reads (Nsight Compute: 10-13 % over the
 * model's exact count), and the model's counts are exact. */
__device__ __forceinline__ uint4 tv_ldg_l2(const void *p)
{
    TV_LDG(".L2::128B");
}
#undef TV_LDG
__device__ __forceinline__ void tv_stg(void *p, uint4 v)
{
    asm volatile("st.global.v4.u32 [%0], {%1, %2, %3, %4};" ::"l"(p), "r"(v.x), "r"(v.y), "r"(v.z),
                 "r"(v.w)
                 : "memory");
}
__device__ __forceinline__ void tv_sts(void *p, uint4 v)
{
    unsigned a = (unsigned)__cvta_generic_to_shared(p);
    asm volatile("st.shared.v4.u32 [%0], {%1, %2, %3, %4};" ::"r"(a), "r"(v.x), "r"(v.y), "r"(v.z),
                 "r"(v.w)
                 : "memory");
}
__device__ __forceinline__ uint4 tv_lds(const void *p)
{
    unsigned a = (unsigned)__cvta_generic_to_shared(p);
    uint4 v;
    asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];"
                 : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
                 : "r"(a)
                 : "memory");
    return v;
}

/* ---- N x N transposes of N 16-byte rows, by element size ------------------ */

/* 4-byte elements: a 4x4 transpose is a renaming of registers. */
__device__ __forceinline__ void tv_transpose(uint4 *r, unsigned int)
{
    uint4 t0 = make_uint4(r[0].x, r[1].x, r[2].x, r[3].x);
    uint4 t1 = make_uint4(r[0].y, r[1].y, r[2].y, r[3].y);
    uint4 t2 = make_uint4(r[0].z, r[1].z, r[2].z, r[3].z);
    uint4 t3 = make_uint4(r[0].w, r[1].w, r[2].w, r[3].w);
    r[0] = t0, r[1] = t1, r[2] = t2, r[3] = t3;
}

/* 8-byte elements: a 2x2 block is two vectors of two doubles. */
__device__ __forceinline__ void tv_transpose(uint4 *r, unsigned long long)
{
    uint4 t0 = make_uint4(r[0].x, r[0].y, r[1].x, r[1].y);
    uint4 t1 = make_uint4(r[0].z, r[0].w, r[1].z, r[1].w);
    r[0] = t0, r[1] = t1;
}

/* 2-byte elements: output row k, word m packs in[2m][k] (low half) and
 * in[2m+1][k] (high half): one byte permute per word, 32 for 64 halves. */
__device__ __forceinline__ unsigned tv_word(const uint4 &v, int i)
{
    return i == 0 ? v.x : i == 1 ? v.y : i == 2 ? v.z : v.w;
}
__device__ __forceinline__ void tv_transpose(uint4 *r, unsigned short)
{
    uint4 t[8];
#pragma unroll
    for (int k = 0; k < 8; k++) {
        unsigned sel = (k & 1) ? 0x7632 : 0x5410, w[4];
#pragma unroll
        for (int m = 0; m < 4; m++)
            w[m] = __byte_perm(tv_word(r[2 * m], k >> 1), tv_word(r[2 * m + 1], k >> 1), sel);
        t[k] = make_uint4(w[0], w[1], w[2], w[3]);
    }
#pragma unroll
    for (int k = 0; k < 8; k++)
        r[k] = t[k];
}

#endif /* TPX_VEC16_CUH */
