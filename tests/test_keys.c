/* The key table: no key means two things where the loop looks it up, every
 * action has a key and a line of help, and the help overlay (generated from
 * the table) shows every key. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "headless.h"
#include "views.h"
#include "chrome.h"

/* The group sets looked up together: the main loop with each view's group,
 * and a dialog. */
static unsigned active_sets(int i)
{
    unsigned base = TPX_KG_BIT(GENERAL) | TPX_KG_BIT(VIEWS) | TPX_KG_BIT(MOVE) | TPX_KG_BIT(CONFIG) |
                    TPX_KG_BIT(TOUR); /* the tour's keys are added while it runs */
    int nv;
    const tpx_view *v = views_table(&nv);
    if (i < nv)
        return base | (1u << v[i].keys);
    return TPX_KG_BIT(DIALOG);
}

static void test_no_clashes(void **s)
{
    (void)s;
    int n;
    const tpx_keydef *t = keys_table(&n);
    int nv;
    const tpx_view *v = views_table(&nv);
    for (int set = 0; set <= nv; set++) {
        unsigned mask = active_sets(set);
        for (int i = 0; i < n; i++)
            for (int k = 0; k < 3 && t[i].keys[k]; k++) {
                if (!(mask & (1u << t[i].group)))
                    continue;
                for (int j = i + 1; j < n; j++)
                    for (int m = 0; m < 3; m++)
                        if ((mask & (1u << t[j].group)) && t[j].keys[m] == t[i].keys[k])
                            fail_msg("key %#x is both %s and %s", (unsigned)t[i].keys[k],
                                     t[i].help, t[j].help);
                /* And the lookup finds this row for it. */
                assert_int_equal(keys_lookup(t[i].keys[k], mask), t[i].action);
            }
    }
    /* The keys that open the views (their table's) mean nothing else where
     * the loop looks them up, and each opens one view. */
    for (int i = 0; i < nv; i++) {
        assert_true(v[i].key != TPX_KEY_NONE);
        assert_int_equal(keys_group_of(v[i].key, TPX_KG_BIT(DIALOG)), -1);
        for (int j = i + 1; j < nv; j++)
            assert_true(v[i].key != v[j].key);
    }
}

static void test_every_row(void **s)
{
    (void)s;
    int n;
    const tpx_keydef *t = keys_table(&n);
    assert_int_equal(n, TPX_ACT_COUNT - 1);
    for (int i = 0; i < n; i++) {
        assert_int_equal(t[i].action, i + 1);
        assert_ptr_equal(keys_def(t[i].action), &t[i]);
        assert_true(t[i].keys[0] != TPX_KEY_NONE);
        assert_true(strlen(t[i].label) > 0 && strlen(t[i].help) > 0);
        /* "&" pairs a row with the next one, in the same group. */
        if (strcmp(t[i].hint, "&") == 0)
            assert_true(i + 1 < n && t[i + 1].group == t[i].group && t[i + 1].hint[0]);
    }
    /* Each view's group is one of the view groups (or GENERAL: none). */
    int nv;
    const tpx_view *vt = views_table(&nv);
    for (int v = 0; v < nv; v++)
        assert_true(vt[v].keys == TPX_KG_GENERAL ||
                    (vt[v].keys >= TPX_KG_MAP && vt[v].keys < TPX_KG_DIALOG));
    for (int v = 0; v < nv; v++) /* and each its own */
        for (int w = v + 1; w < nv; w++)
            if (vt[v].keys == vt[w].keys && vt[v].keys != TPX_KG_GENERAL)
                assert_true(vt[v].ops->on_action == vt[w].ops->on_action);
    assert_int_equal(keys_lookup('q', TPX_KG_BIT(GENERAL)), TPX_ACT_QUIT);
    assert_int_equal(keys_lookup(TPX_KEY_F1, TPX_KG_BIT(GENERAL)), TPX_ACT_HELP);
    assert_int_equal(keys_lookup('q', TPX_KG_BIT(DIALOG)), TPX_ACT_NONE);
    assert_int_equal(keys_lookup(TPX_KEY_NONE, ~0u), TPX_ACT_NONE);
}

