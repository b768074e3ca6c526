/* The check's verdict on the Map (issue 21): a user kernel whose check finds
 * elements of B never written, written twice or wrong gets them marked on
 * B's panel, with each kind counted over the whole matrix.
 *
 * - the scene's data: which elements and cells are marked, against marks
 *   derived here from the wrong kernels' own formulas, at every zoom's cell
 *   size, and counts over the whole matrix where the Map shows a window;
 * - the built-in exercises (assets/kernels/exercise*.tpxk) with their blanks
 *   filled in wrongly, as a student might, and the deliberately wrong
 *   kernels of tests/ukernels: golden screens at 100x30
 *   (scripts/update-golden.sh rewrites them);
 * - a user kernel pinned as A has its marks on A's map;
 * - the marks are painted in the 'bad' role with a glyph of their own, none
 *   a warp's digit or a block's letter (the mono theme tells them apart). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_memo.h"
#include "file_read.h"
#include "golden_check.h"
#include "headless.h"
#include "ucheck_map.h"
#include "user.h"
#include "views.h"

static tpx_runner *R; /* the model-only runner every app here gets */

static char *read_text(const char *path, size_t *len)
{
    char msg[256];
    char *text = file_read_bounded(path, UK_MAX_TEXT, "kernel file", len, msg, sizeof msg);
    if (!text)
        fail_msg("%s", msg);
    return text;
}

static int add(const char *text, size_t len, const char *name)
{
    char msg[256];
    int id = user_add(text, len, name, msg, sizeof msg);
    if (id < 0)
        fail_msg("%s: %s", name, msg);
    return id;
}

/* A kernel of tests/ukernels. */
static int load(const char *name)
{
    char path[512];
    size_t len;
    snprintf(path, sizeof path, "%s/%s.tpxk", TPX_UKERNELS, name);
    char *text = read_text(path, &len);
    int id = add(text, len, name);
    free(text);
    return id;
}

/* A built-in exercise with its blanks filled in by answers, in order: the
 * file as shipped is refused (its blanks), the filled one is taken. */
static int exercise(const char *file, const char *const *answers, int n)
{
    char path[512], msg[256], out[UK_MAX_TEXT];
    size_t len, o = 0;
    snprintf(path, sizeof path, "%s/%s.tpxk", TPX_ASSET_KERNELS, file);
    char *text = read_text(path, &len);
    assert_int_equal(user_add(text, len, file, msg, sizeof msg), -1);
    assert_non_null(strstr(msg, "FIXME"));
    const char *p = strstr(text, "\nkernel "); /* the blanks, not the comment's word */
    assert_non_null(p);
    o = (size_t)snprintf(out, sizeof out, "%.*s", (int)(p - text), text);
    for (int i = 0; i < n; i++) {
        const char *f = strstr(p, "FIXME");
        assert_non_null(f);
        o += (size_t)snprintf(out + o, sizeof out - o, "%.*s%s", (int)(f - p), p, answers[i]);
        p = f + 5;
    }
    assert_null(strstr(p, "FIXME"));
    o += (size_t)snprintf(out + o, sizeof out - o, "%s", p);
    free(text);
    return add(out, o, file);
}

static tpx_headless screen_of(int id, long long w, long long h, const char *keys, tpx_sel sel)
{
    tpx_headless hl = {.view = TPX_VIEW_MAP, .cols = 100, .rows = 30, .keys = keys, .sel = sel};
    hl.cfg = config_default();
    hl.cfg.kernel = (tpx_kernel_id)id;
    hl.cfg.w = w;
    hl.cfg.h = h;
    hl.cfg.bx = 32;
    hl.cfg.by = 8;
    return hl;
}

/* short_grid: B[x * H + y] over a grid of W / 32 blocks across, so the rows
 * of B from (W / 32) * 32 on (A's last columns) are never written. */
static unsigned short_grid_mark(long long w, long long r) { return r >= w / 32 * 32 ? 1u : 0u; }

