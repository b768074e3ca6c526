/* The result document that tpx bench --save writes is what the replay
 * runner reads back: device facts, measured rows, statuses with their
 * messages, and "not measured" for any config that is not in the file. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "runner_replay.h"

static tpx_config cfg(tpx_kernel_id k, int bx, int by, int pad, tpx_dtype t)
{
    tpx_config c = config_default();
    c.kernel = k;
    c.bx = bx;
    c.by = by;
    c.pad = pad;
    c.w = 8192;
    c.h = 4096;
    c.dtype = t;
    return c;
}

static void add(bench_result *b, tpx_config c, tpx_status st, double ms, int hot)
{
    bench_row r;
    memset(&r, 0, sizeof r);
    r.c = c;
    r.modelled = model_totals(&c, &r.t, NULL) == 0;
    runner_not_measured(&r.m, st, st == TPX_ST_OK ? "" : "cuBLAS has no f16 geam");
    if (st == TPX_ST_OK) {
        r.m.hot = hot;
        r.m.samples = 17;
        r.m.min_ms = ms * 0.99;
        r.m.median_ms = ms;
        r.m.mean_ms = ms * 1.01;
        r.m.q1_ms = ms * 0.995;
        r.m.q3_ms = ms * 1.005;
        r.m.max_ms = ms * 1.2;
        r.m.noise = 0.004;
        r.m.gbs = 2.0 * 8192 * 4096 * 4 / (ms * 1e-3) / 1e9;
        r.m.pct_peak = 100.0 * r.m.gbs / 4800.0; /* figures that agree, as a GPU's do */
        r.m.memcpy_gbs = 3000.0;
        r.m.pct_memcpy = 100.0 * r.m.gbs / 3000.0;
        r.m.verified = 1;
        r.m.badge = TPX_L2_DRAM;
        r.m.occ.valid = 1;
        r.m.occ.blocks_per_sm = 8;
        r.m.occ.regs_per_thread = 30;
        r.m.occ.smem_per_block = 4224;
        r.m.occ.occupancy = 1.0;
    }
    assert_int_equal(bench_add_row(b, &r), 0);
}

