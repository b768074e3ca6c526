#include "layout.h"

#include <string.h>

tpx_rect rect_make(int x, int y, int w, int h)
{
    tpx_rect r = {x, y, w > 0 ? w : 0, h > 0 ? h : 0};
    return r;
}

int rect_has(tpx_rect r, int x, int y)
{
    return x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h;
}

static tpx_rect row(int w, int y) { return rect_make(0, y, w, 1); }

tpx_layout layout_compute(int w, int h)
{
    tpx_layout l;
    memset(&l, 0, sizeof l);
    l.w = w;
    l.h = h;
    l.need_w = TPX_MIN_W;
    l.need_h = TPX_MIN_H;
    if (w < TPX_MIN_W || h < TPX_MIN_H)
        return l;
    l.ok = 1;
    l.device = row(w, 0);
    l.config = row(w, 1);
    l.tabs = row(w, 2);
    /* A caption is a sentence: two rows when the screen is narrow. */
    int cap = w < TPX_WIDE_CAPTION ? 2 : 1;
    l.caption = rect_make(0, 3, w, cap);
    l.body = rect_make(0, 3 + cap, w, h - 6 - cap);
    l.message = row(w, h - 3);
    l.strip = row(w, h - 2);
    l.hints = row(w, h - 1);
    return l;
}

void layout_columns(tpx_rect r, int n, int gap, tpx_rect *out)
{
    if (n <= 0)
        return;
    int avail = r.w - gap * (n - 1);
    int x = r.x;
    for (int i = 0; i < n; i++) {
        int cw = avail > 0 ? avail / n + (i < avail % n) : 0;
        out[i] = rect_make(x, r.y, cw, cw > 0 ? r.h : 0);
        x += cw + gap;
    }
}

tpx_rect layout_centre(tpx_rect r, int w, int h)
{
    if (w > r.w)
        w = r.w;
    if (h > r.h)
        h = r.h;
    return rect_make(r.x + (r.w - w) / 2, r.y + (r.h - h) / 2, w, h);
}
