/* Screens that put two things side by side, against golden text
 * (tests/golden/): several GPUs' result files in the Bandwidth view, A's
 * picture beside B's in the detail views when A is pinned, and the Map's
 * whole warp at 120 columns.  scripts/update-golden.sh rewrites them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "golden_check.h"
#include "headless.h"
#include "views.h"
#include "app_open.h"
#include "runner_replay.h"

static char *draw(tpx_app *a, int cols, int rows)
{
    tpx_canvas cv;
    char *text = NULL;
    if (canvas_init(&cv, cols, rows) == 0) {
        app_draw(a, &cv);
        text = canvas_dump(&cv);
        canvas_free(&cv);
    }
    return text;
}

static tpx_runner *shipped(const char *name)
{
    char path[1024], msg[TPX_MSG];
    snprintf(path, sizeof path, "%s/%s.json", TPX_RESULTS_DIR, name);
    tpx_runner *r = runner_replay(path, msg, sizeof msg);
    if (!r)
        fail_msg("%s: %s", path, msg);
    return r;
}

/* tpx --load h200,h100: each kernel's recorded GB/s on both GPUs, under
 * each file's device name, and the ratio. */
static void test_two_gpus_bandwidth(void **s)
{
    (void)s;
    tpx_runner *r[2] = {shipped("h200"), shipped("h100")};
    tpx_headless h = {.view = TPX_VIEW_BW, .cols = 120, .rows = 40};
    h.cfg = config_default();
    h.cfg.kernel = TPX_K_TILE_ROWS;
    h.cfg.w = h.cfg.h = 8192;
    tpx_app *a = headless_app(&h, r[0]);
    assert_non_null(a);
    tpx_gpus gs = {.n = 2, .r = {r[0], r[1]}};
    a->gpus = &gs;
    assert_int_equal(app_update(a, TPX_CONFIG), 0);
    char *text = draw(a, h.cols, h.rows);
    assert_non_null(text);
    assert_non_null(strstr(text, gs.g[0].dev.name));
    assert_non_null(strstr(text, gs.g[1].dev.name));
    /* the current kernel's recorded numbers, as each file holds them */
    for (int i = 0; i < 2; i++) {
        char want[32];
        assert_true(runner_has_number(&gs.g[i].m[TPX_K_TILE_ROWS]));
        snprintf(want, sizeof want, "%7.1f", gs.g[i].m[TPX_K_TILE_ROWS].gbs);
        assert_non_null(strstr(text, want));
    }
    assert_int_equal(golden_check(TPX_GOLDEN_DIR, "bandwidth_h200_vs_h100", text), 0);
    free(text);
    app_free(a);
    runner_close(r[0]);
    runner_close(r[1]);
}

static char *render_map(tpx_kernel_id k, int bx, int by, long long size, const char *keys)
{
    tpx_headless h = {.view = TPX_VIEW_MAP, .cols = 120, .rows = 40, .keys = keys};
    h.cfg = config_default();
    h.cfg.kernel = k, h.cfg.bx = bx, h.cfg.by = by, h.cfg.w = h.cfg.h = size;
    char *text = headless_render(&h);
    assert_non_null(text);
    return text;
}

/* At 120x40 the Map shows naive_row's whole warp: 32 lanes along a row of A
 * and 32 rows down a column of B, in two-column cells. */
static void test_map_whole_warp_at_120(void **s)
{
    (void)s;
    char *text = render_map(TPX_K_NAIVE_ROW, 32, 8, 1024, "");
    /* A: every lane, in order, on row 0 */
    static const char lanes[] = " 0 1 2 3 4 5 6 7 8 9 a b c d e f g h i j k l m n o p q r s t u v";
    char row0[80];
    snprintf(row0, sizeof row0, "   0%s ", lanes);
    assert_non_null(strstr(text, row0));
    /* B: lane 31 (v) on row 31, the column's last */
    const char *row31 = strstr(text, "\n  31 ");
    assert_non_null(row31);
    assert_non_null(strstr(row31 + 6, "  31 v "));
    assert_non_null(strstr(text, "read left, written right"));
    assert_int_equal(golden_check(TPX_GOLDEN_DIR, "map_naive_row_32x8_120", text), 0);
    free(text);
}

