/* The two seed kernels the catalog lacked, by hand-derived counts: seed 000's
 * smem_staged (a shared tile read back by the thread that wrote it, so the
 * store stays strided) and seed 004's double tile over float data
 * (--tile-dtype: shared accesses in the tile's element size, global ones in
 * the matrix's).  Each comment shows the derivation. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "test_cfg.h"

static tpx_config valid(tpx_config c)
{
    tpx_limits lim = config_default_limits();
    char msg[TPX_MSG];
    if (config_validate(&c, &lim, msg, sizeof msg) != 0)
        fail_msg("invalid test config: %s", msg);
    return c;
}

static tpx_config tiled(tpx_kernel_id k, int bx, int by, long long w, long long h, tpx_dtype d,
                        tpx_dtype tile, int pad)
{
    tpx_config c = test_cfg(k, bx, by, w, h, d, pad);
    config_set_tile_dtype(&c, tile);
    return valid(c);
}

static tpx_totals tot(tpx_config c)
{
    tpx_totals t;
    assert_int_equal(model_totals(&c, &t, NULL), 0);
    return t;
}

#define OP(t, o) ((t).op[TPX_OP_##o])

/* x per request, exactly: wavefronts (wave) or sectors. */
static void per_req(const tpx_cost *c, unsigned long long per, int wave)
{
    unsigned long long v = wave ? c->wavefronts : c->sectors;
    if (v != per * c->insts)
        fail_msg("%llu %s over %llu requests is not %llu per request", v,
                 wave ? "wavefronts" : "sectors", c->insts, per);
}

/* smem_staged 32x8 f32 on 1024x1024: grid 32 x 128 = 4096 blocks of 8
 * warps, 32768 warps, one instruction of each kind each.  A warp is one row
 * of the block: it reads 128 contiguous bytes of A (4 sectors), stores them
 * to S row ty (words ty*32 + 0..31: every bank once, 1 wavefront), reads the
 * same words back (1 wavefront) and stores lane x to B[x*1024 + y]: 32 lanes
 * 4096 bytes apart, 32 sectors and 32 lines, exactly naive_row's store. */
static void test_smem_staged_32x8(void **s)
{
    (void)s;
    tpx_totals t = tot(valid(test_cfg(TPX_K_SMEM_STAGED, 32, 8, 1024, 1024, TPX_F32, 0)));
    tpx_totals n = tot(valid(test_cfg(TPX_K_NAIVE_ROW, 32, 8, 1024, 1024, TPX_F32, 0)));
    for (int o = 0; o < TPX_OP_COUNT; o++)
        assert_int_equal(t.op[o].insts, 32768);
    per_req(&OP(t, GLD), 4, 0);
    per_req(&OP(t, GST), 32, 0);
    assert_int_equal(OP(t, GST).lines, 32ULL * 32768);
    per_req(&OP(t, SST), 1, 1);
    per_req(&OP(t, SLD), 1, 1);
    assert_true(model_conflict_ways(&OP(t, SLD)) == 1.0);
    /* the global side is naive_row's, to the sector: the tile bought nothing */
    assert_memory_equal(&OP(t, GLD), &OP(n, GLD), sizeof(tpx_cost));
    assert_memory_equal(&OP(t, GST), &OP(n, GST), sizeof(tpx_cost));
}

/* smem_staged 16x16 f32 on 1024x1024: a warp is rows ty = 2w and 2w+1 of
 * the block, 16 lanes each.  Pad 0: words 32w + 0..31, every bank once: 1
 * wavefront.  Pad 1: words 34w + 0..15 and 34w + 17..32, banks 2w..2w+15
 * and 2w+17..2w+32; 2w+32 is bank 2w again with another word: 2 wavefronts
 * on both the store and the load.  The store to B: 16 columns x, two
 * adjacent y in one sector each: 16 sectors per request, as naive_row 16x16. */
