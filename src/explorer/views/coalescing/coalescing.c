/* Coalescing: the selected warp's global load and store as the 128-byte
 * lines and 32-byte sectors they pull in.  Each cell is 4 bytes: the lane
 * that asked for it, a shade for bytes moved but unused, a dot for bytes of
 * the line that were not moved.  A coalesced access is one full line; a
 * strided one is a row of lines with one lane in each. */
#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "app_state.h"
#include "widgets.h"

#define LINE_W 37 /* 4 sectors of 8 cells of 4 bytes, separated, and a gap */
#define COMPACT_W 5 /* 4 sectors and a gap */

/* The first lane of `in` asking for any byte of [b0, b0 + 4), or -1. */
static int lane_at(const tpx_inst *in, size_t e, long long b0)
{
    for (int l = 0; l < in->lanes; l++) {
        if (!(in->active & (1u << l)))
            continue;
        long long a = in->idx[l] * (long long)e;
        if (a < b0 + 4 && a + (long long)e > b0)
            return l;
    }
    return -1;
}

static int moved(const tpx_gaccess *ga, long long sector)
{
    for (int i = 0; i < ga->nsect; i++)
        if (ga->sect[i] == sector)
            return 1;
    return 0;
}

/* Bytes of a sector the lanes asked for. */
static int used_bytes(const tpx_gaccess *ga, size_t e, long long sector)
{
    int n = 0;
    for (long long b = sector * 32; b < sector * 32 + 32; b += 4)
        n += lane_at(ga->in, e, b) >= 0 ? 4 : 0;
    return n;
}

static const char *verdict(const tpx_gaccess *ga, tpx_role *role)
{
    double eff = model_efficiency(&ga->cost);
    int lanes = __builtin_popcount(ga->in->active);
    if (eff >= 0.999) {
        *role = TPX_R_GOOD;
        return "coalesced";
    }
    *role = eff < 0.5 ? TPX_R_BAD : TPX_R_WARN;
    return ga->nsect >= lanes ? "strided: a sector per lane" : "partly coalesced";
}

static void access_title(tpx_canvas *cv, tpx_rect r, const tpx_gaccess *ga, const char *what)
{
    tpx_role vr;
    const char *v = verdict(ga, &vr);
    int x = r.x;
    x += canvas_printf(cv, x, r.y, r.w, TPX_R_TITLE, "%s", what);
    x += canvas_printf(cv, x, r.y, r.x + r.w - x, TPX_R_NORMAL,
                       "  %d sector%s in %llu line%s, %llu of %d bytes moved are used (%.1f%%)  ",
                       ga->nsect, ga->nsect == 1 ? "" : "s", ga->cost.lines,
                       ga->cost.lines == 1 ? "" : "s", ga->cost.bytes, ga->nsect * 32,
                       100.0 * model_efficiency(&ga->cost));
    canvas_text(cv, x, r.y, r.x + r.w - x, vr, v);
}

/* A sector as one character: how much of it is used. */
static void compact_sector(tpx_canvas *cv, int x, int y, const tpx_gaccess *ga, size_t e,
                           long long sector)
{
    int u = moved(ga, sector) ? used_bytes(ga, e, sector) : -1;
    tpx_glyph g = u < 0 ? TPX_G_DOT : u == 32 ? TPX_G_FULL : u >= 16 ? TPX_G_DARK
                : u >= 8 ? TPX_G_MEDIUM : TPX_G_LIGHT;
    canvas_glyph(cv, x, y, g, u < 0 ? TPX_R_DIM : u == 32 ? TPX_R_USED : TPX_R_WASTE);
}

/* A sector as 8 cells of 4 bytes: the lane asking for each. */
static void full_sector(tpx_canvas *cv, int x, int y, const tpx_gaccess *ga, size_t e,
                        long long sector)
{
    for (int k = 0; k < 8; k++) {
        int lane = lane_at(ga->in, e, sector * 32 + k * 4);
        if (lane >= 0)
            canvas_put(cv, x + k, y, (uint32_t)widget_base36(lane), TPX_R_USED);
        else if (moved(ga, sector))
            canvas_glyph(cv, x + k, y, TPX_G_LIGHT, TPX_R_WASTE);
        else
            canvas_glyph(cv, x + k, y, TPX_G_DOT, TPX_R_DIM);
    }
}

/* One 128-byte line: its 4 sectors, compact or in full. */
static void draw_line(tpx_canvas *cv, int x0, int y, const tpx_gaccess *ga, size_t e,
                      long long line, int compact)
{
    for (int s = 0; s < 4; s++) {
        if (compact) {
            compact_sector(cv, x0 + s, y, ga, e, line * 4 + s);
            continue;
        }
        full_sector(cv, x0 + s * 9, y, ga, e, line * 4 + s);
        if (s < 3)
            canvas_glyph(cv, x0 + s * 9 + 8, y, TPX_G_VLINE, TPX_R_DIM);
    }
}

