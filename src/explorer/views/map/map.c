/* Map: A and B side by side, each element coloured by the warp (or block,
 * or thread) that reads or writes it, the selected warp's lanes numbered.
 * Zoom goes from three columns per element (room for lane numbers) through
 * one column per element to 2^k elements per cell, up to the whole matrix. */
#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "map_parts.h"
#include "views.h"
#include "widgets.h"

#define MAX_ZOOM 18 /* 2^17 elements per cell: any matrix tpx accepts */

enum { COLOUR_WARP, COLOUR_BLOCK, COLOUR_THREAD, COLOUR_COUNT };

/* The Map's own state. */
typedef struct map_state {
    int zoom;   /* 0: lane numbers, 1: an element per column, k: 2^(k-1) */
    int colour; /* COLOUR_* */
} map_state;

void map_set_zoom(void *st, int zoom) { ((map_state *)st)->zoom = zoom; }

typedef struct map_geo {
    tpx_rect panel;      /* header row + grid */
    int lw;              /* row label width */
    int cellw;           /* columns per cell */
    int top;             /* rows above the grid: 1 for the title, 0 when compact */
    long long s;         /* elements per cell, each way */
    int vr, vc;          /* cells shown */
    long long r0, c0;    /* element at the top-left cell */
} map_geo;

static long long scale(int z) { return z <= 1 ? 1 : 1LL << (z - 1); }

static int digits(long long v)
{
    int d = 1;
    while (v >= 10)
        v /= 10, d++;
    return d;
}

/* Calls fn for each element the selected warp touches on a side (A: its
 * global loads, B: its global stores). */
typedef void (*element_fn)(void *ctx, long long r, long long c);

static void each_element(const tpx_app *a, int side, element_fn fn, void *ctx)
{
    const tpx_scene *sc = &a->scene;
    tpx_space want = side == TPX_SIDE_A ? TPX_SPACE_A : TPX_SPACE_B;
    for (int i = 0; i < sc->nglobal; i++) {
        const tpx_inst *in = sc->global[i].in;
        if (in->space != want)
            continue;
        for (int l = 0; l < in->lanes; l++) {
            long long r, c;
            if (!(in->active & (1u << l)))
                continue;
            footprint_rc(&sc->fp, side, in->idx[l], &r, &c);
            fn(ctx, r, c);
        }
    }
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
    long long cells = (box[3] - box[1]) / scale(z) + 1;
    int w = label_width(a, side) + (int)(cells < 400 ? cells : 400) * cell_width(z, compact) + 2;
    return w < 30 ? 30 : w;
}

/* Zoom 0 is compact when its three-column cells and title row would cut the
 * selected warp off (a 32-lane row and a 32-row column need more than 120x40
 * gives): lanes then take two columns (base 36) and the titles go to the
 * legend, so the whole warp shows. */
static int compact_of(const tpx_app *a, tpx_rect body, int z)
{
    if (z != 0)
        return 0;
    int rows = body.h - 3; /* legend, title, and one more at least */
    for (int side = 0; side < 2; side++)
        if (a->scene.box[side][2] - a->scene.box[side][0] + 1 > rows)
            return 1;
    return want_width(a, 0, 0, 0) + want_width(a, 1, 0, 0) + 2 > body.w;
}

/* The two panels at zoom z: each as wide as the selected warp's columns
 * need, the rest shared, so that a whole warp shows where it can. */
static void panels(const tpx_app *a, tpx_rect body, int z, tpx_rect out[2])
{
    tpx_rect r = rect_make(body.x, body.y, body.w, body.h - 1); /* last row: legend */
    const int gap = 2, compact = compact_of(a, body, z);
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
    g->s = scale(z);
    g->vr = p.h - g->top > 0 ? p.h - g->top : 0;
    g->vc = (p.w - g->lw) / g->cellw > 0 ? (p.w - g->lw) / g->cellw : 0;
}

/* The coarsest zoom needed to show both whole matrices. */
static int max_zoom(const tpx_app *a, tpx_rect body)
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

static tpx_rect body_of(const tpx_app *a)
{
    tpx_layout l = layout_compute(a->screen_w, a->screen_h);
    return l.body;
}

