/* Every file tpx bench writes, tpx reads back: random sweeps (no-GPU and
 * GPU-shaped, every kernel, every block --block all names, random sizes,
 * dtypes, pads and tile dtypes) written by bench_write_json and read by
 * results_load give back the same configs and measurements; the largest row
 * the writer can write fits the reader's limits RESULTS_MAX_ROWS times over. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "results_read.h"
#include "sweep_gen.h"
#include "text.h"

static char path[64];

static int setup(void **state)
{
    (void)state;
    snprintf(path, sizeof path, "/tmp/tpx_roundtrip.%ld.json", (long)getpid());
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    unlink(path);
    return 0;
}

static long write_file(const bench_result *b)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    bench_write_json(f, b);
    long size = ftell(f);
    assert_int_equal(fclose(f), 0);
    return size;
}

static void near(double got, double want, double tol, const char *what, int row)
{
    if (!(fabs(got - want) <= tol))
        fail_msg("row %d: %s read back as %.17g, written %.17g", row, what, got, want);
}

/* What the reader makes of a written row: the same config, the same status
 * (a --once row reads as not timed), the numbers to the writer's decimals. */
static void same_row(const bench_row *w, const results_row *r, int i)
{
    assert_int_equal(r->c.kernel, w->c.kernel);
    assert_int_equal(r->c.w, w->c.w);
    assert_int_equal(r->c.h, w->c.h);
    assert_int_equal(r->c.dtype, w->c.dtype);
    if (!config_is_reference(w->c.kernel)) {
        assert_int_equal(r->c.bx, w->c.bx);
        assert_int_equal(r->c.by, w->c.by);
        assert_int_equal(r->c.pad, w->c.pad);
        assert_int_equal(r->c.swz, w->c.swz);
        assert_int_equal(config_tile_dtype(&r->c), config_tile_dtype(&w->c));
    }
    const tpx_measurement *a = &w->m, *b = &r->m;
    if (a->status != TPX_ST_OK) {
        char safe[sizeof a->message];
        assert_int_equal(b->status, a->status);
        assert_string_equal(b->message, text_sanitize(safe, sizeof safe, a->message));
        return;
    }
    if (a->samples == 0) {
        assert_int_equal(b->status, TPX_ST_NOT_MEASURED);
        assert_non_null(strstr(b->message, "not timed"));
        return;
    }
    assert_int_equal(b->status, TPX_ST_OK);
    assert_int_equal(b->samples, a->samples);
    assert_int_equal(b->hot, a->hot);
    near(b->gbs, a->gbs, 0.05, "gbs", i);
    near(b->median_ms, a->median_ms, 5e-6, "median_ms", i);
    near(b->pct_peak, a->pct_peak, 0.05, "pct_peak", i);
    near(b->pct_memcpy, a->pct_memcpy, 0.05, "pct_memcpy", i);
    assert_int_equal(b->occ.valid, a->occ.valid);
    if (a->occ.valid) {
        assert_int_equal(b->occ.blocks_per_sm, a->occ.blocks_per_sm);
        near(b->occ.occupancy, a->occ.occupancy, 5e-4 + 1e-9, "occupancy", i);
    }
}

static void roundtrip(unsigned seed, int gpu, int rows, long long side)
{
    bench_result b;
    sweep_gen(&b, seed, gpu, rows, side);
    write_file(&b);
    results_doc d;
    char msg[512];
    if (results_load(path, &d, msg, sizeof msg) != 0)
        fail_msg("seed %u (%s): tpx refuses its own file: %s", seed, gpu ? "gpu" : "no-gpu", msg);
    assert_int_equal(d.n, b.n);
    for (int i = 0; i < b.n; i++)
        same_row(&b.rows[i], &d.rows[i], i);
    assert_int_equal(d.dev.valid, gpu);
    results_free(&d);
    bench_free(&b);
}

static void test_random_sweeps(void **state)
{
    (void)state;
    for (unsigned seed = 1; seed <= 8; seed++) {
        roundtrip(seed, 0, 60, 300);
        roundtrip(seed, 1, 60, 300);
    }
    roundtrip(99, 1, 20, 20000); /* large sides: grids past 65535 blocks in x */
}

/* A tile over the 48 KB a block may use by default, saved without a GPU
 * (tile_rows 128x1: 64 KB) or on one that opts in (227 KB): read back. */
