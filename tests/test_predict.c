/* The throughput model's limits, each pinned by a case worked by hand on a
 * profile of round numbers (so the arithmetic can be followed on paper and
 * a recalibration of the shipped profiles changes nothing here), plus the
 * shipped H200 profile on the figures the block-shape issue started from. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "locality.h"
#include "test_round.h"

/* copy_row 8x8 at 8192^2: 1024 x 1024 = 1,048,576 blocks of 2 warps, one
 * per 0.5 ns: 0.524288 ms for 2 * 8192^2 * 4 B = 536.9 MB, 1024 GB/s.
 * Everything else is faster: DRAM 536.9 MB / 4000 GB/s = 0.134 ms. */
static void test_launch_limit(void **state)
{
    (void)state;
    tpx_profile prof = round_prof();
    tpx_prediction p;
    predict_on(&prof, TPX_K_COPY_ROW, 8, 8, 8192, &p);
    assert_int_equal(p.limiter, TPX_LIM_LAUNCH);
    assert_int_equal(p.blocks, 1048576);
    assert_true(fabs(p.t_ms[TPX_LIM_LAUNCH] - 0.524288) < 1e-9);
    assert_true(fabs(p.gbs - 536870912.0 / 0.524288e6) < 1e-6);
    char why[TPX_MSG];
    predict_explain(&p, &prof, why, sizeof why);
    assert_non_null(strstr(why, "block launches: 1,048,576 blocks of 64 threads"));
}

/* copy_row 32x8 at 8192^2: 262,144 blocks of 8 warps, 8 per SM (threads);
 * 800 resident, 327.68 waves.  A block: 8 warps x (1 load line x 1 cycle +
 * 1 store line x 4 cycles) = 40 cycles = 20 ns at 2 GHz, plus the 500 ns
 * round trip: 520 ns.  Latency: 327.68 x 520 ns = 0.1703936 ms.  DRAM:
 * 268435456 B read + 268435456 B written (the L2 holds 50 MB of the
 * written half at the end: traffic.c) at 4000 GB/s.  Latency and DRAM
 * share the queue: t = t_dram / (1 - e^(-t_dram / t_lat)). */
static void test_latency_limit(void **state)
{
    (void)state;
    tpx_profile prof = round_prof();
    tpx_prediction p;
    predict_on(&prof, TPX_K_COPY_ROW, 32, 8, 8192, &p);
    assert_int_equal(p.blocks_per_sm, 8);
    assert_int_equal(p.occ_limit, TPX_OCC_THREADS);
    assert_true(fabs(p.block_ns - 520.0) < 1e-9);
    assert_true(fabs(p.t_ms[TPX_LIM_LATENCY] - 262144.0 / 800 * 520e-6) < 1e-12);
    assert_int_equal(p.limiter, TPX_LIM_LATENCY);
    double rd = 268435456.0, wr = 268435456.0 * (1 - 50000000.0 / (2 * 268435456.0));
    double dram = (rd + wr) / 4000e6, lat = 262144.0 / 800 * 520e-6;
    assert_true(fabs(p.t_ms[TPX_LIM_DRAM] - dram) < 1e-9);
    assert_true(fabs(p.ms - dram / (1 - exp(-dram / lat))) < 1e-6);
    /* bytes in flight: 8 blocks x 256 threads x 4 B */
    assert_true(fabs(p.bytes_in_flight_sm - 8192) < 1e-9);
}

/* The block's own runs and the barrier, on the latency case above: copy_row
 * 32x8 moves 32 x 4 = 128 B per row on each side, so a block_run_eff of
 * 0.8 at 128 B stretches its 520 ns to 520 / (0.8 x 0.8) = 812.5 ns; the
 * barrier curve touches only two-phase kernels (copy_row has one).  smem
 * 16x16 (two phases, 256 threads), without the run curve: its round trip
 * plus its pipe cycles at 2 GHz, over 0.5 for the barrier at 256 threads. */
