/* GPU test: every catalog kernel, over many block shapes, paddings, sizes
 * (1x1 to 8192x8192, partial tiles, non-square), all three dtypes and, for
 * the tiled kernels, every tile dtype wider than the data (--tile-dtype),
 * launched once on random data with the output poisoned and checked on the
 * GPU by a checker that shares no index code with the kernels.  Plain C (no
 * cmocka): it runs where only the CUDA runtime is.  Exit 77: no GPU. */
#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "runner.h"

typedef struct shape {
    int bx, by;
} shape;

static const shape direct_blocks[] = {{32, 8}, {8, 32}, {16, 16}, {32, 32}, {7, 3}, {64, 2}};
static const shape smem_blocks[] = {{32, 32}, {16, 16}, {8, 8}, {4, 4}};
static const shape rect_blocks[] = {{32, 8}, {8, 32}, {16, 16}, {64, 4}, {20, 5}, {32, 32}};
/* tile_sec and tile_gather: their compiled shapes (lean paths) and others */
static const shape sec_blocks[] = {{32, 8}, {64, 4}, {32, 4}, {16, 16}, {64, 8},
                                   {128, 4}, {8, 32}, {32, 32}, {7, 3}, {64, 2}};
static const shape tile_blocks[] = {{32, 8}, {64, 4}, {16, 16}, {32, 32},
                                    {64, 16}, {48, 16}, {128, 8}};
/* tile_vec: 1, 2 and 4 sub-blocks per thread (compiled paths), 8 and 3 (the
 * run-time path), 1024 threads (the kernel bounded at 1024), and 8x8; the
 * element path's rep counts 1 to 32 and a run-time 3 (64x4: 16, 32x1: 32). */
static const shape vec_blocks[] = {{16, 16}, {16, 8}, {16, 4}, {8, 8}, {32, 4},
                                   {24, 8},  {32, 32}, {8, 2}, {64, 4}, {32, 1}};
/* 1x4097 .. 65537x3: issue 11's odd sizes; 1022 and 1036 columns are widths
 * where a 16-byte kernel must fall back (1022: every dtype; 1036: f16 only);
 * 4100x36, 520x264 and 96x40 are aligned but cut tiles into whole vectors. */
static const long long sizes[][2] = {
    {1, 1},     {1, 1000},  {1000, 1},   {33, 31},    {1000, 777}, {4096, 3072},
    {8192, 8192}, {1, 4097}, {4097, 3},  {65537, 3},  {1022, 515}, {1036, 36},
    {4100, 36}, {520, 264}, {96, 40}};

static int runs, fails, skips;

static void check(tpx_runner *r, const tpx_limits *lim, tpx_config c)
{
    char msg[TPX_MSG], desc[160];
    if (config_validate(&c, lim, msg, sizeof msg) != 0) {
        skips++;
        return;
    }
    tpx_measure_opts o = runner_default_opts();
    o.once = 1;
    tpx_measurement m;
    runner_measure(r, &c, &o, &m, NULL, NULL, NULL);
    runs++;
    int want_unavailable = c.kernel == TPX_K_CUBLAS && c.dtype == TPX_F16;
    int ok = want_unavailable ? m.status == TPX_ST_UNAVAILABLE
                              : m.status == TPX_ST_OK && m.verified;
    if (!ok) {
        config_describe(&c, desc, sizeof desc);
        printf("FAIL %s: %s (%s)\n", desc, runner_status_name(m.status), m.message);
        fails++;
    }
}

/* A tiled config with pads 0..max_pad, then swizzled (pad 0) where BX is a
 * power of two. */
static void pads_and_swizzle(tpx_runner *r, const tpx_limits *lim, tpx_config c, int max_pad)
{
    for (c.pad = 0; c.pad <= max_pad; c.pad++)
        check(r, lim, c);
    c.pad = 0;
    c.swz = 1;
    if ((c.bx & (c.bx - 1)) == 0)
        check(r, lim, c);
}

/* A wider tile converts on the way in and out: pad 0 and 1, and swizzled. */
static void tile_dtypes(tpx_runner *r, const tpx_limits *lim, tpx_config c)
{
    for (int t = 0; t < TPX_DTYPE_COUNT; t++) {
        if (config_esize((tpx_dtype)t) <= config_esize(c.dtype))
            continue;
        config_set_tile_dtype(&c, (tpx_dtype)t);
        pads_and_swizzle(r, lim, c, 1);
    }
}

static void variants(tpx_runner *r, const tpx_limits *lim, tpx_config c)
{
    if (!config_has_tile(c.kernel)) {
        check(r, lim, c);
        return;
    }
    pads_and_swizzle(r, lim, c, 2);
    tile_dtypes(r, lim, c);
}

/* Grids taller than CUDA's 65535 in y launch folded into one row
 * (tpx_grid_folded): a matrix of a few columns and millions of rows (grid
 * over A) and its transpose (grid over B), every kernel, the usual blocks,
 * each dtype, plain; at least one config must have folded. */
