/* A view is one folder and one table row: this test's build adds the dummy
 * view (tests/dummy_view/: dummy.c and its row, dummy.def) to the table the
 * way a real view is added (views.c compiled with the row, TPX_VIEWS_EXTRA),
 * and nothing else in the project names it.  The dummy gets its key, its
 * tab, its line in the help, its name for tpx export and tpx tour's view
 * number from the row alone. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "headless.h"
#include "shell.h"
#include "tour.h"
#include "views.h"

/* The screen at 120x40 after typing keys from view 0 (Map). */
static char *screen(int view, const char *keys)
{
    tpx_headless h = {.view = view, .cols = 120, .rows = 40, .keys = keys};
    h.cfg = config_default();
    h.cfg.w = h.cfg.h = 256;
    char *text = headless_render(&h);
    assert_non_null(text);
    return text;
}

static void test_row(void **s)
{
    (void)s;
    int n;
    const tpx_view *t = views_table(&n);
    assert_int_equal(n, TPX_VIEW_COUNT);
    assert_int_equal(TPX_VIEW_DUMMY, n - 1); /* after the six of views.def */
    assert_int_equal(TPX_VIEW_CMP, 5);
    assert_string_equal(t[TPX_VIEW_DUMMY].title, "Dummy");
    assert_int_equal(views_find("dummy"), TPX_VIEW_DUMMY);
    assert_non_null(strstr(views_names_list(), "compare or dummy"));
}

/* Its tab, and the tabs' hint counts it. */
static void test_tab(void **s)
{
    (void)s;
    char *text = screen(TPX_VIEW_MAP, "");
    assert_non_null(strstr(text, " 6 Compare  7 Dummy  (1-7, Tab, or click)"));
    free(text);
}

/* Its key opens it (and Tab from the last real view); its caption and its
 * body are on screen, drawn from what on_change derived. */
static void test_key(void **s)
{
    (void)s;
    const char *ways[] = {"7", "6\t"};
    for (size_t i = 0; i < sizeof ways / sizeof ways[0]; i++) {
        char *text = screen(TPX_VIEW_MAP, ways[i]);
        assert_non_null(strstr(text, "the dummy view of naive_row"));
        assert_non_null(strstr(text, "dummy body: naive_row, 1 change(s)"));
        free(text);
    }
    char *text = screen(TPX_VIEW_DUMMY, "1"); /* and its neighbours' keys still work */
    assert_null(strstr(text, "dummy body"));
    free(text);
}

/* Its line in the help overlay (? lists the views from their table). */
static void test_help(void **s)
{
    (void)s;
    tpx_headless h = {.view = TPX_VIEW_MAP, .cols = 120, .rows = 60, .keys = "?"};
    h.cfg = config_default();
    char *text = headless_render(&h);
    assert_non_null(text);
    assert_non_null(strstr(text, "  7                Dummy: a view only the tests have"));
    assert_non_null(strstr(text, "  6                Compare: "));
    free(text);
}

/* tpx export --view dummy, and its name in the refusal of an unknown one. */
static void test_export(void **s)
{
    (void)s;
    char path[] = "/tmp/tpx_dummy_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    char *argv[] = {"--view", "dummy",   "--kernel", "smem", "--block", "32x32",
                    "-o",     path,      "--format", "txt",  NULL};
    assert_int_equal(cmd_export(10, argv), 0);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char buf[8192];
    size_t len = fread(buf, 1, sizeof buf - 1, f);
    buf[len] = '\0';
    fclose(f);
    unlink(path);
    assert_non_null(strstr(buf, "dummy body: smem"));
    assert_non_null(strstr(buf, "the dummy view of smem"));
}

/* A tour step may open it: view=7 is in range now. */
static void test_tour(void **s)
{
    (void)s;
    tpx_tour_step steps[2];
    char msg[TPX_MSG];
    int n;
    views_table(&n);
    assert_int_equal(tour_parse("@ view=7 kernel=smem block=32x32\ntext\n", steps, 2, n, msg,
                                sizeof msg),
                     1);
    assert_int_equal(steps[0].view, TPX_VIEW_DUMMY);
    assert_int_equal(tour_parse("@ view=8\n", steps, 2, n, msg, sizeof msg), -1);
    assert_non_null(strstr(msg, "view '8' is not 1 to 7"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_row),  cmocka_unit_test(test_tab),    cmocka_unit_test(test_key),
        cmocka_unit_test(test_help), cmocka_unit_test(test_export), cmocka_unit_test(test_tour),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
