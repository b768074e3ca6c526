/* Text that fits, or says it does not (issue 22): canvas_fit draws a text
 * whole, or cut between fields (before a blank, after ',' ';' '/') with an
 * ellipsis, never inside a value ("grid 128x5" for 128x512); canvas_wrap
 * ends text that has no row left in an ellipsis. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canvas.h"

/* s drawn by canvas_fit in w columns, as text (static), and the columns used. */
static const char *fit(const char *s, int w, int *used)
{
    static char out[256];
    tpx_canvas cv;
    assert_int_equal(canvas_init(&cv, 60, 1), 0);
    *used = canvas_fit(&cv, 0, 0, w, TPX_R_NORMAL, s);
    char *text = canvas_dump(&cv);
    snprintf(out, sizeof out, "%.*s", (int)strcspn(text, "\n"), text);
    free(text);
    canvas_free(&cv);
    return out;
}

static void test_fit(void **state)
{
    (void)state;
    int n;
    glyphs_set_utf8(1);
    assert_string_equal(fit("grid 128x512", 12, &n), "grid 128x512");
    assert_int_equal(n, 12);
    assert_string_equal(fit("grid 128x512", 10, &n), "grid \u2026"); /* never "grid 128x5" */
    assert_int_equal(n, 6);
    assert_string_equal(fit("L2 60 MiB  replayed from h200,h100", 31, &n),
                        "L2 60 MiB  replayed from h200,\u2026");
    assert_string_equal(fit("L2 60 MiB  replayed from h200,h100", 30, &n),
                        "L2 60 MiB  replayed from \u2026");
    assert_string_equal(fit("pads 0; swizzle", 9, &n), "pads 0; \u2026");
    assert_string_equal(fit("pads 0; swizzle", 8, &n), "pads 0;\u2026");
    assert_string_equal(fit("a/b/cdef", 6, &n), "a/b/\u2026");
    assert_string_equal(fit("128x512", 5, &n), "\u2026"); /* one value: none of it */
    assert_int_equal(n, 1);
    assert_string_equal(fit("128x512", 0, &n), "");
    assert_int_equal(n, 0);
    glyphs_set_utf8(0); /* ASCII: the glyph table's fallback */
    assert_string_equal(fit("grid 128x512", 10, &n), "grid ~");
    glyphs_set_utf8(1);
}

static void test_wrap(void **state)
{
    (void)state;
    tpx_canvas cv;
    assert_int_equal(canvas_init(&cv, 12, 2), 0);
    int rows = canvas_wrap(&cv, rect_make(0, 0, 12, 2), TPX_R_NORMAL,
                           "a cell: 1 element; colour, digit: its warp");
    assert_int_equal(rows, 2);
    char *text = canvas_dump(&cv);
    assert_string_equal(text, "a cell: 1\nelement; \u2026\n");
    free(text);
    canvas_clear(&cv);
    canvas_wrap(&cv, rect_make(0, 0, 12, 2), TPX_R_NORMAL, "fits in two");
    text = canvas_dump(&cv);
    assert_string_equal(text, "fits in two\n\n");
    free(text);
    canvas_free(&cv);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_fit), cmocka_unit_test(test_wrap)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
