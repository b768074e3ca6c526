/*
 * fast_variants.cuh: the table of candidates the benchmark runs, with their
 * launchers.  Each row names the design (the NOTES.md prediction uses the
 * same names).  Tile sizes are A-tile rows x columns (TY x TX).
 */
#ifndef FAST_VARIANTS_CUH
#define FAST_VARIANTS_CUH

#include "fast_others.cuh"
#include <algorithm>
#include <stdio.h>
#include <stdlib.h>

#define CK(x) ck_((x), #x, __FILE__, __LINE__)
static void ck_(cudaError_t e, const char *what, const char *file, int line)
{
    if (e != cudaSuccess) {
        fprintf(stderr, "%s:%d: %s: %s\n", file, line, what, cudaGetErrorString(e));
        exit(1);
    }
}

/* e: element size in bytes (only copy_vec needs it: it moves bytes). */
typedef void (*launch_fn)(const void *a, void *b, ll w, ll h, int e);

typedef struct variant {
    const char *name;
    int esize;
    launch_fn fn;
} variant;

static int g_sms; /* multiprocessors, read once in main */

#include "fast_tma.cuh"

template <int U> static void L_copy_vec(const void *a, void *b, ll w, ll h, int e)
{
    ll bytes = w * h * e;
    ll n16 = bytes / 16, per = 256LL * U;
    ll grid = (n16 + per - 1) / per;
    if (grid < 1)
        grid = 1;
    k_copy_vec<U, 256><<<(unsigned)grid, 256>>>((const uint4 *)a, (uint4 *)b, bytes);
}

/* Launch a tile kernel K with its dynamic shared memory; P: a persistent grid
 * of (resident blocks per SM) x SMs, else one block per tile. */
template <typename E, int TX, int TY, int T, int P, typename K>
static void launch_tiles(K k, int sm, const void *a, void *b, ll w, ll h, int *grid_cap)
{
    if (*grid_cap == 0) {
        CK(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, sm));
        int per_sm = 0;
        CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, k, T, sm));
        *grid_cap = per_sm * g_sms;
    }
    ll nt = ((w + TX - 1) / TX) * ((h + TY - 1) / TY);
    ll grid = P && nt > *grid_cap ? *grid_cap : nt;
    k<<<(unsigned)grid, T, sm>>>((const E *)a, (E *)b, w, h);
}

template <typename E, int TX, int TY, int T, int SWZ, int P, int ORD = 0, int HINT = 0>
static void L_tile_vec(const void *a, void *b, ll w, ll h, int)
{
    static int grid_cap = 0;
    launch_tiles<E, TX, TY, T, P>(k_tile_vec<E, TX, TY, T, SWZ, P, ORD, HINT>,
                                  tv_smem_bytes<E, TX, TY, SWZ>(), a, b, w, h, &grid_cap);
}

/* Phase A3: the same kernel with at most OCC resident blocks per SM, by
 * asking for more dynamic shared memory than the tile needs (228 KiB per SM,
 * 1 KiB reserved per block): does a tile keep too many bytes in flight? */
template <typename E, int TX, int TY, int T, int OCC>
static void L_tile_vec_occ(const void *a, void *b, ll w, ll h, int)
{
    static int grid_cap = 0; /* the limit is set once, outside the timed launches */
    int sm = std::max(tv_smem_bytes<E, TX, TY, 1>(), 233472 / (OCC + 1) + 16);
    launch_tiles<E, TX, TY, T, 0>(k_tile_vec<E, TX, TY, T, 1, 0, 0, 0, OCC>, sm, a, b, w, h,
                                  &grid_cap);
}

/* Phase A3: a copy with tile_vec's access pattern (the same loads, each
 * vector stored back to its own place): what the tile shape costs without
 * the transpose. */