/* Zoomed out, the legend says what a cell stands for and what colours it. */
static void test_map_zoomed_out_legend(void **s)
{
    (void)s;
    char *text = render_map(TPX_K_NAIVE_ROW, 32, 8, 1024, "---");
    assert_non_null(strstr(text, "a cell: 4x4 elements; colour: the warp of its top-left one"));
    assert_int_equal(golden_check(TPX_GOLDEN_DIR, "map_naive_row_32x8_zoom3", text), 0);
    free(text);
}

/* A pinned: the Banks view draws A's tile beside B's, each titled, each
 * priced as its own config (pad 0: 32-way; pad 1: conflict-free). */
static void test_banks_a_beside_b(void **s)
{
    (void)s;
    tpx_headless h = {.view = TPX_VIEW_BANKS, .cols = 160, .rows = 56, .keys = "Ap"};
    h.cfg = config_default();
    h.cfg.kernel = TPX_K_SMEM, h.cfg.bx = h.cfg.by = 32, h.cfg.w = h.cfg.h = 1024;
    char *text = headless_render(&h);
    assert_non_null(text);
    const char *a = strstr(text, "A (pinned) smem 32x32: no padding, pad 0");
    const char *b = strstr(text, "B smem 32x32: padded, pad 1");
    assert_non_null(a);
    assert_non_null(b);
    assert_true(a < b && !memchr(a, '\n', (size_t)(b - a))); /* on one line: beside */
    assert_non_null(strstr(text, "32-way conflict"));
    assert_non_null(strstr(text, "conflict-free"));
    assert_int_equal(golden_check(TPX_GOLDEN_DIR, "banks_ab_smem_pad0_vs_pad1", text), 0);
    free(text);
}

/* A pinned: the Coalescing view draws A's warp (32x8: a store per lane in
 * its own sector) beside B's (8x32: 8 lanes share each sector). */
static void test_coalescing_a_beside_b(void **s)
{
    (void)s;
    tpx_headless h = {.view = TPX_VIEW_COAL, .cols = 160, .rows = 44};
    h.cfg = config_default();
    h.cfg.kernel = TPX_K_NAIVE_ROW, h.cfg.bx = 8, h.cfg.by = 32;
    h.cfg.w = 4096, h.cfg.h = 3072;
    tpx_config pin = h.cfg;
    pin.bx = 32, pin.by = 8;
    tpx_runner *r = runner_model_only("test");
    tpx_app *a = headless_app_pinned(&h, &pin, r);
    assert_non_null(a);
    assert_true(a->have_a);
    char *text = draw(a, h.cols, h.rows);
    assert_non_null(text);
    assert_non_null(strstr(text, "A (pinned): naive_row 32x8 4096x3072"));
    assert_non_null(strstr(text, "B: naive_row 8x32 4096x3072"));
    assert_non_null(strstr(text, "global store (B)  32 sectors in 32 lines"));
    assert_non_null(strstr(text, "global store (B)  8 sectors in 8 lines"));
    assert_int_equal(golden_check(TPX_GOLDEN_DIR, "coalescing_ab_naive_row_32x8_vs_8x32", text), 0);
    free(text);
    app_free(a);
    runner_close(r);
}

/* A pinned: the Map draws A's map beside B's when both fit the width, else
 * A's above B's; each titled with its config, each with its own lanes. */
static void test_map_a_beside_b(void **s)
{
    (void)s;
    const int sizes[][2] = {{220, 40}, {120, 50}};
    const char *names[] = {"map_ab_naive_row_32x8_vs_8x32_wide",
                           "map_ab_naive_row_32x8_vs_8x32_tall"};
    for (int i = 0; i < 2; i++) {
        tpx_headless h = {.view = TPX_VIEW_MAP, .cols = sizes[i][0], .rows = sizes[i][1]};
        h.cfg = config_default();
        h.cfg.kernel = TPX_K_NAIVE_ROW, h.cfg.bx = 8, h.cfg.by = 32, h.cfg.w = h.cfg.h = 256;
        tpx_config pin = h.cfg;
        pin.bx = 32, pin.by = 8;
        tpx_runner *r = runner_model_only("test");
        tpx_app *a = headless_app_pinned(&h, &pin, r);
        assert_non_null(a);
        char *text = draw(a, h.cols, h.rows);
        assert_non_null(text);
        const char *ta = strstr(text, "A (pinned): naive_row 32x8 256x256");
        const char *tb = strstr(text, "B: naive_row 8x32 256x256");
        assert_non_null(ta);
        assert_non_null(tb);
        /* wide: on one line; tall: B's title below A's */
        assert_int_equal(memchr(ta, '\n', (size_t)(tb - ta)) == NULL, i == 0);
        /* A's warp: 32 lanes along a row; B's: 8 lanes per row */
        assert_non_null(strstr(ta, " 0 1 2 3 4 5 6 7 8 9 a b c d e f g h i j k l m n o p q r s t u "
                                   "v"));
        assert_int_equal(golden_check(TPX_GOLDEN_DIR, names[i], text), 0);
        free(text);
        app_free(a);
        runner_close(r);
    }
}

