/* The access model against counts derived by hand (docs/kernels.md's examples and
 * more): global memory, grids, remaps and references; the shared-memory
 * banks are in test_model_shared.c.  Each comment shows the derivation. */

#include "test_model.h"

/* docs/kernels.md: naive_row 32x8 -> store 32 sectors per request; 16x16 -> 16;
 * 8x32 -> 8; loads 4 (one 128-byte row, two 64-byte or four 32-byte runs). */
static void test_naive_row_shapes(void **s)
{
    (void)s;
    tpx_totals t = tot(mk(TPX_K_NAIVE_ROW, 32, 8, 1024, 1024, TPX_F32, 0));
    assert_per_req(&OP(t, GST), 32, 0);
    assert_per_req(&OP(t, GLD), 4, 0);
    assert_int_equal(OP(t, GLD).insts, 32768); /* 32 x 128 blocks x 8 warps */
    assert_int_equal(OP(t, GST).sectors, 1048576);
    assert_int_equal(OP(t, GST).lines, 1048576);
    assert_int_equal(OP(t, GLD).lines, 32768);
    assert_int_equal(OP(t, SLD).insts, 0);
    assert_int_equal(OP(t, SST).insts, 0);
    assert_true(model_efficiency(&OP(t, GST)) == 0.125);
    t = tot(mk(TPX_K_NAIVE_ROW, 16, 16, 1024, 1024, TPX_F32, 0));
    assert_per_req(&OP(t, GST), 16, 0);
    assert_per_req(&OP(t, GLD), 4, 0);
    t = tot(mk(TPX_K_NAIVE_ROW, 8, 32, 1024, 1024, TPX_F32, 0));
    assert_per_req(&OP(t, GST), 8, 0);
    assert_per_req(&OP(t, GLD), 4, 0);
    assert_int_equal(OP(t, GLD).lines, 4 * OP(t, GLD).insts);
}

/* naive_col mirrors naive_row: 32 sectors per load, 4 per store. */
static void test_naive_col(void **s)
{
    (void)s;
    tpx_totals t = tot(mk(TPX_K_NAIVE_COL, 32, 8, 1024, 768, TPX_F32, 0));
    /* grid covers B: 768/32 x 1024/8 = 24 x 128 blocks, 8 warps each */
    assert_int_equal(t.blocks, 24 * 128);
    assert_int_equal(OP(t, GLD).insts, 24 * 128 * 8);
    assert_per_req(&OP(t, GLD), 32, 0);
    assert_per_req(&OP(t, GST), 4, 0);
}

/* Partial warps at 1000x1000, naive_row 32x8: grid 32 x 125; the last block
 * column has x = 992..999 valid, 8 lanes.  Every warp still has an active
 * lane.  Rows are 4000 bytes = 125 sectors, so every warp starts on a sector:
 * loads 4 sectors (1 at the edge): 125*8*(31*4 + 1) = 125000; stores one
 * sector per active lane: 10^6. */
static void test_partial_1000(void **s)
{
    (void)s;
    tpx_totals t = tot(mk(TPX_K_NAIVE_ROW, 32, 8, 1000, 1000, TPX_F32, 0));
    assert_int_equal(OP(t, GLD).insts, 32000);
    assert_int_equal(OP(t, GLD).sectors, 125000);
    assert_int_equal(OP(t, GLD).bytes, 4000000);
    assert_int_equal(OP(t, GST).sectors, 1000000);
    assert_true(model_efficiency(&OP(t, GLD)) == 1.0);
}

/* Partial warps with a block whose threads are not a multiple of 32: 10x10
 * has 100 threads = 3 full warps + 4 lanes. */
static void test_partial_block(void **s)
{
    (void)s;
    tpx_config c = mk(TPX_K_COPY_ROW, 10, 10, 10, 10, TPX_F32, 0);
    tpx_totals t = tot(c);
    assert_int_equal(t.warps_per_block, 4);
    assert_int_equal(OP(t, GLD).insts, 4);
    assert_int_equal(OP(t, GLD).bytes, 400);
    tpx_inst in[2];
    assert_int_equal(model_warp_insts(&c, 0, 0, 3, in), 2);
    assert_int_equal(in[0].lanes, 4);
    assert_int_equal(in[0].active, 0xF);
    /* lanes 96..99 = (6,9)..(9,9): elements 96..99, 16 bytes in sector 12 */
    long long sec[64];
    assert_int_equal(model_inst_sectors(&in[0], 4, sec), 1);
    assert_int_equal(sec[0], 12);
}

