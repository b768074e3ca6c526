/* The issue limit of the throughput model (predict.c, insts.c): the share of
 * edge blocks and the limit's time worked by hand on the profile of round
 * numbers (test_round.h) with four instructions an SM a cycle, and the
 * record (assets/kernel_insts.txt) complete for every catalog kernel; the
 * round trips of tiles the matrix edge cuts. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "compiled.h"
#include "insts.h"
#include "test_round.h"

static tpx_profile issue_prof(void)
{
    tpx_profile p = round_prof();
    p.issue_per_cycle = 4;
    return p;
}

/* tile_rows 32x8 f32 moves 32x32 tiles: at 100x1000, 3 of 4 tile columns
 * and 31 of 32 tile rows are whole, 93 of 128 tiles; at 2048^2 all are; a
 * matrix one column wide has none (every tile 31 columns outside). */
static void test_edge_share(void **state)
{
    (void)state;
    tpx_config c = test_cfg(TPX_K_TILE_ROWS, 32, 8, 100, 1000, TPX_F32, 0);
    assert_true(fabs(insts_edge_share(&c) - (1 - 93.0 / 128)) < 1e-12);
    c = test_cfg(TPX_K_TILE_ROWS, 32, 8, 2048, 2048, TPX_F32, 0);
    assert_true(insts_edge_share(&c) == 0);
    c = test_cfg(TPX_K_TILE_ROWS, 32, 8, 1, 67108864, TPX_F32, 0);
    assert_true(insts_edge_share(&c) == 1);
    /* copy_row 32x8: a block covers 32x8 elements; 8190 wide, 255 of 256
     * block columns whole, every block row */
    c = test_cfg(TPX_K_COPY_ROW, 32, 8, 8190, 8192, TPX_F32, 0);
    assert_true(fabs(insts_edge_share(&c) - 1.0 / 256) < 1e-12);
}

/* copy_row 32x8 at 8192^2: 262,144 blocks of 8 warps, 2,097,152 warps,
 * each n instructions (the record's whole-tile count), over 100 SMs issuing
 * 4 a cycle at 2 GHz: 2097152 n / 8e8 ms.  The bytes bind it (a copy issues
 * few), and a profile without the rate has no such limit. */
static void test_issue_time(void **state)
{
    (void)state;
    tpx_profile prof = issue_prof();
    tpx_prediction p;
    predict_on(&prof, TPX_K_COPY_ROW, 32, 8, 8192, &p);
    assert_true(p.insts_per_warp > 20 && p.insts_per_warp < 80);
    assert_true(fabs(p.t_ms[TPX_LIM_ISSUE] - 2097152.0 * p.insts_per_warp / 8e8) < 1e-12);
    assert_true(p.limiter != TPX_LIM_ISSUE);
    prof = round_prof();
    predict_on(&prof, TPX_K_COPY_ROW, 32, 8, 8192, &p);
    assert_true(p.t_ms[TPX_LIM_ISSUE] == 0);
}

/* tile_vec 32x8 at 1x67108864 f32 (Nsight Compute on an H200: 7.2 G warp
 * instructions in 8.1 ms, 85 % of the issue slots): 2,097,152 blocks of 8
 * warps, every tile at the edge; the instructions bind, and the words say
 * why.  The same bytes at 8192^2 (whole 128x128 tiles of 16-byte vectors,
 * 4096 blocks, 512 times fewer) issue far less, and the bytes bind. */
static void test_issue_binds_thin(void **state)
{
    (void)state;
    tpx_profile prof = issue_prof();
    tpx_prediction p, q;
    predict_dt(&prof, TPX_K_TILE_VEC, 32, 8, 1, 67108864, TPX_F32, &p);
    assert_true(p.edge_share == 1);
    assert_int_equal(p.limiter, TPX_LIM_ISSUE);
    assert_true(fabs(p.t_ms[TPX_LIM_ISSUE] - (double)p.blocks * 8 * p.insts_per_warp / 8e8) < 1e-12);
    char why[TPX_MSG];
    predict_explain(&p, &prof, why, sizeof why);
    assert_non_null(strstr(why, "limited by instruction issue: 16,777,216 warps x "));
    assert_non_null(strstr(why, "100 % of the blocks' tiles pass the matrix's edge"));
    predict_dt(&prof, TPX_K_TILE_VEC, 32, 8, 8192, 8192, TPX_F32, &q);
    assert_true(q.edge_share == 0 && q.blocks * 512 == p.blocks && q.limiter != TPX_LIM_ISSUE);
    assert_true(q.t_ms[TPX_LIM_ISSUE] < p.t_ms[TPX_LIM_ISSUE] / 100);
    predict_compare(&q, &p, why, sizeof why);
    assert_non_null(strstr(why, "to instruction issue"));
}

/* A grid of more than 65,535 block rows launches folded into one row and
 * every thread unfolds its block with a division: smem_rect 1x256 at
 * 6 x 16776960 has 65,535 block rows, at 6 x 16777216 65,536.  Both tiles
 * whole, so a warp's count differs by the record's fold cost alone
 * (Nsight Compute on an H200, 6x20000000 f32: 146 a warp at 1x256, folded,
 * 125 at 1x512, not; the record's cost is fitted to the instruction probe's
 * folded launches, insts_fit.py), and the words name it where issue binds. */