/* The row of text that holds s, as its own string (static), or NULL. */
static const char *row_with(const char *text, const char *s)
{
    static char row[1024];
    const char *at = strstr(text, s);
    if (!at)
        return NULL;
    const char *b = at, *e = strchr(at, '\n');
    while (b > text && b[-1] != '\n')
        b--;
    snprintf(row, sizeof row, "%.*s", (int)(e ? e - b : (long)strlen(b)), b);
    return row;
}

/* tpx --load h200,h100 at 80x24 and 100x30 (issue 22): it opens at a config
 * the file has (4000x4000: h200.json has no 4096x4096) and says so; text
 * that does not fit is cut between fields with an ellipsis, never into
 * another value: the device line's "replayed from h200,h100" whole or gone
 * behind "…", the config line's grid whole.  With the size kept (--size
 * 4096), the miss lists the sizes the file holds. */
static void test_load_fits(void **s)
{
    (void)s;
    tpx_runner *r[2] = {shipped("h200"), shipped("h100")};
    tpx_gpus gs = {.n = 2, .r = {r[0], r[1]}};
    tpx_limits lim;
    runner_limits(r[0], &lim);
    static const struct {
        int cols, rows;
        unsigned keep;
        const char *golden;
    } cases[] = {
        {80, 24, 0, "load_h200_h100_80x24"},
        {100, 30, 0, "load_h200_h100_100x30"},
        {100, 30, TPX_KEEP_SIZE, "load_h200_miss_100x30"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tpx_headless h = {.view = TPX_VIEW_MAP, .cols = cases[i].cols, .rows = cases[i].rows};
        h.cfg = config_default();
        char note[2 * TPX_MSG];
        app_open_at(r[0], cases[i].keep, &lim, &h.cfg, note, sizeof note);
        tpx_app *a = headless_app(&h, r[0]);
        assert_non_null(a);
        snprintf(a->source, sizeof a->source, "h200,h100");
        a->gpus = &gs;
        assert_int_equal(app_update(a, TPX_CONFIG), 0);
        if (note[0])
            app_say(a, 0, "%s", note);
        char *text = draw(a, h.cols, h.rows);
        assert_non_null(text);
        const char *dev = row_with(text, "NVIDIA H200");
        assert_non_null(dev);
        assert_true(strstr(dev, "replayed from h200,h100") || strstr(dev, "\u2026"));
        if (cases[i].keep) { /* 4096x4096 kept: not measured, and what the file holds */
            assert_string_equal(note, "");
            assert_non_null(strstr(text, "grid 128x512"));
            assert_non_null(strstr(text, "not in h200.json, which holds sizes 1024x1024"));
        } else {
            assert_int_equal(h.cfg.w, 4000);
            assert_string_equal(note, "opened at 4000x4000, the nearest the loaded results have "
                                      "to naive_row 32x8 4096x4096 f32 pad 0");
            assert_non_null(strstr(text, "grid 125x500"));
            assert_non_null(strstr(text, "bandwidth 498.8 GB/s recorded"));
        }
        assert_int_equal(golden_check(TPX_GOLDEN_DIR, cases[i].golden, text), 0);
        free(text);
        app_free(a);
    }
    runner_close(r[0]);
    runner_close(r[1]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_gpus_bandwidth),
        cmocka_unit_test(test_map_whole_warp_at_120),
        cmocka_unit_test(test_map_zoomed_out_legend),
        cmocka_unit_test(test_banks_a_beside_b),
        cmocka_unit_test(test_coalescing_a_beside_b),
        cmocka_unit_test(test_map_a_beside_b),
        cmocka_unit_test(test_load_fits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
