/* The check of a user kernel (src/model/ucheck.c) on deliberately wrong
 * kernels (the files of tests/ukernels): each is caught with the right verdict,
 * and its first offender is re-derived here from the kernel's own formulas
 * (the thread really does what the finding says), at a size that is not a
 * multiple of the block. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "file_read.h"
#include "ucheck.h"
#include "user.h"

#define W 100
#define H 70
#define T 32

static tpx_config load(const char *name)
{
    char path[512], msg[256];
    size_t len;
    snprintf(path, sizeof path, "%s/%s.tpxk", TPX_UKERNELS, name);
    char *text = file_read_bounded(path, UK_MAX_TEXT, "kernel file", &len, msg, sizeof msg);
    if (!text)
        fail_msg("%s", msg);
    int id = user_add(text, len, name, msg, sizeof msg);
    free(text);
    if (id < 0)
        fail_msg("%s", msg);
    tpx_config c = config_default();
    c.kernel = (tpx_kernel_id)id;
    c.w = W;
    c.h = H;
    c.bx = c.by = T;
    tpx_limits lim = config_default_limits();
    if (config_validate(&c, &lim, msg, sizeof msg) != 0)
        fail_msg("%s: %s", name, msg);
    return c;
}

static ucheck_report run(const char *name, tpx_config *c)
{
    *c = load(name);
    ucheck_report r;
    assert_int_equal(ucheck_run(c, &r, NULL), 0);
    assert_false(ucheck_ok(&r));
    char v[512];
    ucheck_verdict(c, &r, v, sizeof v);
    assert_non_null(strstr(v, "wrong: "));
    return r;
}

/* x and y of the first offender as the wrong kernels compute them. */
static long long first_x(const ucheck_at *a) { return (long long)a->bx * T + a->tx; }
static long long first_y(const ucheck_at *a) { return (long long)a->by * T + a->ty; }

static void test_swapped(void **state)
{
    (void)state;
    tpx_config c;
    ucheck_report r = run("swapped", &c);
    long long wrong = 0; /* B[y * W + x] = A[y * W + x]: right only where that is its place */
    for (long long s = 0; s < W * H; s++)
        wrong += (s % W) * H + s / W != s;
    assert_int_equal(r.count[UC_WRONG], wrong);
    const ucheck_at *a = &r.first[UC_WRONG];
    long long d = first_y(a) * W + first_x(a);
    assert_int_equal(a->index, d);
    assert_int_equal(a->other, d);
    assert_int_equal(a->line, 5);
    for (int k = 0; k < UC_NKINDS; k++)
        if (k != UC_WRONG)
            assert_int_equal(r.count[k], 0);
}

static void test_no_guard(void **state)
{
    (void)state;
    tpx_config c;
    ucheck_report r = run("no_guard", &c);
    assert_true(r.count[UC_OOB_WRITE] > 0);
    assert_true(r.count[UC_OOB_READ] > 0);
    const ucheck_at *a = &r.first[UC_OOB_WRITE];
    long long x = first_x(a), y = first_y(a);
    assert_true(x >= W || y >= H);
    assert_int_equal(a->index, x * H + y);
    assert_true(a->index >= (long long)W * H);
    assert_int_equal(a->line, 7);
    char why[512];
    assert_true(ucheck_explain(&c, &r, UC_OOB_WRITE, why, sizeof why));
    assert_non_null(strstr(why, "guard"));
}

static void test_short_grid(void **state)
{
    (void)state;
    tpx_config c;
    ucheck_report r = run("short_grid", &c);
    long long covered = (W / T) * T; /* the grid W / BX rounds down */
    assert_int_equal(r.count[UC_UNWRITTEN], (W - covered) * H);
    assert_int_equal(r.first[UC_UNWRITTEN].row, covered); /* B's row = A's column */
    assert_int_equal(r.first[UC_UNWRITTEN].col, 0);
    for (int k = 0; k < UC_NKINDS; k++)
        if (k != UC_UNWRITTEN)
            assert_int_equal(r.count[k], 0);
}

static void test_no_sync(void **state)
{
    (void)state;
    tpx_config c;
    ucheck_report r = run("no_sync", &c);
    assert_true(r.count[UC_RACE] > 0);
    const ucheck_at *a = &r.first[UC_RACE];
    assert_int_equal(a->phase, 1);
    assert_false(a->writes);
    /* it reads S[tx][ty], which thread (ty, tx) stored */
    assert_int_equal(a->row, a->tx);
    assert_int_equal(a->col, a->ty);
    assert_int_equal(a->other, (long long)a->tx * T + a->ty);
    assert_true(a->tx != a->ty);
    assert_int_equal(r.count[UC_WRONG] + r.count[UC_UNWRITTEN] + r.count[UC_TWICE], 0);
}

static void test_small_tile(void **state)
{
    (void)state;
    tpx_config c;
    ucheck_report r = run("small_tile", &c);
    assert_int_equal(r.tile_rows, 16);
    assert_int_equal(r.tile_cols, 16);
    const ucheck_at *a = &r.first[UC_OOB_WRITE];
    assert_int_equal(a->space, 'S');
    assert_int_equal(a->phase, 0);
    assert_int_equal(a->row, a->ty);
    assert_int_equal(a->col, a->tx);
    assert_true(a->tx >= 16 || a->ty >= 16);
    assert_int_equal(a->line, 6);
    assert_true(r.count[UC_OOB_READ] > 0);
}

static void test_div_zero(void **state)
{
    (void)state;
    tpx_config c;
    ucheck_report r = run("div_zero", &c);
    const ucheck_at *a = &r.first[UC_EVAL];
    assert_int_equal(a->other, TPX_XE_DIV0);
    assert_int_equal(a->tx, 0); /* BX / tx */
    assert_int_equal(a->line, 5);
    assert_int_equal(a->node_col, 12);
    /* every thread with tx = 0 fails, one move each */
    tpx_geom g = config_geom(&c);
    assert_int_equal(r.count[UC_EVAL], (long long)g.gx * g.gy * T);
}

static void test_too_large(void **state)
{
    (void)state;
    tpx_config c = load("swapped");
    c.w = 16384;
    c.h = 8192;
    ucheck_report r;
    assert_int_equal(ucheck_run(&c, &r, NULL), -1);
    assert_non_null(strstr(r.msg, "2^26"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_swapped),    cmocka_unit_test(test_no_guard),
        cmocka_unit_test(test_short_grid), cmocka_unit_test(test_no_sync),
        cmocka_unit_test(test_small_tile), cmocka_unit_test(test_div_zero),
        cmocka_unit_test(test_too_large),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