/* Non-square 1024x768 (W=1024, H=768), naive_row 32x8: grid 32 x 96. */
static void test_nonsquare(void **s)
{
    (void)s;
    tpx_totals t = tot(mk(TPX_K_NAIVE_ROW, 32, 8, 1024, 768, TPX_F32, 0));
    assert_int_equal(t.blocks, 32 * 96);
    assert_int_equal(OP(t, GLD).sectors, 4 * 24576);
    assert_int_equal(OP(t, GST).sectors, 32 * 24576);
    /* tile_rows 32x8 on 1024x768: 32 x 24 tiles, 8 warps, 4 steps each */
    t = tot(mk(TPX_K_TILE_ROWS, 32, 8, 1024, 768, TPX_F32, 1));
    assert_int_equal(t.blocks, 32 * 24);
    assert_int_equal(OP(t, GLD).insts, 32 * 24 * 8 * 4);
    assert_int_equal(OP(t, GST).insts, 32 * 24 * 8 * 4);
    assert_per_req(&OP(t, SLD), 1, 1);
    assert_per_req(&OP(t, GST), 4, 0);
}

/* tile_rows 32x8: the column read of an unpadded tile is one bank for the
 * whole warp (32-way); one element of padding makes it conflict-free. */
static void test_tile_rows(void **s)
{
    (void)s;
    tpx_totals t = tot(mk(TPX_K_TILE_ROWS, 32, 8, 1024, 1024, TPX_F32, 0));
    assert_per_req(&OP(t, SLD), 32, 1);
    assert_per_req(&OP(t, SST), 1, 1);
    t = tot(mk(TPX_K_TILE_ROWS, 64, 4, 1024, 1024, TPX_F32, 1));
    /* 64 wide: a warp is half a tile row; column read banks (tx*65 + r) % 32 */
    assert_per_req(&OP(t, SLD), 1, 1);
    assert_per_req(&OP(t, GLD), 4, 0);
    assert_int_equal(OP(t, GLD).insts, 16 * 16 * 8 * 16);
}

/* f64: a wavefront moves 128 bytes, so 16 lanes at a time, ideal 2 per warp.
 * Unpadded 32x32 column read: words 64tx + 2ty: every lane of a half in the
 * same bank pair -> 16 per half, 32 in all (16-way).  Padded: stride 66 words
 * -> banks 2tx + 2ty distinct within a half -> 2.  Global loads: 256 bytes ->
 * 8 sectors, 2 lines. */
static void test_f64(void **s)
{
    (void)s;
    tpx_totals t = tot(mk(TPX_K_SMEM, 32, 32, 1024, 1024, TPX_F64, 0));
    assert_per_req(&OP(t, SLD), 32, 1);
    assert_int_equal(OP(t, SLD).ideal, 2 * OP(t, SLD).insts);
    assert_true(model_conflict_ways(&OP(t, SLD)) == 16.0);
    assert_per_req(&OP(t, SST), 2, 1);
    t = tot(mk(TPX_K_SMEM, 32, 32, 1024, 1024, TPX_F64, 1));
    assert_per_req(&OP(t, SLD), 2, 1);
    assert_true(model_conflict_ways(&OP(t, SLD)) == 1.0);
    t = tot(mk(TPX_K_NAIVE_ROW, 32, 8, 1024, 1024, TPX_F64, 0));
    assert_per_req(&OP(t, GLD), 8, 0);
    assert_int_equal(OP(t, GLD).lines, 2 * OP(t, GLD).insts);
    assert_per_req(&OP(t, GST), 32, 0);
}

/* f16: two lanes share a word.  Unpadded 32x32 column read: word 16tx + ty/2
 * -> two banks, 16 words each -> 16.  Padded: halfword 33tx + ty.  Even ty:
 * word 33k + ty/2 (tx = 2k) or 33k + 16 + ty/2 (tx = 2k+1): banks k and k+16
 * shifted by ty/2, all distinct -> 1.  Odd ty: the odd lanes' words are
 * 33k + 17 + (ty-1)/2, so lane 31 (k = 15) wraps onto lane 0's bank -> 2.
 * Half the warps each: 1.5 per request.  Loads: 64 bytes -> 2 sectors. */
static void test_f16(void **s)
{
    (void)s;
    tpx_totals t = tot(mk(TPX_K_SMEM, 32, 32, 1024, 1024, TPX_F16, 0));
    assert_per_req(&OP(t, SLD), 16, 1);
    assert_per_req(&OP(t, SST), 1, 1);
    t = tot(mk(TPX_K_SMEM, 32, 32, 1024, 1024, TPX_F16, 1));
    assert_int_equal(2 * OP(t, SLD).wavefronts, 3 * OP(t, SLD).insts);
    t = tot(mk(TPX_K_NAIVE_ROW, 32, 8, 1024, 1024, TPX_F16, 0));
    assert_per_req(&OP(t, GLD), 2, 0);
    assert_per_req(&OP(t, GST), 32, 0);
}