static void test_smem_staged_16x16(void **s)
{
    (void)s;
    tpx_totals p0 = tot(valid(test_cfg(TPX_K_SMEM_STAGED, 16, 16, 1024, 1024, TPX_F32, 0)));
    tpx_totals p1 = tot(valid(test_cfg(TPX_K_SMEM_STAGED, 16, 16, 1024, 1024, TPX_F32, 1)));
    assert_int_equal(OP(p0, SLD).insts, 64ULL * 64 * 8);
    per_req(&OP(p0, SST), 1, 1);
    per_req(&OP(p0, SLD), 1, 1);
    per_req(&OP(p1, SST), 2, 1);
    per_req(&OP(p1, SLD), 2, 1);
    per_req(&OP(p0, GST), 16, 0);
    per_req(&OP(p1, GST), 16, 0);
    per_req(&OP(p0, GLD), 4, 0);
}

/* Any block shape: no corner turn, so nothing ties BX to BY. */
static void test_smem_staged_any_block(void **s)
{
    (void)s;
    tpx_limits lim = config_default_limits();
    char msg[TPX_MSG];
    int shapes[][2] = {{32, 8}, {8, 32}, {7, 3}, {64, 2}, {1, 1}, {1024, 1}};
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        tpx_config c = test_cfg(TPX_K_SMEM_STAGED, shapes[i][0], shapes[i][1], 1000, 777,
                                TPX_F32, 1);
        if (config_validate(&c, &lim, msg, sizeof msg) != 0)
            fail_msg("smem_staged %dx%d refused: %s", c.bx, c.by, msg);
        assert_int_equal(config_smem_bytes(&c), (long long)c.by * (c.bx + 1) * 4);
    }
}

/* Seed 004: smem 16x16, f32 data in an f64 tile, 4096x3072: grid 256 x 192
 * = 49152 full tiles of 8 warps, 393216 warps.  Global: two 16-float rows
 * per warp, 64 bytes each: 4 sectors per request both ways, 4-byte bytes.
 * The tile store: S(ty, tx) = 8-byte element ty*(16+p) + tx, half-warps of
 * 16 lanes are the phases; each half-warp writes 16 consecutive elements =
 * 32 consecutive words, every bank once: 2 wavefronts (one per half-warp)
 * at pad 0 and 1.  The tile read: S(tx, ty), half-warp h has ty = 2w + h
 * and tx = 0..15.  Pad 0: element 16 tx + ty is word 32 tx + 2 ty, bank 2 ty
 * for all 16 lanes: 16 words in one bank, 16 wavefronts per half-warp, 32
 * per request (an f32 tile has 8: its column spreads over 2 banks per row
 * pair).  Pad 1: element 17 tx + ty is word 34 tx + 2 ty, banks 2 tx + 2 ty
 * and one more: the half-warp covers all 32 banks once, 1 wavefront; the
 * other half-warp wants the same banks, so the load's pair cannot share: 2. */
static void test_f64_tile_over_f32(void **s)
{
    (void)s;
    tpx_totals p0 = tot(tiled(TPX_K_SMEM, 16, 16, 4096, 3072, TPX_F32, TPX_F64, 0));
    tpx_totals p1 = tot(tiled(TPX_K_SMEM, 16, 16, 4096, 3072, TPX_F32, TPX_F64, 1));
    tpx_totals f32 = tot(valid(test_cfg(TPX_K_SMEM, 16, 16, 4096, 3072, TPX_F32, 0)));
    unsigned long long warps = 256ULL * 192 * 8, n = 4096ULL * 3072;
    for (int o = 0; o < TPX_OP_COUNT; o++)
        assert_int_equal(p0.op[o].insts, warps);
    per_req(&OP(p0, GLD), 4, 0);
    per_req(&OP(p0, GST), 4, 0);
    assert_int_equal(OP(p0, GLD).bytes, n * 4);
    assert_int_equal(OP(p0, GST).bytes, n * 4);
    assert_int_equal(OP(p0, SST).bytes, n * 8);
    assert_int_equal(OP(p0, SLD).bytes, n * 8);
    per_req(&OP(p0, SST), 2, 1);
    per_req(&OP(p0, SLD), 32, 1);
    assert_int_equal(OP(p0, SLD).ideal, 2 * warps);
    assert_true(model_conflict_ways(&OP(p0, SLD)) == 16.0);
    per_req(&OP(p1, SST), 2, 1);
    per_req(&OP(p1, SLD), 2, 1);
    assert_true(model_conflict_ways(&OP(p1, SLD)) == 1.0);
    per_req(&OP(f32, SLD), 8, 1); /* the same walk over a tile of words */
    /* the global side does not see the tile's type */
    assert_memory_equal(&OP(p0, GLD), &OP(f32, GLD), sizeof(tpx_cost));
    assert_memory_equal(&OP(p1, GST), &OP(f32, GST), sizeof(tpx_cost));
}

