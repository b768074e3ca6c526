/* The access model's shared memory against counts derived by hand: bank
 * conflicts of the tiles with and without padding or swizzle, the pass each
 * lane is served in, and 8-byte accesses.  Each comment shows the derivation. */

#include "test_model.h"

/* docs/kernels.md: smem 32x32 p=0 -> shared load 32 wavefronts per instruction,
 * p=1 -> 1.  A column of a 32-wide tile of words is one bank. */
static void test_smem_32_pad(void **s)
{
    (void)s;
    tpx_totals t = tot(mk(TPX_K_SMEM, 32, 32, 1024, 1024, TPX_F32, 0));
    assert_per_req(&OP(t, SLD), 32, 1);
    assert_per_req(&OP(t, SST), 1, 1);
    assert_int_equal(OP(t, SLD).insts, 32 * 32 * 32); /* 1024 blocks x 32 warps */
    assert_true(model_conflict_ways(&OP(t, SLD)) == 32.0);
    t = tot(mk(TPX_K_SMEM, 32, 32, 1024, 1024, TPX_F32, 1));
    assert_per_req(&OP(t, SLD), 1, 1);
    assert_per_req(&OP(t, SST), 1, 1);
    /* global: both sides are full 128-byte rows: 4 sectors, 1 line */
    assert_per_req(&OP(t, GLD), 4, 0);
    assert_per_req(&OP(t, GST), 4, 0);
    assert_int_equal(OP(t, GST).lines, OP(t, GST).insts);
    assert_true(model_efficiency(&OP(t, GST)) == 1.0);
}

/* docs/kernels.md: smem 16x16 p=1 -> store 2, load 2.  Row stride 17 words: a
 * warp is two tile rows, and the second row's last word wraps onto the bank
 * of the first row's first word.  p=0 store: 1; load: banks 16tx+ty -> two
 * banks of 8 lanes per half, 8 wavefronts. */
static void test_smem_16(void **s)
{
    (void)s;
    tpx_totals t = tot(mk(TPX_K_SMEM, 16, 16, 1024, 1024, TPX_F32, 1));
    assert_per_req(&OP(t, SST), 2, 1);
    assert_per_req(&OP(t, SLD), 2, 1);
    t = tot(mk(TPX_K_SMEM, 16, 16, 1024, 1024, TPX_F32, 0));
    assert_per_req(&OP(t, SST), 1, 1);
    assert_per_req(&OP(t, SLD), 8, 1);
    /* global loads: two 64-byte half rows -> 4 sectors, 2 lines */
    assert_per_req(&OP(t, GLD), 4, 0);
    assert_int_equal(OP(t, GLD).lines, 2 * OP(t, GLD).insts);
}

/* docs/kernels.md: smem_rect 32x8 p=1 -> shared load 4.  Warp w reads S[icol][irow]
 * with irow = 4w + lane/8, icol = lane%8: bank (icol*33 + irow) % 32 =
 * icol + irow, and a sum s is reached by up to 4 (icol, irow) pairs.
 * p=0: bank = irow: 4 banks of 8 words -> 8. */
static void test_smem_rect(void **s)
{
    (void)s;
    tpx_totals t = tot(mk(TPX_K_SMEM_RECT, 32, 8, 1024, 1024, TPX_F32, 1));
    assert_per_req(&OP(t, SLD), 4, 1);
    assert_per_req(&OP(t, SST), 1, 1);
    /* stores: 4 rows of B, 8 elements each (32 bytes, one sector each) */
    assert_per_req(&OP(t, GST), 4, 0);
    t = tot(mk(TPX_K_SMEM_RECT, 32, 8, 1024, 1024, TPX_F32, 0));
    assert_per_req(&OP(t, SLD), 8, 1);
}

/* Swizzle: S[r][c ^ r] puts a column walk in 32 distinct banks, no padding. */
static void test_swizzle(void **s)
{
    (void)s;
    tpx_config c = mk(TPX_K_SMEM, 32, 32, 1024, 1024, TPX_F32, 0);
    c.swz = 1;
    tpx_totals t = tot(c);
    assert_per_req(&OP(t, SLD), 1, 1);
    assert_per_req(&OP(t, SST), 1, 1);
}

/* Bank detail: the pass each lane is served in. */
static void test_bank_detail(void **s)
{
    (void)s;
    tpx_config c = mk(TPX_K_SMEM, 32, 32, 64, 64, TPX_F32, 0);
    tpx_inst in[4];
    assert_int_equal(model_warp_insts(&c, 0, 0, 5, in), 4);
    assert_int_equal(in[2].op, TPX_OP_SLD);
    tpx_bank_detail d;
    model_bank_detail(&in[2], 4, &d);
    assert_int_equal(d.wavefronts, 32);
    assert_int_equal(d.ideal, 1);
    for (int l = 0; l < 32; l++) {
        assert_int_equal(d.bank[l], 5); /* S[l][5] is in bank 5 */
        assert_int_equal(d.pass[l], l);
    }
    assert_int_equal(d.load[5], 32);
    assert_int_equal(d.load[4], 0);
    /* broadcast: lanes reading the same word share a pass */
    tpx_inst b = in[2];
    for (int l = 0; l < 32; l++)
        b.idx[l] = l / 2;
    model_bank_detail(&b, 4, &d);
    assert_int_equal(d.wavefronts, 1);
}

