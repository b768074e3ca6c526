/* The kernel editor (src/explorer/chrome/kedit.c), driven through the app's
 * keys as a student would: the kernel list's exercise, Ctrl-E, the blanks
 * filled (Ctrl-F) one wrong answer at a time, the verdict under the text
 * after every key, Ctrl-X using the kernel, which then is the config's,
 * in the kernel list, and checked on the strip at the config's size; the
 * Map's marks following the text after a pause in typing, beside the
 * editor, and there at once when Ctrl-X uses it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app.h"
#include "chrome.h"
#include "headless.h"
#include "runner.h"
#include "ucheck_map.h"
#include "user.h"

static tpx_runner *model_only;

/* The screen, drawn as the explorer would after the keys typed so far. */
static char *screen(tpx_app *a)
{
    tpx_canvas cv;
    assert_int_equal(canvas_init(&cv, 120, 40), 0);
    live_fill_sync(a->live, &a->cfg, &a->lim, model_only, 0, app_wants_sweeps(a));
    app_update(a, TPX_LIVE);
    app_draw(a, &cv);
    char *text = canvas_dump(&cv);
    canvas_free(&cv);
    return text;
}

static void type(tpx_app *a, const char *keys)
{
    for (const char *k = keys; *k;)
        app_update(a, app_key(a, headless_next_key(&k)));
}

static void shows(tpx_app *a, const char *want)
{
    char *s = screen(a);
    if (!strstr(s, want))
        fail_msg("the screen lacks '%s':\n%s", want, s);
    free(s);
}

static tpx_app *at_exercise(void)
{
    tpx_headless h = {.cols = 120, .rows = 40};
    h.cfg = config_default();
    h.cfg.w = 200;
    h.cfg.h = 100;
    tpx_app *a = headless_app(&h, model_only);
    assert_non_null(a);
    type(a, "K");
    assert_ptr_equal(a->dialog, &kernel_dialog);
    /* the exercise sits after the catalog: a letter jumps to it */
    type(a, "e");
    shows(a, "exercise: the exercise, with blanks to fill");
    type(a, "\n"); /* it cannot be applied: its blanks */
    assert_int_equal(a->cfg.kernel, TPX_K_NAIVE_ROW);
    type(a, "\x05"); /* Ctrl-E */
    assert_ptr_equal(a->dialog, &kedit_dialog);
    shows(a, "does not parse line 8, column 22: a blank to fill");
    return a;
}

static void test_student_fills_the_blanks(void **state)
{
    (void)state;
    tpx_app *a = at_exercise();
    /* first try: the copy's indices */
    type(a, "\x06" "y * W + x" "\x06" "y * W + x");
    shows(a, "B[y * W + x] = A[y * W + x]");
    shows(a, "wrong: wrong element: B[0][1] gets A[0][1]");
    int before = user_count();
    type(a, "\x18"); /* Ctrl-X: still wrong, but a kernel: it is used, and the strip says */
    assert_null(a->dialog);
    assert_int_equal(user_count(), before + 1);
    assert_true(tpx_is_user(a->cfg.kernel));
    shows(a, "check wrong: wrong element");
    app_free(a);

    a = at_exercise();
    type(a, "\x06" "x * H + y" "\x06" "y * W + x");
    shows(a, "check at 128x100: correct: B is A transposed");
    type(a, "\x18");
    shows(a, "check correct: B is A transposed, every one of its 20000 elements written once");
    /* the list has it now, with its source */
    type(a, "K");
    shows(a, "exercise: Your kernel, in the kernel language");
    type(a, "\t");
    shows(a, "if x < W && y < H: B[x * H + y] = A[y * W + x]");
    type(a, "\x1b");
    app_free(a);
}

/* A catalog kernel with no source in the language (tile_sec: 16-byte stores
 * at every size): the list's source pane says why, and Ctrl-E starts from
 * tile_rows, the tile it grew from, saying so; the text checks correct. */
static void test_kernel_without_source(void **state)
{
    (void)state;
    tpx_headless h = {.cols = 120, .rows = 40};
    h.cfg = config_default();
    h.cfg.kernel = TPX_K_TILE_SEC;
    h.cfg.w = 200;
    h.cfg.h = 100;
    tpx_app *a = headless_app(&h, model_only);
    assert_non_null(a);
    type(a, "K\t");
    shows(a, "no source in the kernel language: its stores are 16-byte units");
    type(a, "\x05"); /* Ctrl-E */
    assert_ptr_equal(a->dialog, &kedit_dialog);
    shows(a, "# tile_sec has no source in the kernel language:");
    shows(a, "# Here is tile_rows, the tile it grew from.");
    shows(a, "kernel my_tile_rows");
    type(a, "\x18"); /* Ctrl-X: tile_rows' text, a correct kernel */
    assert_null(a->dialog);
    assert_true(tpx_is_user(a->cfg.kernel));
    app_free(a);
}