static void test_scene_marks(void **state)
{
    (void)state;
    const long long w = 300, h = 200; /* the Map shows a window of it */
    tpx_headless hl = screen_of(load("short_grid"), w, h, "", (tpx_sel){0});
    tpx_app *a = headless_app(&hl, R);
    assert_non_null(a);
    const ucheck_map *m = a->scene.chk;
    assert_non_null(m);
    assert_int_equal(m->rows, w);
    assert_int_equal(m->cols, h);
    /* the count covers the whole matrix, not the window */
    assert_int_equal(m->rep.count[UC_UNWRITTEN], (w - w / 32 * 32) * h);
    assert_int_equal(m->rep.first[UC_UNWRITTEN].row, w / 32 * 32);
    assert_int_equal(m->rep.first[UC_UNWRITTEN].col, 0);
    assert_int_equal(m->rep.count[UC_TWICE] + m->rep.count[UC_WRONG], 0);
    /* every element, then every cell of every zoom's size (aligned as the
     * Map aligns them, and not), is marked exactly where one of its
     * elements is never written */
    for (long long r = 0; r < w; r++)
        for (long long c = 0; c < h; c += 37)
            assert_int_equal(ucheck_map_at(m, r, c, 1), short_grid_mark(w, r) * UC_MARK_UNWRITTEN);
    for (long long s = 2; s <= 2048; s *= 2)
        for (long long r = 0; r < w; r += s / 2 + 1)
            for (long long c = 0; c < h; c += s + 3) {
                long long last = r + s - 1 < w ? r + s - 1 : w - 1;
                unsigned want = short_grid_mark(w, last) ? UC_MARK_UNWRITTEN : 0;
                assert_int_equal(ucheck_map_at(m, r, c, s), want);
            }
    assert_int_equal(ucheck_map_at(m, w, 0, 1), 0); /* outside B */
    assert_int_equal(ucheck_map_at(m, -4, 0, 8), 0);
    app_free(a);
}

/* no_guard (grid W / BX + 1 by H / BY + 1, no guard): y runs past H and
 * B[x * H + y] lands in the next row's first elements, written twice. */
static void test_twice_marks(void **state)
{
    (void)state;
    const long long w = 100, h = 70;
    tpx_headless hl = screen_of(load("no_guard"), w, h, "", (tpx_sel){0});
    tpx_app *a = headless_app(&hl, R);
    assert_non_null(a);
    const ucheck_map *m = a->scene.chk;
    assert_non_null(m);
    long long ylast = (h / 8 + 1) * 8 - 1, twice = 0;
    for (long long r = 0; r < w; r++)
        for (long long c = 0; c < h; c++) {
            int dup = r >= 1 && c <= ylast - h; /* written from row r - 1's y >= H */
            twice += dup;
            assert_int_equal(ucheck_map_at(m, r, c, 1) & UC_MARK_TWICE, dup ? UC_MARK_TWICE : 0);
        }
    assert_int_equal(m->rep.count[UC_TWICE], twice);
    app_free(a);
}

/* A catalog kernel and a correct user kernel get no marks. */
static void test_no_marks(void **state)
{
    (void)state;
    tpx_headless hl = screen_of(TPX_K_NAIVE_ROW, 100, 70, "", (tpx_sel){0});
    tpx_app *a = headless_app(&hl, R);
    assert_null(a->scene.chk);
    app_free(a);
    const char *right[] = {"x * H + y", "y * W + x"};
    hl = screen_of(exercise("exercise", right, 2), 100, 70, "", (tpx_sel){0});
    a = headless_app(&hl, R);
    assert_non_null(a->scene.chk);
    assert_true(ucheck_ok(&a->scene.chk->rep));
    char *text = headless_render(&hl);
    assert_null(strstr(text, "check of B"));
    free(text);
    app_free(a);
}

/* The memo keeps marks for the wanted config only, the last few of them,
 * and a reference outlives the memo's. */
static void test_memo(void **state)
{
    (void)state;
    int id = load("short_grid");
    tpx_config c[5];
    ucheck_report r;
    for (int i = 0; i < 5; i++) {
        c[i] = screen_of(id, 64 + 8 * i, 40, "", (tpx_sel){0}).cfg;
        check_memo_want(&c[i]);
        assert_int_equal(check_memo_run(&c[i], &r, NULL), 0);
        assert_true(check_memo_has(&c[i]));
    }
    ucheck_map *old = check_memo_get(&c[2]);
    assert_non_null(old);
    assert_false(check_memo_has(&c[0])); /* the oldest went */
    assert_false(check_memo_has(&c[1]));
    check_memo_want(NULL);
    tpx_config other = c[0];
    other.w = 200;
    assert_int_equal(check_memo_run(&other, &r, NULL), 0); /* not wanted: no marks kept */
    assert_false(check_memo_has(&other));
    assert_int_equal(r.count[UC_UNWRITTEN], (200 - 192) * 40);
    for (int i = 0; i < 3; i++) { /* pushes c[2] out while it is held */
        other.w = 300 + i;
        check_memo_want(&other);
        check_memo_run(&other, &r, NULL);
    }
    assert_false(check_memo_has(&c[2]));
    assert_int_equal(old->rep.count[UC_UNWRITTEN], (80 - 64) * 40);
    assert_int_equal(ucheck_map_at(old, 64, 0, 1), UC_MARK_UNWRITTEN);
    ucheck_map_release(old);
    check_memo_want(NULL);
}

typedef struct golden {
    const char *file;
    const char *kernel; /* of tests/ukernels, or NULL: the exercise */
    int ex;             /* 0: exercise with W for B's rows; 1: the tile one, untransposed */
    long long w, h;
    const char *keys;
    tpx_sel sel;
} golden;

