/* Screens rendered headless and compared with golden text (tests/golden/),
 * plus what must hold on every screen: ASCII only when the locale is not
 * UTF-8, no crash and a clear message at any terminal size, and measured
 * figures shown only when measured.
 *
 * To regenerate the golden files after a deliberate change, run
 * scripts/update-golden.sh and review `git diff tests/golden`. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fake_runner.h"
#include "measure_judge.h"
#include "headless.h"
#include "views.h"
#include "golden_check.h"
#include "test_cfg.h"
#include "chrome.h"

typedef struct golden {
    const char *file;
    tpx_kernel_id kernel;
    int bx, by;
    long long w, h;
    int pad;
    int view; /* 0-based */
    int cols, rows;
    int ascii;
    const char *keys;
} golden;

static const golden goldens[] = {
    {"banks_smem_32x32_pad0", TPX_K_SMEM, 32, 32, 1024, 1024, 0, TPX_VIEW_BANKS, 160, 56, 0, ""},
    {"banks_smem_32x32_pad1", TPX_K_SMEM, 32, 32, 1024, 1024, 1, TPX_VIEW_BANKS, 160, 56, 0, ""},
    /* seed 004: f32 data in an f64 tile (the e key), 8-byte words in the banks */
    {"banks_smem_16x16_tile_f64", TPX_K_SMEM, 16, 16, 4096, 3072, 0, TPX_VIEW_BANKS, 160, 56, 0,
     "e"},
    {"coalescing_naive_row_32x8", TPX_K_NAIVE_ROW, 32, 8, 1024, 1024, 0, TPX_VIEW_COAL, 160, 40, 0,
     ""},
    {"coalescing_tile_rows_32x8", TPX_K_TILE_ROWS, 32, 8, 1024, 1024, 0, TPX_VIEW_COAL, 160, 40, 0,
     ""},
    {"order_diagonal_row_4x4", TPX_K_DIAGONAL_ROW, 32, 8, 128, 32, 0, TPX_VIEW_ORDER, 120, 30, 0,
     ""},
    /* tile_vec launches down the columns of tiles: its own order beside cartesian */
    {"order_tile_vec_col", TPX_K_TILE_VEC, 16, 8, 512, 384, 0, TPX_VIEW_ORDER, 120, 30, 0, ""},
    /* 16 waves: the first covers 9 tile columns, every row of tiles */
    {"order_tile_vec_8192", TPX_K_TILE_VEC, 16, 16, 8192, 8192, 0, TPX_VIEW_ORDER, 150, 30, 0,
     ""},
    {"map_smem_rect_32x8", TPX_K_SMEM_RECT, 32, 8, 256, 256, 0, TPX_VIEW_MAP, 160, 44, 0, ""},
    /* the selected warp is wider than the panel: shown from lane 0, not centred */
    {"map_naive_row_32x8_narrow", TPX_K_NAIVE_ROW, 32, 8, 1000, 777, 0, TPX_VIEW_MAP, 100, 34, 0,
     ""},
    /* a warp of tile_rows touches 4 rows spread over its box, not the box */
    {"map_tile_rows_32x8", TPX_K_TILE_ROWS, 32, 8, 256, 256, 0, TPX_VIEW_MAP, 160, 44, 0, ""},
    {"map_smem_rect_32x8_whole", TPX_K_SMEM_RECT, 32, 8, 256, 256, 0, TPX_VIEW_MAP, 120, 40, 0,
     "------"},
    {"bandwidth_naive_row_model", TPX_K_NAIVE_ROW, 32, 8, 4096, 4096, 0, TPX_VIEW_BW, 120, 45, 0,
     ""},
    {"coalescing_naive_row_32x8_ascii", TPX_K_NAIVE_ROW, 32, 8, 1024, 1024, 0, TPX_VIEW_COAL, 80,
     24, 1, ""},
    {"kernel_list", TPX_K_NAIVE_ROW, 32, 8, 1024, 1024, 0, TPX_VIEW_MAP, 110, 30, 0, "K\\D"},
    /* A (pad 0) pinned with the A key, B padded with p: what differs, the ratios */
    {"compare_smem_pad0_vs_pad1", TPX_K_SMEM, 32, 32, 1024, 1024, 0, TPX_VIEW_CMP, 120, 36, 0,
     "Ap"},
    /* predictions without a GPU: every bar a predicted GB/s, labelled */
    {"bandwidth_tile_rows_predicted", TPX_K_TILE_ROWS, 32, 8, 8192, 8192, 1, TPX_VIEW_BW, 140, 45,
     0, ""},
    /* tile_gather at an odd width: its rows on one line, the holes between
     * them (a row a vector and a quarter apart) shaded from tpx_tg_row_at */
    {"banks_tile_gather_odd", TPX_K_TILE_GATHER, 32, 8, 1001, 777, 0, TPX_VIEW_BANKS, 160, 56, 0,
     ""},
    /* the three levels: naive_col's L1 keeps the block's column reads */
    {"coalescing_naive_col_levels", TPX_K_NAIVE_COL, 32, 8, 256, 256, 0, TPX_VIEW_COAL, 120, 40, 0,
     ""},
};

