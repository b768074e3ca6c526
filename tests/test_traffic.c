/* Traffic below L1 and the predicted bandwidth: hand-derived counts of the
 * L1 effect (seed 002: strided reads are softened by L1, strided writes are
 * not), DRAM bytes against the L2's size, and the device profiles. */
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
#include "traffic_split.h"

/* naive_col 32x8, 256x256 f32: a warp's load reads one column of 32 rows,
 * 32 sectors; the block's 8 warps read the 8 columns of the same 32 sectors
 * (8 floats to a sector), so L1 serves 256 sector requests per block and 32
 * go to L2.  256 blocks: 65536 asked of L1, 8192 = 256*256*4/32 reach L2.
 * The stores are whole rows: 4 full sectors a warp, 8192 in all. */
static void test_l1_softens_strided_reads(void **state)
{
    (void)state;
    tpx_config c = test_cfg(TPX_K_NAIVE_COL, 32, 8, 256, 256, TPX_F32, 0);
    tpx_traffic tr;
    traffic_of(&c, 0, &tr);
    assert_int_equal(tr.l1_ld_sectors, 65536);
    assert_int_equal(tr.l2_ld_sectors, 8192);
    assert_int_equal(tr.l2_st_sectors, 8192);
    assert_int_equal(tr.l2_st_partial, 0);
    tpx_block_traffic b;
    assert_int_equal(traffic_block(&c, 3, 5, &b), 0);
    assert_int_equal(b.l1_ld_sectors, 256);
    assert_int_equal(b.l2_ld_sectors, 32);
    assert_int_equal(b.l2_ld_lines, 32);
}

/* naive_row 32x8, 256x256 f32: loads are whole rows (4 sectors a warp, 8192
 * in all, no reuse to find); each store writes 4 bytes into each of 32
 * sectors and L1 keeps no stores: 2048 warps x 32 = 65536 sectors reach L2,
 * every one of them written in part.  The same matrix costs L2 73728
 * sector accesses against naive_col's 16384. */
static void test_l1_does_not_soften_strided_writes(void **state)
{
    (void)state;
    tpx_config c = test_cfg(TPX_K_NAIVE_ROW, 32, 8, 256, 256, TPX_F32, 0);
    tpx_traffic tr;
    traffic_of(&c, 0, &tr);
    assert_int_equal(tr.l1_ld_sectors, 8192);
    assert_int_equal(tr.l2_ld_sectors, 8192);
    assert_int_equal(tr.l2_st_sectors, 65536);
    assert_int_equal(tr.l2_st_partial, 65536);
    assert_int_equal(tr.l2_ld_sectors + tr.l2_st_sectors, 73728);
}

/* smem_staged stores as naive_row does, after a barrier.  16x16 at 256x256
 * f32: a warp writes 8 bytes (two lanes, y and y + 1) into each of 16
 * sectors, 16 sectors an instruction, 8 warps: 128 pieces a block, 32768 in
 * all.  The block's 16 rows of y fill 64 bytes of each of its 16 B rows, 2
 * whole sectors, which the L1 joins (Nsight Compute, H200: 9.5 M for 33.6 M
 * at 8192x8192): 32 a block, 8192 in all, none in part.  In f16 a warp's
 * piece is 4 bytes (2 lanes x 2): not joined, 32768 L2 sectors, every one in
 * part; naive_row's pieces are not joined either (no barrier). */
