/* The SM pipe and L2 limits of the throughput model, each a case worked by
 * hand on the profile of round numbers (test_round.h). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "test_round.h"

/* naive_row 32x8 at 8192^2, store lines at 5 cycles: every store
 * instruction writes 32 lines, 4 B in each (32 sectors in part).  The pipe:
 * per block 8 warps x (1 load line + 32 store lines x 5) = 1288 cycles;
 * 262,144 blocks over 100 SMs at 2 GHz: 262144 / 100 x 1288 / 2e6 =
 * 1.68821 ms.  L2: 8,388,608 load sectors at 200/ns and 67,108,864 store
 * sectors, each part-written (twice) at 100/ns: 0.04194 + 1.34218 ms, plus
 * the read-modify-writes of lost sectors (no rmw_gbs here: none).  The pipe
 * binds; at 4 cycles a line (1.35266 ms) the L2 would. */
static void test_sm_limit(void **state)
{
    (void)state;
    tpx_profile prof = round_prof();
    prof.st_line_cycles = 5;
    tpx_prediction p;
    predict_on(&prof, TPX_K_NAIVE_ROW, 32, 8, 8192, &p);
    assert_true(fabs(p.sm_cycles_block - 1288) < 1e-9);
    assert_true(fabs(p.t_ms[TPX_LIM_SM] - 262144.0 / 100 * 1288 / 2e6) < 1e-9);
    assert_true(fabs(p.t_ms[TPX_LIM_L2] - (8388608 / 200.0 + 2 * 67108864 / 100.0) * 1e-6) <
                1e-9);
    assert_int_equal(p.limiter, TPX_LIM_SM);
    assert_true(fabs(p.st_lines_per_req - 32) < 1e-9);
    char why[TPX_MSG];
    predict_explain(&p, &prof, why, sizeof why);
    assert_non_null(strstr(why, "32 lines per store instruction"));
}

/* With the store line at 1 cycle, the same launch is the L2's: 1.38 ms of
 * sector traffic against a pipe of 262144 / 100 x 264 / 2e6 = 0.346 ms. */
static void test_l2_limit(void **state)
{
    (void)state;
    tpx_profile prof = round_prof();
    prof.st_line_cycles = 1;
    tpx_prediction p;
    predict_on(&prof, TPX_K_NAIVE_ROW, 32, 8, 8192, &p);
    assert_int_equal(p.limiter, TPX_LIM_L2);
    assert_true(fabs(p.t_ms[TPX_LIM_SM] - 262144.0 / 100 * 264 / 2e6) < 1e-9);
    assert_true(p.t_ms[TPX_LIM_L2] > 3 * p.t_ms[TPX_LIM_SM]);
}

/* An L1 hit's passes by sector position (probes l1p, l1r): naive_col 32x4
 * reads 32 rows of A an instruction (A 4096 rows, whole warps).  4104 wide,
 * f32, the rows lie 16416 bytes apart, 32 off 128, so a warp's 32 sectors
 * sit 8 at each of a line's four positions: its hits take max(8, 32 /
 * l1_lines_per_cycle) passes, 16 at 2 lines a pass (a quarter of a cycle
 * saved a hit line at 0.5 cycles a pass), 8 at 8 (3/8 saved), 32 where the
 * profile has no rate.  4112 wide (64 off 128): two positions, 16 passes at
 * either rate; 4096 wide: one, 32.  Misses and stores are priced alike. */
static tpx_prediction p;

static double sm_cycles_at(tpx_profile *prof, double lpc, long long n, double *hit_per_block,
                           tpx_totals *t)
{
    tpx_config c = test_cfg(TPX_K_NAIVE_COL, 32, 4, n, 4096, TPX_F32, 0);
    tpx_traffic tr;
    prof->l1_lines_per_cycle = lpc;
    assert_int_equal(model_totals(&c, t, NULL), 0);
    assert_int_equal(traffic_compute(&c, t, prof->l2_bytes, &tr), 0);
    assert_int_equal(predict_config(&c, t, &tr, prof, &p), 0);
    *hit_per_block = (double)(t->op[TPX_OP_GLD].lines - tr.l2_ld_lines) / (double)t->blocks;
    assert_true(*hit_per_block > 0);
    return p.sm_cycles_block;
}