template <int TX, int TY, int T> static void L_copy_tile(const void *a, void *b, ll w, ll h, int e)
{
    ll nt = ((w + TX - 1) / TX) * ((h + TY - 1) / TY);
    k_copy_tile<TX, TY, T><<<(unsigned)nt, T>>>((const unsigned *)a, (unsigned *)b, w, h);
    (void)e;
}

template <typename E, int TX, int TY, int T, int ORD, int HINT>
static void L_tile_pipe(const void *a, void *b, ll w, ll h, int)
{
    static int grid_cap = 0;
    launch_tiles<E, TX, TY, T, 1>(k_tile_vec_pipe<E, TX, TY, T, ORD, HINT>,
                                  tv_smem_bytes<E, TX, TY, 1>(), a, b, w, h, &grid_cap);
}

template <typename E, int XL, int R>
static void L_reg_direct(const void *a, void *b, ll w, ll h, int)
{
    constexpr int N = 16 / sizeof(E), TX = XL * N, TY = (256 / XL) * N * R;
    ll nt = ((w + TX - 1) / TX) * ((h + TY - 1) / TY);
    k_reg_direct<E, XL, R><<<(unsigned)nt, 256>>>((const E *)a, (E *)b, w, h);
}

template <typename E> static void L_tile_rows(const void *a, void *b, ll w, ll h, int)
{
    ll nt = ((w + 63) / 64) * ((h + 63) / 64);
    k_tile_rows<E><<<(unsigned)nt, 256>>>((const E *)a, (E *)b, w, h);
}

typedef unsigned int F32;
typedef unsigned long long F64;
typedef unsigned short F16;

/* copy_vec is not a transpose: the harness checks it as a copy.  Names:
 * grpG = tiles in groups of G tile rows, diag = diagonal tile order, hint =
 * streaming cache hints, pipe = persistent with the next tile's loads before
 * this tile's stores, tile_tma = stores through the bulk tensor copy engine
 * (phase A2: see NOTES.md for the predictions). */
