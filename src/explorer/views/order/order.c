/* Order: the grid of tiles numbered by the order their blocks are launched,
 * cartesian beside the kernel's own order (diagonal for a kernel that keeps
 * the cartesian one), with the blocks resident together (a wave: SMs x
 * blocks per SM) highlighted.  Small grids show every number; large ones one
 * cell per group of tiles. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "footprint.h"
#include "sorting.h"
#include "app_state.h"
#include "words.h"

enum { CARTESIAN, OTHER }; /* the two panels */

static int digits(long long v)
{
    int d = 1;
    while (v >= 10)
        v /= 10, d++;
    return d;
}

/* The Order view's own state and the figures it shows, derived when the
 * config, the results or the wave change (never while drawing). */
typedef struct order_state {
    long long wave;  /* the wave shown, as stepped (normalised into k) */
    int animate;
    tpx_waves w;     /* the launch's waves */
    long long k;     /* the wave shown, 0 .. w.count - 1 */
    int rows[2], cols[2]; /* tile rows and columns wave k covers, per ordering */
} order_state;

/* The order a panel shows: cartesian, or the kernel's own when it has one. */
static tpx_remap panel_order(const tpx_app *a, int panel)
{
    tpx_remap own = tpx_traits_of(a->cfg.kernel).remap;
    return panel == CARTESIAN ? TPX_REMAP_NONE : own != TPX_REMAP_NONE ? own : TPX_REMAP_DIAG;
}

static const char *order_name(tpx_remap r)
{
    return r == TPX_REMAP_DIAG ? "diagonal" : r == TPX_REMAP_COL ? "column" : "cartesian";
}

/* The tile launch block `bid` works on under an ordering. */
static void tile_of(const tpx_geom *g, tpx_remap order, long long bid, int *tx, int *ty)
{
    tpx_order_remap(order, g, (int)(bid % g->gx), (int)(bid / g->gx), tx, ty);
}

static long long bid_of(const tpx_geom *g, tpx_remap order, int tx, int ty)
{
    int bx, by;
    tpx_order_unmap(order, g, tx, ty, &bx, &by);
    return (long long)by * g->gx + bx;
}

/* Tile rows and tile columns the blocks of wave k cover. */
static void spread(const tpx_geom *g, tpx_remap order, const tpx_waves *w, long long k, int *rows,
                   int *cols)
{
    long long b0 = k * w->resident, b1 = b0 + w->resident;
    b1 = b1 < w->blocks ? b1 : w->blocks;
    int *xs = malloc(sizeof(int) * (size_t)(b1 - b0 + 1)), *ys = malloc(sizeof(int) * (size_t)(b1 - b0 + 1));
    *rows = *cols = 0;
    if (xs && ys) {
        for (long long b = b0; b < b1; b++)
            tile_of(g, order, b, &xs[b - b0], &ys[b - b0]);
        *cols = (int)sort_distinct_int(xs, (size_t)(b1 - b0));
        *rows = (int)sort_distinct_int(ys, (size_t)(b1 - b0));
    }
    free(xs);
    free(ys);
}

/* Waves from the measured occupancy when there is one, else the model's;
 * then the spread of the wave shown under both orderings. */
static void derive(const tpx_app *a, order_state *o)
{
    const tpx_slot *cur = &a->live->cur;
    profile_waves(&a->cfg, &a->dev,
                  cur->have_meas && cur->meas.m.status == TPX_ST_OK ? &cur->meas.m.occ : NULL,
                  &o->w);
    long long n = o->w.count > 0 ? o->w.count : 1;
    o->k = o->wave % n;
    o->k = o->k < 0 ? o->k + o->w.count : o->k;
    memset(o->rows, 0, sizeof o->rows);
    memset(o->cols, 0, sizeof o->cols);
    if (!a->scene.modelled)
        return;
    for (int p = CARTESIAN; p <= OTHER; p++)
        spread(&a->scene.g, panel_order(a, p), &o->w, o->k, &o->rows[p], &o->cols[p]);
}

static tpx_role state(long long bid, long long b0, long long b1)
{
    return bid >= b1 ? TPX_R_NORMAL : bid >= b0 ? TPX_R_WAVE : TPX_R_DIM;
}