/* 8-byte accesses are served by the whole warp, not half-warp by half-warp
 * (measured on an H200 with Nsight Compute's SASS-patched wavefront counts,
 * docs/model.md).  smem_rect 32x8 pad 1 f64 on 1000x777: the tile read is
 * S[icol*33 + irow] with irow = 4*warp + lane/8, icol = lane%8; word
 * 2*(33 icol + irow) is in bank 2*(icol + irow) mod 32 and the next one.
 * Interior warps: icol + irow takes each value up to 4 times with distinct
 * words, so 4 wavefronts: 31*97 tiles x 8 warps x 4 = 96224.  Last tile
 * column (B rows 992..999: irow < 8, warps 0 and 1): 97 x 2 x 4 = 776.  Last
 * tile row (B column 776 only: icol = 0, lanes 0, 8, 16, 24): 4 lanes x 8
 * bytes in 8 distinct banks, 1 wavefront (the half-warp rule said 2):
 * 31 x 8 = 248, and the corner 2.  Total 97250, what the GPU counts. */
static void test_f64_whole_warp(void **s)
{
    (void)s;
    tpx_totals t = tot(mk(TPX_K_SMEM_RECT, 32, 8, 1000, 777, TPX_F64, 1));
    assert_int_equal(OP(t, SLD).wavefronts, 96224 + 776 + 248 + 2);
    tpx_config c = mk(TPX_K_SMEM_RECT, 32, 8, 1000, 777, TPX_F64, 1);
    tpx_inst in[4];
    assert_int_equal(model_warp_insts(&c, 0, 97, 3, in), 4);
    assert_int_equal(in[2].op, TPX_OP_SLD);
    assert_int_equal(in[2].active, 0x01010101u);
    tpx_bank_detail d;
    model_bank_detail(&in[2], 8, &d);
    assert_int_equal(d.wavefronts, 1);
    assert_int_equal(d.ideal, 1);
    /* a full warp of consecutive 8-byte words: 2 passes, ideal 2 */
    tpx_inst f = in[2];
    f.active = 0xffffffffu;
    f.lanes = 32;
    for (int l = 0; l < 32; l++)
        f.idx[l] = l;
    model_bank_detail(&f, 8, &d);
    assert_int_equal(d.wavefronts, 2);
    assert_int_equal(d.ideal, 2);
    assert_int_equal(d.pass[0], 0);
    assert_int_equal(d.pass[16], 1); /* lane 16's words are banks 0, 1 again */
}

/* tile_strip 32x8 on 16 columns (tall): K = 8 x 256 / 16 = 128 rows a
 * strip, and H = 100 K, so every strip is whole and starts on 8 KB of A.
 * Phase 0 reads A's rows as they lie: a warp's rep is 32 floats on 128
 * bytes (4 sectors, 1 line), stored along a tile row (1 wavefront).  Phase 1
 * writes B row q = e / 128 at columns l0 + e mod 128: 32 lanes, one row, 128
 * aligned bytes.  It reads tile slot z = 16 p + q, lanes 16 slots apart: with
 * pad 0 banks 16p + q mod 32 are 2 banks of 16 lanes, 16 wavefronts; with
 * pad 1 a 32-slot row adds p / 2: banks j + q and 16 + j + q for p = 2j and
 * 2j + 1, all 32 apart, 1 wavefront.  8 warps x 8 reps x 100 blocks. */
static void test_strip_banks(void **s)
{
    (void)s;
    for (int pad = 0; pad <= 1; pad++) {
        tpx_totals t = tot(mk(TPX_K_TILE_STRIP, 32, 8, 16, 12800, TPX_F32, pad));
        assert_int_equal(t.blocks, 100);
        assert_per_req(&OP(t, GLD), 4, 0);
        assert_per_req(&OP(t, GST), 4, 0);
        assert_int_equal(OP(t, GLD).lines, OP(t, GLD).insts);
        assert_int_equal(OP(t, GST).lines, OP(t, GST).insts);
        assert_per_req(&OP(t, SST), 1, 1);
        assert_per_req(&OP(t, SLD), pad ? 1 : 16, 1);
        for (int op = 0; op < TPX_OP_COUNT; op++)
            assert_int_equal(t.op[op].insts, 8 * 8 * 100);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_smem_32_pad),
        cmocka_unit_test(test_smem_16),
        cmocka_unit_test(test_smem_rect),
        cmocka_unit_test(test_strip_banks),
        cmocka_unit_test(test_swizzle),
        cmocka_unit_test(test_bank_detail),
        cmocka_unit_test(test_f64_whole_warp),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