static void test_grid_fold(void **state)
{
    (void)state;
    tpx_config flat = test_cfg(TPX_K_SMEM_RECT, 1, 256, 6, 16776960, TPX_F32, 0);
    tpx_config fold = test_cfg(TPX_K_SMEM_RECT, 1, 256, 6, 16777216, TPX_F32, 0);
    assert_int_equal(config_grid_folded(&flat), 0);
    assert_int_equal(config_grid_folded(&fold), 1);
    assert_true(insts_edge_share(&flat) == 0 && insts_edge_share(&fold) == 0);
    double z = insts_fold_cost();
    assert_true(z > 10 && z < 40);
    double got = insts_per_warp(&fold, NULL, NULL) - insts_per_warp(&flat, NULL, NULL);
    assert_true(fabs(got - z) < 1e-9);
    tpx_profile prof = issue_prof();
    tpx_prediction p, q;
    predict_dt(&prof, TPX_K_SMEM_RECT, 1, 256, 6, 16777216, TPX_F32, &p);
    predict_dt(&prof, TPX_K_SMEM_RECT, 1, 256, 6, 16776960, TPX_F32, &q);
    assert_true(p.fold_insts == z && q.fold_insts == 0);
    assert_int_equal(p.limiter, TPX_LIM_ISSUE);
    char why[TPX_MSG];
    predict_explain(&p, &prof, why, sizeof why);
    assert_non_null(strstr(why, "of them unfold the grid: over 65,535 block rows"));
    predict_explain(&q, &prof, why, sizeof why);
    assert_null(strstr(why, "unfold"));
}

/* Every catalog kernel at every element size has a count, whole and at the
 * edge, compiled shapes and not: no launch goes without the limit. */
static void test_record_complete(void **state)
{
    (void)state;
    const tpx_dtype dts[3] = {TPX_F16, TPX_F32, TPX_F64};
    const int shapes[3][2] = {{32, 8}, {16, 16}, {128, 2}};
    for (int k = 0; k < TPX_K_COUNT; k++) {
        if (config_is_reference((tpx_kernel_id)k))
            continue;
        for (int d = 0; d < 3; d++)
            for (int s = 0; s < 3; s++) {
                tpx_config c = test_cfg((tpx_kernel_id)k, shapes[s][0], shapes[s][1], 4099, 4097, dts[d], 0);
                if (insts_per_warp(&c, NULL, NULL) <= 1)
                    fail_msg("no instruction count for kernel %d %dx%d dtype %d", k, shapes[s][0],
                             shapes[s][1], d);
            }
    }
}

/* tile_strip at a short side of 50 (1342177x50 f32): K = 8 T / 50 rounded
 * down, so K S = 1000 at 128 threads, above the 7 x 128 + 96 = 992 slots
 * before the last rep's last warp: every warp works in every rep, the kernel
 * without exits (tpx_sp_lean); at 256 threads K S = 2000 < 2016, a warp
 * idles in its last rep, the kernel whose walks exit.  The probe counts that
 * one about a fifth more instructions a warp (h200_insts.csv.gz, 100x40000:
 * 579 against 478; the record, fitted at seven sizes: 564 against 453); a
 * short side of 32 or less always fills every rep. */
static void test_strip_kernels(void **state)
{
    (void)state;
    tpx_config lean = test_cfg(TPX_K_TILE_STRIP, 128, 1, 1342177, 50, TPX_F32, 0);
    tpx_config exits = test_cfg(TPX_K_TILE_STRIP, 256, 1, 1342177, 50, TPX_F32, 0);
    tpx_config thin = test_cfg(TPX_K_TILE_STRIP, 256, 1, 1342177, 32, TPX_F32, 0);
    assert_int_equal(compiled_insts_lean(&lean), 1);
    assert_int_equal(compiled_insts_lean(&exits), 0);
    assert_int_equal(compiled_insts_lean(&thin), 1);
    double a = insts_per_warp(&lean, NULL, NULL), b = insts_per_warp(&exits, NULL, NULL);
    assert_true(b > 1.15 * a && b < 1.4 * a);
    assert_true(fabs(insts_per_warp(&thin, NULL, NULL) - a) < 1e-9);
}

/* Edge tiles load one rep at a time (compiled_rounds): tile_rows 16x2 p1
 * f64 at 11 x 2048 cuts all 128 tiles at 11 of 16 columns, and each block's
 * one warp asks new sectors at every one of its 8 reps (rows of 88 bytes, two
 * a rep): 8 round trips, where the whole tiles at 16 x 2048 take 1.  One wave
 * on the round profile (128 blocks, 32 an SM on 100 SMs): the latency limit
 * grows by 7 x 500 ns, less the edge tiles' smaller pipe work; the words
 * say it. */
