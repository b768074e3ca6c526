/* Colours mean one thing: in each colour scheme every role with a meaning
 * of its own has a colour no role of another meaning has, on a terminal of
 * 256 colours, on a dark page and on a light one; loads, stores, wasted bytes
 * and conflicts differ even with 8 colours.  The Okabe-Ito scheme uses their
 * palette; --theme beats TPX_THEME; unknown names are refused in words. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "theme.h"

static int same_meaning(tpx_role a, tpx_role b)
{
    return strcmp(theme_meaning(a), theme_meaning(b)) == 0;
}

/* The colour a legend's swatch shows: the background where there is one. */
static const char *swatch(tpx_role r, int light)
{
    tpx_svg_look lk = theme_svg(r, light);
    return lk.bg ? lk.bg : lk.fg;
}

static int term_colour(tpx_role r, int colours256)
{
    tpx_style st = theme_term(r, 0, colours256);
    return st.bg >= 0 && r >= TPX_R_PAL0 && r <= TPX_R_PAL5 ? 1000 + st.bg : st.fg;
}

static void check_scheme(tpx_scheme s)
{
    theme_set(s);
    for (int a = 0; a < TPX_R_COUNT; a++)
        for (int b = a + 1; b < TPX_R_COUNT; b++) {
            if (!theme_meaning((tpx_role)a) || !theme_meaning((tpx_role)b) ||
                same_meaning((tpx_role)a, (tpx_role)b))
                continue;
            for (int light = 0; light < 2; light++)
                if (strcmp(swatch((tpx_role)a, light), swatch((tpx_role)b, light)) == 0)
                    fail_msg("%s: roles %d and %d ('%s', '%s') share %s", theme_name(s), a, b,
                             theme_meaning((tpx_role)a), theme_meaning((tpx_role)b),
                             swatch((tpx_role)a, light));
            if (term_colour((tpx_role)a, 1) == term_colour((tpx_role)b, 1))
                fail_msg("%s: roles %d and %d share 256-colour %d", theme_name(s), a, b,
                         term_colour((tpx_role)a, 1));
        }
    /* the four the issue names apart even on an 8-colour terminal */
    const tpx_role four[] = {TPX_R_LOAD, TPX_R_STORE, TPX_R_WASTE, TPX_R_BAD};
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++)
            assert_int_not_equal(term_colour(four[i], 0), term_colour(four[j], 0));
    /* a role of one meaning in many colours (a scale) has them all different */
    for (int r = TPX_R_HEAT0; r < TPX_R_HEAT4; r++)
        assert_string_not_equal(swatch((tpx_role)r, 1), swatch((tpx_role)(r + 1), 1));
    theme_set(TPX_SCHEME_DEFAULT);
}

static void test_default_scheme(void **s)
{
    (void)s;
    check_scheme(TPX_SCHEME_DEFAULT);
}

static void test_okabe_ito_scheme(void **s)
{
    (void)s;
    check_scheme(TPX_SCHEME_OKABE_ITO);
    theme_set(TPX_SCHEME_OKABE_ITO);
    /* Okabe and Ito's own colours on a slide */
    assert_string_equal(theme_svg(TPX_R_LOAD, 1).fg, "#0072b2");
    assert_string_equal(theme_svg(TPX_R_STORE, 1).fg, "#cc79a7");
    assert_string_equal(theme_svg(TPX_R_WASTE, 1).fg, "#e69f00");
    assert_string_equal(theme_svg(TPX_R_BAD, 1).fg, "#d55e00");
    assert_string_equal(theme_svg(TPX_R_GOOD, 1).fg, "#009e73");
    assert_string_equal(theme_svg(TPX_R_USED, 1).fg, "#56b4e9");
    theme_set(TPX_SCHEME_DEFAULT);
}