static int zoom_of(const tpx_app *a, const map_state *m, tpx_rect body)
{
    int zmax = max_zoom(a, body);
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

static void geometry(const tpx_app *a, const map_state *m, tpx_rect body, int side, map_geo *g)
{
    tpx_rect p[2];
    int z = zoom_of(a, m, body);
    panels(a, body, z, p);
    cells_at(a, p[side], side, z, compact_of(a, body, z), g);
    const tpx_fp_side *sd = &a->scene.fp.side[side];
    const long long *box = a->scene.box[side];
    g->r0 = origin(box[0], box[2], g->vr * g->s, sd->rows, g->s);
    g->c0 = origin(box[1], box[3], g->vc * g->s, sd->cols, g->s);
}

/* Role and glyph of an element under the colouring in force. */
static void paint_of(const tpx_app *a, int colour, const tpx_who *w, tpx_role *role, char *gl)
{
    long long bid = (long long)w->by * a->scene.g.gx + w->bx;
    switch (colour) {
    case COLOUR_BLOCK:
        *role = theme_palette(w->bx + 2LL * w->by); /* neighbours differ both ways */
        *gl = (char)('A' + (w->bx + 3LL * w->by) % 26);
        break;
    case COLOUR_THREAD:
        *role = theme_palette(w->thread);
        *gl = widget_base36(w->lane);
        break;
    default:
        *role = theme_palette(bid * a->scene.wpb + w->warp);
        *gl = widget_base36(w->warp);
        break;
    }
}

static int selected(const tpx_app *a, const tpx_who *w)
{
    return w->bx == a->scene.sel.bx && w->by == a->scene.sel.by && w->warp == a->scene.sel.warp;
}

/* At coarse zoom a cell stands for many elements: mark every cell holding
 * one of the selected warp's elements, not just the sampled one. */
typedef struct mark_ctx {
    tpx_canvas *cv;
    const map_geo *g;
} mark_ctx;

static void mark_cell(void *ctx, long long r, long long c)
{
    const mark_ctx *m = ctx;
    const map_geo *g = m->g;
    long long ci = (r - g->r0) / g->s, cj = (c - g->c0) / g->s;
    if (r >= g->r0 && c >= g->c0 && ci < g->vr && cj < g->vc)
        canvas_glyph(m->cv, g->panel.x + g->lw + (int)cj, g->panel.y + g->top + (int)ci, TPX_G_FULL,
                     TPX_R_SELECT);
}

/* One cell of a panel: the lane number of the selected warp's elements at
 * fine zoom, else the glyph of the colouring. */
static void draw_cell(const tpx_app *a, const map_state *m, tpx_canvas *cv, int x, int y,
                      const map_geo *g, const tpx_who *w)
{
    tpx_role role;
    char gl;
    paint_of(a, m->colour, w, &role, &gl);
    if (g->s == 1 && selected(a, w)) {
        if (g->cellw == 3)
            canvas_printf(cv, x, y, 3, TPX_R_SELECT, "%02d ", w->lane);
        else
            canvas_printf(cv, x, y, g->cellw, TPX_R_SELECT, "%c ", widget_base36(w->lane));
    } else if (g->cellw == 3) {
        canvas_printf(cv, x, y, 3, role, " %c ", gl);
    } else if (g->cellw == 2) {
        canvas_printf(cv, x, y, 2, role, "%c ", gl);
    } else {
        canvas_put(cv, x, y, (uint32_t)gl, role);
    }
}

static void panel_title(const tpx_app *a, tpx_canvas *cv, const map_geo *g, int side)
{
    const tpx_fp_side *sd = &a->scene.fp.side[side];
    long long r1 = g->r0 + g->vr * g->s, c1 = g->c0 + g->vc * g->s;
    r1 = r1 < sd->rows ? r1 : sd->rows;
    c1 = c1 < sd->cols ? c1 : sd->cols;
    int transposed = !footprint_is_copy(a->cfg.kernel);
    canvas_printf(cv, g->panel.x, g->panel.y, g->panel.w, TPX_R_TITLE,
                  "%s %lldx%lld %s  rows %lld-%lld, cols %lld-%lld", side ? "B" : "A", sd->cols,
                  sd->rows, side ? (transposed ? "(A transposed, written)" : "(copy, written)")
                                 : "(read)",
                  g->r0, r1 - 1, g->c0, c1 - 1);
}

static void draw_panel(const tpx_app *a, const map_state *m, tpx_canvas *cv, tpx_rect body,
                       int side)
{
    map_geo g;
    geometry(a, m, body, side, &g);
    const tpx_fp_side *sd = &a->scene.fp.side[side];
    int z = zoom_of(a, m, body);
    if (g.top)
        panel_title(a, cv, &g, side);
    for (int i = 0; i < g.vr; i++) {
        long long r = g.r0 + i * g.s;
        if (r >= sd->rows)
            break;
        int y = g.panel.y + g.top + i;
        canvas_printf(cv, g.panel.x, y, g.lw - 1, TPX_R_DIM, "%*lld", g.lw - 1, r);
        for (int j = 0; j < g.vc; j++) {
            long long c = g.c0 + j * g.s;
            tpx_who w;
            if (c >= sd->cols || footprint_who(&a->scene.fp, side, r, c, &w) != 0)
                continue;
            draw_cell(a, m, cv, g.panel.x + g.lw + j * g.cellw, y, &g, &w);
        }
    }
    if (z >= 2) {
        mark_ctx mk = {cv, &g};
        each_element(a, side, mark_cell, &mk);
    }
}

/* The last row: what a cell shows at this zoom, and the selected warp. */
static void map_legend(const tpx_app *a, const map_state *m, tpx_canvas *cv, tpx_rect r)
{
    static const char *const by[] = {"warp", "block", "thread"};
    static const char *const glyph[] = {"colour, digit: its warp", "colour, letter: its block",
                                        "colour: its thread, glyph: its lane"};
    const tpx_scene *sc = &a->scene;
    int z = zoom_of(a, m, r), x = r.x, y = r.y + r.h - 1;
    if (compact_of(a, r, z))
        x += canvas_printf(cv, x, y, r.w, TPX_R_DIM, "read left, written right  %s  ",
                           glyph_str(TPX_G_DOT));
    x += canvas_printf(cv, x, y, r.x + r.w - x, TPX_R_DIM, "warp %d of block (%d,%d)%s%s"
                       "  %s  ", sc->sel.warp, sc->sel.bx, sc->sel.by, z <= 1 ? ", lanes " : "",
                       z > 1 ? "" : z == 0 && !compact_of(a, r, z) ? "00-31" : "0-9 a-v",
                       glyph_str(TPX_G_DOT));
    if (z <= 1)
        canvas_printf(cv, x, y, r.x + r.w - x, TPX_R_DIM, "a cell: 1 element; %s",
                      glyph[m->colour]);
    else /* one element stands for the cell: say which, and what the marks mean */
        canvas_printf(cv, x, y, r.x + r.w - x, TPX_R_DIM, "a cell: %lldx%lld elements; colour: "
                      "the %s of its top-left one  %s  %s holds the selected warp's", scale(z),
                      scale(z), by[m->colour], glyph_str(TPX_G_DOT), glyph_str(TPX_G_FULL));
}

void map_draw_one(const tpx_app *a, const void *st, tpx_canvas *cv, tpx_rect r)
{
    const map_state *m = st;
    const tpx_scene *sc = &a->scene;
    if (!sc->modelled || !sc->fp.side[0].ok) {
        canvas_printf(cv, r.x + 2, r.y + 1, r.w - 4, TPX_R_WARN, "%s",
                      sc->modelled ? "no map: this kernel's tiles do not tile the matrix"
                                   : "a reference kernel: measured, not modelled, so there is "
                                     "no map of its threads (K picks another kernel)");
        return;
    }
    draw_panel(a, m, cv, r, TPX_SIDE_A);
    draw_panel(a, m, cv, r, TPX_SIDE_B);
    map_legend(a, m, cv, r);
}

static int map_action(tpx_app *a, void *st, tpx_action act)
{
    map_state *m = st;
    tpx_rect body = body_of(a);
    switch (act) {
    case TPX_ACT_ZOOM_IN:
        m->zoom = zoom_of(a, m, body);
        if (m->zoom > 0)
            m->zoom--;
        return TPX_HANDLED;
    case TPX_ACT_ZOOM_OUT:
        m->zoom = zoom_of(a, m, body);
        if (m->zoom < max_zoom(a, body))
            m->zoom++;
        else
            app_say(a, 0, "the whole matrix is in view");
        return TPX_HANDLED;
    case TPX_ACT_COLOUR_BY:
        m->colour = (m->colour + 1) % COLOUR_COUNT;
        return TPX_HANDLED;
    default:
        return TPX_UNHANDLED;
    }
}

/* A click on an element selects the warp that moves it. */
static int map_click(tpx_app *a, void *st, tpx_rect body, int x, int y)
{
    if (!a->scene.modelled || !a->scene.fp.side[0].ok)
        return TPX_UNHANDLED;
    tpx_rect half[2];
    if (map_ab_split(a, body, half)) /* A pinned beside: only B's map selects */
        body = half[1];
    for (int side = 0; side < 2; side++) {
        map_geo g;
        geometry(a, st, body, side, &g);
        int i = y - g.panel.y - g.top, j = (x - g.panel.x - g.lw) / g.cellw;
        if (!rect_has(g.panel, x, y) || i < 0 || x < g.panel.x + g.lw || j >= g.vc)
            continue;
        tpx_who w;
        if (footprint_who(&a->scene.fp, side, g.r0 + i * g.s, g.c0 + j * g.s, &w) != 0)
            return TPX_UNHANDLED;
        tpx_sel s = a->sel;
        s.bx = w.bx;
        s.by = w.by;
        s.warp = w.warp;
        return app_select(a, s) | TPX_REDRAW;
    }
    return TPX_UNHANDLED;
}

const tpx_view map_view = {
    .name = "Map",
    .keys = TPX_KG_MAP,
    .st_size = sizeof(map_state),
    .caption = map_caption,
    .draw = map_draw,
    .on_action = map_action,
    .on_click = map_click,
};