static void test_edge_round_trips(void **state)
{
    (void)state;
    tpx_profile prof = round_prof();
    tpx_prediction e, w;
    predict_pad1(&prof, TPX_K_TILE_ROWS, 16, 2, 11, 2048, TPX_F64, &e);
    predict_pad1(&prof, TPX_K_TILE_ROWS, 16, 2, 16, 2048, TPX_F64, &w);
    assert_true(fabs(e.rounds - 8) < 1e-9 && e.rounds_edge);
    assert_true(fabs(w.rounds - 1) < 1e-9 && !w.rounds_edge);
    assert_true(fabs(e.waves - 1) < 1e-9 && fabs(w.waves - 1) < 1e-9);
    double grew = (e.t_ms[TPX_LIM_LATENCY] - w.t_ms[TPX_LIM_LATENCY]) * 1e6;
    assert_true(grew > 0.9 * 3500 && grew <= 3500 + 1e-6);
    assert_int_equal(e.limiter, TPX_LIM_LATENCY);
    char why[TPX_MSG];
    predict_explain(&e, &prof, why, sizeof why);
    assert_non_null(strstr(why, "8.0 round trips a block: tiles the matrix edge cuts load one rep "
                                "at a time (8 B a load)"));
}

/* How full the edge tiles are (insts_edge_active): tile_rows 32x8 f32 at
 * 100x1000 has 93 whole 32x32 tiles of 128; the other 35 hold 100000 - 93 x
 * 1024 = 4768 elements (31 tiles of 4x32, 3 of 32x8, one of 4x8) in room for
 * 35 x 1024.  tile_gather 32x8 f16 at 26x5000000: every tile 26 of its 32
 * B rows (A's columns) wide, 39063 tiles of 128 of A's rows, the last 32
 * rows short; none cut at 2048^2. */
static void test_edge_active(void **state)
{
    (void)state;
    tpx_config c = test_cfg(TPX_K_TILE_ROWS, 32, 8, 100, 1000, TPX_F32, 0);
    assert_true(fabs(insts_edge_active(&c) - 4768.0 / (35 * 1024)) < 1e-12);
    c = test_cfg(TPX_K_TILE_GATHER, 32, 8, 26, 5000000, TPX_F16, 0);
    assert_true(fabs(insts_edge_share(&c) - 1) < 1e-12);
    assert_true(fabs(insts_edge_active(&c) - 26.0 * 5000000 / (39063.0 * 32 * 128)) < 1e-12);
    c = test_cfg(TPX_K_TILE_GATHER, 32, 8, 2048, 2048, TPX_F16, 0);
    assert_true(insts_edge_share(&c) == 0 && insts_edge_active(&c) == 1);
}

/* tile_gather compiled for 32x8, f16: a tile that H cuts but whose columns
 * are whole runs the lean code (tpx_tg_lean), a whole tile's count; at
 * 200001x16 (B's rows on sectors, 16 = Q) only the last of 6251 tile columns,
 * one block, is an edge (the probe: 331-346 instructions a warp there, 333
 * at 2048^2).  Tiles wider than A's rows count more the more columns they
 * hold (the probe: 674 at 3x1000001, 842 at 10x300001; Nsight Compute 1294
 * at 26x5000000, where the record before this rule said 795). */
static void test_gather_edges(void **state)
{
    (void)state;
    tpx_config thin = test_cfg(TPX_K_TILE_GATHER, 32, 8, 200001, 16, TPX_F16, 0);
    tpx_config sq = test_cfg(TPX_K_TILE_GATHER, 32, 8, 2048, 2048, TPX_F16, 0);
    assert_true(compiled_insts_lean(&thin) > 0);
    assert_true(fabs(insts_edge_share(&thin) - 1.0 / 6251) < 1e-12);
    double whole = insts_per_warp(&sq, NULL, NULL);
    assert_true(fabs(insts_per_warp(&thin, NULL, NULL) / whole - 1) < 0.01);
    tpx_config c3 = test_cfg(TPX_K_TILE_GATHER, 32, 8, 3, 1000001, TPX_F16, 0);
    tpx_config c10 = test_cfg(TPX_K_TILE_GATHER, 32, 8, 10, 300001, TPX_F16, 0);
    tpx_config c26 = test_cfg(TPX_K_TILE_GATHER, 32, 8, 26, 5000000, TPX_F16, 0);
    double n3 = insts_per_warp(&c3, NULL, NULL), n10 = insts_per_warp(&c10, NULL, NULL);
    double n26 = insts_per_warp(&c26, NULL, NULL);
    assert_true(n3 > 1.5 * whole && n3 < n10 && n10 < n26);
    assert_true(fabs(n26 / 1294 - 1) < 0.1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_edge_share),
        cmocka_unit_test(test_issue_time),
        cmocka_unit_test(test_issue_binds_thin),
        cmocka_unit_test(test_record_complete),
        cmocka_unit_test(test_grid_fold),
        cmocka_unit_test(test_strip_kernels),
        cmocka_unit_test(test_edge_round_trips),
        cmocka_unit_test(test_edge_active),
        cmocka_unit_test(test_gather_edges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
