/* Sectors several blocks write in part, lost while the blocks run
 * (traffic_split.c counts them, predict.c prices the share the colw probe
 * gives by the data the resident blocks move): worked by hand on the profile
 * of round numbers (test_round.h). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "test_round.h"

/* naive_row 32x1 on A of 64 x 4 f32: B has 64 rows of 16 bytes, 32 sectors,
 * each two rows of B.  The block on tile (X, Y) writes column Y of B's rows
 * 32X to 32X + 31: 8 bytes (two rows' 4) of each of 16 sectors, which the
 * blocks of the other three columns write the rest of.  Each sector is
 * counted once: a quarter by each of its four writers.  naive_row 32x4 at
 * 64 x 64 f32 writes 16 of a row's 256 bytes a block, two blocks a sector:
 * every sector of B shared again, 64 x 256 / 32 of them. */
static void test_shared_counted(void **state)
{
    (void)state;
    tpx_traffic tr;
    tpx_config c = test_cfg(TPX_K_NAIVE_ROW, 32, 1, 64, 4, TPX_F32, 0);
    traffic_of(&c, 1000, &tr);
    assert_true(fabs(tr.split_shared - 32) < 1e-9);
    c = test_cfg(TPX_K_NAIVE_ROW, 32, 4, 64, 64, TPX_F32, 0);
    traffic_of(&c, 1000, &tr);
    assert_true(fabs(tr.split_shared - 512) < 1e-9);
    /* a block that writes whole sectors shares none (8 rows of 4 bytes: 32) */
    c = test_cfg(TPX_K_NAIVE_ROW, 32, 8, 64, 64, TPX_F32, 0);
    traffic_of(&c, 1000, &tr);
    assert_true(tr.split_shared == 0);
}

/* naive_row 64x4 at 4096x64 f32, an L2 of 1 MB (test_lines_whole.c: lone
 * sectors, two blocks each): 1024 blocks of 256 threads, 8 an SM by threads,
 * 800 resident on 100 SMs; each moves 2 x 1 KB, so they move 1.6384 MB
 * together.  With a share of 0.8 lost at 1 MB and 0.9 at 4 (log x), the
 * share at 1.6384 MB is 0.8 + 0.1 log2(1.6384) / 2; the L2 loses that
 * share of B's 32768 sectors, less those its launch distance loses already
 * (about 19800 here, the L2 being small), and each costs DRAM 64 bytes each
 * way and the L2 rmw_gbs for 128. */
static void test_shared_priced(void **state)
{
    (void)state;
    tpx_profile prof = round_prof(), none;
    prof.l2_bytes = 1000000;
    prof.rmw_gbs = 1000;
    none = prof;
    prof.partial_shared_lost = (tpx_curve){2, {1, 4}, {0.8, 0.9}};
    tpx_config c = test_cfg(TPX_K_NAIVE_ROW, 64, 4, 4096, 64, TPX_F32, 0);
    tpx_traffic tr;
    traffic_of(&c, prof.l2_bytes, &tr);
    assert_true(fabs(tr.split_shared - 32768) < 1e-6);
    tpx_prediction p, q;
    predict_cfg(&prof, &c, &p);
    predict_cfg(&none, &c, &q);
    assert_true(p.blocks_per_sm == 8 && fabs(p.inflight_mb - 1.6384) < 1e-12 &&
                fabs(q.inflight_mb - 1.6384) < 1e-12);
    double share = 0.8 + 0.1 * log2(1.6384) / 2, lost = share * 32768 - tr.split_evicted;
    assert_true(lost > 1000 && fabs(p.shared_lost - lost) < 1e-6 && q.shared_lost == 0);
    assert_true(fabs(p.dram_bytes - q.dram_bytes - 128 * lost) < 1e-6);
    double rmw = 128 * lost / 1e9;
    assert_true(fabs(p.t_ms[TPX_LIM_L2] - q.t_ms[TPX_LIM_L2] - rmw) < 1e-9 * rmw);
    /* a launch that fits in the L2 keeps them all */
    prof.l2_bytes = 50000000;
    predict_cfg(&prof, &c, &p);
    assert_true(p.shared_lost == 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shared_counted),
        cmocka_unit_test(test_shared_priced),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