static void test_block_curves(void **state)
{
    (void)state;
    tpx_profile prof = round_prof();
    char msg[TPX_MSG];
    char text[2048];
    snprintf(text, sizeof text, "%sblock_run_eff=64:0.8,128:0.8,1024:1\nbarrier_eff=128:1,256:0.5\n",
             round_profile);
    assert_int_equal(profile_parse(text, &prof, msg, sizeof msg), 0);
    tpx_prediction p;
    predict_on(&prof, TPX_K_COPY_ROW, 32, 8, 8192, &p);
    assert_true(fabs(p.block_run_a - 128) < 1e-9 && fabs(p.block_run_b - 128) < 1e-9);
    assert_true(fabs(p.block_ns - 520.0 / 0.64) < 1e-9);
    /* long rows: 1024 B per row, no stretch */
    predict_on(&prof, TPX_K_COPY_ROW, 256, 1, 8192, &p);
    assert_true(fabs(p.block_run_a - 1024) < 1e-9);
    double plain = p.block_ns;
    prof.block_run_eff.n = 0;
    predict_on(&prof, TPX_K_COPY_ROW, 256, 1, 8192, &p);
    assert_true(fabs(p.block_ns - plain) < 1e-9);
    /* the barrier, on a two-phase kernel only */
    predict_on(&prof, TPX_K_SMEM, 16, 16, 8192, &p);
    assert_true(fabs(p.block_ns - (500.0 + p.sm_cycles_block / 2.0) / 0.5) < 1e-9);
}

/* The tile walk's pace (walk_eff): tile_rows 64x2 carries 64 / 2 = 32 rows
 * a thread, 32 registers of 4-byte words, so its time is the one without
 * the curves over 0.9 (8192: rows 32768 B, aligned) or over 0.8 (8200:
 * 32800 B, 32 B off).  64x4 holds 16: halfway from 8 to 32 in log, 0.9
 * unaligned.  f64 doubles the words: 64x4 holds 32.  smem and tile_vec (its
 * phase 0 transposes in registers) do not walk: 1. */
static void test_walk_pace(void **state)
{
    (void)state;
    tpx_profile prof = round_prof(), flat = round_prof();
    char msg[TPX_MSG], text[2048], why[TPX_MSG];
    snprintf(text, sizeof text, "%swalk_eff=8:1,32:0.8\nwalk_eff_aligned=8:1,32:0.9\n", round_profile);
    assert_int_equal(profile_parse(text, &prof, msg, sizeof msg), 0);
    tpx_prediction p, q;
    predict_dt(&prof, TPX_K_TILE_ROWS, 64, 2, 8192, 8192, TPX_F32, &p);
    predict_dt(&flat, TPX_K_TILE_ROWS, 64, 2, 8192, 8192, TPX_F32, &q);
    assert_int_equal(p.walk_regs, 32);
    assert_true(p.walk_aligned && fabs(p.walk_eff - 0.9) < 1e-12);
    assert_true(fabs(p.ms - q.ms / 0.9) < 1e-12 && q.walk_eff == 1);
    predict_explain(&p, &prof, why, sizeof why);
    assert_non_null(strstr(why, "x0.90: a thread's rows hold 32 registers"));
    assert_null(strstr(why, "not 128-byte aligned"));
    predict_dt(&prof, TPX_K_TILE_ROWS, 64, 2, 8200, 8200, TPX_F32, &p);
    predict_dt(&flat, TPX_K_TILE_ROWS, 64, 2, 8200, 8200, TPX_F32, &q);
    assert_true(!p.walk_aligned && fabs(p.walk_eff - 0.8) < 1e-12);
    assert_true(fabs(p.ms - q.ms / 0.8) < 1e-12);
    predict_explain(&p, &prof, why, sizeof why);
    assert_non_null(strstr(why, "(rows not 128-byte aligned)"));
    /* tpx compare says the pace moved, whatever the limits did */
    predict_dt(&prof, TPX_K_TILE_ROWS, 64, 8, 8200, 8200, TPX_F32, &q);
    predict_compare(&q, &p, why, sizeof why);
    assert_non_null(strstr(why, "; the walk pace x1.00 -> x0.80 (rows a thread)"));
    predict_compare(&q, &q, why, sizeof why);
    assert_null(strstr(why, "walk pace"));
    /* A 128-byte-aligned W with an unaligned H is unaligned: B's rows. */
    predict_dt(&prof, TPX_K_TILE_ROWS, 64, 2, 8192, 8200, TPX_F32, &p);
    assert_false(p.walk_aligned);
    predict_dt(&prof, TPX_K_TILE_ROWS, 64, 4, 8200, 8200, TPX_F32, &p);
    assert_true(p.walk_regs == 16 && fabs(p.walk_eff - 0.9) < 1e-12);
    predict_dt(&prof, TPX_K_TILE_ROWS, 64, 4, 8200, 8200, TPX_F64, &p);
    assert_true(p.walk_regs == 32 && fabs(p.walk_eff - 0.8) < 1e-12);
    predict_dt(&prof, TPX_K_SMEM, 16, 16, 8200, 8200, TPX_F32, &p);
    assert_true(p.walk_regs == 0 && p.walk_eff == 1);
    predict_dt(&prof, TPX_K_TILE_VEC, 16, 4, 8200, 8200, TPX_F32, &p);
    assert_true(p.walk_regs == 0 && p.walk_eff == 1);
    predict_explain(&p, &prof, why, sizeof why);
    assert_null(strstr(why, "registers"));
    /* tile_vec's element path (8201 rows do not start on 16 bytes) is the walk:
     * 64x2 gives a thread 32 rows of 4 bytes, off 128 bytes */
    predict_dt(&prof, TPX_K_TILE_VEC, 64, 2, 8201, 8201, TPX_F32, &p);
    assert_true(p.walk_regs == 32 && !p.walk_aligned && fabs(p.walk_eff - 0.8) < 1e-12);
}

