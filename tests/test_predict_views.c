/* The explorer's predictions and levels below L1: the scene holds the
 * selected block's traffic, the snapshot each slot's launch traffic and
 * prediction (views only paint them), the Bandwidth view labels every
 * prediction as such and says where a measurement disagrees with it by more
 * than 25 %, and the device line names the profile the predictions use. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fake_runner.h"
#include "headless.h"
#include "views.h"

static tpx_app *app_at(tpx_runner *r, tpx_kernel_id k, long long n, int view)
{
    tpx_headless h = {.view = view, .cols = 160, .rows = 45};
    h.cfg = config_default();
    h.cfg.kernel = k;
    h.cfg.w = h.cfg.h = n;
    tpx_app *a = headless_app(&h, r);
    assert_non_null(a);
    return a;
}

static char *draw(tpx_app *a)
{
    tpx_canvas cv;
    assert_int_equal(canvas_init(&cv, a->screen_w, a->screen_h), 0);
    app_draw(a, &cv);
    char *text = canvas_dump(&cv);
    canvas_free(&cv);
    assert_non_null(text);
    return text;
}

/* naive_col 32x8 at 256x256 f32, by hand (docs/prediction.md): each warp's
 * load reads one column of 32 rows, 32 sectors; the block's 8 warps read 8
 * neighbouring columns of the same 32 sectors, so 256 asked of L1 and 32 go
 * on to L2; each warp's store writes 32 consecutive floats, 4 whole sectors.
 * The launch: 65536 load sectors at L1, 8192 (A once) at L2, A's bytes from
 * DRAM. */
static void test_scene_and_snapshot_hold_levels(void **st)
{
    (void)st;
    tpx_runner *r = runner_model_only("test");
    tpx_app *a = app_at(r, TPX_K_NAIVE_COL, 256, TPX_VIEW_COAL);
    const tpx_scene *sc = &a->scene;
    assert_true(sc->blk_ok);
    assert_int_equal(sc->blk.ld_reqs, 8);
    assert_int_equal(sc->blk.l1_ld_sectors, 256);
    assert_int_equal(sc->blk.l2_ld_sectors, 32);
    assert_int_equal(sc->blk.st_reqs, 8);
    assert_int_equal(sc->blk.st_sectors, 32);
    assert_int_equal(sc->blk.st_partial, 0);
    const tpx_result *m = &a->live->cur.model;
    assert_true(m->have_traffic);
    assert_int_equal(m->traffic.l1_ld_sectors, 65536);
    assert_int_equal(m->traffic.l2_ld_sectors, 8192);
    assert_true(m->traffic.dram_rd_bytes == 256.0 * 256 * 4);
    char *text = draw(a);
    assert_non_null(strstr(text, "three levels (model), block (0,0)"));
    assert_non_null(strstr(text, "load  block         8        256      -         32"));
    assert_non_null(strstr(text, "load  launch     2048      65536  12.5%       8192"));
    free(text);
    app_free(a);
    runner_close(r);
}

/* Without a GPU every modelled kernel's bar is its prediction, labelled;
 * the references have none. */
static void test_every_bar_predicted(void **st)
{
    (void)st;
    tpx_runner *r = runner_model_only("test");
    tpx_app *a = app_at(r, TPX_K_NAIVE_ROW, 4096, TPX_VIEW_BW);
    assert_string_equal(a->live->prof.name, profile_builtin()->name);
    for (int k = 0; k < TPX_K_COUNT; k++) {
        const tpx_slot *s = &a->live->bar[k];
        int ref = config_is_reference((tpx_kernel_id)k);
        if (!s->cfg_ok) { /* strip_vec: a square is no thin shape; its bar says why */
            assert_int_equal(k, TPX_K_STRIP_VEC);
            assert_non_null(strstr(s->why, "short side"));
            continue;
        }
        assert_int_equal(s->model.pred.valid, !ref);
        if (!ref)
            assert_true(s->model.pred.gbs > 0);
    }
    char *text = draw(a);
    char want[96];
    snprintf(want, sizeof want, "%6.0f GB/s predicted", a->live->bar[TPX_K_COPY_ROW].model.pred.gbs);
    assert_non_null(strstr(text, want));
    assert_non_null(strstr(text, "the model predicts")); /* the caption */
    assert_non_null(strstr(text, "on H100 SXM5, limited by"));
    assert_non_null(strstr(text, "predictions for the H100 SXM5 profile"));
    assert_null(strstr(text, "below the prediction")); /* nothing measured, nothing to compare */
    free(text);
    app_free(a);
    runner_close(r);
}