static void test_l1_merges_stores_after_a_barrier(void **state)
{
    (void)state;
    tpx_traffic tr;
    tpx_config c = test_cfg(TPX_K_SMEM_STAGED, 16, 16, 256, 256, TPX_F32, 0);
    traffic_of(&c, 0, &tr);
    assert_int_equal(tr.l1_st_sectors, 32768);
    assert_int_equal(tr.l2_st_sectors, 8192);
    assert_int_equal(tr.l2_st_partial, 0);
    tpx_block_traffic b;
    assert_int_equal(traffic_block(&c, 2, 3, &b), 0);
    assert_int_equal(b.st_sectors, 128);
    assert_int_equal(b.st_partial, 128);
    assert_int_equal(b.l2_st_sectors, 32);
    assert_int_equal(b.l2_st_partial, 0);

    c = test_cfg(TPX_K_SMEM_STAGED, 16, 16, 256, 256, TPX_F16, 0);
    traffic_of(&c, 0, &tr);
    assert_int_equal(tr.l1_st_sectors, 32768);
    assert_int_equal(tr.l2_st_sectors, 32768);
    assert_int_equal(tr.l2_st_partial, 32768);

    c = test_cfg(TPX_K_NAIVE_ROW, 16, 16, 256, 256, TPX_F32, 0);
    traffic_of(&c, 0, &tr);
    assert_int_equal(tr.l2_st_sectors, 32768);
    assert_int_equal(tr.l2_st_partial, 32768);

    /* One lane's 4 bytes are joined too where the instruction spans 12 lines
     * or fewer (Nsight Compute, H200: smem_staged 32x4 at 16000000x9 f32, 52 M
     * for 144 M).  32x4 at 256x9 f32: B's rows are 36 bytes, an instruction's
     * 32 lanes 1152 bytes, 9 lines.  The blocks of a column of tiles write
     * bytes 0-15, 16-31 and 32-35 of their 32 rows, 36, 36 and 32 sectors
     * once each where the warps wrote 128, 128 and 32: 104 a column, 832 in
     * all.  At 256x40 (rows of 160 bytes, 40 lines) none are joined. */
    c = test_cfg(TPX_K_SMEM_STAGED, 32, 4, 256, 9, TPX_F32, 0);
    traffic_of(&c, 0, &tr);
    assert_int_equal(tr.l1_st_sectors, 2304);
    assert_int_equal(tr.l2_st_sectors, 832);
    c = test_cfg(TPX_K_SMEM_STAGED, 32, 4, 256, 40, TPX_F32, 0);
    traffic_of(&c, 0, &tr);
    assert_int_equal(tr.l2_st_sectors, tr.l1_st_sectors);

    /* tile_strip 32x8 at 2047x3 f32 stores B in runs, a warp's 128 bytes in 1
     * or 2 lines, where two warps meet inside a sector: pieces of 8 bytes and
     * more from two lanes and more, but a coalesced store, which the L1 joins
     * only in part (Nsight Compute, 22369621x3: 9.3 M of 10.0 M): left as
     * they are, all 897 (joined, 771) */
    c = test_cfg(TPX_K_TILE_STRIP, 32, 8, 2047, 3, TPX_F32, 0);
    traffic_of(&c, 0, &tr);
    assert_int_equal(tr.l1_st_sectors, 897);
    assert_int_equal(tr.l2_st_sectors, 897);
}

/* Cold launch: A always comes from DRAM; of B, what the L2 still holds dirty
 * at the end (its share B / (A + B) of the L2) is written back later. */
static void test_dram_bytes_and_l2_residency(void **state)
{
    (void)state;
    tpx_traffic tr;
    tpx_config small = test_cfg(TPX_K_TILE_ROWS, 32, 8, 1024, 1024, TPX_F32, 1);
    traffic_of(&small, 62914560, &tr); /* 8 MiB working set, 60 MiB L2 */
    assert_true(tr.l2_resident);
    assert_true(tr.dram_rd_bytes == 4194304.0);
    assert_true(tr.dram_wr_bytes == 0.0);

    tpx_config mid = test_cfg(TPX_K_TILE_ROWS, 32, 8, 2048, 2048, TPX_F32, 1);
    traffic_of(&mid, 20971520, &tr); /* 32 MiB against 20 MiB: 16 - 20/2 MiB of B */
    assert_false(tr.l2_resident);
    assert_true(tr.dram_wr_bytes == 6291456.0);

    tpx_config big = test_cfg(TPX_K_TILE_ROWS, 32, 8, 8192, 8192, TPX_F32, 1);
    traffic_of(&big, 62914560, &tr); /* 512 MiB: 256 - 60/2 MiB of B */
    assert_true(tr.dram_rd_bytes == 268435456.0);
    assert_true(tr.dram_wr_bytes == 236978176.0);
}

/* Sectors written in parts at different times, 256x16 f32 with 64x4 blocks
 * (a 4x4 grid, every tile counted).  A row of B is 16 floats, 2 sectors;
 * a sector holds 8 rows of A, so two vertically adjacent blocks write 16
 * bytes of it each, and inside a block the 4 warps of its 4 rows write 4
 * bytes each: 3 waits per block portion (64 rows x 3 x 16 blocks = 3072),
 * one wait between the two blocks (256 rows x 2 sectors = 512).  A block's
 * L2 traffic is 32 load sectors and 256 store sectors (9216 bytes).  In
 * launch order the two blocks are a grid row apart (4 launches) in the
 * cartesian order; in the diagonal order of a square grid tile (x, y)
 * runs at launch (x - y mod 4) + 4y, so its neighbour below is 3 launches
 * later, or 7 where x - y = 0 mod 4 (a quarter of the pairs).  With an L2
 * of 30000 bytes (the 32 KB working set does not fit) a part-written
 * sector lives 0.7 * 30000 bytes of traffic. */