/* The split-row limit: tile_rows 32x8 f32 (pad 1) at 8192 x 8193 writes rows of B
 * of 8193 x 4 = 32772 B, a multiple of 4 and no more; its 32-element tile
 * rows are 128 B, halfway in log from 64 to 256, so the share is 0.2: the
 * stores drain at 0.2 x 4000 = 800 GB/s, 8192 x 8193 x 4 B / 800 GB/s =
 * 0.33558528 ms, against 0.18 ms of L2 (its part-written sectors) and 0.13
 * of DRAM: it binds (p = 64), where L2 would without it.  The
 * reverse (A's rows split, B's 32768 B) has none; nor a curve the profile
 * lacks (f16 at 8193: 2 B), a kernel that does not walk, or tile_vec's
 * 16-byte path. */
static void test_split_limit(void **state)
{
    (void)state;
    tpx_profile prof = round_prof();
    char msg[TPX_MSG], text[2048], why[TPX_MSG];
    snprintf(text, sizeof text, "%swalk_split_4=64:0.1,256:0.3\nwalk_split_16=128:1\n", round_profile);
    assert_int_equal(profile_parse(text, &prof, msg, sizeof msg), 0);
    tpx_prediction p;
    predict_pad1(&prof, TPX_K_TILE_ROWS, 32, 8, 8192, 8193, TPX_F32, &p);
    assert_true(p.split_bytes == 4 && p.split_tile == 128 && fabs(p.split_gbs - 800) < 1e-9);
    assert_true(fabs(p.t_ms[TPX_LIM_SPLIT] - 0.33558528) < 1e-12);
    assert_int_equal(p.limiter, TPX_LIM_SPLIT);
    assert_true(fabs(p.ms - 0.33558528) < 1e-9 && fabs(p.ms_unsplit - p.t_ms[TPX_LIM_L2]) < 1e-6);
    predict_explain(&p, &prof, why, sizeof why);
    assert_non_null(strstr(why, "limited by split-row stores: rows of B are a multiple of 4 "
                                "bytes, not of 32, so each 128-byte tile row writes one more "
                                "sector than it fills (800 GB/s)"));
    predict_pad1(&prof, TPX_K_TILE_ROWS, 32, 8, 8193, 8192, TPX_F32, &p);
    assert_true(p.split_bytes == 0 && p.t_ms[TPX_LIM_SPLIT] == 0 && p.ms == p.ms_unsplit);
    predict_pad1(&prof, TPX_K_TILE_ROWS, 32, 8, 8192, 8193, TPX_F16, &p);
    assert_true(p.split_bytes == 0 && p.t_ms[TPX_LIM_SPLIT] == 0);
    predict_dt(&prof, TPX_K_SMEM, 32, 8, 8192, 8193, TPX_F32, &p);
    assert_true(p.t_ms[TPX_LIM_SPLIT] == 0);
    predict_dt(&prof, TPX_K_TILE_VEC, 16, 4, 8192, 8196, TPX_F32, &p);
    assert_true(p.t_ms[TPX_LIM_SPLIT] == 0);
    /* Not binding, it still costs: rows of 8196 x 4 = 32784 B (16 B), tiles
     * of 128 B at the whole 4000 GB/s, 0.067 ms beside 0.134; at p = 2 the
     * time is the root of the squares, said after the binding limit. */
    prof.overlap_p = 2;
    predict_pad1(&prof, TPX_K_TILE_ROWS, 32, 8, 8192, 8196, TPX_F32, &p);
    double t = 8192.0 * 8196 * 4 / 4e9;
    assert_true(p.split_bytes == 16 && fabs(p.t_ms[TPX_LIM_SPLIT] - t) < 1e-12);
    assert_true(p.limiter != TPX_LIM_SPLIT);
    assert_true(fabs(p.ms - sqrt(p.ms_unsplit * p.ms_unsplit + t * t)) < 1e-12);
    predict_explain(&p, &prof, why, sizeof why);
    assert_non_null(strstr(why, " % time from rows of B split across 32-byte sectors"));
}

