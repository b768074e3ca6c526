#include "layout.h"

#include <string.h>

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
    /* two rows: the binding limit in words (where the message row is, when
     * there is no message: a message answers a key and goes at the next),
     * then the figures */
    l.strip = rect_make(0, h - 3, w, 2);
    l.hints = row(w, h - 1);
    return l;
}

tpx_layout layout_slide(int w, int h, int device, int note_rows)
{
    tpx_layout l = layout_compute(w, h);
    if (!l.ok)
        return l;
    int y = device ? 1 : 0;
    if (!device)
        l.device.h = 0;
    l.config.h = l.tabs.h = l.hints.h = 0;
    l.note = rect_make(0, y, w, note_rows);
    y += note_rows;
    l.caption.y = y;
    y += l.caption.h;
    /* the strip keeps its two rows at the bottom, the hints' row given to the body */
    l.message = row(w, h - 2);
    l.strip = rect_make(0, h - 2, w, 2);
    l.body = rect_make(0, y, w, h - 2 - y);
    return l;
}