static void test_roundtrip(void **s)
{
    (void)s;
    bench_result b;
    memset(&b, 0, sizeof b);
    b.dev.valid = 1;
    snprintf(b.dev.name, sizeof b.dev.name, "NVIDIA Test GPU");
    b.dev.cc_major = 9;
    b.dev.sms = 132;
    b.dev.l2_bytes = 50331648;
    b.dev.peak_gbs = 4800.0;
    b.dev.smem_per_block_optin = 232448;
    b.dev.max_threads_per_sm = 2048;
    b.dev.max_blocks_per_sm = 32;
    b.dev.smem_per_sm = 233472;
    snprintf(b.dev.uuid, sizeof b.dev.uuid, "GPU-01234567-89ab-cdef-0123-456789abcdef");
    b.dev.driver_version = 12080;
    b.dev.runtime_version = 12060;
    b.dev.ecc_known = b.dev.ecc = 1;
    b.dev.clocks_known = 1;
    b.dev.sm_clock_mhz = 1755;
    b.dev.mem_clock_mhz = 3201;
    b.dev.throttled = 1;
    snprintf(b.dev.throttle_reasons, sizeof b.dev.throttle_reasons, "power cap");
    b.runner = "cuda";
    snprintf(b.date, sizeof b.date, "2026-11-22T00:00:00Z");
    snprintf(b.command, sizeof b.command, "tpx bench --size 8192x4096");
    add(&b, cfg(TPX_K_TILE_ROWS, 32, 8, 1, TPX_F32), TPX_ST_OK, 0.25, 0);
    add(&b, cfg(TPX_K_TILE_ROWS, 32, 8, 1, TPX_F32), TPX_ST_OK, 0.2, 1);
    add(&b, cfg(TPX_K_CUBLAS, 32, 8, 0, TPX_F16), TPX_ST_UNAVAILABLE, 0, 0);
    tpx_config wide = cfg(TPX_K_SMEM, 16, 16, 1, TPX_F32); /* seed 004: f32 in an f64 tile */
    config_set_tile_dtype(&wide, TPX_F64);
    add(&b, wide, TPX_ST_OK, 0.5, 0);
    assert_int_equal(bench_add_skip(&b, &b.rows[0].c, "why not"), 0);

    char path[] = "/tmp/tpx_replay_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    bench_write_json(f, &b);
    fclose(f);
    bench_free(&b);

    char msg[TPX_MSG];
    tpx_runner *r = runner_replay(path, msg, sizeof msg);
    assert_non_null(r);
    tpx_device d;
    runner_device(r, &d);
    assert_true(d.valid && d.sms == 132 && strcmp(d.name, "NVIDIA Test GPU") == 0);
    assert_string_equal(d.source, "replay");
    /* format 2: the facts of the run come back */
    assert_string_equal(d.uuid, "GPU-01234567-89ab-cdef-0123-456789abcdef");
    assert_true(d.driver_version == 12080 && d.runtime_version == 12060);
    assert_true(d.ecc_known && d.ecc && d.clocks_known && d.throttled);
    assert_true(d.sm_clock_mhz == 1755 && d.mem_clock_mhz == 3201);
    assert_string_equal(d.throttle_reasons, "power cap");
    tpx_limits lim;
    runner_limits(r, &lim);
    assert_int_equal(lim.smem_per_block, 232448);

    tpx_measure_opts o = runner_default_opts();
    tpx_measurement m;
    tpx_config c = cfg(TPX_K_TILE_ROWS, 32, 8, 1, TPX_F32);
    runner_measure(r, &c, &o, &m, NULL, NULL, NULL);
    assert_int_equal(m.status, TPX_ST_OK);
    assert_true(m.median_ms == 0.25 && !m.hot && m.samples == 17 && m.verified);
    assert_true(m.max_ms == 0.3 && m.q1_ms > 0.248 && m.q3_ms < 0.252);
    assert_true(m.occ.valid && m.occ.blocks_per_sm == 8 && m.badge == TPX_L2_DRAM);
    o.hot = 1; /* the hot row is preferred when asked for */
    runner_measure(r, &c, &o, &m, NULL, NULL, NULL);
    assert_true(m.status == TPX_ST_OK && m.median_ms == 0.2 && m.hot);

    c = cfg(TPX_K_CUBLAS, 1, 1, 0, TPX_F16); /* a reference ignores the block */
    runner_measure(r, &c, &o, &m, NULL, NULL, NULL);
    assert_int_equal(m.status, TPX_ST_UNAVAILABLE);
    assert_non_null(strstr(m.message, "f16"));

    o.hot = 0; /* the tile's type is part of the config: only the f64 tile was saved */
    runner_measure(r, &wide, &o, &m, NULL, NULL, NULL);
    assert_true(m.status == TPX_ST_OK && m.median_ms == 0.5);
    c = cfg(TPX_K_SMEM, 16, 16, 1, TPX_F32);
    runner_measure(r, &c, &o, &m, NULL, NULL, NULL);
    assert_int_equal(m.status, TPX_ST_NOT_MEASURED);

    /* a miss says what the file holds nearest to the config asked for */
    char *base = strrchr(path, '/') + 1, want[TPX_MSG];
    c = cfg(TPX_K_TILE_ROWS, 32, 8, 0, TPX_F32); /* its block is saved with pad 1 only */
    runner_measure(r, &c, &o, &m, NULL, NULL, NULL);
    assert_int_equal(m.status, TPX_ST_NOT_MEASURED);
    snprintf(want, sizeof want, "not in %s, which holds tile_rows 32x8 8192x4096 "
                                "f32 with pads 1", base);
    assert_string_equal(m.message, want);
    c = cfg(TPX_K_TILE_ROWS, 16, 8, 1, TPX_F32); /* another block */
    runner_measure(r, &c, &o, &m, NULL, NULL, NULL);
    snprintf(want, sizeof want, "not in %s, which holds tile_rows 8192x4096 f32 in "
                                "blocks 32x8", base);
    assert_string_equal(m.message, want);
    c = cfg(TPX_K_NAIVE_ROW, 32, 8, 0, TPX_F32); /* another kernel */
    runner_measure(r, &c, &o, &m, NULL, NULL, NULL);
    snprintf(want, sizeof want, "not in %s, which holds 8192x4096 f32 for kernels "
                                "smem, tile_rows", base);
    assert_string_equal(m.message, want);
    c.dtype = TPX_F64; /* another dtype */
    runner_measure(r, &c, &o, &m, NULL, NULL, NULL);
    snprintf(want, sizeof want, "not in %s, which holds 8192x4096 in dtypes f32, "
                                "f16", base);
    assert_string_equal(m.message, want);
    c.w = c.h = 1024; /* another size */
    runner_measure(r, &c, &o, &m, NULL, NULL, NULL);
    snprintf(want, sizeof want, "not in %s, which holds sizes 8192x4096", base);
    assert_string_equal(m.message, want);

    /* the nearest config with a number, keeping what is asked to be kept */
    tpx_config near;
    c = cfg(TPX_K_TILE_ROWS, 32, 8, 0, TPX_F32);
    c.w = c.h = 4096;
    assert_int_equal(runner_nearest(r, &c, 0, &near), 0);
    assert_true(near.kernel == TPX_K_TILE_ROWS && near.pad == 1 && near.w == 8192 && near.h == 4096);
    assert_int_equal(runner_nearest(r, &c, TPX_KEEP_SIZE, &near), -1); /* no 4096x4096 */
    c = cfg(TPX_K_SMEM, 16, 16, 1, TPX_F32); /* only its f64 tile: the tile is not kept */
    assert_int_equal(runner_nearest(r, &c, TPX_KEEP_KERNEL, &near), 0);
    assert_true(near.kernel == TPX_K_SMEM && config_tile_dtype(&near) == TPX_F64);
    assert_int_equal(runner_nearest(r, &c, TPX_KEEP_KERNEL | TPX_KEEP_TILE, &near), -1);
    c = cfg(TPX_K_CUBLAS, 32, 8, 0, TPX_F16); /* unavailable: no number, not a place to open */
    assert_int_equal(runner_nearest(r, &c, TPX_KEEP_KERNEL, &near), -1);
    runner_close(r);
    unlink(path);
}

static void test_bad_files(void **s)
{
    (void)s;
    char msg[TPX_MSG];
    assert_null(runner_replay("/nonexistent/tpx.json", msg, sizeof msg));
    assert_non_null(strstr(msg, "cannot open"));
    char path[] = "/tmp/tpx_replay_XXXXXX";
    int fd = mkstemp(path);
    assert_true(write(fd, "{\"results\": []}", 15) == 15);
    close(fd);
    assert_null(runner_replay(path, msg, sizeof msg));
    assert_non_null(strstr(msg, "not a tpx result file"));
    unlink(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_roundtrip),
        cmocka_unit_test(test_bad_files),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
