/* The papercuts a new user meets first: x/X/y/Y on a kernel that takes only
 * square blocks, a refusal that stays after a valid value, r that does
 * nothing silently, replayed numbers called live, and "1 threads". */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "edit.h"
#include "fake_runner.h"
#include "headless.h"
#include "words.h"
#include "views.h"

static void test_square_only_scales_both(void **s)
{
    (void)s;
    tpx_limits lim = config_default_limits();
    tpx_config c = config_default();
    c.kernel = TPX_K_SMEM;
    c.bx = c.by = 16;
    char msg[TPX_MSG] = "";
    const int axis[] = {0, 0, 1, 1}, up[] = {0, 1, 0, 1}, want[] = {8, 16, 8, 16};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(edit_block_scale(&c, axis[i], up[i], &lim, msg, sizeof msg), 0);
        assert_int_equal(c.bx, want[i]);
        assert_int_equal(c.by, want[i]);
        assert_non_null(strstr(msg, "smem takes square blocks only: both sides scaled"));
    }
    c.bx = c.by = 32; /* 64x64 is too many threads: refused, block kept */
    assert_int_equal(edit_block_scale(&c, 0, 1, &lim, msg, sizeof msg), -1);
    assert_int_equal(c.bx, 32);
    /* a kernel that takes any shape scales one side */
    c.kernel = TPX_K_NAIVE_ROW;
    assert_int_equal(edit_block_scale(&c, 1, 0, &lim, msg, sizeof msg), 0);
    assert_int_equal(c.bx, 32);
    assert_int_equal(c.by, 16);
}

/* Typed keys on an app; its message afterwards. */
static tpx_app *typed(tpx_runner *r, tpx_config c, int view, const char *keys)
{
    tpx_headless h = {.cfg = c, .view = view, .cols = 120, .rows = 40, .keys = keys};
    return headless_app(&h, r);
}

static void test_refusal_clears(void **s)
{
    (void)s;
    tpx_runner *r = runner_model_only("test");
    tpx_config c = config_default();
    c.kernel = TPX_K_SMEM;
    c.bx = c.by = 32;
    /* block dialog: 32x8 refused, then 32x16... refused, then 16x16 applied */
    tpx_app *a = typed(r, c, 0, "b\\b\\b\\b\\b32\\t8\\n");
    assert_true(a->msg_error);
    assert_non_null(strstr(a->msg, "refused"));
    app_free(a);
    a = typed(r, c, 0, "b\\b\\b\\b\\b32\\t8\\n\\b\\b16\\t\\b\\b16\\n");
    assert_null(a->dialog);
    assert_int_equal(a->cfg.bx, 16);
    assert_int_equal(a->cfg.by, 16);
    assert_false(a->msg_error);
    assert_string_equal(a->msg, "");
    app_free(a);
    runner_close(r);
}

static void test_r_says_why(void **s)
{
    (void)s;
    tpx_runner *r = runner_model_only("--no-gpu: model only");
    tpx_app *a = typed(r, config_default(), TPX_VIEW_BW, "r");
    assert_non_null(strstr(a->msg, "r: nothing to re-measure without a GPU"));
    app_free(a);
    runner_close(r);

    r = fake_runner(0);
    a = typed(r, config_default(), TPX_VIEW_BW, "r");
    assert_non_null(strstr(a->msg, "r: measuring naive_row 32x8"));
    app_free(a);
    /* a loaded file: recorded, not re-measured, and never called live */
    a = typed(r, config_default(), TPX_VIEW_BW, "");
    snprintf(a->source, sizeof a->source, "h200.json");
    app_update(a, app_key(a, 'r'));
    assert_non_null(strstr(a->msg, "recorded in h200.json, not measured here"));
    tpx_canvas cv;
    assert_int_equal(canvas_init(&cv, 160, 45), 0);
    app_draw(a, &cv);
    char *text = canvas_dump(&cv);
    assert_non_null(strstr(text, "recorded on Fake GPU"));
    assert_null(strstr(text, "live:"));
    assert_null(strstr(text, "median of 1 run")); /* the strip: one recorded run */
    free(text);
    canvas_free(&cv);
    app_free(a);
    runner_close(r);
}

static void test_grammar(void **s)
{
    (void)s;
    assert_string_equal(words_s(1), "");
    assert_string_equal(words_s(0), "s");
    assert_string_equal(words_s(2), "s");
    const long long an[] = {8, 11, 18, 80, 88, 800, 8192, 11000, 18432};
    const long long a_[] = {1, 2, 10, 16, 32, 100, 1024, 110, 180, 1100, 28};
    for (size_t i = 0; i < sizeof an / sizeof an[0]; i++)
        assert_string_equal(words_a(an[i]), "an");
    for (size_t i = 0; i < sizeof a_ / sizeof a_[0]; i++)
        assert_string_equal(words_a(a_[i]), "a");
    tpx_config c = config_default();
    c.bx = c.by = 1;
    tpx_headless h = {.cfg = c, .cols = 150, .rows = 40};
    char *text = headless_render(&h);
    assert_non_null(strstr(text, "block 1x1 (1 thread, 1 warp)"));
    free(text);
    tpx_limits lim = config_default_limits();
    char msg[TPX_MSG];
    c.kernel = TPX_K_TILE_ROWS;
    c.bx = 8, c.by = 16;
    assert_int_equal(config_validate(&c, &lim, msg, sizeof msg), -1);
    assert_non_null(strstr(msg, "tile_rows uses an 8x8 tile"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_square_only_scales_both),
        cmocka_unit_test(test_refusal_clears),
        cmocka_unit_test(test_r_says_why),
        cmocka_unit_test(test_grammar),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
