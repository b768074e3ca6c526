/* widgets: small drawing pieces several views share (sparkline, bars,
 * lane glyphs) and number formatting. */
#ifndef TPX_WIDGETS_H
#define TPX_WIDGETS_H

#include <stddef.h>

#include "canvas.h"

/* Lane (or any 0..35) as one character: 0-9 then a-z. */
char widget_base36(int v);

/* The last w values of v[0..n) as a sparkline scaled to their own range. */
void widget_sparkline(tpx_canvas *cv, int x, int y, int w, const double *v, int n, tpx_role role);
/* A horizontal bar of w columns filled to fraction f (0..1). */
void widget_bar(tpx_canvas *cv, int x, int y, int w, double f, tpx_role fill, tpx_role rest);


/* Bytes in KiB/MiB/GiB (1024-based, as memory sizes are; GB = 10^9 is for bandwidth). */
void widget_bytes(char *buf, size_t n, long long v);

#endif