static tpx_headless headless_of(const golden *g)
{
    tpx_headless h = {.view = g->view, .cols = g->cols, .rows = g->rows, .ascii = g->ascii,
                      .keys = g->keys};
    h.cfg = config_default();
    h.cfg.kernel = g->kernel, h.cfg.bx = g->bx, h.cfg.by = g->by;
    h.cfg.w = g->w, h.cfg.h = g->h, h.cfg.pad = g->pad;
    return h;
}

static void test_golden_screens(void **s)
{
    (void)s;
    int failures = 0;
    for (size_t i = 0; i < sizeof goldens / sizeof goldens[0]; i++) {
        tpx_headless h = headless_of(&goldens[i]);
        char *text = headless_render(&h);
        assert_non_null(text);
        failures += golden_check(TPX_GOLDEN_DIR, goldens[i].file, text);
        free(text);
    }
    assert_int_equal(failures, 0);
}

static int all_ascii(const char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s >= 128)
            return 0;
    return 1;
}

/* A non-UTF-8 locale gets only ASCII, on every view and dialog, every kernel. */
static void test_ascii_everywhere(void **s)
{
    (void)s;
    const char *keys[] = {"", "?", "K", "b", "s", "P"};
    for (int k = 0; k < TPX_K_COUNT; k++)
        for (int v = 0; v < TPX_VIEW_COUNT; v++)
            for (size_t d = 0; d < sizeof keys / sizeof keys[0]; d++) {
                /* sampled: one key a (kernel, view), each key in turn */
                if (test_sample_stride(6) > 1 && d != (size_t)(k + v) % 6)
                    continue;
                tpx_headless h = {.view = v, .cols = 150, .rows = 50, .ascii = 1, .keys = keys[d]};
                tpx_limits lim = config_default_limits();
                char msg[TPX_MSG];
                h.cfg = config_default();
                h.cfg.w = h.cfg.h = 300;
                h.cfg.kernel = (tpx_kernel_id)k;
                if (config_validate(&h.cfg, &lim, msg, sizeof msg) != 0)
                    h.cfg.bx = h.cfg.by = 16;
                if (config_has_tile(h.cfg.kernel))
                    h.cfg.pad = 1;
                char *text = headless_render(&h);
                assert_non_null(text);
                if (!all_ascii(text))
                    fail_msg("kernel %d view %d keys '%s': not ASCII:\n%s", k, v, keys[d], text);
                free(text);
            }
    glyphs_set_utf8(1);
}

/* Any size, however small, draws without crashing; below the minimum the
 * screen says what it needs. */