/* With a (fake) measurement: the prediction beside each bar; more than 25 %
 * off, the view says so, and within 25 % it does not. */
static void test_disagreement_note(void **st)
{
    (void)st;
    tpx_runner *r = fake_runner(0);
    tpx_app *a = app_at(r, TPX_K_NAIVE_ROW, 1024, TPX_VIEW_BW);
    double pred = a->live->cur.model.pred.gbs;
    assert_true(pred > 0);
    app_free(a);

    fake_of(r)->gbs = 0.6 * pred; /* 40 % below */
    a = app_at(r, TPX_K_NAIVE_ROW, 1024, TPX_VIEW_BW);
    assert_true(a->live->cur.have_gap);
    assert_true(a->live->cur.gap < -0.39 && a->live->cur.gap > -0.41);
    char *text = draw(a);
    char want[64];
    snprintf(want, sizeof want, "naive_row measured %.1f GB/s, 40%% below the prediction (%.0f): ",
             0.6 * pred, pred);
    assert_non_null(strstr(text, want)); /* the caption says so, and why */
    assert_non_null(strstr(text, "(-40%)")); /* the bar and the strip */
    snprintf(want, sizeof want, "predicted %.0f", pred);
    assert_non_null(strstr(text, want));
    free(text);
    app_free(a);

    fake_of(r)->gbs = 1.1 * pred; /* 10 % above: agreement */
    a = app_at(r, TPX_K_NAIVE_ROW, 1024, TPX_VIEW_BW);
    text = draw(a);
    assert_null(strstr(text, "the prediction: "));
    assert_non_null(strstr(text, "(+10%)"));
    free(text);
    app_free(a);

    fake_of(r)->gbs = 2.0 * pred; /* above, cold: the other lesson */
    a = app_at(r, TPX_K_NAIVE_ROW, 1024, TPX_VIEW_BW);
    text = draw(a);
    assert_non_null(strstr(text, "100% above the prediction ("));
    free(text);
    app_free(a);
    runner_close(r);
}

/* --profile: the predictions and the device line follow the chosen
 * profile, without a GPU and with one (then it says they are not the
 * device's).  Last: the choice is process-wide; h100_sxm is the default. */
static void test_profile_choice(void **st)
{
    (void)st;
    char msg[TPX_MSG];
    assert_int_equal(profile_select("h200", msg, sizeof msg), 0);
    tpx_runner *r = runner_model_only("test");
    tpx_app *a = app_at(r, TPX_K_NAIVE_ROW, 4096, TPX_VIEW_BW);
    assert_string_equal(a->live->prof.name, "H200");
    char *text = draw(a);
    assert_non_null(strstr(text, "predictions for the H200 profile"));
    assert_non_null(strstr(text, "on H200, limited by"));
    free(text);
    app_free(a);
    runner_close(r);

    r = fake_runner(0);
    a = app_at(r, TPX_K_NAIVE_ROW, 1024, TPX_VIEW_MAP);
    text = draw(a);
    assert_non_null(strstr(text, "Fake GPU"));
    assert_non_null(strstr(text, "predictions for the H200 profile"));
    free(text);
    app_free(a);
    runner_close(r);
    assert_int_equal(profile_select("h100_sxm", msg, sizeof msg), 0);
    assert_int_not_equal(profile_select("nope", msg, sizeof msg), 0);
    assert_non_null(strstr(msg, "unknown profile 'nope'"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scene_and_snapshot_hold_levels),
        cmocka_unit_test(test_every_bar_predicted),
        cmocka_unit_test(test_disagreement_note),
        cmocka_unit_test(test_profile_choice),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