static const golden goldens[] = {
    /* B's rows are H long: W in their place writes past B and twice */
    {"map_check_exercise_rows", NULL, 0, 100, 70, "", {0}},
    /* the tile stored and read at the same place: B gets A untransposed */
    {"map_check_exercise_tile", NULL, 1, 64, 64, "", {0}},
    /* its writes do not tile B: the marks alone */
    {"map_check_swapped", "swapped", 0, 100, 70, "", {0}},
    /* the whole matrix: the unwritten rows of B at the bottom */
    {"map_check_short_grid_whole", "short_grid", 0, 100, 70, "----", {0}},
    /* 300x200: the window at the selected last block shows the unwritten rows */
    {"map_check_short_grid_window", "short_grid", 0, 300, 200, "--", {8, 24, 0, 0}},
    {"map_check_no_guard", "no_guard", 0, 100, 70, "", {0}},
};

static int golden_kernel(const golden *g)
{
    static const char *const rows[] = {"x * W + y", "y * W + x"};
    static const char *const tile[] = {"ty", "tx", "ty", "tx"};
    if (g->kernel)
        return load(g->kernel);
    return g->ex ? exercise("exercise_tile", tile, 4) : exercise("exercise", rows, 2);
}

static void test_golden(void **state)
{
    (void)state;
    int failures = 0;
    for (size_t i = 0; i < sizeof goldens / sizeof goldens[0]; i++) {
        const golden *g = &goldens[i];
        tpx_headless hl = screen_of(golden_kernel(g), g->w, g->h, g->keys, g->sel);
        char *text = headless_render(&hl);
        assert_non_null(text);
        assert_non_null(strstr(text, "B checked, all "));
        failures += golden_check(TPX_GOLDEN_DIR, g->file, text);
        free(text);
    }
    assert_int_equal(failures, 0);
}

/* With a user kernel pinned as A, A's map carries its own marks beside B's
 * (a catalog kernel, none): the memo keeps the pinned config's marks too. */
static void test_pinned_marks(void **state)
{
    (void)state;
    tpx_headless hl = screen_of(TPX_K_NAIVE_ROW, 100, 70, "", (tpx_sel){0});
    hl.cols = 230; /* both maps side by side */
    hl.rows = 40;
    tpx_config pin = screen_of(load("short_grid"), 100, 70, "", (tpx_sel){0}).cfg;
    tpx_app *a = headless_app_pinned(&hl, &pin, R);
    assert_non_null(a);
    assert_non_null(a->scene_a.chk);
    assert_null(a->scene.chk);
    tpx_canvas cv;
    assert_int_equal(canvas_init(&cv, hl.cols, hl.rows), 0);
    app_draw(a, &cv);
    char *text = canvas_dump(&cv);
    if (!strstr(text, "A (pinned): short_grid") ||
        !strstr(text, "B checked, all 7000: ? 280 unwritten, 1st [96][0]"))
        fail_msg("no marks on the pinned A's map:\n%s", text);
    free(text);
    canvas_free(&cv);
    app_free(a);
    check_memo_want(NULL);
}

/* The window at the top-left of a 300x200 transpose shows none of B's
 * unwritten rows (288 on): no mark there, and the line still counts them. */
static void test_window_counts(void **state)
{
    (void)state;
    tpx_headless hl = screen_of(load("short_grid"), 300, 200, "", (tpx_sel){0});
    char *text = headless_render(&hl);
    assert_non_null(strstr(text, "B checked, all 60000: ? 2400 unwritten, 1st [288][0]"));
    *strstr(text, "B checked,") = '\0'; /* the panels: no cell marked in the window */
    assert_null(strchr(text, '?'));
    free(text);
}

/* Each kind's glyph is its own, none a digit or letter the colourings
 * draw, all in the 'bad' role. */
static void test_paint(void **state)
{
    (void)state;
    tpx_headless hl = screen_of(load("no_guard"), 100, 70, "", (tpx_sel){0});
    tpx_app *a = headless_app(&hl, R);
    tpx_canvas cv;
    assert_int_equal(canvas_init(&cv, hl.cols, hl.rows), 0);
    app_draw(a, &cv);
    int bad = 0;
    for (int i = 0; i < cv.w * (cv.h - 5); i++) { /* above the check's line and the strip */
        const tpx_cell *c = &cv.cells[i];
        if (c->cp == '!' && c->role == TPX_R_BAD)
            bad++;
        if (c->role == TPX_R_BAD && c->cp != ' ' && c->cp < 128)
            assert_false(isalnum((int)c->cp));
    }
    assert_true(bad > 10);
    canvas_free(&cv);
    app_free(a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scene_marks), cmocka_unit_test(test_twice_marks),
        cmocka_unit_test(test_no_marks),    cmocka_unit_test(test_golden),
        cmocka_unit_test(test_memo),        cmocka_unit_test(test_pinned_marks),
        cmocka_unit_test(test_window_counts), cmocka_unit_test(test_paint),
    };
    R = runner_model_only("headless");
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    runner_close(R);
    return rc;
}
