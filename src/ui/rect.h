/* rect: a rectangle of terminal cells, and the two ways the explorer cuts
 * one up (columns, a centred box).  Pure functions, no state. */
#ifndef TPX_RECT_H
#define TPX_RECT_H

typedef struct tpx_rect {
    int x, y, w, h;
} tpx_rect;

/* A rectangle (negative sizes become 0). */
tpx_rect rect_make(int x, int y, int w, int h);
/* Whether (x, y) lies in r. */
int rect_has(tpx_rect r, int x, int y);

/* r split into n columns separated by gap columns, left to right, the
 * rounding going to the first ones.  out[i] gets width 0 when r is too
 * narrow for all of them. */
void rect_columns(tpx_rect r, int n, int gap, tpx_rect *out);

/* A box of at most w x h centred in r (clipped to r). */
tpx_rect rect_centre(tpx_rect r, int w, int h);

#endif