static void test_any_size(void **s)
{
    (void)s;
    tpx_runner *r = runner_model_only("test");
    tpx_headless h = {.cols = 1, .rows = 1};
    h.cfg = config_default();
    h.cfg.kernel = TPX_K_TILE_ROWS;
    h.cfg.w = h.cfg.h = 16384;
    tpx_app *a = headless_app(&h, r);
    live_fill_sync(a->live, &a->cfg, &a->lim, r, 1, 1);
    const tpx_dialog *dialogs[] = {NULL, &help_dialog, &kernel_dialog, &block_dialog, &size_dialog,
                                   &pad_dialog};
    int sizes[] = {0, 1, 2, 5, 20, 44, 45, 79, 80, 81, 100, 133, 200, 301};
    int nsizes = (int)(sizeof sizes / sizeof sizes[0]);
    for (int wi = 0; wi < nsizes; wi++)
        for (int hi = 0; hi < nsizes; hi++) {
            int w = sizes[wi], ht = sizes[hi] / 2;
            tpx_canvas cv;
            assert_int_equal(canvas_init(&cv, w, ht), 0);
            app_resize(a, w, ht);
            for (int v = 0; v < TPX_VIEW_COUNT; v++)
                for (size_t d = 0; d < sizeof dialogs / sizeof dialogs[0]; d++) {
                    a->view = v;
                    a->dialog = dialogs[d];
                    app_draw(a, &cv);
                    if (w >= 50 && ht >= 1 && (w < TPX_MIN_W || ht < TPX_MIN_H)) {
                        char *text = canvas_dump(&cv);
                        assert_non_null(strstr(text, "terminal too small (need 80"));
                        free(text);
                    }
                }
            canvas_free(&cv);
        }
    app_free(a);
    runner_close(r);
}

/* The strip and the Bandwidth view with a runner that measures: the figure
 * when measured and verified; for a failure, the failure and no figure. */
static char *screen_rows(tpx_runner *r, int view, int rows)
{
    tpx_headless h = {.view = view, .cols = 160, .rows = rows};
    h.cfg = config_default();
    h.cfg.w = h.cfg.h = 1024;
    tpx_app *a = headless_app(&h, r);
    tpx_canvas cv;
    canvas_init(&cv, h.cols, h.rows);
    app_draw(a, &cv);
    char *text = canvas_dump(&cv);
    canvas_free(&cv);
    app_free(a);
    return text;
}

static char *screen_with(tpx_runner *r, int view) { return screen_rows(r, view, 45); }

/* Heatmap cells reading `word` (the legend's "n/a not measured" and
 * "fail: ..." are not cells: a cell is followed by a space or a line end). */
static int heat_cells(const char *text, const char *word)
{
    int n = 0;
    size_t len = strlen(word);
    for (const char *p = strstr(text, word); p; p = strstr(p + 1, word))
        n += p[len] == '\n' || (p[len] == ' ' && p[len + 1] == ' ');
    return n;
}