static void test_names(void **s)
{
    (void)s;
    char buf[32];
    keys_name(TPX_KEY_UP, buf, sizeof buf);
    assert_string_equal(buf, "Up");
    keys_name('c', buf, sizeof buf);
    assert_string_equal(buf, "c");
    keys_name(TPX_CTRL('l'), buf, sizeof buf);
    assert_string_equal(buf, "Ctrl-L");
    keys_name(0x12345678, buf, sizeof buf);
    assert_non_null(strstr(buf, "key"));
}

/* The help overlay lists every row of the table; scrolled to the end if it
 * is taller than the screen. */
static void test_help_lists_every_key(void **s)
{
    (void)s;
    int n;
    const tpx_keydef *t = keys_table(&n);
    tpx_headless h = {.cfg = config_default(), .cols = 120, .rows = 200, .keys = "?"};
    h.cfg.w = h.cfg.h = 256;
    char *text = headless_render(&h);
    assert_non_null(text);
    for (int i = 0; i < n; i++) {
        char row[128];
        snprintf(row, sizeof row, "%-16s %s", t[i].label, t[i].help);
        if (!strstr(text, row))
            fail_msg("help lacks '%s'", row);
    }
    for (int g = 0; g < TPX_KG_COUNT; g++)
        assert_non_null(strstr(text, keys_group_title((tpx_key_group)g)));
    free(text);
}

/* The keys the loop is given do what the table says. */
static void test_keys_drive_the_app(void **s)
{
    (void)s;
    tpx_config c = config_default();
    c.w = c.h = 256;
    tpx_limits lim = config_default_limits();
    tpx_device dev = {0};
    tpx_app *a = app_new(&c, &lim, &dev, "test");
    app_resize(a, 120, 40);
    assert_int_equal(app_key(a, '3') & TPX_REDRAW, TPX_REDRAW);
    assert_int_equal(a->view, TPX_VIEW_COAL);
    app_key(a, TPX_KEY_TAB);
    assert_int_equal(a->view, TPX_VIEW_ORDER);
    assert_true(app_key(a, TPX_KEY_TAB) & TPX_SWEEPS); /* the Bandwidth view wants the sweeps */
    assert_true(app_wants_sweeps(a));
    app_key(a, TPX_KEY_BTAB);
    assert_int_equal(a->view, TPX_VIEW_ORDER);
    app_key(a, '1');
    int bits = app_key(a, TPX_KEY_DOWN);
    assert_true(bits & TPX_RECALC);
    app_update(a, bits);
    assert_int_equal(a->sel.warp, 1);
    app_update(a, app_key(a, 'l'));
    assert_int_equal(a->sel.bx, 1);
    app_update(a, app_key(a, TPX_KEY_END));
    assert_int_equal(a->sel.bx, a->scene.g.gx - 1);
    assert_int_equal(a->sel.warp, a->scene.wpb - 1);
    app_update(a, app_key(a, TPX_KEY_DOWN)); /* past the last warp: stays */
    assert_int_equal(a->sel.warp, a->scene.wpb - 1);
    app_update(a, app_key(a, 'g'));
    assert_int_equal(a->sel.bx + a->sel.by + a->sel.warp, 0);
    app_update(a, app_key(a, TPX_KEY_UP)); /* before the first warp: stays */
    assert_int_equal(a->sel.warp, 0);
    /* A key of another view says where it works; an unknown one says so. */
    app_key(a, '2');
    app_key(a, 'c');
    assert_non_null(strstr(a->msg, "Map"));
    app_key(a, '%');
    assert_non_null(strstr(a->msg, "does nothing"));
    assert_int_equal(app_key(a, 'q'), TPX_QUIT);
    assert_int_equal(app_key(a, TPX_KEY_F10), TPX_QUIT);
    /* Help opens and closes on the same key; q inside it closes it only. */
    app_key(a, TPX_KEY_F1);
    assert_ptr_equal(a->dialog, &help_dialog);
    assert_int_equal(app_key(a, 'q') & TPX_QUIT, 0);
    assert_null(a->dialog);
    app_key(a, '?');
    app_key(a, TPX_KEY_ESC);
    assert_null(a->dialog);
    app_free(a);
}