static void test_sectors_written_in_parts(void **state)
{
    (void)state;
    const double life = 0.7 * 30000, blk = 9216;
    tpx_traffic cart, diag;
    tpx_config c = test_cfg(TPX_K_NAIVE_ROW, 64, 4, 256, 16, TPX_F32, 0);
    traffic_of(&c, 30000, &cart);
    tpx_config d = test_cfg(TPX_K_DIAGONAL_ROW, 64, 4, 256, 16, TPX_F32, 0);
    traffic_of(&d, 30000, &diag);
    assert_int_equal(cart.l2_st_split, 3072 + 512);
    assert_int_equal(diag.l2_st_split, 3072 + 512);
    double in = 0.006 * 3072, p4 = 1 - exp(-4 * blk / life), p3 = 1 - exp(-3 * blk / life),
           p7 = 1 - exp(-7 * blk / life);
    assert_true(fabs(cart.split_evicted - (in + 512 * p4)) < 1e-6);
    assert_true(fabs(diag.split_evicted - (in + 384 * p3 + 128 * p7)) < 1e-6);
    /* a sector that leaves inside the block costs a 64-byte read and write
     * of DRAM; one the pair leaves goes with its line: a line holds two rows
     * of B, and the pair writes the first sector of each, two of its four,
     * which the L2 evicts, fills and writes back together, 32 bytes a sector
     * each way (traffic_split.c, line_whole) */
    assert_true(fabs(cart.split_evicted_whole - 512 * p4) < 1e-6);
    assert_true(fabs(cart.dram_rd_bytes - (16384 + 64 * in + 32 * 512 * p4)) < 1e-6);
    /* a whole-sector kernel waits for nobody */
    tpx_config t = test_cfg(TPX_K_TILE_ROWS, 32, 8, 256, 16, TPX_F32, 1);
    traffic_of(&t, 30000, &cart);
    assert_int_equal(cart.l2_st_split, 0);
    assert_true(cart.split_evicted == 0);
}

/* Atoms of A that two blocks load, 8x1 naive_col on A of 8 f32 columns
 * (one sector a row, two rows a 64-byte atom) and 16 rows: the block on tile
 * (X, Y) reads column Y of rows 8X to 8X + 7, 4 atoms, which the blocks of
 * (X, Y - 1) and (X, Y + 1) read too (each pair counted half by each block:
 * 4 for tile (0, 3)); (1, 3) reads other rows.  Cartesian order: the tiles
 * above and below run gx = 2 launches away, (1, 3) one.  The general diagonal
 * order of this 2x8 grid runs tile (X, Y) at launch ((X - Y) mod 2) 8 + Y:
 * (0, 3) at 11, (0, 2) at 2 and (0, 4) at 4, 9 and 7 launches away.  1000
 * bytes a block, a life of 8000, shape 5: at 2000 bytes the chance is 1 in
 * 1000 and the neighbour is not built; at 9000 and 7000, 1 - e^-(9/8)^5 and
 * 1 - e^-(7/8)^5. */
static void test_atoms_loaded_twice(void **state)
{
    (void)state;
    tpx_split s;
    tpx_config c = test_cfg(TPX_K_NAIVE_COL, 8, 1, 8, 16, TPX_F32, 0);
    assert_int_equal(traffic_reread_block(&c, 0, 3, 1000, 1500, 5, &s), 0);
    double p2 = 1 - exp(-pow(2000.0 / 1500, 5));
    assert_true(fabs(s.reread_pairs - 4) < 1e-12 && fabs(s.reread_evicted - 4 * p2) < 1e-12);
    assert_int_equal(traffic_reread_block(&c, 0, 3, 1000, 8000, 5, &s), 0);
    assert_true(s.reread_pairs == 0 && s.reread_evicted == 0);
    tpx_config d = test_cfg(TPX_K_DIAGONAL_COL, 8, 1, 8, 16, TPX_F32, 0);
    assert_int_equal(traffic_reread_block(&d, 0, 3, 1000, 8000, 5, &s), 0);
    double p9 = 1 - exp(-pow(9.0 / 8, 5)), p7 = 1 - exp(-pow(7.0 / 8, 5));
    assert_true(fabs(s.reread_pairs - 4) < 1e-12);
    assert_true(fabs(s.reread_evicted - 2 * (p9 + p7)) < 1e-12);
    /* a launch that fits in the L2 reads A once */
    tpx_traffic tr;
    traffic_of(&d, 4096, &tr);
    assert_true(tr.reread_evicted == 0 && tr.dram_rd_bytes == 512);
    /* the whole launch, an L2 of 1000 bytes (life 200, every pair lost): 7
     * pairs down each of the 2 columns of tiles, 4 atoms each, 64 bytes an
     * atom (Nsight Compute, diagonal_row 1x128 at 5x30000000 f32 on an H200:
     * A read 5 times, 3000 MB) */
    traffic_of(&d, 1000, &tr);
    assert_true(fabs(tr.reread_shared - 56) < 1e-9 && fabs(tr.reread_evicted - 56) < 1e-6);
    assert_true(tr.split_evicted == 0 && fabs(tr.dram_rd_bytes - (512 + 64 * 56)) < 1e-6);
}