static void test_big_tiles(void **state)
{
    (void)state;
    for (int gpu = 0; gpu <= 1; gpu++) {
        bench_result b;
        sweep_gen(&b, 1, gpu, 0, 1);
        bench_row r;
        memset(&r, 0, sizeof r);
        r.c = config_default();
        r.c.kernel = TPX_K_TILE_ROWS, r.c.bx = 128, r.c.by = 1, r.c.w = r.c.h = 64;
        r.modelled = model_totals(&r.c, &r.t, NULL) == 0;
        runner_not_measured(&r.m, TPX_ST_NOT_MEASURED, "--no-gpu: model only");
        bench_add_row(&b, &r);
        write_file(&b);
        results_doc d;
        char msg[512];
        if (results_load(path, &d, msg, sizeof msg) != 0)
            fail_msg("a 64 KB tile saved %s is refused: %s", gpu ? "on a GPU" : "without one", msg);
        results_free(&d);
        bench_free(&b);
    }
}

static long count_values(const json_value *v)
{
    long n = 1;
    for (const json_value *c = v->child; c; c = c->next)
        n += count_values(c);
    return n;
}

/* The largest row the writer can write, and the document around it, within
 * the per-row bounds the reader's limits are made of. */
static void test_largest_row(void **state)
{
    (void)state;
    bench_result b;
    sweep_gen(&b, 1, 1, 0, 1);
    sweep_gen_largest_head(&b);
    long size[3];
    size[0] = write_file(&b);
    for (int i = 1; i <= 2; i++) { /* a measured row, then a failed one with its note */
        sweep_gen_largest(&b, 1, 1);
        size[i] = write_file(&b);
    }
    tpx_config c = b.rows[0].c;
    char reason[TPX_MSG];
    memset(reason, '\x1b', sizeof reason - 1);
    reason[sizeof reason - 1] = '\0';
    c.w = 1LL << 40;
    bench_add_skip(&b, &c, reason); /* a skip note: counts as a row */
    long with_skip = write_file(&b);
    if (size[0] > RESULTS_HEAD_MAX_BYTES || size[1] - size[0] > RESULTS_ROW_MAX_BYTES ||
        size[2] - size[1] > RESULTS_ROW_MAX_BYTES || with_skip - size[2] > RESULTS_ROW_MAX_BYTES)
        fail_msg("head %ld bytes (at most %d), rows %ld and %ld, skip %ld (at most %d)", size[0],
                 RESULTS_HEAD_MAX_BYTES, size[1] - size[0], size[2] - size[1],
                 with_skip - size[2], RESULTS_ROW_MAX_BYTES);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    bench_write_json(f, &b);
    fclose(f);
    char msg[256];
    json_value *doc = json_parse_n(text, len, msg, sizeof msg);
    if (!doc)
        fail_msg("the largest rows do not parse: %s", msg);
    long rows = 0;
    for (const json_value *r = json_get(doc, "results")->child; r; r = r->next)
        rows += count_values(r);
    for (const json_value *r = json_get(doc, "results")->child; r; r = r->next)
        assert_true(count_values(r) <= RESULTS_ROW_MAX_VALUES);
    assert_true(count_values(doc) - rows <= RESULTS_HEAD_MAX_VALUES + RESULTS_ROW_MAX_VALUES);
    json_free(doc);
    free(text);
    bench_free(&b);
}

/* The most rows a file may hold, each as large as the writer makes them:
 * read back whole.  Under valgrind (TPX_TEST_SLOW) a twentieth of them, the
 * same rows: each is predicted as it is written, 7 minutes there for the
 * whole file, and memcheck sees the reader's paths on fewer; every other
 * build writes and reads the whole. */
static void test_largest_file(void **state)
{
    (void)state;
    int rows = getenv("TPX_TEST_SLOW") ? RESULTS_MAX_ROWS / 20 : RESULTS_MAX_ROWS;
    bench_result b;
    sweep_gen(&b, 1, 1, 0, 1);
    sweep_gen_largest_head(&b);
    sweep_gen_largest(&b, rows, 0);
    long size = write_file(&b);
    assert_true(size <= (long)RESULTS_MAX_FILE_BYTES);
    results_doc d;
    char msg[512];
    if (results_load(path, &d, msg, sizeof msg) != 0)
        fail_msg("the largest file (%d rows, %ld bytes) is refused: %s", rows, size, msg);
    assert_int_equal(d.n, rows);
    results_free(&d);
    bench_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_random_sweeps, setup, teardown),
        cmocka_unit_test_setup_teardown(test_big_tiles, setup, teardown),
        cmocka_unit_test_setup_teardown(test_largest_row, setup, teardown),
        cmocka_unit_test_setup_teardown(test_largest_file, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
