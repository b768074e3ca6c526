/* The frame layout over many terminal sizes: every part inside the screen,
 * no overlaps, a body of useful size, and "too small" exactly below the
 * minimum.  Also the column and centring helpers. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "layout.h"

static int inside(tpx_rect r, int w, int h)
{
    return r.x >= 0 && r.y >= 0 && r.w >= 0 && r.h >= 0 && r.x + r.w <= w && r.y + r.h <= h;
}

static int overlap(tpx_rect a, tpx_rect b)
{
    return a.w > 0 && a.h > 0 && b.w > 0 && b.h > 0 && a.x < b.x + b.w && b.x < a.x + a.w &&
           a.y < b.y + b.h && b.y < a.y + a.h;
}

static void test_many_sizes(void **s)
{
    (void)s;
    for (int w = 0; w <= 320; w++)
        for (int h = 0; h <= 120; h++) {
            tpx_layout l = layout_compute(w, h);
            assert_int_equal(l.need_w, TPX_MIN_W);
            assert_int_equal(l.need_h, TPX_MIN_H);
            if (w < TPX_MIN_W || h < TPX_MIN_H) {
                assert_false(l.ok);
                continue;
            }
            assert_true(l.ok);
            tpx_rect parts[] = {l.device, l.config, l.tabs, l.caption,
                                l.body,   l.strip, l.hints};
            int n = (int)(sizeof parts / sizeof parts[0]), rows = 0;
            for (int i = 0; i < n; i++) {
                assert_true(inside(parts[i], w, h));
                assert_int_equal(parts[i].w, w); /* every part spans the width */
                rows += parts[i].h;
                for (int j = i + 1; j < n; j++)
                    assert_false(overlap(parts[i], parts[j]));
            }
            assert_int_equal(rows, h); /* and together they fill the screen */
            assert_true(l.body.h >= TPX_MIN_H - 8);
            assert_int_equal(l.caption.h, w < TPX_WIDE_CAPTION ? 2 : 1);
            /* the bandwidth strip is always there: the binding limit, then
             * the figures; a message takes the limit's row */
            assert_int_equal(l.strip.h, 2);
            assert_int_equal(l.message.y, l.strip.y);
            assert_int_equal(l.message.h, 1);
            assert_int_equal(l.hints.y, h - 1);
        }
}

static void test_columns(void **s)
{
    (void)s;
    for (int w = 0; w <= 200; w++)
        for (int n = 1; n <= 4; n++)
            for (int gap = 0; gap <= 3; gap++) {
                tpx_rect out[4], r = rect_make(5, 2, w, 10);
                rect_columns(r, n, gap, out);
                int total = 0;
                for (int i = 0; i < n; i++) {
                    assert_true(out[i].w >= 0);
                    assert_true(out[i].x >= r.x);
                    if (out[i].w > 0)
                        assert_true(out[i].x + out[i].w <= r.x + r.w);
                    for (int j = i + 1; j < n; j++)
                        assert_false(overlap(out[i], out[j]));
                    total += out[i].w;
                }
                if (w >= gap * (n - 1))
                    assert_int_equal(total + gap * (n - 1), w);
            }
}

static void test_centre(void **s)
{
    (void)s;
    tpx_rect r = rect_make(0, 0, 80, 24);
    tpx_rect c = rect_centre(r, 100, 10);
    assert_int_equal(c.w, 80);
    assert_int_equal(c.h, 10);
    assert_int_equal(c.y, 7);
    c = rect_centre(r, 20, 40);
    assert_int_equal(c.x, 30);
    assert_int_equal(c.h, 24);
    assert_true(inside(c, 80, 24));
}

/* A slide: no hints, config line or tabs, the device line only when asked,
 * the note above the caption, the strip at the bottom, the body between. */
static void test_slide(void **s)
{
    (void)s;
    tpx_layout l = layout_slide(120, 50, 0, 4);
    assert_true(l.ok);
    assert_int_equal(l.device.h + l.config.h + l.tabs.h + l.hints.h, 0);
    assert_int_equal(l.note.y, 0);
    assert_int_equal(l.note.h, 4);
    assert_int_equal(l.caption.y, 4);
    assert_int_equal(l.body.y, l.caption.y + l.caption.h);
    assert_int_equal(l.body.y + l.body.h, l.strip.y);
    assert_int_equal(l.strip.y + l.strip.h, 50);
    l = layout_slide(120, 50, 1, 0);
    assert_int_equal(l.device.h, 1);
    assert_int_equal(l.caption.y, 1);
    assert_int_equal(layout_compute(120, 50).note.h, 0); /* a terminal has no note */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_many_sizes),
        cmocka_unit_test(test_columns),
        cmocka_unit_test(test_centre),
        cmocka_unit_test(test_slide),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