/* The split rate by block order (probe splitcol): tile_vec's element path
 * runs in column order, so it takes walk_split_col_* where the profile has
 * them (B's rows of 8193 x 4 bytes, 128-byte tile rows: 0.5 x 4000 GB/s),
 * and the cartesian curve without them (0.2, as tile_rows); tile_rows
 * keeps the cartesian curve either way.  Where it binds, the words say
 * that the sector's rest is the next block's, and only for column order. */
static void test_split_col(void **state)
{
    (void)state;
    tpx_profile prof = round_prof();
    char msg[TPX_MSG], text[2048];
    snprintf(text, sizeof text, "%swalk_split_4=64:0.1,256:0.3\n", round_profile);
    assert_int_equal(profile_parse(text, &prof, msg, sizeof msg), 0);
    tpx_prediction p;
    predict_pad1(&prof, TPX_K_TILE_VEC, 32, 8, 8192, 8193, TPX_F32, &p);
    assert_true(p.split_bytes == 4 && p.split_tile == 128 && fabs(p.split_gbs - 800) < 1e-9);
    snprintf(text, sizeof text, "%swalk_split_4=64:0.1,256:0.3\nwalk_split_col_4=128:0.5\n",
             round_profile);
    assert_int_equal(profile_parse(text, &prof, msg, sizeof msg), 0);
    predict_pad1(&prof, TPX_K_TILE_VEC, 32, 8, 8192, 8193, TPX_F32, &p);
    assert_true(p.split_bytes == 4 && fabs(p.split_gbs - 2000) < 1e-9);
    assert_true(fabs(p.t_ms[TPX_LIM_SPLIT] - 8192.0 * 8193 * 4 / 2e9) < 1e-12);
    char why[TPX_MSG]; /* at 1000 GB/s it binds: the words say whose the sector's rest is */
    snprintf(text, sizeof text, "%swalk_split_4=64:0.1,256:0.3\nwalk_split_col_4=128:0.25\n",
             round_profile);
    assert_int_equal(profile_parse(text, &prof, msg, sizeof msg), 0);
    predict_pad1(&prof, TPX_K_TILE_VEC, 32, 8, 8192, 8193, TPX_F32, &p);
    assert_int_equal(p.limiter, TPX_LIM_SPLIT);
    predict_explain(&p, &prof, why, sizeof why);
    assert_non_null(strstr(why, "fills, the rest written by the next block (1000 GB/s)"));
    predict_pad1(&prof, TPX_K_TILE_ROWS, 32, 8, 8192, 8193, TPX_F32, &p);
    assert_true(fabs(p.split_gbs - 800) < 1e-9 && !p.split_next && p.limiter == TPX_LIM_SPLIT);
    predict_explain(&p, &prof, why, sizeof why);
    assert_null(strstr(why, "next block"));
}

/* DRAM at the efficiency of its runs: a write curve of 50 % for runs up to
 * 1 KB doubles the write time of a launch whose blocks write short runs,
 * and leaves a plain copy (runs of whole rows) alone. */