/* The refusals: no tile, a narrower tile, an unknown name; the shared
 * memory limit counts the tile's elements. */
static void test_tile_dtype_refusals(void **s)
{
    (void)s;
    tpx_limits lim = config_default_limits();
    char msg[TPX_MSG];
    tpx_config c = test_cfg(TPX_K_NAIVE_ROW, 32, 8, 1024, 1024, TPX_F32, 0);
    config_set_tile_dtype(&c, TPX_F64);
    assert_int_equal(config_validate(&c, &lim, msg, sizeof msg), -1);
    assert_non_null(strstr(msg, "naive_row has no shared tile, so a tile dtype does not apply"));
    assert_non_null(strstr(msg, "smem_staged")); /* names the kernels that have one */
    config_set_tile_dtype(&c, TPX_F32); /* the matrix's own type is no tile dtype at all */
    assert_int_equal(config_validate(&c, &lim, msg, sizeof msg), 0);

    c = test_cfg(TPX_K_SMEM, 32, 32, 1024, 1024, TPX_F64, 0);
    config_set_tile_dtype(&c, TPX_F32);
    assert_int_equal(config_validate(&c, &lim, msg, sizeof msg), -1);
    assert_non_null(strstr(msg, "a f32 tile cannot hold f64 data without rounding"));
    c.dtype = TPX_F32;
    config_set_tile_dtype(&c, TPX_F16);
    assert_int_equal(config_validate(&c, &lim, msg, sizeof msg), -1);
    assert_non_null(strstr(msg, "(f32 or f64)"));

    /* a vectorised tile moves the data's 16-byte units as they are */
    c = test_cfg(TPX_K_TILE_VEC, 16, 16, 1024, 1024, TPX_F32, 0);
    assert_int_equal(config_validate(&c, &lim, msg, sizeof msg), 0);
    config_set_tile_dtype(&c, TPX_F64);
    assert_int_equal(config_validate(&c, &lim, msg, sizeof msg), -1);
    assert_non_null(strstr(msg, "tile_vec moves 16-byte units"));
    assert_null(strstr(msg, "tile_vec, ")); /* not among the kernels it suggests */

    tpx_dtype t = TPX_F32;
    assert_int_equal(config_parse_tile_dtype("f8", &t, msg, sizeof msg), -1);
    assert_string_equal(msg, "unknown tile dtype 'f8': use f32, f64 or f16");
    assert_int_equal(t, TPX_F32);
    assert_int_equal(config_parse_tile_dtype("f64", &t, msg, sizeof msg), 0);
    assert_int_equal(t, TPX_F64);

    /* tile_rows 96x8: a 96x96 tile is 36864 bytes of f32, under 48 KB, and
     * 73728 of f64, over it */
    c = test_cfg(TPX_K_TILE_ROWS, 96, 8, 1024, 1024, TPX_F32, 0);
    assert_int_equal(config_validate(&c, &lim, msg, sizeof msg), 0);
    config_set_tile_dtype(&c, TPX_F64);
    assert_int_equal(config_smem_bytes(&c), 96LL * 96 * 8);
    assert_int_equal(config_validate(&c, &lim, msg, sizeof msg), -1);
    assert_non_null(strstr(msg, "with a f64 tile needs 73728 bytes of shared memory"));
}