static void folded_grids(tpx_runner *r, const tpx_limits *lim)
{
    static const long long tall[][2] = {{3, 9000001}, {9000001, 3}, {1, 20000000}};
    static const shape blocks[] = {{32, 8}, {8, 32}, {16, 16}, {7, 3}, {64, 4}, {32, 32}};
    int folded = 0;
    for (size_t si = 0; si < sizeof tall / sizeof tall[0]; si++)
        for (int dt = 0; dt < TPX_DTYPE_COUNT; dt++)
            for (int k = 0; k < TPX_K_COUNT; k++)
                for (size_t b = 0; b < sizeof blocks / sizeof blocks[0]; b++) {
                    tpx_config c = config_default();
                    c.kernel = (tpx_kernel_id)k, c.dtype = (tpx_dtype)dt;
                    c.w = tall[si][0], c.h = tall[si][1], c.bx = blocks[b].bx, c.by = blocks[b].by;
                    tpx_geom g = config_geom(&c);
                    char msg[TPX_MSG];
                    if (!config_is_reference(c.kernel) &&
                        config_validate(&c, lim, msg, sizeof msg) == 0 && tpx_grid_folded(g.gy))
                        folded++;
                    check(r, lim, c);
                    if (config_is_reference(c.kernel))
                        break;
                }
    printf("%d configs with folded grids\n", folded);
    if (folded == 0) {
        printf("FAIL no config folded its grid\n");
        fails++;
    }
}

/* tile_strip and strip_vec on thin shapes whose long side is a multiple of
 * 16 bytes at every dtype (strip_vec's aligned path) or of none (its ragged
 * one): short sides of 1 to 256 both ways, long sides that K does not
 * divide (the last strip cut short), blocks of 32 to 1024 threads (96x1:
 * not a power of two), plain and swizzled.  tile_gather on the same, where
 * wide ragged A with B's rows on sectors (65537x16, 20001x64, 4101x256)
 * takes its lean path on the last tile rows, clamped at H. */
static void thin_strips(tpx_runner *r, const tpx_limits *lim)
{
    /* aligned long sides, then ragged ones (not a multiple of 16 bytes at
     * any dtype: strip_vec's rows off 16 bytes, units across a row's end) */
    static const long long thin[][2] = {{1, 1000008}, {1000008, 1}, {3, 200008}, {200008, 3},
                                        {16, 65544},  {65544, 16},  {100, 20008}, {20008, 100},
                                        {256, 4104},  {4104, 256},  {1, 1000003}, {1000003, 1},
                                        {3, 200005},  {200005, 3},  {7, 100001},  {100001, 7},
                                        {16, 65537},  {65537, 16},  {100, 20001}, {20001, 100},
                                        {37, 30011},  {30011, 37},  {20001, 64},  {4101, 256}};
    static const shape blocks[] = {{32, 8}, {64, 4}, {16, 16}, {96, 1}, {32, 32}, {8, 4}, {128, 8}};
    static const tpx_kernel_id ks[] = {TPX_K_TILE_STRIP, TPX_K_STRIP_VEC, TPX_K_TILE_GATHER};
    for (size_t si = 0; si < sizeof thin / sizeof thin[0]; si++)
        for (int dt = 0; dt < TPX_DTYPE_COUNT; dt++)
            for (size_t k = 0; k < sizeof ks / sizeof ks[0]; k++)
                for (size_t b = 0; b < sizeof blocks / sizeof blocks[0]; b++) {
                    tpx_config c = config_default();
                    c.kernel = ks[k], c.dtype = (tpx_dtype)dt;
                    c.w = thin[si][0], c.h = thin[si][1], c.bx = blocks[b].bx, c.by = blocks[b].by;
                    check(r, lim, c);
                    c.swz = 1; /* tile_strip's XOR on a power-of-two BX; strip_vec's chunks */
                    check(r, lim, c);
                }
}

int main(void)
{
    if (runner_device_count() == 0) {
        printf("no CUDA device: skipped\n");
        return 77;
    }
    char msg[TPX_MSG];
    tpx_runner *r = runner_open(0, msg, sizeof msg);
    tpx_limits lim;
    runner_limits(r, &lim);
    printf("%s\n", msg);
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++)
        for (int dt = 0; dt < TPX_DTYPE_COUNT; dt++)
            for (int k = 0; k < TPX_K_COUNT; k++) {
                tpx_config c = config_default();
                c.kernel = (tpx_kernel_id)k;
                c.w = sizes[si][0];
                c.h = sizes[si][1];
                c.dtype = (tpx_dtype)dt;
                const shape *bl = direct_blocks;
                size_t nb = sizeof direct_blocks / sizeof direct_blocks[0];
                if (k == TPX_K_SMEM) {
                    bl = smem_blocks;
                    nb = sizeof smem_blocks / sizeof smem_blocks[0];
                } else if (k == TPX_K_SMEM_RECT || k == TPX_K_SMEM_STAGED) {
                    /* any block: the rectangular shapes (20x5, 64x4, ...) */
                    bl = rect_blocks;
                    nb = sizeof rect_blocks / sizeof rect_blocks[0];
                } else if (k == TPX_K_TILE_VEC) {
                    bl = vec_blocks;
                    nb = sizeof vec_blocks / sizeof vec_blocks[0];
                } else if (k == TPX_K_TILE_SEC || k == TPX_K_TILE_GATHER) {
                    bl = sec_blocks;
                    nb = sizeof sec_blocks / sizeof sec_blocks[0];
                } else if (k == TPX_K_TILE_ROWS) {
                    bl = tile_blocks;
                    nb = sizeof tile_blocks / sizeof tile_blocks[0];
                } else if (config_is_reference(c.kernel)) {
                    nb = 1;
                }
                for (size_t b = 0; b < nb; b++) {
                    c.bx = bl[b].bx;
                    c.by = bl[b].by;
                    variants(r, &lim, c);
                }
            }
    folded_grids(r, &lim);
    thin_strips(r, &lim);
    runner_close(r);
    printf("%d configs launched and verified, %d failed, %d refused as invalid\n", runs, fails,
           skips);
    return fails ? 1 : 0;
}
