/* The Map's geometry: how many elements a cell stands for at each zoom,
 * where the two panels go and which rows and columns they show, so that the
 * selected warp is in view.  Pure functions of the app and the Map's state. */
#include "map_parts.h"

long long map_scale(int z) { return z <= 1 ? 1 : 1LL << (z - 1); }

static int digits(long long v)
{
    int d = 1;
    while (v >= 10)
        v /= 10, d++;
    return d;
}

static int label_width(const tpx_app *a, int side)
{
    const tpx_fp_side *sd = &a->scene.fp.side[side];
    return digits(sd->rows > 0 ? sd->rows - 1 : 0) + 1;
}

static int cell_width(int z, int compact) { return z > 0 ? 1 : compact ? 2 : 3; }

/* What a panel of side needs to show the selected warp's columns. */
static int want_width(const tpx_app *a, int side, int z, int compact)
{
    const long long *box = a->scene.box[side];
    long long cells = (box[3] - box[1]) / map_scale(z) + 1;
    int w = label_width(a, side) + (int)(cells < 400 ? cells : 400) * cell_width(z, compact) + 2;
    return w < 30 ? 30 : w;
}

/* Zoom 0 is compact when its three-column cells and title row would cut the
 * selected warp off (a 32-lane row and a 32-row column need more than 120x40
 * gives): lanes then take two columns (base 36) and the titles go to the
 * legend, so the whole warp shows. */
int map_compact_of(const tpx_app *a, tpx_rect body, int z)
{
    if (z != 0)
        return 0;
    int rows = body.h - 3 - map_check_rows(a); /* legend, title, and one more at least */
    for (int side = 0; side < 2; side++)
        if (a->scene.box[side][2] - a->scene.box[side][0] + 1 > rows)
            return 1;
    return want_width(a, 0, 0, 0) + want_width(a, 1, 0, 0) + 2 > body.w;
}

/* The two panels at zoom z: each as wide as the selected warp's columns
 * need, the rest shared, so that a whole warp shows where it can. */
static void panels(const tpx_app *a, tpx_rect body, int z, tpx_rect out[2])
{
    /* last row: legend, and above it the check's line when it has one */
    tpx_rect r = rect_make(body.x, body.y, body.w, body.h - 1 - map_check_rows(a));
    const int gap = 2, compact = map_compact_of(a, body, z);
    int want[2], total = r.w - gap;
    for (int side = 0; side < 2; side++)
        want[side] = want_width(a, side, z, compact);
    int w0 = want[0] + want[1] <= total ? want[0] + (total - want[0] - want[1]) / 2
                                        : total * want[0] / (want[0] + want[1]);
    out[0] = rect_make(r.x, r.y, w0 > 0 ? w0 : 0, r.h);
    out[1] = rect_make(r.x + w0 + gap, r.y, total - w0 > 0 ? total - w0 : 0, r.h);
}

/* Cells a panel shows at zoom z for side s (compact: see compact_of). */
static void cells_at(const tpx_app *a, tpx_rect p, int side, int z, int compact, map_geo *g)
{
    g->panel = p;
    g->lw = label_width(a, side);
    g->cellw = cell_width(z, compact);
    g->top = !compact;
    g->s = map_scale(z);
    g->vr = p.h - g->top > 0 ? p.h - g->top : 0;
    g->vc = (p.w - g->lw) / g->cellw > 0 ? (p.w - g->lw) / g->cellw : 0;
}

/* The coarsest zoom needed to show both whole matrices. */
int map_max_zoom(const tpx_app *a, tpx_rect body)
{
    for (int z = 1; z < MAX_ZOOM; z++) {
        tpx_rect p[2];
        int fits = 1;
        panels(a, body, z, p);
        for (int side = 0; side < 2; side++) {
            map_geo g;
            cells_at(a, p[side], side, z, 0, &g);
            const tpx_fp_side *sd = &a->scene.fp.side[side];
            fits &= g.vr * g.s >= sd->rows && g.vc * g.s >= sd->cols;
        }
        if (fits)
            return z;
    }
    return MAX_ZOOM;
}

tpx_rect map_body_of(const tpx_app *a)
{
    tpx_layout l = layout_compute(a->screen_w, a->screen_h);
    return l.body;
}

int map_zoom_of(const tpx_app *a, const map_state *m, tpx_rect body)
{
    int zmax = map_max_zoom(a, body);
    return m->zoom < zmax ? m->zoom : zmax;
}

/* First row (or column) shown: the selected warp's box [lo, hi] centred when
 * it fits in the span, else shown from its start (lane 0 is never cut off),
 * then clamped to the matrix and aligned to the zoom step. */
static long long origin(long long lo, long long hi, long long span, long long size, long long s)
{
    long long o = hi - lo + 1 <= span ? (lo + hi) / 2 - span / 2 : lo;
    if (o > size - span)
        o = size - span;
    if (o < 0)
        o = 0;
    return o / s * s;
}

void map_geometry(const tpx_app *a, const map_state *m, tpx_rect body, int side, map_geo *g)
{
    tpx_rect p[2];
    int z = map_zoom_of(a, m, body);
    panels(a, body, z, p);
    cells_at(a, p[side], side, z, map_compact_of(a, body, z), g);
    const tpx_fp_side *sd = &a->scene.fp.side[side];
    const long long *box = a->scene.box[side];
    g->r0 = origin(box[0], box[2], g->vr * g->s, sd->rows, g->s);
    g->c0 = origin(box[1], box[3], g->vc * g->s, sd->cols, g->s);
}