/* copy_row: 4 sectors both sides; copy_col: 32 both sides; unroll4: four
 * instructions per warp with the naive pattern. */
static void test_copies_unroll(void **s)
{
    (void)s;
    tpx_totals t = tot(mk(TPX_K_COPY_ROW, 32, 8, 1024, 1024, TPX_F32, 0));
    assert_per_req(&OP(t, GLD), 4, 0);
    assert_per_req(&OP(t, GST), 4, 0);
    t = tot(mk(TPX_K_COPY_COL, 32, 8, 1024, 1024, TPX_F32, 0));
    assert_per_req(&OP(t, GLD), 32, 0);
    assert_per_req(&OP(t, GST), 32, 0);
    t = tot(mk(TPX_K_UNROLL4_ROW, 32, 8, 1024, 1024, TPX_F32, 0));
    assert_int_equal(t.blocks, 8 * 128);
    assert_int_equal(OP(t, GLD).insts, 8 * 128 * 8 * 4);
    assert_per_req(&OP(t, GST), 32, 0);
    t = tot(mk(TPX_K_UNROLL4_COL, 16, 16, 1024, 1024, TPX_F32, 0));
    assert_per_req(&OP(t, GLD), 16, 0);
    assert_per_req(&OP(t, GST), 4, 0);
}

/* Diagonal remapping on a square grid (seed 002) and on a 4x2 grid (NVIDIA's
 * form, worked by hand), and a bijection on odd grids. */
static void test_diag_remap(void **s)
{
    (void)s;
    tpx_geom g = {.w = 128, .h = 128, .bx = 32, .by = 32, .gx = 4, .gy = 4};
    int tbx, tby;
    tpx_diag_remap(&g, 3, 2, &tbx, &tby);
    assert_int_equal(tbx, 1); /* (3+2) mod 4 */
    assert_int_equal(tby, 2);
    g.gx = 4;
    g.gy = 2;
    static const int want[8][2] = {{0, 0}, {1, 1}, {1, 0}, {2, 1}, {2, 0}, {3, 1}, {3, 0}, {0, 1}};
    for (int by = 0; by < 2; by++)
        for (int bx = 0; bx < 4; bx++) {
            tpx_diag_remap(&g, bx, by, &tbx, &tby);
            assert_int_equal(tbx, want[bx + 4 * by][0]);
            assert_int_equal(tby, want[bx + 4 * by][1]);
        }
    for (int gx = 1; gx <= 7; gx++)
        for (int gy = 1; gy <= 7; gy++) {
            int seen[49] = {0};
            g.gx = gx;
            g.gy = gy;
            for (int by = 0; by < gy; by++)
                for (int bx = 0; bx < gx; bx++) {
                    tpx_diag_remap(&g, bx, by, &tbx, &tby);
                    assert_true(tbx >= 0 && tbx < gx && tby >= 0 && tby < gy);
                    seen[tbx + gx * tby]++;
                }
            for (int i = 0; i < gx * gy; i++)
                assert_int_equal(seen[i], 1);
        }
}

/* Column order on a 3x2 grid, worked by hand: launch block bid = bx + 3 by
 * works on tile (bid / 2, bid mod 2), so blocks go down the tile columns.
 * tile_vec is the kernel that launches this way (issue 11: a wave writes
 * whole B rows in sequence), and block (1, 1) of a 128 x 128 f32 launch of
 * 16 x 8 threads (64 x 64 tiles, grid 2 x 2: bid 3) reads tile (1, 1). */
static void test_col_remap(void **s)
{
    (void)s;
    tpx_geom g = {.w = 96, .h = 64, .bx = 32, .by = 32, .gx = 3, .gy = 2};
    static const int want[6][2] = {{0, 0}, {0, 1}, {1, 0}, {1, 1}, {2, 0}, {2, 1}};
    for (int by = 0; by < 2; by++)
        for (int bx = 0; bx < 3; bx++) {
            int tbx, tby, bx2, by2;
            tpx_col_remap(&g, bx, by, &tbx, &tby);
            assert_int_equal(tbx, want[bx + 3 * by][0]);
            assert_int_equal(tby, want[bx + 3 * by][1]);
            tpx_col_unmap(&g, tbx, tby, &bx2, &by2);
            assert_int_equal(bx2, bx);
            assert_int_equal(by2, by);
        }
    assert_int_equal(tpx_traits_of(TPX_K_TILE_VEC).remap, TPX_REMAP_COL);
    tpx_config c = mk(TPX_K_TILE_VEC, 16, 8, 128, 128, TPX_F32, 0);
    static tpx_inst in[64];
    assert_true(model_insts_per_warp(&c) <= 64);
    model_warp_insts(&c, 0, 1, 0, in); /* block (0, 1): bid 2, tile (1, 0) */
    assert_int_equal(in[0].idx[0], 64 / 4); /* A row 0, column 64: vector 16 */
    model_warp_insts(&c, 1, 0, 0, in); /* block (1, 0): bid 1, tile (0, 1) */
    assert_int_equal(in[0].idx[0], 64 * 128 / 4); /* A row 64, column 0 */
}

