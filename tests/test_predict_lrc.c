/* The reads the L2 request coalescer merges (traffic_lrc.c, predict.c's l2
 * limit), worked by hand on the profile of round numbers (test_round.h)
 * with merge shares of round numbers. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "test_round.h"

/* Shares by launch distance 1, 2, 8, 64 for instructions over 1, 2, 4, 8
 * lines. */
static tpx_profile lrc_prof(void)
{
    char text[2048], msg[TPX_MSG];
    snprintf(text, sizeof text, "%s%s", round_profile,
             "lrc_merge_1=1:0.5,2:0.25,8:0.1,64:0.05\nlrc_merge_2=1:0.4,2:0.2,8:0.1,64:0.05\n"
             "lrc_merge_4=1:0.3,2:0.15,8:0.1,64:0.05\nlrc_merge_8=1:0.1,2:0.05,8:0.02,64:0.01\n");
    tpx_profile p;
    assert_int_equal(profile_parse(text, &p, msg, sizeof msg), 0);
    return p;
}

/* copy_row 2x128 at 6x1024 f32: rows of 24 bytes, three blocks side by side
 * (columns 0-1, 2-3, 4-5) over each 128 rows, launched one after another.
 * A warp reads 16 rows, 384 bytes: 3 lines, every sector of each, and the
 * three blocks send the same requests.  1024 rows are 192 lines; each line's
 * request is sent 3 times, 2 merges possible (the pairs 0-1 and 1-2, one
 * launch apart), 4 sectors each: 1536 sectors at distance 1.  Over 3 lines
 * an instruction the share lies between 2 lines' (0.4) and 4 lines' (0.3),
 * linear in log: 0.4 - 0.1 log2(1.5) = 0.34150.  The block rows hold 24
 * lines each: none shared above or below.  The grid is 3 x 8 tiles, every
 * one counted (no sampling). */
static void test_merge_hand(void **state)
{
    (void)state;
    tpx_profile prof = lrc_prof();
    tpx_prediction p;
    predict_dt(&prof, TPX_K_COPY_ROW, 2, 128, 6, 1024, TPX_F32, &p);
    double share = 0.4 - 0.1 * log2(1.5);
    assert_true(fabs(p.l2_merged - 1536 * share) < 1e-6);
    assert_true(fabs(p.l2_merged_share - 1536 * share / 2304) < 1e-9); /* L1 sends 3 x 768 */
    /* the l2 limit: (2304 - merged) read sectors at 200 a ns and 2304
     * part-written store sectors */
    tpx_profile plain = round_prof();
    tpx_prediction q;
    predict_dt(&plain, TPX_K_COPY_ROW, 2, 128, 6, 1024, TPX_F32, &q);
    assert_true(q.l2_merged == 0);
    double saved = 1536 * share / 200 * 1e-6;
    assert_true(fabs((q.t_ms[TPX_LIM_L2] - p.t_ms[TPX_LIM_L2]) - saved) < 1e-12);
}

/* diagonal_row sends the same requests, but its blocks over one band of
 * rows are not launched together: nothing merges.  copy_row 8x32 at 6
 * columns: one block a row band, no neighbour shares a line. */
static void test_no_merge(void **state)
{
    (void)state;
    tpx_profile prof = lrc_prof();
    tpx_prediction p;
    predict_dt(&prof, TPX_K_DIAGONAL_ROW, 2, 128, 6, 4000000, TPX_F32, &p);
    assert_true(p.l2_merged == 0);
    predict_dt(&prof, TPX_K_COPY_ROW, 8, 32, 6, 1024, TPX_F32, &p);
    assert_true(p.l2_merged == 0);
}

/* Requests are the same only when their sectors are: f64 rows of 72 bytes
 * read 8 bytes a block put neighbouring blocks' pieces in different sectors
 * of a line every fourth row, so fewer requests match than lines are
 * shared; and a warp over 18 lines takes the 8-line share. */
static void test_same_requests(void **state)
{
    (void)state;
    tpx_profile prof = lrc_prof();
    tpx_prediction p;
    predict_dt(&prof, TPX_K_COPY_ROW, 1, 256, 9, 2048, TPX_F64, &p);
    /* 9 blocks over each row band: 8 pairs a line at most, 0.1 of them */
    double lines = 2048.0 * 72 / 128, most = 8 * lines * 4 * 0.1;
    assert_true(p.l2_merged > 0 && p.l2_merged < 0.8 * most);
}

/* The words name the merge where it is 5 % of the reads or more: 2 of 3
 * reads merge at 0.3415, 23 % (at 1,600,000 rows, where the L2 binds). */
static void test_merge_words(void **state)
{
    (void)state;
    tpx_profile prof = lrc_prof();
    tpx_prediction p;
    predict_dt(&prof, TPX_K_COPY_ROW, 2, 128, 6, 1600000, TPX_F32, &p);
    assert_int_equal(p.limiter, TPX_LIM_L2);
    char why[TPX_MSG];
    predict_explain(&p, &prof, why, sizeof why);
    assert_non_null(strstr(why, "23 % of the reads merged on the way"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_merge_hand),
        cmocka_unit_test(test_no_merge),
        cmocka_unit_test(test_same_requests),
        cmocka_unit_test(test_merge_words),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