static const char *order_title(const tpx_geom *g, tpx_remap order)
{
    if (order == TPX_REMAP_COL)
        return "column: tile (bid / GY, bid mod GY)";
    if (order == TPX_REMAP_DIAG)
        return g->gx == g->gy ? "diagonal: tile ((bx+by) mod GX, by)"
                              : "diagonal (NVIDIA's form for a non-square grid)";
    return "cartesian: tile (bx, by)";
}

static void draw_grid(const tpx_app *a, const order_state *o, tpx_canvas *cv, tpx_rect p,
                      int panel)
{
    const tpx_geom *g = &a->scene.g;
    const tpx_waves *w = &o->w;
    tpx_remap order = panel_order(a, panel);
    int mine = order == tpx_traits_of(a->cfg.kernel).remap;
    long long k = o->k, b0 = k * w->resident, b1 = b0 + w->resident;
    int rows = o->rows[panel], cols = o->cols[panel];
    canvas_printf(cv, p.x, p.y, p.w, mine ? TPX_R_TITLE : TPX_R_NORMAL, "%s%s",
                  order_title(g, order), mine ? "  (this kernel)" : "");
    canvas_printf(cv, p.x, p.y + 1, p.w, TPX_R_DIM, "this wave covers %d tile row%s and %d tile "
                  "column%s", rows, rows == 1 ? "" : "s", cols, cols == 1 ? "" : "s");
    tpx_rect grid = rect_make(p.x, p.y + 2, p.w, p.h - 2);
    int cw = digits(w->blocks - 1) + 1;
    int stx, sty;
    tile_of(g, order, (long long)a->scene.sel.by * g->gx + a->scene.sel.bx, &stx, &sty);
    if ((long long)g->gx * cw <= grid.w && g->gy <= grid.h) {
        for (int ty = 0; ty < g->gy; ty++)
            for (int tx = 0; tx < g->gx; tx++) {
                long long bid = bid_of(g, order, tx, ty);
                int sel = mine && tx == stx && ty == sty;
                canvas_printf(cv, grid.x + tx * cw, grid.y + ty, cw, sel ? TPX_R_SELECT
                              : state(bid, b0, b1), "%*lld", cw - 1, bid);
            }
        return;
    }
    /* Too many tiles: one cell stands for sx x sy of them; the wave's own
     * blocks are then marked one by one so that none is lost. */
    long long sx = ((long long)g->gx + grid.w - 1) / grid.w;
    long long sy = ((long long)g->gy + grid.h - 1) / grid.h;
    for (long long cy = 0; cy * sy < g->gy && cy < grid.h; cy++)
        for (long long cx = 0; cx * sx < g->gx && cx < grid.w; cx++) {
            long long bid = bid_of(g, order, (int)(cx * sx), (int)(cy * sy));
            tpx_role r = state(bid, b0, b1);
            canvas_glyph(cv, grid.x + (int)cx, grid.y + (int)cy,
                         r == TPX_R_DIM ? TPX_G_LIGHT : TPX_G_DOT, r == TPX_R_WAVE ? TPX_R_DIM : r);
        }
    for (long long b = b0; b < b1 && b < w->blocks; b++) {
        int tx, ty;
        tile_of(g, order, b, &tx, &ty);
        canvas_glyph(cv, grid.x + (int)(tx / sx), grid.y + (int)(ty / sy), TPX_G_FULL, TPX_R_WAVE);
    }
    if (mine)
        canvas_glyph(cv, grid.x + (int)(stx / sx), grid.y + (int)(sty / sy), TPX_G_FULL,
                     TPX_R_SELECT);
}

