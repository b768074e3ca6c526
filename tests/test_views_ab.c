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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_gpus_bandwidth),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
