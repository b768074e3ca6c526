/* Part-written sectors the L2 loses a whole line of at once (traffic_split.c,
 * traffic.c, predict.c): their bytes worked by hand, and what the L2 and DRAM
 * limits charge for them against lone sectors on the profile of round numbers
 * (test_round.h). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "test_round.h"

/* Lines lost whole, naive_row 32x1 on A of 64 x 4 f32: a row of B is 16
 * bytes, a line 8 of them.  The block on tile (X, Y) writes column Y of B's
 * rows 32X to 32X + 31, 4 bytes in each of 16 sectors (4 lines), every
 * sector of them in part, which the blocks of (X, Y - 1) and (X, Y + 1)
 * write in part too: 3 pairs down each of the 2 columns of tiles, 16
 * sectors each, all four of every line shared.  A block's L2 traffic is 4
 * load and 16 store sectors (640 bytes), its neighbour gx = 2 launches
 * away; an L2 of 1000 bytes gives a life of 700.  A line lost whole costs
 * 32 bytes a sector each way (a line read and written), and its writes go
 * out as lines: B's own too, every one of its 32 sectors being in one. */
static void test_lines_lost_whole(void **state)
{
    (void)state;
    tpx_traffic tr;
    tpx_config c = test_cfg(TPX_K_NAIVE_ROW, 32, 1, 64, 4, TPX_F32, 0);
    traffic_of(&c, 1000, &tr);
    double lost = 96 * (1 - exp(-1280.0 / 700)), b = 1024 * (1 - 1000.0 / 2048);
    assert_true(fabs(tr.split_evicted - lost) < 1e-6 && fabs(tr.split_evicted_whole - lost) < 1e-6);
    assert_true(fabs(tr.dram_rd_bytes - (1024 + 32 * lost)) < 1e-6);
    assert_true(fabs(tr.dram_wr_bytes - (b + 32 * lost)) < 1e-6);
    assert_true(fabs(tr.whole_wr_bytes - tr.dram_wr_bytes) < 1e-6);
}

/* What the limits charge, an L2 of 1 MB: naive_row 32x1 at 1048576x16 f32
 * loses its lines two sectors at a time (a row of B is 64 bytes, a line two
 * rows; a block writes 4 bytes of one sector of each, the blocks above and
 * below the same sectors; the 60 bytes between its pieces leave B's runs 4
 * bytes long); naive_row 64x4 at 4096x64
 * f32 loses lone sectors (a row of B is 256 bytes, a block writes 16 of
 * them, two blocks a sector, one sector in four of a line).  The L2 waits
 * rmw_gbs for a lone sector's 128 bytes only; DRAM writes the lines lost
 * whole at a line's efficiency, here a half where a 32-byte run's is a
 * quarter. */
static void test_whole_lines_priced(void **state)
{
    (void)state;
    tpx_profile prof = round_prof(), none;
    prof.l2_bytes = 1000000;
    none = prof;
    prof.rmw_gbs = 1000;
    prof.dram_run_write = (tpx_curve){3, {32, 128, 1024}, {0.25, 0.5, 1}};
    none.dram_run_write = prof.dram_run_write;
    tpx_config whole = test_cfg(TPX_K_NAIVE_ROW, 32, 1, 1048576, 16, TPX_F32, 0);
    tpx_config lone = test_cfg(TPX_K_NAIVE_ROW, 64, 4, 4096, 64, TPX_F32, 0);
    tpx_prediction p, q;
    tpx_traffic tr;
    traffic_of(&whole, prof.l2_bytes, &tr);
    assert_true(tr.split_evicted > 1e6 && tr.split_evicted_whole == tr.split_evicted);
    predict_cfg(&prof, &whole, &p);
    predict_cfg(&none, &whole, &q);
    assert_true(p.t_ms[TPX_LIM_L2] == q.t_ms[TPX_LIM_L2]);
    double want = ((tr.dram_rd_bytes - tr.reread_bytes) / p.eta_a + tr.reread_bytes +
                   (tr.dram_wr_bytes - tr.whole_wr_bytes) / p.eta_b + tr.whole_wr_bytes / 0.5) /
                  (prof.dram_gbs * 1e6);
    assert_true(p.eta_b == 0.25 && fabs(p.t_ms[TPX_LIM_DRAM] - want) < 1e-12 * want);
    traffic_of(&lone, prof.l2_bytes, &tr);
    assert_true(tr.split_evicted > 1000 && tr.split_evicted_whole == 0 && tr.whole_wr_bytes == 0);
    predict_cfg(&prof, &lone, &p);
    predict_cfg(&none, &lone, &q);
    double rmw = 128 * tr.split_evicted / 1e9;
    assert_true(fabs(p.t_ms[TPX_LIM_L2] - q.t_ms[TPX_LIM_L2] - rmw) < 1e-9 * rmw);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lines_lost_whole),
        cmocka_unit_test(test_whole_lines_priced),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