static void test_measured_or_not(void **s)
{
    (void)s;
    tpx_runner *r = fake_runner(0);
    char *text = screen_with(r, TPX_VIEW_BW);
    tpx_config c = config_default();
    char want[64];
    snprintf(want, sizeof want, "%.1f GB/s", fake_gbs(&c));
    assert_non_null(strstr(text, want));         /* the strip and the live block */
    assert_non_null(strstr(text, "verified"));
    assert_non_null(strstr(text, "measured GB/s")); /* the bars are measurements */
    assert_non_null(strstr(text, "Fake GPU"));    /* the device line */
    free(text);
    text = screen_with(r, TPX_VIEW_ORDER);
    assert_non_null(strstr(text, "measured occupancy on Fake GPU"));
    free(text);

    fake_of(r)->fail_kernel = TPX_K_NAIVE_ROW;
    fake_of(r)->fail_status = TPX_ST_VERIFY_FAILED;
    text = screen_with(r, TPX_VIEW_MAP);
    assert_non_null(strstr(text, "verify_failed"));
    assert_null(strstr(text, want));
    free(text);
    /* the heatmap says which shapes failed, not "pending" forever */
    text = screen_with(r, TPX_VIEW_BW);
    assert_true(heat_cells(text, " fail") > 0);
    assert_int_equal(heat_cells(text, " n/a"), 0);
    free(text);
    fake_of(r)->fail_status = TPX_ST_NOT_MEASURED; /* e.g. a shape a replayed file lacks */
    text = screen_with(r, TPX_VIEW_BW);
    /* the model answers for a shape the file lacks, marked ~ (predicted) */
    assert_true(strstr(text, "~") != NULL && strstr(text, "~N predicted, not measured"));
    assert_non_null(strstr(text, "not measured: ~"));
    assert_int_equal(heat_cells(text, " n/a"), 0);
    assert_int_equal(heat_cells(text, " fail"), 0);
    free(text);
    runner_close(r);

    r = runner_model_only("no GPU here");
    for (int v = 0; v < TPX_VIEW_COUNT; v++) {
        text = screen_with(r, v);
        assert_non_null(strstr(text, "no GPU: model only"));
        assert_non_null(strstr(text, "not measured"));
        /* the binding limit in words on every view's strip, marked as predicted:
         * "why predicted on <profile>: limited by ..." on one line */
        const char *why = strstr(text, "\n why predicted on ");
        assert_non_null(why);
        const char *lim = strstr(why, ": limited by "), *eol = strchr(why + 1, '\n');
        assert_true(lim != NULL && (eol == NULL || lim < eol));
        if (v == TPX_VIEW_BW) /* and in the Bandwidth view's own block */
            assert_non_null(strstr(text, "GB/s, limited by "));
        assert_null(strstr(text, " 0.0 GB/s")); /* never a zero for "not measured" */
        assert_null(strstr(text, "GB/s median"));
        free(text);
    }
    runner_close(r);
}

/* Monochrome: no role has a colour, and the ones that carry meaning still
 * look different from plain text. */
static void test_monochrome(void **s)
{
    (void)s;
    for (int r = 0; r < TPX_R_COUNT; r++) {
        tpx_style m = theme_spec((tpx_role)r, 1);
        assert_int_equal(m.fg, -1);
        assert_int_equal(m.bg, -1);
    }
    tpx_role marked[] = {TPX_R_SELECT, TPX_R_TAB_ACTIVE, TPX_R_ERROR, TPX_R_BAD, TPX_R_STORE,
                         TPX_R_LOAD,   TPX_R_WAVE,       TPX_R_USED};
    for (size_t i = 0; i < sizeof marked / sizeof marked[0]; i++)
        assert_int_not_equal(theme_spec(marked[i], 1).attrs, 0);
    assert_int_not_equal(theme_spec(TPX_R_STORE, 1).attrs, theme_spec(TPX_R_LOAD, 1).attrs);
}

/* The Compare view with a runner that measures: both GB/s, their noise and
 * the ratio B/A; B's figure green where it is the better one. */