/* The column order's 32-bit path (grids of up to 2^32 - 1 blocks) and its
 * 64-bit one give the tile the 64-bit division gives, on both sides of the
 * boundary: 65535 x 65537 blocks is 2^32 - 1, 65536 x 65537 one grid column
 * more; the last blocks of each, and blocks whose bid passes 2^31. */
static void test_col_remap_wide(void **s)
{
    (void)s;
    static const int grids[][2] = {{65535, 65537}, {65536, 65537}, {2147483647, 2}, {3, 2147483647}};
    for (int i = 0; i < 4; i++) {
        tpx_geom g = {.gx = grids[i][0], .gy = grids[i][1]};
        int pts[][2] = {{g.gx - 1, g.gy - 1}, {0, g.gy - 1}, {g.gx - 1, 0}, {g.gx / 2, g.gy / 2}};
        for (int j = 0; j < 4; j++) {
            int bx = pts[j][0], by = pts[j][1], tbx, tby, bx2, by2;
            long long bid = bx + (long long)g.gx * by;
            tpx_col_remap(&g, bx, by, &tbx, &tby);
            assert_int_equal(tbx, bid / g.gy);
            assert_int_equal(tby, bid % g.gy);
            tpx_col_unmap(&g, tbx, tby, &bx2, &by2);
            assert_int_equal(bx2, bx);
            assert_int_equal(by2, by);
        }
    }
}

/* Reordering tiles changes no per-warp access: diagonal totals equal naive. */
static void test_diag_totals(void **s)
{
    (void)s;
    long long sizes[][2] = {{1024, 1024}, {1000, 777}, {96, 64}};
    for (size_t i = 0; i < 3; i++) {
        tpx_totals a = tot(mk(TPX_K_NAIVE_ROW, 16, 16, sizes[i][0], sizes[i][1], TPX_F32, 0));
        tpx_totals b = tot(mk(TPX_K_DIAGONAL_ROW, 16, 16, sizes[i][0], sizes[i][1], TPX_F32, 0));
        assert_memory_equal(&a.op, &b.op, sizeof a.op);
        a = tot(mk(TPX_K_NAIVE_COL, 8, 32, sizes[i][0], sizes[i][1], TPX_F32, 0));
        b = tot(mk(TPX_K_DIAGONAL_COL, 8, 32, sizes[i][0], sizes[i][1], TPX_F32, 0));
        assert_memory_equal(&a.op, &b.op, sizeof a.op);
    }
    /* the block -> tile mapping itself differs */
    tpx_config c = mk(TPX_K_DIAGONAL_ROW, 32, 32, 128, 128, TPX_F32, 0);
    tpx_inst in[2];
    model_warp_insts(&c, 1, 1, 0, in); /* block (1,1) works on tile (2,1) */
    assert_int_equal(in[0].idx[0], 32 * 128 + 64);
}

/* The references are measured, not modelled. */
static void test_references(void **s)
{
    (void)s;
    tpx_config c = mk(TPX_K_MEMCPY, 32, 8, 64, 64, TPX_F32, 0);
    tpx_totals t;
    assert_int_equal(model_totals(&c, &t, NULL), -1);
    tpx_inst in[2];
    assert_int_equal(model_warp_insts(&c, 0, 0, 0, in), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_naive_row_shapes),
        cmocka_unit_test(test_naive_col),
        cmocka_unit_test(test_partial_1000),
        cmocka_unit_test(test_partial_block),
        cmocka_unit_test(test_nonsquare),
        cmocka_unit_test(test_tile_rows),
        cmocka_unit_test(test_f64),
        cmocka_unit_test(test_f16),
        cmocka_unit_test(test_copies_unroll),
        cmocka_unit_test(test_diag_remap),
        cmocka_unit_test(test_col_remap),
        cmocka_unit_test(test_col_remap_wide),
        cmocka_unit_test(test_diag_totals),
        cmocka_unit_test(test_references),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
