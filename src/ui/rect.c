#include "rect.h"

tpx_rect rect_make(int x, int y, int w, int h)
{
    tpx_rect r = {x, y, w > 0 ? w : 0, h > 0 ? h : 0};
    return r;
}

int rect_has(tpx_rect r, int x, int y)
{
    return x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h;
}

void rect_columns(tpx_rect r, int n, int gap, tpx_rect *out)
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

tpx_rect rect_centre(tpx_rect r, int w, int h)
{
    if (w > r.w)
        w = r.w;
    if (h > r.h)
        h = r.h;
    return rect_make(r.x + (r.w - w) / 2, r.y + (r.h - h) / 2, w, h);
}