#define TV L_tile_vec
static const variant g_variants[] = {
    /* f32: N = 4, 4x4 register sub-blocks */
    {"copy_vec u4", 4, L_copy_vec<4>},
    {"copy_vec u8", 4, L_copy_vec<8>},
    {"copy_vec u1", 4, L_copy_vec<1>},
    {"copy_vec u2", 4, L_copy_vec<2>},
    {"copy_tile 64x64 t128", 4, L_copy_tile<64, 64, 128>},
    {"tile_vec 64x64 t128 swz col", 4, TV<F32, 64, 64, 128, 1, 0, 1 << 20>},
    {"tile_vec 64x64 t256 swz col", 4, TV<F32, 64, 64, 256, 1, 0, 1 << 20>},
    {"tile_vec 128x64 t256 swz col", 4, TV<F32, 64, 128, 256, 1, 0, 1 << 20>},
    {"tile_vec 64x128 t256 swz col", 4, TV<F32, 128, 64, 256, 1, 0, 1 << 20>},
    {"tile_vec 64x64 t128 swz grp64", 4, TV<F32, 64, 64, 128, 1, 0, 64>},
    {"tile_vec 64x64 t128 swz occ4", 4, L_tile_vec_occ<F32, 64, 64, 128, 4>},
    {"tile_vec 64x64 t128 swz occ6", 4, L_tile_vec_occ<F32, 64, 64, 128, 6>},
    {"tile_vec 64x64 t128 swz occ9", 4, L_tile_vec_occ<F32, 64, 64, 128, 9>},
    {"tile_vec 64x64 t256 swz occ3", 4, L_tile_vec_occ<F32, 64, 64, 256, 3>},
    {"tile_vec 64x64 t256 swz occ5", 4, L_tile_vec_occ<F32, 64, 64, 256, 5>},
    {"tile_rows 64x64/64x4 pad1", 4, L_tile_rows<F32>},
    {"tile_vec 64x64 t256 swz", 4, TV<F32, 64, 64, 256, 1, 0>},
    {"tile_vec 64x64 t256 pad", 4, TV<F32, 64, 64, 256, 0, 0>},
    {"tile_vec 64x64 t128 swz", 4, TV<F32, 64, 64, 128, 1, 0>},
    {"tile_vec 32x32 t64 swz", 4, TV<F32, 32, 32, 64, 1, 0>},
    {"tile_vec 128x64 t256 swz", 4, TV<F32, 64, 128, 256, 1, 0>},
    {"tile_vec 64x128 t256 swz", 4, TV<F32, 128, 64, 256, 1, 0>},
    {"tile_vec 128x64 t512 swz", 4, TV<F32, 64, 128, 512, 1, 0>},
    {"tile_vec 128x128 t256 swz", 4, TV<F32, 128, 128, 256, 1, 0>},
    {"tile_vec 128x128 t512 swz", 4, TV<F32, 128, 128, 512, 1, 0>},
    {"tile_vec 64x64 t256 swz pers", 4, TV<F32, 64, 64, 256, 1, 1>},
    {"tile_vec 128x64 t256 swz pers", 4, TV<F32, 64, 128, 256, 1, 1>},
    {"tile_vec 64x64 t128 swz grp8", 4, TV<F32, 64, 64, 128, 1, 0, 8>},
    {"tile_vec 64x64 t128 swz grp32", 4, TV<F32, 64, 64, 128, 1, 0, 32>},
    {"tile_vec 64x64 t128 swz diag", 4, TV<F32, 64, 64, 128, 1, 0, 1>},
    {"tile_vec 64x64 t128 swz hint", 4, TV<F32, 64, 64, 128, 1, 0, 0, 1>},
    {"tile_vec 64x128 t256 swz grp16", 4, TV<F32, 128, 64, 256, 1, 0, 16>},
    {"tile_pipe 64x64 t128", 4, L_tile_pipe<F32, 64, 64, 128, 0, 0>},
    {"tile_pipe 64x64 t256", 4, L_tile_pipe<F32, 64, 64, 256, 0, 0>},
    {"tile_pipe 64x64 t256 grp16", 4, L_tile_pipe<F32, 64, 64, 256, 16, 0>},
    {"tile_tma 64x64 t256", 4, L_tile_tma<F32, 64, 64, 256>},
    {"reg_direct xl4 r1", 4, L_reg_direct<F32, 4, 1>},
    {"reg_direct xl8 r1", 4, L_reg_direct<F32, 8, 1>},
    {"reg_direct xl8 r2", 4, L_reg_direct<F32, 8, 2>},
    {"reg_direct xl16 r1", 4, L_reg_direct<F32, 16, 1>},
    /* f64: N = 2, 2x2 register sub-blocks */
    {"copy_vec u4", 8, L_copy_vec<4>},
    {"tile_rows 64x64/64x4 pad1", 8, L_tile_rows<F64>},
    {"tile_vec 32x32 t256 swz", 8, TV<F64, 32, 32, 256, 1, 0>},
    {"tile_vec 32x32 t256 pad", 8, TV<F64, 32, 32, 256, 0, 0>},
    {"tile_vec 64x32 t256 swz", 8, TV<F64, 32, 64, 256, 1, 0>},
    {"tile_vec 32x64 t256 swz", 8, TV<F64, 64, 32, 256, 1, 0>},
    {"tile_vec 64x64 t256 swz", 8, TV<F64, 64, 64, 256, 1, 0>},
    {"tile_vec 64x64 t512 swz", 8, TV<F64, 64, 64, 512, 1, 0>},
    {"tile_vec 64x32 t256 swz pers", 8, TV<F64, 32, 64, 256, 1, 1>},
    {"tile_vec 32x32 t256 swz col", 8, TV<F64, 32, 32, 256, 1, 0, 1 << 20>},
    {"tile_vec 64x32 t256 swz col", 8, TV<F64, 32, 64, 256, 1, 0, 1 << 20>},
    {"tile_vec 32x64 t256 swz col", 8, TV<F64, 64, 32, 256, 1, 0, 1 << 20>},
    {"tile_vec 32x32 t256 swz occ4", 8, L_tile_vec_occ<F64, 32, 32, 256, 4>},
    {"tile_vec 32x32 t256 swz occ6", 8, L_tile_vec_occ<F64, 32, 32, 256, 6>},
    {"tile_vec 64x64 t256 swz occ3", 8, L_tile_vec_occ<F64, 64, 64, 256, 3>},
    {"tile_vec 32x32 t256 swz grp16", 8, TV<F64, 32, 32, 256, 1, 0, 16>},
    {"tile_vec 32x32 t256 swz grp32", 8, TV<F64, 32, 32, 256, 1, 0, 32>},
    {"tile_vec 32x32 t256 swz diag", 8, TV<F64, 32, 32, 256, 1, 0, 1>},
    {"tile_vec 32x32 t256 swz hint", 8, TV<F64, 32, 32, 256, 1, 0, 0, 1>},
    {"tile_vec 32x64 t128 swz grp16", 8, TV<F64, 64, 32, 128, 1, 0, 16>},
    {"tile_vec 32x128 t256 swz grp16", 8, TV<F64, 128, 32, 256, 1, 0, 16>},
    {"tile_pipe 32x32 t256 grp16", 8, L_tile_pipe<F64, 32, 32, 256, 16, 0>},
    {"tile_tma 32x32 t256", 8, L_tile_tma<F64, 32, 32, 256>},
    {"reg_direct xl8 r1", 8, L_reg_direct<F64, 8, 1>},
    {"reg_direct xl16 r2", 8, L_reg_direct<F64, 16, 2>},
    /* f16: N = 8, 8x8 sub-blocks transposed with byte permutes */
    {"copy_vec u4", 2, L_copy_vec<4>},
    {"tile_rows 64x64/64x4 pad1", 2, L_tile_rows<F16>},
    {"tile_vec 64x64 t64 swz", 2, TV<F16, 64, 64, 64, 1, 0>},
    {"tile_vec 128x64 t128 swz", 2, TV<F16, 64, 128, 128, 1, 0>},
    {"tile_vec 64x128 t128 swz", 2, TV<F16, 128, 64, 128, 1, 0>},
    {"tile_vec 128x128 t256 swz", 2, TV<F16, 128, 128, 256, 1, 0>},
    {"tile_vec 128x128 t256 pad", 2, TV<F16, 128, 128, 256, 0, 0>},
    {"tile_vec 128x128 t128 swz", 2, TV<F16, 128, 128, 128, 1, 0>},
    {"tile_vec 128x128 t256 swz pers", 2, TV<F16, 128, 128, 256, 1, 1>},
    {"tile_vec 128x128 t256 swz grp8", 2, TV<F16, 128, 128, 256, 1, 0, 8>},
    {"tile_vec 128x128 t256 swz col", 2, TV<F16, 128, 128, 256, 1, 0, 1 << 20>},
    {"tile_vec 64x64 t64 swz col", 2, TV<F16, 64, 64, 64, 1, 0, 1 << 20>},
    {"tile_vec 128x128 t256 swz diag", 2, TV<F16, 128, 128, 256, 1, 0, 1>},
    {"tile_vec 128x128 t256 swz hint", 2, TV<F16, 128, 128, 256, 1, 0, 0, 1>},
    {"tile_pipe 128x128 t256", 2, L_tile_pipe<F16, 128, 128, 256, 0, 0>},
    {"tile_tma 128x128 t256", 2, L_tile_tma<F16, 128, 128, 256>},
    {"reg_direct xl4 r1", 2, L_reg_direct<F16, 4, 1>},
    {"reg_direct xl8 r1", 2, L_reg_direct<F16, 8, 1>},
};
#undef TV
static const int g_nvariants = sizeof g_variants / sizeof g_variants[0];

static int is_copy(const variant *v)
{
    return v->name[0] == 'c';
}

#endif
