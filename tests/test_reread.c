/* Atoms of A read again (traffic_split.c, traffic_reread_block): what two
 * blocks far apart in launch order both load comes from DRAM again in
 * 64-byte atoms, worked by hand at a narrow A. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "test_round.h"
#include "traffic_split.h"

/* A block's atoms, not its sectors, are what DRAM sends again: naive_col
 * 32x1 at 11x64 f64 reads one element of each 88-byte row, and its column
 * neighbours the elements beside it, in another sector for 2 rows of 8 but
 * in another atom for only 1 (Nsight Compute on an H200, naive_col 64x1 at
 * 11x5000000 f64: 3520 MB read, 64 bytes for every element; counted by
 * sectors, 2810).  Tile (0, 3) reads rows 0 to 31 at bytes 24 + 88 r, one
 * atom a row; its neighbours at columns 2 and 4 share 28 of the 32 each, where
 * sectors would share 24. */
static void test_reread_counts_atoms(void **state)
{
    (void)state;
    tpx_split s;
    tpx_config c = test_cfg(TPX_K_NAIVE_COL, 32, 1, 11, 64, TPX_F64, 0);
    assert_int_equal(traffic_reread_block(&c, 0, 3, 1e9, 1, 5, &s), 0);
    long long mine[64], next[64], prev[64];
    int nm = 0, nn = 0, np = 0;
    for (int r = 0; r < 32; r++) {
        long long am = (24 + 88LL * r) / 64, an = (32 + 88LL * r) / 64, ap = (16 + 88LL * r) / 64;
        if (nm == 0 || mine[nm - 1] != am)
            mine[nm++] = am;
        if (nn == 0 || next[nn - 1] != an)
            next[nn++] = an;
        if (np == 0 || prev[np - 1] != ap)
            prev[np++] = ap;
    }
    int shared = 0;
    for (int i = 0; i < nm; i++)
        for (int j = 0; j < nn; j++)
            shared += mine[i] == next[j];
    for (int i = 0; i < nm; i++)
        for (int j = 0; j < np; j++)
            shared += mine[i] == prev[j];
    assert_int_equal(shared, 2 * 28);
    assert_true(fabs(s.reread_pairs - 0.5 * shared) < 1e-12);
    assert_true(fabs(s.reread_evicted - 0.5 * shared) < 1e-9);
}

/* Atoms read again go at the pace of A's runs where those are longer than a
 * lone atom (predict.c, dram_ms): naive_col 32x4 at 11x5000000 f64 on the
 * H200's profile reads A's 88-byte rows in long runs (its column of blocks
 * covers every row), and its rereads stream with them (Nsight Compute:
 * 1280 MB read and 440 written in 389 us); priced as lone atoms the DRAM
 * limit would be a quarter longer (1540 GB/s predicted, not 1935).
 * diagonal_col 128x1 at 11500x5900 f32 (test_traffic.c) keeps the lone
 * atom's pace. */
static void test_reread_priced_at_runs(void **state)
{
    (void)state;
    char msg[TPX_MSG];
    const tpx_profile *prof = profile_find("h200", msg, sizeof msg);
    assert_non_null(prof);
    tpx_config c = test_cfg(TPX_K_NAIVE_COL, 32, 4, 11, 5000000, TPX_F64, 0);
    tpx_traffic tr;
    tpx_prediction p;
    predict_with(prof, &c, &tr, &p);
    double eta64 = profile_curve_at(&prof->dram_run_read, 64);
    assert_true(tr.reread_bytes > 0.3 * tr.dram_rd_bytes && p.eta_a > 1.3 * eta64);
    double want = ((tr.dram_rd_bytes - tr.reread_bytes) / p.eta_a + tr.reread_bytes / p.eta_a +
                   tr.dram_wr_bytes / p.eta_b) / (prof->dram_gbs * 1e6);
    assert_true(fabs(p.t_ms[TPX_LIM_DRAM] - want) < 1e-12 * want);
    assert_int_equal(p.limiter, TPX_LIM_DRAM);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reread_counts_atoms),
        cmocka_unit_test(test_reread_priced_at_runs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