/* One instruction: a title line, then its lines of sectors.  Returns the
 * rows used. */
static int draw_access(const tpx_config *c, tpx_canvas *cv, tpx_rect r, const tpx_gaccess *ga,
                       const char *what)
{
    size_t e = model_inst_esize(c, ga->in); /* one lane's access (16 bytes for a vector) */
    access_title(cv, r, ga, what);
    if (!ga->nsect)
        return 1;
    /* The distinct lines, ascending (sectors are sorted). */
    long long lines[64];
    int nl = 0;
    for (int i = 0; i < ga->nsect; i++)
        if (nl == 0 || lines[nl - 1] != ga->sect[i] / 4)
            lines[nl++] = ga->sect[i] / 4;
    int compact = (r.w / LINE_W) * (r.h - 1) < nl;
    int per_row = compact ? r.w / COMPACT_W : r.w / LINE_W;
    int room = r.h - 1 - compact; /* under the title; the legend of compact mode */
    if (per_row < 1 || room < 1)
        return 1;
    int shown = nl < per_row * room ? nl : per_row * room;
    if (shown < nl) /* the last row says how many are left out */
        shown = per_row * (room - 1) > 0 ? per_row * (room - 1) : 0;
    for (int i = 0; i < shown; i++)
        draw_line(cv, r.x + (i % per_row) * (compact ? COMPACT_W : LINE_W), r.y + 1 + i / per_row,
                  ga, e, lines[i], compact);
    int y = r.y + 1 + (shown + per_row - 1) / per_row;
    if (shown < nl)
        canvas_printf(cv, r.x, y++, r.w, TPX_R_DIM, "%s %d more lines", glyph_str(TPX_G_ELLIPSIS),
                      nl - shown);
    if (compact)
        canvas_printf(cv, r.x, y++, r.w, TPX_R_DIM,
                      "(a character per 32-byte sector: %s all bytes used, %s%s%s fewer, %s not "
                      "moved)",
                      glyph_str(TPX_G_FULL), glyph_str(TPX_G_DARK), glyph_str(TPX_G_MEDIUM),
                      glyph_str(TPX_G_LIGHT), glyph_str(TPX_G_DOT));
    return y - r.y;
}

/* One row of the levels table; NULL strings print as "-". */
static void level_row(tpx_canvas *cv, int x, int y, int w, const char *name, const char *reqs,
                      const char *l1, const char *used, const char *l2, const char *partial,
                      const char *dram)
{
#define D(v) ((v) ? (v) : "-")
    canvas_printf(cv, x, y, w, TPX_R_NORMAL, "  %-12s%9s%11s%7s%11s%10s%13s", name, D(reqs), D(l1),
                  D(used), D(l2), D(partial), D(dram));
#undef D
}

/* The selected warp's block at L1 and L2 (the scene); DRAM only per launch:
 * a sector its neighbours share is read once for all of them. */
static void block_levels(const tpx_scene *sc, tpx_canvas *cv, int x, int y, int w)
{
    const tpx_block_traffic *b = &sc->blk;
    char r[2][24], l1[2][24], l2[2][24], part[24];
    snprintf(r[0], sizeof r[0], "%d", b->ld_reqs);
    snprintf(r[1], sizeof r[1], "%d", b->st_reqs);
    snprintf(l1[0], sizeof l1[0], "%d", b->l1_ld_sectors);
    snprintf(l1[1], sizeof l1[1], "%d", b->st_sectors);
    snprintf(l2[0], sizeof l2[0], "%d", b->l2_ld_sectors);
    snprintf(l2[1], sizeof l2[1], "%d", b->l2_st_sectors); /* after L1 merges (traffic.c) */
    snprintf(part, sizeof part, "%d", b->l2_st_partial);
    level_row(cv, x, y, w, "load  block", r[0], l1[0], NULL, l2[0], NULL, "per launch");
    level_row(cv, x, y + 2, w, "store block", r[1], l1[1], NULL, l2[1], part, "per launch");
}

