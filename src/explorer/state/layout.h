/* layout: where each part of the frame goes, as a pure function of the
 * terminal size (run again on every resize, tested over many sizes). */
#ifndef TPX_LAYOUT_H
#define TPX_LAYOUT_H

#include "rect.h"

/* The smallest terminal the explorer draws in. */
#define TPX_MIN_W 80
#define TPX_MIN_H 24
/* Below this width the caption wraps onto a second row. */
#define TPX_WIDE_CAPTION 120

typedef struct tpx_layout {
    int ok;             /* 0: too small, only need_w x need_h is meaningful */
    int w, h;           /* the terminal */
    int need_w, need_h; /* the minimum */
    tpx_rect device;    /* GPU name and peak, or "no GPU: model only" */
    tpx_rect config;    /* kernel, block, size, dtype, pad */
    tpx_rect tabs;      /* one tab per view */
    tpx_rect caption;   /* what to look at in this view */
    tpx_rect body;      /* the view */
    tpx_rect message;   /* refusals and notes */
    tpx_rect strip;     /* live bandwidth and the binding limit, always visible */
    tpx_rect hints;     /* keys */
    tpx_rect note;      /* a slide's tour text (0 rows on a terminal) */
} tpx_layout;

tpx_layout layout_compute(int w, int h);
/* A slide: no key hints, no config line or tabs (its title says what they
 * would), the device line only when asked, note_rows for a tour step's
 * text above the caption.  Parts a slide leaves out have 0 rows. */
tpx_layout layout_slide(int w, int h, int device, int note_rows);

#endif
