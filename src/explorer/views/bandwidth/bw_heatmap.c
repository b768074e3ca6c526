/* The Bandwidth view's heatmap: the current kernel over every block shape
 * (rows BY, columns BX, powers of two), ranked by what bandwidth.h says; the
 * best cell starred, the current one named, scrolling when it does not fit. */
#include <stdio.h>

#include "bandwidth.h"
#include "catalog.h"
#include "sweep.h"
#include "widgets.h"

/* What a heatmap cell without a figure says, and whether that is a failure. */
static int heat_gap_failed(const tpx_slot *s)
{
    return s->have_meas && s->meas.m.status != TPX_ST_OK &&
           s->meas.m.status != TPX_ST_NOT_MEASURED && s->meas.m.status != TPX_ST_CANCELLED;
}

static const char *heat_gap(int measured, const tpx_slot *s)
{
    if (!measured || !s->have_meas || s->meas.m.status == TPX_ST_CANCELLED)
        return "...";
    return heat_gap_failed(s) ? "fail" : "n/a";
}

static void heat_cell(const tpx_app *a, const bw_state *st, tpx_canvas *cv, int x, int y, int i,
                      int measured)
{
    const int cw = 7;
    const tpx_slot *s = &a->live->cell[i];
    int mine = a->cfg.bx == 1 << (i % TPX_SWEEP_SIDE) && a->cfg.by == 1 << (i / TPX_SWEEP_SIDE);
    if (!s->cfg_ok) {
        canvas_glyph(cv, x + cw - 2, y, TPX_G_DOT, mine ? TPX_R_SELECT : TPX_R_DIM);
        return;
    }
    double v = bw_figure(s, st->mode);
    tpx_role role = mine ? TPX_R_SELECT
                    : v >= 0 ? theme_heat(st->top_value > 0 ? v / st->top_value : 0)
                             : TPX_R_DIM;
    const char *star = i == st->best ? "*" : "";
    char text[32];
    if (v < 0 && measured && s->have_meas && s->meas.m.status == TPX_ST_NOT_MEASURED &&
        s->have_model && s->model.pred.valid) { /* not in the file: the model's, marked ~ */
        canvas_printf(cv, x, y, cw, mine ? TPX_R_SELECT : TPX_R_DIM, "%*s~%.0f",
                      cw - 2 - snprintf(text, sizeof text, "%.0f", s->model.pred_gbs), "",
                      s->model.pred_gbs);
        return;
    }
    if (v < 0) { /* pending, not measured (e.g. not in a replayed file), or failed */
        canvas_printf(cv, x, y, cw, heat_gap_failed(s) ? TPX_R_BAD : role, "%*s", cw - 1,
                      heat_gap(measured, s));
        return;
    }
    if (st->mode != BY_SCORE)
        snprintf(text, sizeof text, "%s%.0f", star, v);
    else
        snprintf(text, sizeof text, "%s%.1f%%", star, 100.0 * v);
    canvas_printf(cv, x, y, cw, role, "%*s", cw - 1, text);
}

/* Rows of the heatmap that fit under its two title lines and its legend. */
static int heat_rows(tpx_rect r) { return r.h - 3 < TPX_SWEEP_SIDE ? r.h - 3 : TPX_SWEEP_SIDE; }

/* Without a GPU: the predicted shapes best first, and where this config ranks. */
static void heat_ranking(const tpx_app *a, const bw_state *st, tpx_canvas *cv, tpx_rect r, int y,
                         const char *shown)
{
    int order[TPX_SWEEP_CELLS], n = 0, mine = -1;
    for (int i = 0; i < TPX_SWEEP_CELLS; i++) /* insertion sort, best first */
        if (bw_figure(&a->live->cell[i], st->mode) >= 0) {
            double v = bw_figure(&a->live->cell[i], st->mode);
            int j = n++;
            for (; j > 0 && bw_figure(&a->live->cell[order[j - 1]], st->mode) < v; j--)
                order[j] = order[j - 1];
            order[j] = i;
        }
    int x = r.x + canvas_printf(cv, r.x, y, r.w, TPX_R_DIM, "%spredicted, best first: ", shown);
    for (int k = 0; k < n; k++) {
        const tpx_config *c = &a->live->cell[order[k]].cfg;
        if (c->bx == a->cfg.bx && c->by == a->cfg.by)
            mine = k;
        if (k < 5 && x < r.x + r.w)
            x += canvas_printf(cv, x, y, r.x + r.w - x, k ? TPX_R_NORMAL : TPX_R_GOOD,
                               "%d. %dx%d %.0f  ", k + 1, c->bx, c->by,
                               bw_figure(&a->live->cell[order[k]], st->mode));
    }
    if (mine >= 0)
        canvas_printf(cv, x, y, r.x + r.w - x, TPX_R_SELECT, " this config %dx%d ranks %d of %d",
                      a->cfg.bx, a->cfg.by, mine + 1, n);
}

