/* The access model on vectorised kernels (16-byte accesses), against counts
 * derived by hand.  Their move indices count vectors; the model prices a
 * lane as one access of model_esize bytes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "model.h"
#include "test_cfg.h"

static tpx_config mk(tpx_kernel_id k, int bx, int by, long long w, long long h, tpx_dtype t)
{
    tpx_config c = test_cfg(k, bx, by, w, h, t, 0);
    tpx_limits lim = config_default_limits();
    char msg[TPX_MSG];
    if (config_validate(&c, &lim, msg, sizeof msg) != 0)
        fail_msg("invalid test config: %s", msg);
    return c;
}

static tpx_totals tot(tpx_config c)
{
    tpx_totals t;
    assert_int_equal(model_totals(&c, &t, NULL), 0);
    return t;
}

#define OP(t, o) ((t).op[TPX_OP_##o])

/* copy_vec 32x8 f32 on 1024x1024: each lane moves one 16-byte vector, so a
 * block spans 128 columns (grid 8 x 128) and a warp's load is 32 x 16 = 512
 * contiguous bytes: 16 sectors in 4 lines, all used.  1022 columns are not
 * a multiple of 4: rows do not start on 16 bytes, the launch moves single
 * elements (grid 32 x 128) and a warp's load is 128 bytes, 4 sectors.  f16:
 * 8 elements per vector, the same 16 bytes per lane. */
static void test_copy_vec(void **s)
{
    (void)s;
    tpx_config c = mk(TPX_K_COPY_VEC, 32, 8, 1024, 1024, TPX_F32);
    assert_int_equal(config_vec(&c), 4);
    tpx_totals t = tot(c);
    assert_int_equal(t.blocks, 8 * 128);
    assert_int_equal(OP(t, GLD).insts, 8 * 128 * 8);
    assert_int_equal(OP(t, GLD).sectors, 8 * 128 * 8 * 16);
    assert_int_equal(OP(t, GLD).lines, 8 * 128 * 8 * 4);
    assert_int_equal(OP(t, GST).bytes, 1024 * 1024 * 4);
    assert_true(model_sectors_per_request(&OP(t, GLD)) == 16.0);
    assert_true(model_efficiency(&OP(t, GST)) == 1.0);
    tpx_inst in[2];
    assert_int_equal(model_warp_insts(&c, 1, 0, 1, in), 2);
    /* block (1,0) warp 1 = row 1, vectors 32..63: bytes 4096 + 512 .. + 1023 */
    long long sec[64];
    assert_int_equal(model_inst_sectors(&in[0], model_esize(&c), sec), 16);
    assert_int_equal(sec[0], (4096 + 512) / 32);

    c = mk(TPX_K_COPY_VEC, 32, 8, 1022, 1024, TPX_F32);
    assert_int_equal(config_vec(&c), 1);
    t = tot(c);
    assert_int_equal(t.blocks, 32 * 128);
    assert_int_equal(OP(t, GLD).bytes, 1022 * 1024 * 4);
    assert_int_equal(model_esize(&c), 4);

    c = mk(TPX_K_COPY_VEC, 32, 8, 1024, 8, TPX_F16);
    assert_int_equal(config_vec(&c), 8);
    t = tot(c);
    assert_int_equal(t.blocks, 4);
    assert_int_equal(OP(t, GLD).sectors, 1024 * 8 * 2 / 32);
    assert_int_equal(OP(t, GLD).insts, 4 * 8);
}

/* tile_vec 16x16 f32 on 1024x1024: vectors of 4, a 64x64 tile, grid 16x16,
 * 8 warps a block and 4 moves per phase (4 rows of one 4x4 sub-block).  A
 * warp is two thread rows of 16 lanes: its load k reads 2 A rows x 16
 * vectors = 2 x 256 contiguous bytes, 16 sectors in 4 lines, all used; its
 * store r writes 2 B rows x 256 bytes the same way.  Shared: a quarter warp
 * (8 lanes, 128 bytes) is one wavefront at best, 4 a request.  The store's
 * quarter writes rows 4 apart (lanes tx = 0..7, row 4 tx + k) of 16
 * vectors = 256 bytes: pad 0 puts all 8 on one bank group (8 wavefronts a
 * quarter, 32 a request); pad 1 (17 vectors) shifts row 4 apart by 68
 * vectors = 4 mod 8 groups, two groups (4-way, 16); the swizzle XORs the
 * vector with (row / 4) mod 8 = tx: 8 groups (4).  The load's quarter reads
 * 8 consecutive vectors of one row: 4 in every case.  The loads' quarters
 * do not pair: the two quarters of a half-warp read the two halves of one
 * 256-byte row, the same 32 banks. */
static void test_tile_vec(void **s)
{
    (void)s;
    const unsigned long long req = 16 * 16 * 8 * 4; /* blocks x warps x moves */
    const int sst_waves[] = {32, 16, 4};             /* pad 0, pad 1, swizzle */
    for (int v = 0; v < 3; v++) {
        tpx_config c = mk(TPX_K_TILE_VEC, 16, 16, 1024, 1024, TPX_F32);
        c.pad = v == 1;
        c.swz = v == 2;
        assert_int_equal(config_vec(&c), 4);
        assert_int_equal(config_smem_bytes(&c), 64 * (64 + 4 * c.pad) * 4);
        tpx_totals t = tot(c);
        assert_int_equal(t.blocks, 16 * 16);
        assert_int_equal(OP(t, GLD).insts, req);
        assert_int_equal(OP(t, GST).insts, req);
        assert_int_equal(OP(t, GLD).sectors, req * 16);
        assert_int_equal(OP(t, GST).sectors, req * 16);
        assert_int_equal(OP(t, GST).lines, req * 4);
        assert_true(model_sectors_per_request(&OP(t, GLD)) == 16.0);
        assert_true(model_efficiency(&OP(t, GST)) == 1.0);
        assert_int_equal(OP(t, SLD).wavefronts, req * 4);
        assert_int_equal(OP(t, SST).wavefronts, req * (unsigned long long)sst_waves[v]);
        assert_int_equal(OP(t, SST).bytes, 1024 * 1024 * 4);
    }
    /* f64 (pairs, 2x2 sub-blocks, 32x32 tile) and f16 (8x8, 128x128): the
     * swizzled store is one wavefront a quarter as well. */
    tpx_config c = mk(TPX_K_TILE_VEC, 16, 16, 1024, 1024, TPX_F64);
    c.swz = 1;
    tpx_totals t = tot(c);
    assert_int_equal(t.blocks, 32 * 32);
    assert_true(model_wavefronts_per_request(&OP(t, SST)) == 4.0);
    assert_true(model_sectors_per_request(&OP(t, GST)) == 16.0);
    c = mk(TPX_K_TILE_VEC, 16, 16, 1024, 1024, TPX_F16);
    c.swz = 1;
    t = tot(c);
    assert_int_equal(t.blocks, 8 * 8);
    assert_int_equal(OP(t, GLD).insts, 8 * 8 * 8 * 8ULL);
    assert_true(model_wavefronts_per_request(&OP(t, SST)) == 4.0);
    /* 1022 columns: rows off 16 bytes, one element an access, a 16x16 tile. */
    c = mk(TPX_K_TILE_VEC, 16, 16, 1022, 1024, TPX_F32);
    assert_int_equal(config_vec(&c), 1);
    assert_int_equal(tot(c).blocks, 64 * 64);
    assert_int_equal(config_smem_bytes(&c), 16 * 16 * 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_copy_vec),
        cmocka_unit_test(test_tile_vec),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