/* The whole prediction of c on the H200's profile, which it returns. */
static const tpx_profile *h200_predict(const tpx_config *c, tpx_traffic *tr, tpx_prediction *p)
{
    char msg[TPX_MSG];
    const tpx_profile *prof = profile_find("h200", msg, sizeof msg);
    assert_non_null(prof);
    tpx_totals t;
    assert_int_equal(model_totals(c, &t, NULL), 0);
    assert_int_equal(traffic_compute(c, &t, prof->l2_bytes, tr), 0);
    assert_int_equal(predict_config(c, &t, tr, prof, p), 0);
    return prof;
}

/* DRAM's time for atoms read again: 64 bytes each, at the
 * efficiency of a 64-byte run whatever the runs around them (diagonal_col
 * 128x1 at 11500x5900 f32 on the H200: most of A read again). */
static void test_reread_priced_as_atoms(void **state)
{
    (void)state;
    tpx_config c = test_cfg(TPX_K_DIAGONAL_COL, 128, 1, 11500, 5900, TPX_F32, 0);
    tpx_traffic tr;
    tpx_prediction p;
    const tpx_profile *prof = h200_predict(&c, &tr, &p);
    assert_true(tr.reread_bytes > 10 * 271400000.0 && tr.reread_bytes == 64 * tr.reread_evicted);
    double want = ((tr.dram_rd_bytes - tr.reread_bytes) / p.eta_a +
                   tr.reread_bytes / profile_curve_at(&prof->dram_run_read, 64) +
                   tr.dram_wr_bytes / p.eta_b) / (prof->dram_gbs * 1e6);
    assert_true(fabs(p.t_ms[TPX_LIM_DRAM] - want) < 1e-12 * want);
    assert_int_equal(p.limiter, TPX_LIM_DRAM);
    char why[TPX_MSG];
    predict_explain(&p, prof, why, sizeof why);
    assert_non_null(strstr(why, "GB/s, 4063 MB of it A read again (atoms the L2 lost between "
                                "two blocks far apart in launch order); reads in runs"));
    /* naive_col's column neighbours run a grid row (46 blocks) apart: nothing said */
    c.kernel = TPX_K_NAIVE_COL;
    h200_predict(&c, &tr, &p);
    predict_explain(&p, prof, why, sizeof why);
    assert_null(strstr(why, "read again"));
}

static double predicted(tpx_kernel_id k, int bx, int by, long long n, int pad, tpx_limiter *lim)
{
    tpx_config c = test_cfg(k, bx, by, n, n, TPX_F32, pad);
    tpx_traffic tr;
    tpx_prediction p;
    h200_predict(&c, &tr, &p);
    if (lim)
        *lim = p.limiter;
    return p.gbs;
}

/* The lessons the prediction must keep: naive_col beats naive_row (the L1),
 * strided writes are an L2 matter, the padded tile beats the unpadded one,
 * and nothing beats the DRAM. */
