/* Map: A and B side by side, each element coloured by the warp (or block,
 * or thread) that reads or writes it, the selected warp's lanes numbered.
 * Zoom goes from three columns per element (room for lane numbers) through
 * one column per element to 2^k elements per cell, up to the whole matrix
 * (map_geo.c).  This file paints one config's map. */
#include <stdio.h>
#include <string.h>

#include "map_parts.h"
#include "widgets.h"

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
    map_geometry(a, m, body, side, &g);
    const tpx_fp_side *sd = &a->scene.fp.side[side];
    int z = map_zoom_of(a, m, body);
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
    map_check_marks(a, cv, &g, side); /* over everything: what the check found matters most */
}

/* The last row: what a cell shows at this zoom, and the selected warp. */
static void map_legend(const tpx_app *a, const map_state *m, tpx_canvas *cv, tpx_rect r)
{
    static const char *const by[] = {"warp", "block", "thread"};
    static const char *const glyph[] = {"colour, digit: its warp", "colour, letter: its block",
                                        "colour: its thread, glyph: its lane"};
    const tpx_scene *sc = &a->scene;
    int z = map_zoom_of(a, m, r), x = r.x, y = r.y + r.h - 1;
    if (!sc->fp.side[0].ok) { /* drawn for the check's marks alone (map_draw_one) */
        canvas_fitf(cv, x, y, r.w, TPX_R_DIM, "no thread colours: this kernel's accesses do not "
                    "tile the matrix; A and B show what the check found there");
        return;
    }
    if (map_compact_of(a, r, z))
        x += canvas_printf(cv, x, y, r.w, TPX_R_DIM, "read left, written right  %s  ",
                           glyph_str(TPX_G_DOT));
    x += canvas_printf(cv, x, y, r.x + r.w - x, TPX_R_DIM, "warp %d of block (%d,%d)%s%s"
                       "  %s  ", sc->sel.warp, sc->sel.bx, sc->sel.by, z <= 1 ? ", lanes " : "",
                       z > 1 ? "" : z == 0 && !map_compact_of(a, r, z) ? "00-31" : "0-9 a-v",
                       glyph_str(TPX_G_DOT));
    if (z <= 1)
        canvas_fitf(cv, x, y, r.x + r.w - x, TPX_R_DIM, "a cell: 1 element; %s",
                    glyph[m->colour]);
    else /* one element stands for the cell: say which, and what the marks mean */
        canvas_fitf(cv, x, y, r.x + r.w - x, TPX_R_DIM, "a cell: %lldx%lld elements; colour: "
                    "the %s of its top-left one  %s  %s holds the selected warp's", map_scale(z),
                    map_scale(z), by[m->colour], glyph_str(TPX_G_DOT), glyph_str(TPX_G_FULL));
}

void map_draw_one(const tpx_app *a, const void *st, tpx_canvas *cv, tpx_rect r)
{
    const map_state *m = st;
    const tpx_scene *sc = &a->scene;
    /* A wrong kernel's writes may not tile B: its marks are drawn all the same */
    if (!sc->modelled || (!sc->fp.side[0].ok && !map_check_rows(a))) {
        canvas_printf(cv, r.x + 2, r.y + 1, r.w - 4, TPX_R_WARN, "%s",
                      sc->modelled ? "no map: this kernel's tiles do not tile the matrix"
                                   : "a reference kernel: measured, not modelled, so there is "
                                     "no map of its threads (K picks another kernel)");
        return;
    }
    draw_panel(a, m, cv, r, TPX_SIDE_A);
    draw_panel(a, m, cv, r, TPX_SIDE_B);
    map_check_line(a, cv, r);
    map_legend(a, m, cv, r);
}
