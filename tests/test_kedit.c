/* The kernel editor (src/explorer/chrome/kedit.c), driven through the app's
 * keys as a student would: the kernel list's exercise, Ctrl-E, the blanks
 * filled (Ctrl-F) one wrong answer at a time, the verdict under the text
 * after every key, Ctrl-X using the kernel, which then is the config's,
 * in the kernel list, and checked on the strip at the config's size. */
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
#include "user.h"

static tpx_runner *model_only;

/* The screen, drawn as the explorer would after the keys typed so far. */
static char *screen(tpx_app *a)
{
    tpx_canvas cv;
    assert_int_equal(canvas_init(&cv, 120, 40), 0);
    live_fill_sync(a->live, &a->cfg, &a->lim, model_only, 0);
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_student_fills_the_blanks),
        cmocka_unit_test(test_editor_keys),
    };
    model_only = runner_model_only("test");
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    runner_close(model_only);
    return rc;
}