static void test_editor_keys(void **state)
{
    (void)state;
    tpx_headless h = {.cols = 120, .rows = 40};
    h.cfg = config_default();
    h.cfg.w = h.cfg.h = 64;
    tpx_app *a = headless_app(&h, model_only);
    type(a, "W"); /* from the current kernel, naive_row */
    assert_ptr_equal(a->dialog, &kedit_dialog);
    shows(a, "kernel my_naive_row");
    shows(a, "check at 64x64: correct");
    /* a typed control character or a byte past ASCII goes nowhere */
    app_update(a, app_key(a, 0x202e));
    app_update(a, app_key(a, 0x07));
    shows(a, "check at 64x64: correct");
    /* a syntax error shows with its line and column as it is typed */
    type(a, "\\D\\D\\D(");
    shows(a, "does not parse line 4, column 1: a move is DST[index] = SRC[index]");
    type(a, "\\b");
    shows(a, "check at 64x64: correct");
    /* Ctrl-O writes the text as it is, a kernel file tpx takes back */
    char dir[] = "/tmp/tpx-kedit-XXXXXX", cwd[4096];
    assert_non_null(mkdtemp(dir));
    assert_non_null(getcwd(cwd, sizeof cwd));
    assert_int_equal(chdir(dir), 0);
    type(a, "\x0f");
    assert_non_null(strstr(a->msg, "wrote tpx-kernel-my_naive_row.tpxk"));
    FILE *f = fopen("tpx-kernel-my_naive_row.tpxk", "r");
    assert_non_null(f);
    char text[4096] = "";
    size_t got = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    assert_true(got > 0);
    assert_non_null(strstr(text, "kernel my_naive_row"));
    assert_non_null(strstr(text, "if x < W && y < H: B[x * H + y] = A[y * W + x]"));
    unlink("tpx-kernel-my_naive_row.tpxk");
    assert_int_equal(chdir(cwd), 0);
    rmdir(dir);
    /* Esc leaves the config as it was */
    type(a, "\x1b");
    assert_null(a->dialog);
    assert_int_equal(a->cfg.kernel, TPX_K_NAIVE_ROW);
    app_free(a);
}

/* The screen of a wide terminal, where the Map shows beside the editor. */
static char *wide_screen(tpx_app *a)
{
    tpx_canvas cv;
    assert_int_equal(canvas_init(&cv, 260, 40), 0);
    app_resize(a, 260, 40);
    app_draw(a, &cv);
    char *text = canvas_dump(&cv);
    canvas_free(&cv);
    return text;
}

static int count(const char *s, const char *what)
{
    int n = 0;
    for (const char *p = s; (p = strstr(p, what)) != NULL; p += strlen(what))
        n++;
    return n;
}

/* The wrong marks of the check the Map shows. */
static long long wrong_marks(const tpx_app *a)
{
    const ucheck_map *m = app_marks(a);
    return m ? m->rep.count[UC_WRONG] : -1;
}

/* A student fixes the index with the editor open: after each pause the
 * Map's marks are those of the text as it stands, at the config's size,
 * on B and on A; Esc gives the config's own back, Ctrl-X has the text's at
 * once (the draft's check, kept). */
static void test_marks_follow_the_text(void **state)
{
    (void)state;
    tpx_app *a = at_exercise();
    headless_pause(a); /* the exercise does not parse: nothing to mark */
    assert_false(a->have_draft);
    assert_true(a->drafting);
    assert_null(app_marks(a));
    type(a, "\x06" "y * W + x" "\x06" "y * W + x");
    assert_null(app_marks(a)); /* typing: not yet */
    int listed = user_listed_count();
    headless_pause(a);
    assert_true(a->have_draft);
    assert_int_equal(a->draft.w, 200); /* the config's size, not the preview's */
    assert_int_equal(user_listed_count(), listed); /* a draft: not in the list */
    assert_true(wrong_marks(a) > 0);
    char *s = wide_screen(a);
    if (!strstr(s, "the editor's text: B checked, all 20000: ") || count(s, "✗") < 20)
        fail_msg("no marks beside the editor:\n%s", s);
    free(s);
    /* the transpose's index for B: the marks go, the editor still open */
    type(a, "\\L\\L\\L\\L\\L\\L\\L\\L\\L\\L\\L\\L\\L\\L\\L" "\\b\\b\\b\\b\\b\\b\\b\\b\\b"
            "x * H + y");
    shows(a, "check at 128x100: correct: B is A transposed");
    headless_pause(a);
    assert_ptr_equal(a->dialog, &kedit_dialog);
    assert_int_equal(wrong_marks(a), 0);
    s = wide_screen(a);
    if (strstr(s, "B checked") || count(s, "✗") > 0)
        fail_msg("marks left after the fix:\n%s", s);
    free(s);
    /* Esc: the config's kernel (naive_row) again, no marks */
    type(a, "\x1b");
    assert_false(a->drafting);
    assert_null(app_marks(a));
    app_free(a);

    /* wrong again, then Ctrl-X: the Map has the marks before any result comes */
    a = at_exercise();
    type(a, "\x06" "y * W + x" "\x06" "y * W + x");
    headless_pause(a);
    long long wrong = wrong_marks(a);
    assert_true(wrong > 0);
    type(a, "\x18");
    assert_null(a->dialog);
    assert_int_equal(a->cfg.kernel, a->draft.kernel); /* the draft's id, now listed */
    assert_true(user_listed(a->cfg.kernel));
    assert_int_equal(wrong_marks(a), wrong);
    app_free(a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_student_fills_the_blanks),
        cmocka_unit_test(test_kernel_without_source), cmocka_unit_test(test_editor_keys),
        cmocka_unit_test(test_marks_follow_the_text),
    };
    model_only = runner_model_only("test");
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    runner_close(model_only);
    return rc;
}