static void test_dram_runs(void **state)
{
    (void)state;
    tpx_profile prof = round_prof();
    tpx_profile half = prof;
    half.dram_run_write = (tpx_curve){3, {32, 1024, 32768}, {0.5, 0.5, 1}};
    tpx_prediction a, b;
    predict_on(&prof, TPX_K_TILE_ROWS, 32, 8, 8192, &a);
    predict_on(&half, TPX_K_TILE_ROWS, 32, 8, 8192, &b);
    /* tile_rows 32x8: each block writes 32 rows of B, 128 B each (window 1) */
    assert_true(fabs(b.run_b - 128) < 1e-9);
    assert_true(fabs(b.eta_b - 0.5) < 1e-9);
    double wr_a = a.t_ms[TPX_LIM_DRAM] - a.dram_bytes / 2 / 4000e6;
    assert_true(b.t_ms[TPX_LIM_DRAM] > a.t_ms[TPX_LIM_DRAM] + 0.9 * wr_a);
    predict_on(&half, TPX_K_COPY_ROW, 256, 1, 8192, &b);
    assert_true(b.run_b >= 1024);
}

/* Runs of B the L2 joins (dram_join_write), up to a line: a tile_rows 8x8
 * block at 8192^2 f32 writes 32 B of each of 8 rows of B, and the next
 * piece of each row comes from the block one tile row later, 1024 launches
 * on: 0.5 MB of DRAM traffic at 512 B a block (a little less: the L2 keeps
 * the last of B).  Joined within 4 MB, a window of about 8000 blocks holds
 * seven tile rows, 224 B of each row, cut at the line: runs of 128 B, here
 * four times as efficient.  Within 0.25 MB (about 500 blocks, each window
 * inside one tile row) the runs stay 32 B.  A run of a line or more is
 * never joined: tile_rows 32x8 keeps its 128 B.  The words say the L2
 * joined them. */
static void test_dram_join(void **state)
{
    (void)state;
    tpx_profile prof = round_prof();
    prof.dram_run_write = (tpx_curve){2, {32, 128}, {0.25, 1}};
    tpx_prediction a, b;
    predict_on(&prof, TPX_K_TILE_ROWS, 8, 8, 8192, &a);
    assert_true(a.dram_bytes / (double)a.blocks > 480 && a.dram_bytes / (double)a.blocks <= 512);
    assert_true(fabs(a.run_b - 32) < 1e-9 && fabs(a.eta_b - 0.25) < 1e-9 && !a.run_b_joined);
    prof.dram_join_write = 1 << 18;
    predict_on(&prof, TPX_K_TILE_ROWS, 8, 8, 8192, &b);
    assert_true(fabs(b.run_b - 32) < 1e-9 && !b.run_b_joined);
    prof.dram_join_write = 4 << 20;
    predict_on(&prof, TPX_K_TILE_ROWS, 8, 8, 8192, &b);
    assert_true(fabs(b.run_b - 128) < 1e-9 && fabs(b.eta_b - 1) < 1e-9 && b.run_b_joined);
    double wr = a.dram_bytes - 8192.0 * 8192 * 4; /* A read once, cold: the rest is B */
    assert_true(fabs(a.t_ms[TPX_LIM_DRAM] - b.t_ms[TPX_LIM_DRAM] - 3 * wr / 4000e6) < 1e-9);
    predict_on(&prof, TPX_K_TILE_ROWS, 32, 8, 8192, &b);
    assert_true(fabs(b.run_b - 128) < 1e-9 && !b.run_b_joined);
    char why[TPX_MSG];
    prof.dram_gbs = 100; /* DRAM binds: its words */
    predict_on(&prof, TPX_K_TILE_ROWS, 8, 8, 8192, &b);
    predict_explain(&b, &prof, why, sizeof why);
    assert_non_null(strstr(why, "writes in runs of 128 B as the L2 joins them (100 %)"));
}

/* The shipped H200 profile on the measurements issue 18 quotes (tpx bench,
 * cold, 8192^2 f32, bench/results/h200.json): an 8x8 block measures 845
 * GB/s on every kernel; copy_row 16x8 1672 and 32x8 2443.  The prediction
 * must see the block shape: 8x8 launch-bound near 845, 16x8 near 1672. */