static void heat_legend(const tpx_app *a, const bw_state *st, tpx_canvas *cv, tpx_rect r, int y,
                        int rows)
{
    char best[96] = "no best yet", shown[64] = "";
    if (st->best >= 0)
        snprintf(best, sizeof best, "*%dx%d best", 1 << (st->best % TPX_SWEEP_SIDE),
                 1 << (st->best / TPX_SWEEP_SIDE));
    if (rows < TPX_SWEEP_SIDE)
        snprintf(shown, sizeof shown, "rows BY=%d-%d of %d-%d%s   ", 1 << st->top,
                 1 << (st->top + rows - 1), 1, 1 << (TPX_SWEEP_SIDE - 1),
                 a->slide ? "" : " (u/d scroll)");
    if (st->mode == BY_PREDICTION) {
        heat_ranking(a, st, cv, r, y, shown);
        return;
    }
    canvas_printf(cv, r.x, y, r.w, TPX_R_DIM,
                  "%s%s   %dx%d this config   %s refused   ... pending   ~N predicted, not "
                  "measured   n/a neither   fail: failed or not verified",
                  shown, best, a->cfg.bx, a->cfg.by, glyph_str(TPX_G_DOT));
}

void bw_heatmap(const tpx_app *a, const bw_state *st, tpx_canvas *cv, tpx_rect r, int measured)
{
    canvas_printf(cv, r.x, r.y, r.w, TPX_R_TITLE, "%s over block shapes (rows BY, columns BX): %s",
                  catalog_name(a->cfg.kernel),
                  st->mode == BY_MEASURE      ? "measured GB/s"
                  : st->mode == BY_PREDICTION ? "predicted GB/s (model)"
                                              : "model ranking figure (counts bank conflicts)");
    if (config_is_reference(a->cfg.kernel)) {
        canvas_text(cv, r.x + 2, r.y + 1, r.w - 2, TPX_R_DIM,
                    "a reference picks its own launch: no block shapes to sweep");
        return;
    }
    const int cw = 7;
    int rows = heat_rows(r), top = st->top;
    if (rows < 1) /* never an empty heatmap without a word */
        return (void)canvas_text(cv, r.x + 2, r.y + 1, r.w - 2, TPX_R_DIM, "a taller terminal shows it");
    if (top > TPX_SWEEP_SIDE - rows)
        top = TPX_SWEEP_SIDE - rows;
    canvas_text(cv, r.x, r.y + 1, 6, TPX_R_DIM, "BY\\BX");
    for (int j = 0; j < TPX_SWEEP_SIDE; j++)
        canvas_printf(cv, r.x + 6 + j * cw, r.y + 1, cw, TPX_R_DIM, "%*d", cw - 1, 1 << j);
    for (int k = 0; k < rows; k++) {
        int i = top + k, y = r.y + 2 + k;
        canvas_printf(cv, r.x, y, 6, TPX_R_DIM, "%5d", 1 << i);
        for (int j = 0; j < TPX_SWEEP_SIDE; j++)
            heat_cell(a, st, cv, r.x + 6 + j * cw, y, i * TPX_SWEEP_SIDE + j, measured);
    }
    bw_state shown = *st;
    shown.top = top;
    heat_legend(a, &shown, cv, r, r.y + 2 + rows, rows);
}