/* The launch at the three levels (the model worker's traffic, live.h). */
static void launch_levels(const tpx_slot *cur, tpx_canvas *cv, int x, int y, int w)
{
    if (!cur->have_model || !cur->model.have_traffic) {
        level_row(cv, x, y, w, "load  launch", "counting...", NULL, NULL, NULL, NULL, NULL);
        level_row(cv, x, y + 2, w, "store launch", "counting...", NULL, NULL, NULL, NULL, NULL);
        return;
    }
    const tpx_traffic *t = &cur->model.traffic;
    const tpx_cost *op[2] = {&cur->model.totals.op[TPX_OP_GLD], &cur->model.totals.op[TPX_OP_GST]};
    unsigned long long l2[2] = {t->l2_ld_sectors, t->l2_st_sectors};
    double dram[2] = {t->dram_rd_bytes, t->dram_wr_bytes};
    for (int k = 0; k < 2; k++) {
        char r[24], l1[24], used[16], l2s[24], part[24], d[24];
        snprintf(r, sizeof r, "%llu", op[k]->insts);
        snprintf(l1, sizeof l1, "%llu", op[k]->sectors);
        snprintf(used, sizeof used, "%.1f%%", 100.0 * model_efficiency(op[k]));
        snprintf(l2s, sizeof l2s, "%llu", l2[k]);
        snprintf(part, sizeof part, "%llu", t->l2_st_partial);
        snprintf(d, sizeof d, "%.0f", dram[k]);
        if (k && t->l2_resident) /* the model: written back after the launch */
            snprintf(d, sizeof d, "kept in L2");
        level_row(cv, x, y + 2 * k, w, k ? "store launch" : "load  launch", r, l1, used, l2s,
                  k ? part : NULL, d);
    }
}

/* Loads and stores at L1, L2 and DRAM, for the block and the launch. */
static void levels(const tpx_app *a, tpx_canvas *cv, int x, int y, int w)
{
    const tpx_scene *sc = &a->scene;
    const tpx_slot *cur = &a->live->cur;
    int n = canvas_printf(cv, x, y, w, TPX_R_TITLE, "three levels (model), block (%d,%d)%s",
                          sc->sel.bx, sc->sel.by, cur->have_model ? " and the launch: " : "");
    if (cur->have_model)
        canvas_printf(cv, x + n, y, w - n, TPX_R_DIM,
                      "%lld blocks x %lld warps; L1 keeps a block's loads, not its stores; DRAM in "
                      "a cold launch%s", cur->model.totals.blocks,
                      cur->model.totals.warps_per_block,
                      cur->model.have_traffic && cur->model.traffic.l2_resident
                          ? " (fits in L2: B is written back later)" : "");
    canvas_printf(cv, x, y + 1, w, TPX_R_DIM, "  %-12s%9s%11s%7s%11s%10s%13s", "", "requests",
                  "L1 sectors", "used", "L2 sectors", "partial", "DRAM bytes");
    if (sc->blk_ok)
        block_levels(sc, cv, x, y + 2, w);
    launch_levels(cur, cv, x, y + 3, w);
}

/* One config's load above its store in column r, under a title naming it. */
static void coal_column(const tpx_scene *sc, tpx_canvas *cv, tpx_rect r, const char *who)
{
    char desc[160];
    config_describe(&sc->cfg, desc, sizeof desc);
    canvas_printf(cv, r.x, r.y, r.w, TPX_R_TITLE, "%s: %s", who, desc);
    if (!sc->modelled) {
        canvas_text(cv, r.x, r.y + 1, r.w, TPX_R_DIM, "a reference: measured, not modelled");
        return;
    }
    const tpx_gaccess *ld = scene_global(sc, TPX_OP_GLD, sc->sel.rep);
    const tpx_gaccess *st = scene_global(sc, TPX_OP_GST, sc->sel.rep);
    int y = r.y + 1, half = (r.h - 1) / 2;
    if (ld)
        y += draw_access(&sc->cfg, cv, rect_make(r.x, y, r.w, half), ld, "global load (A)") + 1;
    if (st)
        draw_access(&sc->cfg, cv, rect_make(r.x, y, r.w, r.y + r.h - y), st, "global store (B)");
}

/* With A pinned: A's warp beside B's (the same warp of each launch), each
 * load above its store; the launch totals of both are in the Compare view. */
static int coal_ab(const tpx_app *a, tpx_canvas *cv, tpx_rect r)
{
    if (!a->have_a)
        return 0;
    tpx_rect col[2];
    rect_columns(rect_make(r.x, r.y, r.w, r.h - 1), 2, 2, col);
    coal_column(&a->scene_a, cv, col[0], "A (pinned)");
    coal_column(&a->scene, cv, col[1], "B");
    canvas_text(cv, r.x, r.y + r.h - 1, r.w, TPX_R_DIM,
                "both launches' totals, side by side: the Compare view (6)");
    return 1;
}