static void test_h200_block_shapes(void **state)
{
    (void)state;
    char msg[TPX_MSG];
    const tpx_profile *h200 = profile_find("h200", msg, sizeof msg);
    assert_non_null(h200);
    tpx_prediction p;
    predict_on(h200, TPX_K_COPY_ROW, 8, 8, 8192, &p);
    assert_int_equal(p.limiter, TPX_LIM_LAUNCH);
    assert_true(fabs(p.gbs / 845 - 1) < 0.03);
    predict_on(h200, TPX_K_COPY_ROW, 16, 8, 8192, &p);
    assert_true(fabs(p.gbs / 1672 - 1) < 0.05);
    tpx_prediction q;
    predict_on(h200, TPX_K_COPY_ROW, 32, 8, 8192, &q);
    assert_true(q.gbs > 1.3 * p.gbs);
    predict_on(h200, TPX_K_TILE_ROWS, 8, 8, 8192, &p);
    assert_int_equal(p.limiter, TPX_LIM_LAUNCH);
}

/* Curves: x:y pairs, x rising, y in (0, 1]; linear in log x between. */
static void test_curves(void **state)
{
    (void)state;
    tpx_profile p;
    char msg[TPX_MSG];
    const char *head = "name=x\nsms=1\nmax_threads_per_sm=32\nmax_blocks_per_sm=1\n";
    char text[256];
    snprintf(text, sizeof text, "%sdram_run_read=32:0.25,128:0.75,512:1\n", head);
    assert_int_equal(profile_parse(text, &p, msg, sizeof msg), 0);
    assert_int_equal(p.dram_run_read.n, 3);
    assert_true(fabs(profile_curve_at(&p.dram_run_read, 16) - 0.25) < 1e-12);
    assert_true(fabs(profile_curve_at(&p.dram_run_read, 64) - 0.5) < 1e-12);
    assert_true(fabs(profile_curve_at(&p.dram_run_read, 1e9) - 1) < 1e-12);
    const char *bad[] = {"32:0.5,16:0.6", "32:1.5", "32", "32:0.5,", "x:1", "32:0"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(text, sizeof text, "%sdram_run_read=%s\n", head, bad[i]);
        assert_int_equal(profile_parse(text, &p, msg, sizeof msg), -1);
        assert_non_null(strstr(msg, "dram_run_read"));
    }
}

/* Which limit moved, in words. */
static void test_compare_words(void **state)
{
    (void)state;
    tpx_profile prof = round_prof();
    tpx_prediction a, b;
    predict_on(&prof, TPX_K_COPY_ROW, 8, 8, 8192, &a);
    predict_on(&prof, TPX_K_COPY_ROW, 32, 8, 8192, &b);
    char s[TPX_MSG];
    predict_compare(&a, &b, s, sizeof s);
    assert_string_equal(s, "the binding limit moved from block launches to bytes in flight "
                           "(memory latency)");
    /* the same limit on both sides: its own time's ratio, from the times */
    static const int shapes[][2] = {{64, 4}, {16, 16}, {128, 2}, {16, 8}, {256, 1}};
    int found = 0;
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0] && !found; i++) {
        predict_on(&prof, TPX_K_COPY_ROW, shapes[i][0], shapes[i][1], 8192, &a);
        found = a.limiter == b.limiter && a.ms != b.ms;
    }
    assert_true(found);
    predict_compare(&a, &b, s, sizeof s);
    char want[TPX_MSG];
    snprintf(want, sizeof want, "both bound by %s, whose time is x%.2f",
             predict_limiter_words(a.limiter), b.t_ms[a.limiter] / a.t_ms[a.limiter]);
    assert_true(strncmp(s, want, strlen(want)) == 0);
    a.valid = 0;
    predict_compare(&a, &b, s, sizeof s);
    assert_string_equal(s, "no prediction to compare");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_launch_limit),  cmocka_unit_test(test_latency_limit),
        cmocka_unit_test(test_dram_runs),     cmocka_unit_test(test_dram_join),
        cmocka_unit_test(test_h200_block_shapes),
        cmocka_unit_test(test_curves),        cmocka_unit_test(test_compare_words),
        cmocka_unit_test(test_block_curves),  cmocka_unit_test(test_walk_pace),
        cmocka_unit_test(test_split_limit),   cmocka_unit_test(test_split_col),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