static void test_prediction_orders_the_lessons(void **state)
{
    (void)state;
    tpx_limiter lim;
    double row = predicted(TPX_K_NAIVE_ROW, 32, 8, 8192, 0, &lim);
    assert_int_equal(lim, TPX_LIM_L2);
    double col = predicted(TPX_K_NAIVE_COL, 32, 8, 8192, 0, NULL);
    assert_true(col > 2 * row);
    double p0 = predicted(TPX_K_TILE_ROWS, 64, 4, 8192, 0, NULL);
    double p1 = predicted(TPX_K_TILE_ROWS, 64, 4, 8192, 1, &lim);
    assert_true(p1 > 1.5 * p0);
    char msg[TPX_MSG];
    assert_true(p1 <= profile_find("h200", msg, sizeof msg)->dram_gbs + 0.5);
    /* The diagonal order on naive_row's 128x2048 grid puts the two writers
     * of a B sector ~2047 launches apart, the cartesian one 128: the L2
     * loses more half-written sectors and waits on their read-modify-writes
     * (H200, ncu: 1.43 ms against 1.02 ms; bench/results/l2_partial_h200.csv). */
    double cart = predicted(TPX_K_NAIVE_ROW, 64, 4, 8192, 0, NULL);
    double diag = predicted(TPX_K_DIAGONAL_ROW, 64, 4, 8192, 0, NULL);
    assert_true(diag < 0.8 * cart);
}

/* Every modelled kernel gets a finite, positive prediction on every profile. */
static void test_prediction_for_every_kernel(void **state)
{
    (void)state;
    const char *names[] = {"a100", "h100_sxm", "h200", "rtx3080", "t4"};
    for (int i = 0; i < 5; i++) {
        char msg[TPX_MSG];
        const tpx_profile *prof = profile_find(names[i], msg, sizeof msg);
        assert_non_null(prof);
        for (int k = 0; k < TPX_K_COUNT; k++) {
            if (tpx_is_reference((tpx_kernel_id)k))
                continue;
            tpx_config c = test_cfg((tpx_kernel_id)k, 32, 32, 1000, 700, TPX_F64, 1);
            tpx_limits lim = config_default_limits();
            if (config_validate(&c, &lim, msg, sizeof msg) != 0) /* tile_sec: no pad, 32 KB+ */
                c = test_cfg((tpx_kernel_id)k, 32, 8, 1000, 700, TPX_F64, 0);
            tpx_prediction p;
            predict_cfg(prof, &c, &p);
            assert_true(isfinite(p.gbs) && p.gbs > 0);
        }
    }
}

static void test_profile_errors(void **state)
{
    (void)state;
    tpx_profile p;
    char msg[TPX_MSG];
    assert_int_equal(profile_parse("name=x\nsms=abc\n", &p, msg, sizeof msg), -1);
    assert_non_null(strstr(msg, "line 2"));
    assert_int_equal(profile_parse("name=x\nwarp_size=32\n", &p, msg, sizeof msg), -1);
    assert_non_null(strstr(msg, "unknown key 'warp_size'"));
    assert_int_equal(profile_parse("name=x\nsms=-3\n", &p, msg, sizeof msg), -1);
    assert_int_equal(profile_parse("sms=10\nmax_threads_per_sm=1024\nmax_blocks_per_sm=16\n", &p,
                                   msg, sizeof msg),
                     -1);
    assert_non_null(strstr(msg, "needs name"));
    assert_null(profile_find("h300", msg, sizeof msg));
    assert_non_null(strstr(msg, "a100, h100_sxm, h200, rtx3080, t4"));
    assert_int_equal(profile_select("h300", msg, sizeof msg), -1);
    /* without the prediction's figures a profile predicts nothing */
    assert_int_equal(
        profile_parse("name=x\nsms=10\nmax_threads_per_sm=1024\nmax_blocks_per_sm=16\n", &p, msg,
                      sizeof msg),
        0);
    tpx_config c = test_cfg(TPX_K_COPY_ROW, 32, 8, 256, 256, TPX_F32, 0);
    tpx_totals t;
    tpx_traffic tr;
    tpx_prediction pr;
    model_totals(&c, &t, NULL);
    traffic_compute(&c, &t, 0, &tr);
    assert_int_equal(predict_config(&c, &t, &tr, &p, &pr), -1);
    assert_false(pr.valid);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_l1_softens_strided_reads),
        cmocka_unit_test(test_l1_does_not_soften_strided_writes),
        cmocka_unit_test(test_l1_merges_stores_after_a_barrier),
        cmocka_unit_test(test_dram_bytes_and_l2_residency),
        cmocka_unit_test(test_sectors_written_in_parts),
        cmocka_unit_test(test_atoms_loaded_twice),
        cmocka_unit_test(test_reread_priced_as_atoms),
        cmocka_unit_test(test_prediction_orders_the_lessons),
        cmocka_unit_test(test_prediction_for_every_kernel),
        cmocka_unit_test(test_profile_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