static void coal_draw(const tpx_app *a, const void *stt, tpx_canvas *cv, tpx_rect r)
{
    (void)stt;
    const tpx_scene *sc = &a->scene;
    if (!sc->modelled) {
        canvas_printf(cv, r.x + 2, r.y + 1, r.w - 4, TPX_R_WARN,
                      "%s is a reference: measured, not modelled (K picks another kernel)",
                      catalog_name(a->cfg.kernel));
        return;
    }
    int x = r.x + 1;
    x += canvas_printf(cv, x, r.y, r.w - 1, TPX_R_NORMAL,
                       "warp %d of block (%d,%d), repetition %d of %d.  A cell is 4 bytes:  ",
                       sc->sel.warp, sc->sel.bx, sc->sel.by, sc->sel.rep + 1, sc->reps);
    x += canvas_text(cv, x, r.y, r.x + r.w - x, TPX_R_USED, "lane asked for it  ");
    x += canvas_printf(cv, x, r.y, r.x + r.w - x, TPX_R_WASTE, "%s moved, unused  ",
                       glyph_str(TPX_G_LIGHT));
    canvas_printf(cv, x, r.y, r.x + r.w - x, TPX_R_DIM, "%s not moved   %s between 32-byte sectors",
                  glyph_str(TPX_G_DOT), glyph_str(TPX_G_VLINE));
    if (coal_ab(a, cv, rect_make(r.x + 1, r.y + 2, r.w - 2, r.h - 2)))
        return;
    const tpx_gaccess *ld = scene_global(sc, TPX_OP_GLD, sc->sel.rep);
    const tpx_gaccess *st = scene_global(sc, TPX_OP_GST, sc->sel.rep);
    int totals_h = 7, y = r.y + 2;
    int room = r.h - 2 - totals_h;
    if (ld)
        y += draw_access(&a->cfg, cv, rect_make(r.x + 1, y, r.w - 2, room / 2), ld,
                         "global load (A)") + 1;
    if (st)
        y += draw_access(&a->cfg, cv, rect_make(r.x + 1, y, r.w - 2, r.y + r.h - totals_h - y), st,
                         "global store (B)") + 1;
    y = y < r.y + r.h - totals_h ? y : r.y + r.h - totals_h;
    levels(a, cv, r.x + 1, y, r.w - 2);
}

/* Whether every active lane of the access is on its own row of the matrix. */
static int distinct_rows(const tpx_scene *sc, const tpx_gaccess *ga)
{
    long long rows[32];
    int n = 0;
    int side = ga->in->space == TPX_SPACE_A ? TPX_SIDE_A : TPX_SIDE_B;
    for (int l = 0; l < ga->in->lanes; l++) {
        if (!(ga->in->active & (1u << l)))
            continue;
        long long r, c;
        footprint_rc(&sc->fp, side, ga->in->idx[l], &r, &c);
        for (int k = 0; k < n; k++)
            if (rows[k] == r)
                return 0;
        rows[n++] = r;
    }
    return 1;
}

static void coal_caption(const tpx_app *a, const void *stt, char *buf, size_t n)
{
    (void)stt;
    const tpx_scene *sc = &a->scene;
    if (!sc->modelled) {
        snprintf(buf, n, "%s", catalog_get(a->cfg.kernel)->idea);
        return;
    }
    const tpx_gaccess *ld = scene_global(sc, TPX_OP_GLD, sc->sel.rep);
    const tpx_gaccess *st = scene_global(sc, TPX_OP_GST, sc->sel.rep);
    const tpx_gaccess *worst = ld;
    if (!worst || (st && model_efficiency(&st->cost) < model_efficiency(&worst->cost)))
        worst = st;
    if (!worst || !worst->nsect) {
        snprintf(buf, n, "this warp has no active lanes here (past the edge of the matrix)");
        return;
    }
    int is_store = worst == st;
    if (model_efficiency(&worst->cost) >= 0.999) {
        snprintf(buf, n, "loads and stores coalesced: each request moves %d sector%s, every byte "
                 "of them used", worst->nsect, worst->nsect == 1 ? "" : "s");
        return;
    }
    int lanes = __builtin_popcount(worst->in->active);
    if (worst->nsect >= lanes)
        snprintf(buf, n, "%s: %d sectors per request, each lane %s %s of %s: %d of every 32 "
                 "bytes moved are wasted",
                 is_store ? "stores" : "loads", worst->nsect, is_store ? "writing" : "reading",
                 distinct_rows(sc, worst) ? "a different row" : "its own sector",
                 is_store ? "B" : "A", 32 - (int)model_inst_esize(&a->cfg, worst->in));
    else
        snprintf(buf, n, "%s: %d sectors per request, %.0f%% of the bytes moved are used",
                 is_store ? "stores" : "loads", worst->nsect,
                 100.0 * model_efficiency(&worst->cost));
}

const tpx_view_ops coalescing_view = {
    .caption = coal_caption,
    .draw = coal_draw,
    .on_action = app_view_step_rep,
};
