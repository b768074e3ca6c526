#include "widgets.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char widget_base36(int v)
{
    static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
    return v >= 0 && v < 36 ? digits[v] : '?';
}

void widget_sparkline(tpx_canvas *cv, int x, int y, int w, const double *v, int n, tpx_role role)
{
    if (n <= 0 || w <= 0)
        return;
    int first = n > w ? n - w : 0;
    double lo = v[first], hi = v[first];
    for (int i = first; i < n; i++) {
        lo = v[i] < lo ? v[i] : lo;
        hi = v[i] > hi ? v[i] : hi;
    }
    for (int i = first; i < n; i++) {
        int level = hi > lo ? (int)((v[i] - lo) / (hi - lo) * 7.0 + 0.5) : 3;
        canvas_glyph(cv, x + i - first, y, (tpx_glyph)(TPX_G_SPARK1 + level), role);
    }
}

void widget_bar(tpx_canvas *cv, int x, int y, int w, double f, tpx_role fill, tpx_role rest)
{
    if (!(f > 0))
        f = 0;
    if (f > 1)
        f = 1;
    int full = (int)(f * w + 0.5);
    for (int i = 0; i < w; i++)
        canvas_glyph(cv, x + i, y, i < full ? TPX_G_FULL : TPX_G_LIGHT, i < full ? fill : rest);
}

void widget_bytes(char *buf, size_t n, long long v)
{
    if (v < 10 * 1024LL)
        snprintf(buf, n, "%lld B", v);
    else if (v < 10 * 1024LL * 1024)
        snprintf(buf, n, "%.0f KiB", (double)v / 1024);
    else if (v < 10 * 1024LL * 1024 * 1024)
        snprintf(buf, n, "%.0f MiB", (double)v / (1024.0 * 1024));
    else
        snprintf(buf, n, "%.1f GiB", (double)v / (1024.0 * 1024 * 1024));
}