/* mono: no colours anywhere, and the meanings told apart by attributes */
static void test_mono_scheme(void **s)
{
    (void)s;
    theme_set(TPX_SCHEME_MONO);
    for (int r = 0; r < TPX_R_COUNT; r++) {
        tpx_style st = theme_term((tpx_role)r, 0, 1);
        assert_int_equal(st.fg, -1);
        assert_int_equal(st.bg, -1);
        /* ink on the page, or the page on ink (reverse) */
        tpx_svg_look lk = theme_svg((tpx_role)r, 1);
        const char *ink = theme_svg(TPX_R_NORMAL, 1).fg, *page = theme_svg_page(1);
        assert_true(strcmp(lk.fg, ink) == 0 || strcmp(lk.fg, page) == 0);
        assert_true(!lk.bg || strcmp(lk.bg, ink) == 0);
    }
    assert_int_not_equal(theme_term(TPX_R_LOAD, 0, 1).attrs, theme_term(TPX_R_STORE, 0, 1).attrs);
    assert_int_not_equal(theme_term(TPX_R_BAD, 0, 1).attrs, theme_term(TPX_R_LOAD, 0, 1).attrs);
    theme_set(TPX_SCHEME_DEFAULT);
}

static void test_choose(void **s)
{
    (void)s;
    char msg[256];
    assert_int_equal(theme_parse("okabe-ito"), TPX_SCHEME_OKABE_ITO);
    assert_int_equal(theme_parse("Mono"), -1);
    assert_string_equal(theme_names_list(), "default, okabe-ito or mono");
    unsetenv("TPX_THEME");
    theme_set(TPX_SCHEME_DEFAULT);
    assert_int_equal(theme_choose(NULL, NULL, msg, sizeof msg), 0);
    assert_int_equal(theme_get(), TPX_SCHEME_DEFAULT);
    setenv("TPX_THEME", "mono", 1);
    assert_int_equal(theme_choose(NULL, NULL, msg, sizeof msg), 0);
    assert_int_equal(theme_get(), TPX_SCHEME_MONO);
    assert_int_equal(theme_choose("okabe-ito", NULL, msg, sizeof msg), 0); /* the option wins */
    assert_int_equal(theme_get(), TPX_SCHEME_OKABE_ITO);
    setenv("TPX_THEME", "pink", 1);
    assert_int_equal(theme_choose(NULL, NULL, msg, sizeof msg), -1);
    assert_string_equal(msg, "unknown theme 'pink' in TPX_THEME: use default, okabe-ito or mono");
    assert_int_equal(theme_choose("grey", NULL, msg, sizeof msg), -1);
    assert_string_equal(msg, "unknown theme 'grey': use default, okabe-ito or mono");
    /* the config file's line: after the command line and TPX_THEME */
    setenv("TPX_THEME", "mono", 1);
    assert_int_equal(theme_choose(NULL, "okabe-ito", msg, sizeof msg), 0);
    assert_int_equal(theme_get(), TPX_SCHEME_MONO);
    unsetenv("TPX_THEME");
    assert_int_equal(theme_choose(NULL, "okabe-ito", msg, sizeof msg), 0);
    assert_int_equal(theme_get(), TPX_SCHEME_OKABE_ITO);
    assert_int_equal(theme_choose("default", "okabe-ito", msg, sizeof msg), 0);
    assert_int_equal(theme_get(), TPX_SCHEME_DEFAULT);
    assert_int_equal(theme_choose(NULL, "sepia", msg, sizeof msg), -1);
    assert_string_equal(msg, "unknown theme 'sepia' in the config file: use default, okabe-ito or mono");
    setenv("TPX_THEME", "", 1); /* empty: not set */
    assert_int_equal(theme_choose(NULL, NULL, msg, sizeof msg), 0);
    unsetenv("TPX_THEME");
    theme_set(TPX_SCHEME_DEFAULT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_default_scheme),
        cmocka_unit_test(test_okabe_ito_scheme),
        cmocka_unit_test(test_mono_scheme),
        cmocka_unit_test(test_choose),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