static void order_draw(const tpx_app *a, const void *st, tpx_canvas *cv, tpx_rect r)
{
    const order_state *o = st;
    if (!a->scene.modelled) {
        canvas_printf(cv, r.x + 2, r.y + 1, r.w - 4, TPX_R_WARN,
                      "%s is a reference: it has no grid of blocks to show",
                      catalog_name(a->cfg.kernel));
        return;
    }
    const tpx_waves *w = &o->w;
    const tpx_geom *g = &a->scene.g;
    long long k = o->k, b0 = k * w->resident, b1 = b0 + w->resident;
    b1 = b1 < w->blocks ? b1 : w->blocks;
    canvas_printf(cv, r.x + 1, r.y, r.w - 1, TPX_R_NORMAL,
                  "%dx%d tiles of %s, each numbered by the launch order of the block that works on "
                  "it (bx + by*%d)",
                  g->gx, g->gy, tpx_grid_covers_b(a->cfg.kernel) ? "B" : "A", g->gx);
    canvas_printf(cv, r.x + 1, r.y + 1, r.w - 1, TPX_R_NORMAL,
                  "wave %lld of %lld: blocks %lld-%lld run together: %d SM%s x %d block%s per SM",
                  k + 1, w->count, b0, b1 - 1, w->sms, words_s(w->sms), w->blocks_per_sm,
                  words_s(w->blocks_per_sm));
    canvas_printf(cv, r.x + 1, r.y + 2, r.w - 1, TPX_R_DIM, "(%s)", w->source);
    tpx_rect p[2];
    rect_columns(rect_make(r.x + 1, r.y + 4, r.w - 2, r.h - 5), 2, 4, p);
    draw_grid(a, o, cv, p[0], CARTESIAN);
    draw_grid(a, o, cv, p[1], OTHER);
    int x = r.x + 1;
    x += canvas_text(cv, x, r.y + r.h - 1, r.w - 1, TPX_R_WAVE, "resident now");
    x += canvas_text(cv, x, r.y + r.h - 1, r.x + r.w - x, TPX_R_DIM, "  earlier waves dim");
    if (!a->slide) /* the keys, but not on a slide */
        canvas_printf(cv, x, r.y + r.h - 1, r.x + r.w - x, TPX_R_DIM,
                      "  %s  Space/N step, a animate%s", glyph_str(TPX_G_DOT),
                      o->animate ? " (on)" : "");
}

static void order_caption(const tpx_app *a, const void *st, char *buf, size_t n)
{
    const order_state *o = st;
    if (!a->scene.modelled) {
        snprintf(buf, n, "%s", catalog_get(a->cfg.kernel)->idea);
        return;
    }
    if (o->w.count == 1)
        snprintf(buf, n, "all %lld blocks fit on the GPU at once (one wave): the launch order "
                 "hardly matters at this size", o->w.blocks);
    else
        snprintf(buf, n, "%lld blocks run at once: in cartesian order they cover %d tile rows x "
                 "%d columns, in %s order %d x %d%s",
                 o->w.resident, o->rows[CARTESIAN], o->cols[CARTESIAN],
                 order_name(panel_order(a, OTHER)), o->rows[OTHER], o->cols[OTHER],
                 panel_order(a, OTHER) == TPX_REMAP_COL
                     ? ": the wave writes whole rows of B"
                     : "");
}

static int order_action(tpx_app *a, void *st, tpx_action act)
{
    order_state *o = st;
    long long n = o->w.count > 0 ? o->w.count : 1;
    switch (act) {
    case TPX_ACT_WAVE_NEXT: o->wave = (o->k + 1) % n; break;
    case TPX_ACT_WAVE_PREV: o->wave = (o->k + n - 1) % n; break;
    case TPX_ACT_ANIMATE: o->animate = !o->animate; return TPX_HANDLED;
    default: return TPX_UNHANDLED;
    }
    derive(a, o);
    return TPX_HANDLED;
}

static int order_tick(tpx_app *a, void *st)
{
    order_state *o = st;
    if (!o->animate || !a->scene.modelled)
        return TPX_UNHANDLED;
    order_action(a, st, TPX_ACT_WAVE_NEXT);
    return TPX_HANDLED | TPX_REDRAW;
}

/* A new config starts again at the first wave. */
static void order_change(tpx_app *a, void *st, int bits)
{
    order_state *o = st;
    if (bits & TPX_CONFIG)
        o->wave = 0;
    derive(a, o);
}

const tpx_view_ops order_view = {
    .st_size = sizeof(order_state),
    .caption = order_caption,
    .draw = order_draw,
    .on_action = order_action,
    .on_tick = order_tick,
    .on_change = order_change,
};