/* Column of the first `needle` on row y of the screen a draws, or -1. */
static int find_on_row(const tpx_app *a, int w, int h, int y, const char *needle)
{
    tpx_canvas cv;
    canvas_init(&cv, w, h);
    app_draw(a, &cv);
    char *text = canvas_dump(&cv), *line = text;
    for (int i = 0; i < y && line; i++) {
        line = strchr(line, '\n');
        line = line ? line + 1 : NULL;
    }
    int x = -1;
    char *hit = line ? strstr(line, needle) : NULL;
    char *end = line ? strchr(line, '\n') : NULL;
    if (hit && (!end || hit < end))
        x = canvas_width(line) - canvas_width(hit); /* columns, not bytes */
    free(text);
    canvas_free(&cv);
    return x;
}

/* Clicks: a tab switches views, a config field opens its dialog (or acts),
 * a kernel in the list is picked, an element of the Map selects its warp. */
static void test_mouse(void **s)
{
    (void)s;
    tpx_config c = config_default();
    c.w = c.h = 1024;
    tpx_limits lim = config_default_limits();
    tpx_device dev = {0};
    const int w = 140, h = 40;
    tpx_app *a = app_new(&c, &lim, &dev, "test");
    app_resize(a, w, h);
    int x = find_on_row(a, w, h, 2, "Coalescing");
    assert_true(x > 0);
    assert_true(app_click(a, w, h, x + 2, 2) & TPX_REDRAW);
    assert_int_equal(a->view, TPX_VIEW_COAL);
    x = find_on_row(a, w, h, 2, "Map");
    app_click(a, w, h, x, 2);
    assert_int_equal(a->view, TPX_VIEW_MAP);

    x = find_on_row(a, w, h, 1, "f32"); /* the dtype field: t */
    app_update(a, app_click(a, w, h, x, 1));
    assert_int_equal(a->cfg.dtype, TPX_F64);
    x = find_on_row(a, w, h, 1, "naive_row");
    app_click(a, w, h, x + 3, 1);
    assert_ptr_equal(a->dialog, &kernel_dialog);
    int y;
    for (y = 0; y < h; y++) /* the row of tile_rows in the list */
        if ((x = find_on_row(a, w, h, y, "tile_rows")) >= 0)
            break;
    assert_true(y < h);
    app_click(a, w, h, x, y); /* highlights it */
    assert_int_equal(picker_cursor(app_dialog_state(a, &kernel_dialog)), TPX_K_TILE_ROWS);
    assert_ptr_equal(a->dialog, &kernel_dialog);
    app_update(a, app_click(a, w, h, x, y)); /* a second click applies it */
    assert_null(a->dialog);
    assert_int_equal(a->cfg.kernel, TPX_K_TILE_ROWS);

    /* The Map at one element per cell: the row labelled 5 of A is read by
     * warp 5 of block (0,0) (a 32x8 block: a warp per row). */
    for (y = 5; y < h; y++)
        if (find_on_row(a, w, h, y, "   5 ") == 0)
            break;
    assert_true(y < h);
    int bits = app_click(a, w, h, 10, y);
    assert_true(bits & TPX_RECALC);
    app_update(a, bits);
    assert_int_equal(a->sel.warp, 5);
    assert_int_equal(a->sel.bx, 0);
    /* Clicks outside anything do nothing. */
    assert_int_equal(app_click(a, w, h, w - 1, 2), TPX_UNHANDLED);
    assert_int_equal(app_click(a, 10, 10, 1, 1), TPX_UNHANDLED); /* too small */
    app_free(a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_clashes),
        cmocka_unit_test(test_every_row),
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_help_lists_every_key),
        cmocka_unit_test(test_keys_drive_the_app),
        cmocka_unit_test(test_mouse),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