static void test_hit_positions(void **state)
{
    (void)state;
    tpx_profile prof = round_prof();
    tpx_totals t;
    double hit;
    const tpx_cost *ld = &t.op[TPX_OP_GLD];
    double every = sm_cycles_at(&prof, 0, 4104, &hit, &t);
    assert_int_equal(ld->lines, 4 * ld->peak);
    assert_int_equal(ld->wide_lines, ld->lines);
    assert_int_equal(ld->wide_peak, ld->peak);
    assert_true(fabs(p.ld_passes_per_req - 32) < 1e-9);
    assert_true(fabs(every - sm_cycles_at(&prof, 2, 4104, &hit, &t) - 0.25 * hit) < 1e-9);
    assert_true(fabs(p.ld_passes_per_req - 16) < 1e-9 && fabs(p.ld_lines_per_req - 32) < 1e-9);
    assert_true(fabs(every - sm_cycles_at(&prof, 8, 4104, &hit, &t) - 0.375 * hit) < 1e-9);
    assert_true(fabs(p.ld_passes_per_req - 8) < 1e-9);
    prof.ld_hit_line_cycles = 40; /* the pipe binds, and says how the lines fall */
    sm_cycles_at(&prof, 2, 4104, &hit, &t);
    char why[TPX_MSG];
    predict_explain(&p, &prof, why, sizeof why);
    assert_int_equal(p.limiter, TPX_LIM_SM);
    assert_non_null(strstr(why, "32 lines per load instruction in 16.0 L1 passes"));
    prof.ld_hit_line_cycles = 0.5;

    every = sm_cycles_at(&prof, 0, 4112, &hit, &t);
    assert_int_equal(ld->lines, 2 * ld->peak);
    assert_int_equal(ld->wide_lines, 0);
    assert_true(fabs(every - sm_cycles_at(&prof, 2, 4112, &hit, &t) - 0.25 * hit) < 1e-9);
    assert_true(fabs(every - sm_cycles_at(&prof, 8, 4112, &hit, &t) - 0.25 * hit) < 1e-9);

    every = sm_cycles_at(&prof, 0, 4096, &hit, &t);
    assert_int_equal(ld->lines, ld->peak);
    assert_true(fabs(every - sm_cycles_at(&prof, 2, 4096, &hit, &t)) < 1e-9);
}

/* The L2's pace at part-written sectors by the block's share of the line
 * (probe fill).  naive_row at 8192^2 f32: a warp of a 16-wide block writes
 * 8 bytes (two lanes) into each of 16 lines, and the block's 4, 8 or 16 warps
 * write 1/4, 1/2 or all of each line (16x8, 16x16, 16x32): 33,554,432 store
 * sectors, each in part, all in the 8-byte class at that share.  With the
 * curve {1/4: 0.5, 1/2: 0.8, 1: 1} a part-written sector costs 2 x 0.8 /
 * pace: 3.2, 2 and 1.6 writes at 100/ns, beside 8,388,608 load sectors at
 * 200/ns; the words say so, and tpx compare's what moved.  32x8 writes
 * 4-byte pieces (the other class, flat here: cost 2), and without the
 * curves every share costs 2. */
static void test_partial_fill(void **state)
{
    (void)state;
    tpx_profile prof = round_prof();
    prof.partial_fill_8 = (tpx_curve){3, {0.25, 0.5, 1}, {0.5, 0.8, 1}};
    const int by[3] = {8, 16, 32}, bin[3] = {0, 1, 3};
    const double cost[3] = {3.2, 2, 1.6};
    for (int i = 0; i < 3; i++) {
        tpx_config c = test_cfg(TPX_K_NAIVE_ROW, 16, by[i], 8192, 8192, TPX_F32, 0);
        tpx_totals t;
        tpx_traffic tr;
        assert_int_equal(model_totals(&c, &t, NULL), 0);
        assert_int_equal(traffic_compute(&c, &t, prof.l2_bytes, &tr), 0);
        /* one sector of each line an instruction: requests of one sector */
        assert_true(fabs(tr.l2_st_fill[1][bin[i]][0] - 33554432) < 0.5);
        assert_true(fabs(tr.l2_st_fill[0][0][0] + tr.l2_st_fill[0][3][0]) < 0.5);
        tpx_prediction q;
        assert_int_equal(predict_config(&c, &t, &tr, &prof, &q), 0);
        assert_true(fabs(q.t_ms[TPX_LIM_L2] - (8388608 / 200.0 + cost[i] * 33554432 / 100.0) * 1e-6) <
                    1e-9);
    }
    tpx_prediction q, r; /* the compare words say what moved (the pipe cheap: the L2 binds both) */
    prof.st_line_cycles = 1;
    predict_on(&prof, TPX_K_NAIVE_ROW, 16, 8, 8192, &q);
    predict_on(&prof, TPX_K_NAIVE_ROW, 16, 32, 8192, &r);
    assert_int_equal(q.limiter, TPX_LIM_L2);
    assert_int_equal(r.limiter, TPX_LIM_L2);
    char why[TPX_MSG];
    predict_compare(&q, &r, why, sizeof why);
    assert_non_null(strstr(why, "; stores in part: 3.2 -> 1.6 accesses each (a block writes 25 % -> 100 % "
                                "of each line)"));
    predict_explain(&q, &prof, why, sizeof why);
    assert_non_null(strstr(why, "stores in part: 3.2 accesses each, a block writing 25 % of each line"));
    predict_on(&prof, TPX_K_NAIVE_ROW, 32, 8, 8192, &q);
    assert_true(fabs(q.t_ms[TPX_LIM_L2] - (8388608 / 200.0 + 2 * 67108864 / 100.0) * 1e-6) < 1e-9);
    prof = round_prof();
    predict_on(&prof, TPX_K_NAIVE_ROW, 16, 32, 8192, &q);
    assert_true(fabs(q.t_ms[TPX_LIM_L2] - (8388608 / 200.0 + 2 * 33554432 / 100.0) * 1e-6) < 1e-9);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sm_limit),
        cmocka_unit_test(test_l2_limit),
        cmocka_unit_test(test_partial_fill),
        cmocka_unit_test(test_hit_positions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