/* How the tile's type is kept: 0 is "the matrix's", so every config built
 * without it (tests, results files of old) keeps its tile in its own type. */
static void test_tile_dtype_field(void **s)
{
    (void)s;
    tpx_config c = config_default();
    assert_int_equal(c.tile_dtype, 0);
    c.dtype = TPX_F16;
    assert_int_equal(config_tile_dtype(&c), TPX_F16);
    assert_int_equal(config_tile_esize(&c), 2);
    config_set_tile_dtype(&c, TPX_F64);
    assert_true(config_tile_differs(&c));
    tpx_inst in = {.space = TPX_SPACE_S};
    assert_int_equal(model_inst_esize(&c, &in), 8);
    in.space = TPX_SPACE_A;
    assert_int_equal(model_inst_esize(&c, &in), 2);
    in.space = TPX_SPACE_B;
    assert_int_equal(model_inst_esize(&c, &in), 2);
    c.kernel = TPX_K_SMEM;
    c.bx = c.by = 16;
    assert_int_equal(config_geom(&c).tile_esize, 8); /* the launch sizes the tile with it */
    char d[160];
    config_describe(&c, d, sizeof d);
    assert_string_equal(d, "smem 16x16 4096x4096 f16 pad 0 tile f64");
    config_set_tile_dtype(&c, TPX_F16);
    assert_int_equal(c.tile_dtype, 0);
    assert_int_equal(config_geom(&c).tile_esize, 0);
    config_describe(&c, d, sizeof d);
    assert_null(strstr(d, "tile"));
}

/* Fast totals equal the brute force with a wider tile, at sizes with
 * partial tiles, on every tiled kernel. */
static void test_tile_dtype_bruteforce(void **s)
{
    (void)s;
    static const long long sizes[][2] = {{33, 31}, {100, 37}, {130, 33}};
    static const int shapes[][2] = {{16, 16}, {32, 8}, {8, 8}, {32, 32}};
    int checked = 0;
    for (int k = 0; k < TPX_K_MEMCPY; k++) {
        if (!config_has_tile((tpx_kernel_id)k))
            continue;
        for (size_t si = 0; si < 3; si++)
            for (size_t bi = 0; bi < 4; bi++)
                for (int d = 0; d < TPX_DTYPE_COUNT; d++)
                    for (int t = 0; t < TPX_DTYPE_COUNT; t++) {
                        tpx_config c = test_cfg((tpx_kernel_id)k, shapes[bi][0], shapes[bi][1],
                                                sizes[si][0], sizes[si][1], (tpx_dtype)d,
                                                (int)bi % 2);
                        config_set_tile_dtype(&c, (tpx_dtype)t);
                        tpx_limits lim = config_default_limits();
                        char msg[TPX_MSG];
                        if (!config_tile_differs(&c) ||
                            config_validate(&c, &lim, msg, sizeof msg) != 0)
                            continue;
                        tpx_totals fast, slow;
                        assert_int_equal(model_totals(&c, &fast, NULL), 0);
                        assert_int_equal(model_totals_bruteforce(&c, &slow), 0);
                        config_describe(&c, msg, sizeof msg);
                        if (memcmp(fast.op, slow.op, sizeof fast.op) != 0)
                            fail_msg("fast totals differ from brute force for %s", msg);
                        /* every element through the tile once, in its size */
                        assert_int_equal(fast.op[TPX_OP_SST].bytes,
                                         (unsigned long long)(c.w * c.h) * config_tile_esize(&c));
                        checked++;
                    }
    }
    assert_true(checked > 50);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_smem_staged_32x8),     cmocka_unit_test(test_smem_staged_16x16),
        cmocka_unit_test(test_smem_staged_any_block), cmocka_unit_test(test_f64_tile_over_f32),
        cmocka_unit_test(test_tile_dtype_refusals),  cmocka_unit_test(test_tile_dtype_field),
        cmocka_unit_test(test_tile_dtype_bruteforce),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
