/* The built-in tour as a class sees it: every step drawn at 100x30 and 80x24
 * with the shipped H200 and H100 results (--load), each step's evidence
 * ("! TEXT" in assets/tour.txt) on the screen and outside the tour box, and
 * each step at 100x30 with the H200's numbers against its golden screen
 * (tests/golden/tour_100x30_step_NN.txt). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "golden_check.h"
#include "test_cfg.h"
#include "runner_replay.h"
#include "tour.h"

/* The rows the tour box takes (its title row to its bottom edge), or 0 rows. */
static void box_rows(const tpx_canvas *cv, int *top, int *bottom)
{
    *top = canvas_find(cv, rect_make(0, 0, cv->w, cv->h), "tour ");
    *bottom = *top;
    while (*top >= 0 && *bottom + 1 < cv->h && canvas_find(cv, rect_make(0, *bottom, cv->w, 1),
                                                           "└") < 0)
        (*bottom)++;
}

static int walk(const char *gpu, int cols, int rows, int goldens)
{
    char path[1024], msg[TPX_MSG], name[64], here[4096];
    /* Read from the results directory by name, as the golden screens quote
     * it: a step whose figure is not in the file says so with the file's
     * path, which must not be the checkout's.  Back here for the goldens'
     * .actual files. */
    if (!getcwd(here, sizeof here) || chdir(TPX_RESULTS_DIR) != 0)
        fail_msg("%s: cannot enter it", TPX_RESULTS_DIR);
    snprintf(path, sizeof path, "%s.json", gpu);
    tpx_runner *r = runner_replay(path, msg, sizeof msg);
    if (chdir(here) != 0)
        fail_msg("%s: cannot return to it", here);
    glyphs_set_utf8(1);
    if (!r)
        fail_msg("%s: %s", path, msg);
    tpx_limits lim;
    tpx_device dev;
    runner_limits(r, &lim);
    runner_device(r, &dev);
    int n, failures = 0;
    const tpx_tour_step *steps = tour_builtin(&n);
    tpx_config c = config_default();
    tpx_app *a = app_new(&c, &lim, &dev, "");
    snprintf(a->source, sizeof a->source, "%s.json", gpu);
    app_resize(a, cols, rows);
    tpx_canvas cv;
    assert_int_equal(canvas_init(&cv, cols, rows), 0);
    int bits = app_tour_start(a, steps, n);
    for (int i = 0; i < n; i++) {
        app_update(a, bits);
        live_fill_sync(a->live, &a->cfg, &a->lim, r, app_wants_sweeps(a), 1);
        live_fill_pin_sync(a->live, a->pinned ? &a->pin : NULL, r);
        app_update(a, TPX_LIVE);
        /* where the view shows the evidence with the box folded away (H) */
        int bare[TPX_TOUR_EVIDENCE];
        a->tour_hidden = 1;
        app_draw(a, &cv);
        for (int e = 0; e < steps[i].nevidence; e++)
            bare[e] = canvas_find(&cv, rect_make(0, 0, cols, rows), steps[i].evidence[e]);
        a->tour_hidden = 0;
        app_draw(a, &cv);
        int top, bottom;
        box_rows(&cv, &top, &bottom);
        for (int e = 0; e < steps[i].nevidence; e++) {
            int y = canvas_find(&cv, rect_make(0, 0, cols, rows), steps[i].evidence[e]);
            /* at 100x30 every view shows its evidence; smaller, the box must
             * not hide what the view shows */
            if ((y < 0 && (cols >= 100 || bare[e] >= 0)) || (y >= 0 && y >= top && y <= bottom)) {
                char *text = canvas_dump(&cv);
                print_error("%s %dx%d step %d (line %d): '%s' %s\n%s\n", gpu, cols, rows, i + 1,
                            steps[i].line, steps[i].evidence[e],
                            y < 0 ? "is not on the screen" : "is under the box", text);
                free(text);
                failures++;
            }
        }
        if (goldens) {
            char *text = canvas_dump(&cv);
            snprintf(name, sizeof name, "tour_%dx%d_step_%02d", cols, rows, i + 1);
            failures += golden_check(TPX_GOLDEN_DIR, name, text);
            free(text);
        }
        bits = app_key(a, '>');
    }
    canvas_free(&cv);
    app_free(a);
    runner_close(r);
    return failures;
}

static void test_evidence_visible(void **s)
{
    (void)s;
    int failures = 0;
    const char *gpus[] = {"h200", "h100"};
    /* sampled: each GPU at one of the two sizes; under memcheck the H100's
     * alone (test_goldens walks the H200's at 100x30) */
    int stride = test_sample_stride(2);
    if (stride < 6)
        failures += walk(gpus[0], 100, 30, 0);
    if (stride == 1)
        failures += walk(gpus[0], 80, 24, 0) + walk(gpus[1], 100, 30, 0);
    failures += walk(gpus[1], 80, 24, 0);
    assert_int_equal(failures, 0);
}

static void test_goldens(void **s)
{
    (void)s;
    assert_int_equal(walk("h200", 100, 30, 1), 0);
}

/* H folds the box to one line in a corner and brings it back. */
static void test_hide_key(void **s)
{
    (void)s;
    tpx_config c = config_default();
    tpx_limits lim = config_default_limits();
    tpx_device dev = {0};
    tpx_app *a = app_new(&c, &lim, &dev, "test");
    app_resize(a, 100, 30);
    app_update(a, app_key(a, 'T'));
    tpx_canvas cv;
    assert_int_equal(canvas_init(&cv, 100, 30), 0);
    tpx_rect all = rect_make(0, 0, 100, 30);
    app_draw(a, &cv);
    assert_true(canvas_find(&cv, all, "H hides") >= 0);
    app_update(a, app_key(a, 'H'));
    app_draw(a, &cv);
    assert_true(canvas_find(&cv, all, "H hides") < 0);
    assert_true(canvas_find(&cv, all, "tour 1/") >= 0);
    assert_true(canvas_find(&cv, all, "H shows its text") >= 0);
    app_update(a, app_key(a, 'H'));
    app_draw(a, &cv);
    assert_true(canvas_find(&cv, all, "H hides") >= 0);
    canvas_free(&cv);
    app_free(a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_evidence_visible),
        cmocka_unit_test(test_goldens),
        cmocka_unit_test(test_hide_key),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