static void test_compare_measured(void **s)
{
    (void)s;
    tpx_runner *r = fake_runner(0);
    tpx_headless h = {.view = TPX_VIEW_CMP, .cols = 120, .rows = 36};
    tpx_config a = config_default();
    a.w = a.h = 1024;
    h.cfg = a;
    h.cfg.bx = 8, h.cfg.by = 32;
    tpx_app *app = headless_app_pinned(&h, &a, r);
    tpx_canvas cv;
    assert_int_equal(canvas_init(&cv, h.cols, h.rows), 0);
    app_draw(app, &cv);
    char *text = canvas_dump(&cv);
    double ga = fake_gbs(&a), gb = fake_gbs(&h.cfg);
    char want[160];
    snprintf(want, sizeof want, "measured GB/s");
    const char *row = strstr(text, want);
    assert_non_null(row);
    snprintf(want, sizeof want, "%.1f", ga);
    assert_non_null(strstr(row, want));
    snprintf(want, sizeof want, "%.1f", gb);
    assert_non_null(strstr(row, want));
    snprintf(want, sizeof want, "%.2f\n", gb / ga);
    assert_non_null(strstr(row, want));
    assert_non_null(strstr(text, "B changes: block"));
    assert_non_null(strstr(text, "measured: live on Fake GPU"));
    /* 8x32 against 32x8: far outside the fake's 0.1 % noise, starred */
    assert_non_null(strstr(text, "* measured GB/s"));
    snprintf(want, sizeof want, "measured, B against A: SLOWER, %+.1f%% (outside the runs' "
             "spread, ", 100.0 * (gb / ga - 1));
    assert_non_null(strstr(text, want));
    free(text);
    canvas_free(&cv);
    app_free(app);

    /* 32x16 against 32x8: +0.6 %, inside the 1 % floor: SAME, no star */
    h.cfg = a;
    h.cfg.by = 16;
    gb = fake_gbs(&h.cfg);
    assert_true(gb / ga - 1 > 0.001 && gb / ga - 1 < MEASURE_JUDGE_FLOOR);
    app = headless_app_pinned(&h, &a, r);
    assert_int_equal(canvas_init(&cv, h.cols, h.rows), 0);
    app_draw(app, &cv);
    text = canvas_dump(&cv);
    assert_non_null(strstr(text, "  measured GB/s"));
    assert_null(strstr(text, "* measured GB/s"));
    assert_null(strstr(text, "* measured % of memcpy"));
    snprintf(want, sizeof want, "measured, B against A: SAME, %+.1f%% (inside", 100.0 * (gb / ga - 1));
    assert_non_null(strstr(text, want));
    free(text);
    canvas_free(&cv);
    app_free(app);
    runner_close(r);
}

/* The heatmap marks the best cell (measured GB/s when measured) and, when
 * it does not fit, says which rows it shows and scrolls with u and d. */
static void test_heatmap_best_and_scroll(void **s)
{
    (void)s;
    tpx_runner *r = fake_runner(0);
    char *text = screen_rows(r, TPX_VIEW_BW, 48); /* the bars of 18 kernels, then the map */
    tpx_config best = config_default();
    best.bx = 1024, best.by = 1; /* fake_gbs grows with BX */
    char want[64];
    snprintf(want, sizeof want, "*%.0f", fake_gbs(&best));
    assert_non_null(strstr(text, want));
    assert_non_null(strstr(text, "*1024x1 best"));
    assert_null(strstr(text, "rows BY=")); /* all 11 rows fit at 48 rows */
    free(text);
    runner_close(r);

    tpx_headless h = {.view = TPX_VIEW_BW, .cols = 120, .rows = 30};
    h.cfg = config_default();
    h.cfg.w = h.cfg.h = 1024;
    text = headless_render(&h);
    const char *legend = strstr(text, "rows BY=");
    assert_non_null(legend);
    assert_non_null(strstr(legend, "(u/d scroll)"));
    free(text);
    h.keys = "uuuuuuuuuuuu"; /* to the top: BY = 1 first */
    text = headless_render(&h);
    assert_non_null(strstr(text, "rows BY=1-"));
    free(text);
    h.keys = "dddddddddddd"; /* to the bottom: BY = 1024 last */
    text = headless_render(&h);
    assert_non_null(strstr(text, "-1024 of 1-1024"));
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_golden_screens),  cmocka_unit_test(test_ascii_everywhere),
        cmocka_unit_test(test_any_size),        cmocka_unit_test(test_measured_or_not),
        cmocka_unit_test(test_monochrome),      cmocka_unit_test(test_compare_measured),
        cmocka_unit_test(test_heatmap_best_and_scroll),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
