/* Stores below L1 (traffic_store.c, predict.c): the pieces the L1 merges
 * where a block's warps wait on the same loads, and what a part-written
 * sector costs the L2 by the sectors of its line one request carries; the
 * counts worked by hand. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "catalog.h"
#include "predict.h"
#include "profile.h"
#include "test_round.h"
#include "traffic_store.h"

/* copy_col 32x8 at 6 x 2048 f32: a block's 6 live warps (y < 6) each load
 * and store column y of the same 32 rows of 24 bytes, 768 bytes at a
 * multiple of 768: 24 sectors an instruction, in 6 lines.  The L1 serves
 * the loads once (24 of 144 go on), and as every sector a warp loads
 * another warp loads too, they store together: their pieces (4 bytes, one
 * lane) merge, 24 whole sectors a block (Nsight Compute, H200, 32x8 at
 * 6x20000000: 16.5 M of 90 M reach the L2, 15.0 M if all merged).  64
 * blocks: 9216 sectors asked, 1536 written whole. */
static void test_l1_merges_warps_fed_together(void **state)
{
    (void)state;
    tpx_config c = test_cfg(TPX_K_COPY_COL, 32, 8, 6, 2048, TPX_F32, 0);
    tpx_block_traffic b;
    assert_int_equal(traffic_block(&c, 5, 0, &b), 0);
    assert_int_equal(b.l1_ld_sectors, 144);
    assert_int_equal(b.l2_ld_sectors, 24);
    assert_int_equal(b.st_sectors, 144);
    assert_int_equal(b.st_partial, 144);
    assert_int_equal(b.l2_st_sectors, 24);
    assert_int_equal(b.l2_st_partial, 0);
    tpx_traffic tr;
    traffic_of(&c, 0, &tr);
    assert_int_equal(tr.l1_st_sectors, 9216);
    assert_int_equal(tr.l2_st_sectors, 1536);
    assert_int_equal(tr.l2_st_partial, 0);

    /* 8192 wide the same warps store into 32 lines an instruction, one
     * sector each: not merged (Nsight Compute: 67.1 M of 67.1 M) */
    c = test_cfg(TPX_K_COPY_COL, 32, 8, 256, 256, TPX_F32, 0);
    assert_int_equal(traffic_block(&c, 1, 1, &b), 0);
    assert_int_equal(b.l2_ld_sectors, 32);
    assert_int_equal(b.l2_st_sectors, 256);
    assert_int_equal(b.l2_st_partial, 256);

    /* copy_row 1x128 at 5 x 1024: each warp loads sectors no other warp
     * loads (32 rows of its own), so its stores leave as its loads return */
    c = test_cfg(TPX_K_COPY_ROW, 1, 128, 5, 1024, TPX_F32, 0);
    assert_int_equal(traffic_block(&c, 2, 3, &b), 0);
    assert_int_equal(b.l2_st_sectors, 80);
    assert_int_equal(b.l2_st_partial, 80);
}

/* fed[w]: a warp is fed together where each of its sectors has another
 * warp's load beside it; keys are sector * 32 + warp. */
static void test_fed_warps(void **state)
{
    (void)state;
    long long k[] = {7 * 32 + 0, 7 * 32 + 1, 8 * 32 + 1, 8 * 32 + 2, 9 * 32 + 2, 5 * 32 + 3, 5 * 32 + 3};
    int fed[4];
    traffic_store_fed(k, sizeof k / sizeof k[0], 4, fed);
    assert_int_equal(fed[0], 1); /* 7: with warp 1 */
    assert_int_equal(fed[1], 1); /* 7, 8: with warps 0, 2 */
    assert_int_equal(fed[2], 0); /* 9 alone */
    assert_int_equal(fed[3], 0); /* 5 twice, but only its own */
}

/* copy_row 1x128 at 5 x 1024 f32: a warp stores 4 bytes every 20 into 640
 * bytes at a multiple of 640, five whole lines: each of its 20 sectors in
 * part, in a request of the 4 sectors of its line.  The L2 takes such a
 * sector at the pipe probe's cost of a part-written sector four to a
 * request over one alone (partial_req at 4: 0.667 on the H200). */
static void test_partial_sectors_by_request(void **state)
{
    (void)state;
    tpx_config c = test_cfg(TPX_K_COPY_ROW, 1, 128, 5, 1024, TPX_F32, 0);
    tpx_block_traffic b;
    assert_int_equal(traffic_block(&c, 2, 3, &b), 0);
    int by_req[TPX_FILL_REQS] = {0};
    for (int f = 0; f < TPX_FILL_CLASSES; f++)
        for (int i = 0; i < TPX_FILL_BINS; i++)
            for (int r = 0; r < TPX_FILL_REQS; r++)
                by_req[r] += b.l2_st_fill[f][i][r];
    assert_int_equal(by_req[3], 80);
    assert_int_equal(by_req[0] + by_req[1] + by_req[2], 0);

    char msg[TPX_MSG];
    const tpx_profile *h200 = profile_find("h200", msg, sizeof msg);
    assert_non_null(h200);
    tpx_profile flat = *h200;
    flat.partial_req.n = 0; /* no curve: every request as one sector */
    c = test_cfg(TPX_K_COPY_ROW, 1, 128, 5, 1000000, TPX_F32, 0);
    tpx_totals t;
    tpx_traffic tr;
    tpx_prediction p, q;
    assert_int_equal(model_totals(&c, &t, NULL), 0);
    assert_int_equal(traffic_compute(&c, &t, h200->l2_bytes, &tr), 0);
    assert_int_equal(predict_config(&c, &t, &tr, h200, &p), 0);
    assert_int_equal(predict_config(&c, &t, &tr, &flat, &q), 0);
    assert_true(fabs(p.l2_partial_cost / q.l2_partial_cost - 0.667) < 0.01);
    assert_true(p.t_ms[TPX_LIM_L2] < q.t_ms[TPX_LIM_L2]);
}

/* unroll4_col 8x64 at 1024 x 1024 f16: a warp (8 x 4 threads) loads 8 bytes
 * of 8 rows of A, sectors the block's next three warps load too (16
 * columns a sector), so it is fed together; each of its 4 reps stores 16
 * bytes into each of 4 rows of B, and reps one apart write the two halves
 * of a sector.  The L1 joins pieces of different warps, not one warp's
 * successive stores: each half goes to the L2 alone (Nsight Compute, H200,
 * 8x64 at 10000x7000 f16: 8.56 M write sectors for the 8.75 M written).
 * A block: 16 warps x 4 reps x 4 pieces = 256 writes of 16 bytes, for its
 * 128 sectors. */
static void test_one_warps_pieces_apart(void **state)
{
    (void)state;
    tpx_config c = test_cfg(TPX_K_UNROLL4_COL, 8, 64, 1024, 1024, TPX_F16, 0);
    tpx_block_traffic b;
    assert_int_equal(traffic_block(&c, 1, 1, &b), 0);
    assert_int_equal(b.st_sectors, 256);
    assert_int_equal(b.st_partial, 256);
    assert_int_equal(b.l2_st_sectors, 256);
    assert_int_equal(b.l2_st_partial, 256);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_l1_merges_warps_fed_together),
        cmocka_unit_test(test_fed_warps),
        cmocka_unit_test(test_partial_sectors_by_request),
        cmocka_unit_test(test_one_warps_pieces_apart),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
