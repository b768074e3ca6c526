/* Bandwidth: the live figure of the current config (median of the recent
 * measurements, sparkline, noise, % of peak and of memcpy, verified, L2
 * badge), every kernel at the current size as bars, and the current kernel
 * over block shapes as a heatmap.  Without measurements the bars and the
 * heatmap show what the model counts, labelled as such. */
#include <stdio.h>
#include <string.h>

#include "bw_gpus.h"
#include "catalog.h"
#include "sweep.h"
#include "views.h"
#include "widgets.h"

/* The model's ranking figure (sweep.h): global efficiency charged for
 * shared-memory conflicts, so a padded tile outranks a conflicting one. */
static double model_figure(const tpx_totals *t) { return sweep_model_score(t); }

/* What the bars and the heatmap show: measured GB/s with a GPU or a result
 * file; without, the model's predicted GB/s where it predicts every config
 * shown, else its ranking figure. */
enum { BY_MEASURE = 1, BY_PREDICTION = 2, BY_SCORE = 3 };

static int modelled(const tpx_slot *s) { return s->cfg_ok && s->have_model && s->model.model_rc == 0; }

/* The figure a slot shows under a mode, or -1 when it has none. */
static double figure(const tpx_slot *s, int mode)
{
    if (mode == BY_MEASURE)
        return s->cfg_ok && s->have_meas && runner_has_number(&s->meas.m) ? s->meas.m.gbs : -1;
    if (!modelled(s))
        return -1;
    if (mode == BY_PREDICTION)
        return s->model.have_pred ? s->model.pred_gbs : -1;
    return model_figure(&s->model.totals);
}

/* BY_PREDICTION when every modelled slot of n has a prediction. */
static int model_mode(const tpx_slot *s, int n)
{
    int any = 0;
    for (int i = 0; i < n; i++) {
        if (modelled(&s[i]) && !s[i].model.have_pred)
            return BY_SCORE;
        any |= modelled(&s[i]);
    }
    return any ? BY_PREDICTION : BY_SCORE;
}

/* The heatmap's scroll and what it ranks, derived when the results change. */
typedef struct bw_state {
    int top;          /* first heatmap row shown */
    int mode;         /* the heatmap's: BY_MEASURE, BY_PREDICTION or BY_SCORE */
    int bar_mode;     /* the bars' */
    int best;         /* best cell, -1 when none */
    double top_value; /* its figure, for the colour scale */
} bw_state;

static int measured_ok(const tpx_slot *s)
{
    return s->cfg_ok && s->have_meas && s->meas.m.status == TPX_ST_OK;
}

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

static int live_block(const tpx_app *a, tpx_canvas *cv, tpx_rect r)
{
    const tpx_slot *s = &a->live->cur;
    const tpx_measurement *m = &s->meas.m;
    char desc[160];
    config_describe(&a->cfg, desc, sizeof desc);
    char where[200];
    app_measured_where(a, where, sizeof where);
    if (app_recorded(a))
        canvas_printf(cv, r.x, r.y, r.w, TPX_R_TITLE, "%s: %s", where, desc);
    else
        canvas_printf(cv, r.x, r.y, r.w, TPX_R_TITLE, "live: %s", desc);
    if (!measured_ok(s)) {
        const char *why = !s->have_meas ? "waiting for the runner"
                          : m->message[0] ? m->message : runner_status_name(m->status);
        int failed = s->have_meas && m->status != TPX_ST_NOT_MEASURED;
        canvas_printf(cv, r.x + 2, r.y + 1, r.w - 2, failed ? TPX_R_BAD : TPX_R_DIM, "%s (%s)",
                      !s->have_meas ? "pending" : failed ? runner_status_name(m->status)
                                                         : "not measured",
                      why);
        return 3;
    }
    double med = s->median;
    int x = r.x + 2;
    x += canvas_printf(cv, x, r.y + 1, r.w - 2, TPX_R_GOOD, "%.1f GB/s", med);
    if (s->meas.nring == 1)
        x += canvas_printf(cv, x, r.y + 1, r.x + r.w - x, TPX_R_NORMAL,
                           "  the median of %d samples  ", m->samples);
    else
        x += canvas_printf(cv, x, r.y + 1, r.x + r.w - x, TPX_R_NORMAL,
                           "  median of the last %d runs (the latest: %d samples)  ",
                           s->meas.nring, m->samples);
    widget_sparkline(cv, x, r.y + 1, TPX_RING, s->meas.ring, s->meas.nring, TPX_R_GOOD);
    char peak[64] = "peak unknown", copy[64] = "memcpy not measured";
    if (m->pct_peak >= 0)
        snprintf(peak, sizeof peak, "%s%.1f%% of theoretical peak",
                 m->pct_peak > 100 ? "ABOVE PEAK: " : "", m->pct_peak);
    if (m->pct_memcpy >= 0)
        snprintf(copy, sizeof copy, "%.1f%% of memcpy (%.0f GB/s)", m->pct_memcpy, m->memcpy_gbs);
    canvas_printf(cv, r.x + 2, r.y + 2, r.w - 2, TPX_R_NORMAL,
                  "noise %.2f%%   %s   %s   %s %s   %s   %s L2   GB = 10^9 bytes",
                  100.0 * m->noise, peak, copy, glyph_str(m->verified ? TPX_G_CHECK : TPX_G_CROSS),
                  m->verified ? "verified" : "NOT verified", runner_badge_name(m->badge),
                  m->hot ? "hot" : "cold");
    return 4;
}

/* A measured bar, or why there is none. */
static void measured_bar(tpx_canvas *cv, int x, int y, int barw, const tpx_slot *s, double top)
{
    const tpx_measurement *m = &s->meas.m;
    if (!measured_ok(s)) {
        canvas_printf(cv, x, y, barw + 22,
                      s->have_meas && m->status != TPX_ST_NOT_MEASURED ? TPX_R_BAD : TPX_R_DIM,
                      "%s", !s->have_meas                     ? "pending"
                            : m->status == TPX_ST_NOT_MEASURED ? "not measured"
                                                               : runner_status_name(m->status));
        return;
    }
    widget_bar(cv, x, y, barw, top > 0 ? m->gbs / top : 0, theme_heat(m->gbs / top), TPX_R_DIM);
    int x2 = x + barw + 1;
    x2 += canvas_printf(cv, x2, y, 12, TPX_R_NORMAL, "%7.1f GB/s", m->gbs);
    if (m->pct_memcpy >= 0)
        canvas_printf(cv, x2, y, 10, TPX_R_DIM, " %5.1f%%", m->pct_memcpy);
}

/* What the model says, beside a measurement too. */
static void bar_notes(tpx_canvas *cv, int x, int y, int w, const tpx_slot *s, int measured)
{
    const tpx_totals *t = &s->model.totals;
    int modelled = s->have_model && s->model.model_rc == 0;
    char extra[64] = "";
    if (measured && modelled)
        snprintf(extra, sizeof extra, "model %.1f%%  ", 100.0 * model_figure(t));
    if (modelled && t->op[TPX_OP_SLD].insts) {
        double ld = model_conflict_ways(&t->op[TPX_OP_SLD]);
        double st = model_conflict_ways(&t->op[TPX_OP_SST]);
        size_t len = strlen(extra);
        snprintf(extra + len, sizeof extra - len, "smem %.1fx", ld > st ? ld : st);
    }
    canvas_text(cv, x, y, w, TPX_R_DIM, extra);
}

/* Kernel k's row of the bars. */
static void bar_row(const tpx_app *a, tpx_canvas *cv, tpx_rect r, int k, int mode, double top)
{
    int measured = mode == BY_MEASURE;
    const tpx_slot *s = &a->live->bar[k];
    int y = r.y + 1 + k, mine = k == (int)a->cfg.kernel;
    int barw = r.w - 60 > 10 ? r.w - 60 : 10;
    canvas_printf(cv, r.x, y, 13, mine ? TPX_R_SELECT : TPX_R_NORMAL, "%-13s",
                  catalog_name((tpx_kernel_id)k));
    if (!s->cfg_ok) {
        canvas_printf(cv, r.x + 14, y, r.w - 14, TPX_R_DIM, "refused: %s", s->why);
        return;
    }
    if (!config_is_reference(s->cfg.kernel))
        canvas_printf(cv, r.x + 14, y, 9, TPX_R_DIM, "%dx%d%s", s->cfg.bx, s->cfg.by,
                      s->cfg.pad ? "+p" : "");
    int x = r.x + 24;
    int modelled = s->have_model && s->model.model_rc == 0;
    if (measured) {
        measured_bar(cv, x, y, barw, s, top);
    } else if (modelled) {
        double f = figure(s, mode);
        widget_bar(cv, x, y, barw, top > 0 ? f / top : 0, theme_heat(top > 0 ? f / top : 0),
                   TPX_R_DIM);
        if (mode == BY_PREDICTION)
            canvas_printf(cv, x + barw + 1, y, 22, TPX_R_NORMAL, "%7.1f GB/s pred", f);
        else
            canvas_printf(cv, x + barw + 1, y, 22, TPX_R_NORMAL, "%6.1f%% model", 100.0 * f);
    } else {
        canvas_text(cv, x, y, barw + 22, TPX_R_DIM,
                    s->have_model ? "measured, not modelled" : "counting...");
    }
    bar_notes(cv, x + barw + 24, y, r.x + r.w - x - barw - 24, s, measured);
}

static const char *mode_words(int mode)
{
    return mode == BY_MEASURE      ? "measured GB/s"
           : mode == BY_PREDICTION ? "the model's predicted GB/s (nothing measured)"
                                   : "model ranking figure: bytes used / moved, charged for bank "
                                     "conflicts; not GB/s";
}

static int bars(const tpx_app *a, const bw_state *st, tpx_canvas *cv, tpx_rect r)
{
    double top = 0;
    for (int k = 0; k < TPX_K_COUNT; k++) {
        double v = figure(&a->live->bar[k], st->bar_mode);
        top = v > top ? v : top;
    }
    canvas_printf(cv, r.x, r.y, r.w, TPX_R_TITLE, "every kernel at %lldx%lld %s: %s", a->cfg.w,
                  a->cfg.h, config_dtype_name(a->cfg.dtype), mode_words(st->bar_mode));
    for (int k = 0; k < TPX_K_COUNT && 1 + k < r.h; k++)
        bar_row(a, cv, r, k, st->bar_mode, top);
    return 1 + TPX_K_COUNT + 1;
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
    double v = figure(s, st->mode);
    tpx_role role = mine ? TPX_R_SELECT
                    : v >= 0 ? theme_heat(st->top_value > 0 ? v / st->top_value : 0)
                             : TPX_R_DIM;
    const char *star = i == st->best ? "*" : "";
    char text[32];
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

static void heat_legend(const tpx_app *a, const bw_state *st, tpx_canvas *cv, tpx_rect r, int y,
                        int rows)
{
    char best[96] = "no best yet", shown[64] = "";
    if (st->best >= 0)
        snprintf(best, sizeof best, "*%dx%d best", 1 << (st->best % TPX_SWEEP_SIDE),
                 1 << (st->best / TPX_SWEEP_SIDE));
    if (rows < TPX_SWEEP_SIDE)
        snprintf(shown, sizeof shown, "rows BY=%d-%d of %d-%d (u/d scroll)   ", 1 << st->top,
                 1 << (st->top + rows - 1), 1, 1 << (TPX_SWEEP_SIDE - 1));
    canvas_printf(cv, r.x, y, r.w, TPX_R_DIM,
                  "%s%s   %dx%d this config   %s refused   ... pending   n/a not measured   "
                  "fail: failed or not verified",
                  shown, best, a->cfg.bx, a->cfg.by, glyph_str(TPX_G_DOT));
}

static void heatmap(const tpx_app *a, const bw_state *st, tpx_canvas *cv, tpx_rect r,
                    int measured)
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
    if (rows < 1)
        return;
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

static void bw_change(tpx_app *a, void *vst, int bits)
{
    bw_state *st = vst;
    if (bits & TPX_CONFIG) { /* the current row in sight, two rows below the top */
        int row = 0;
        while (row + 1 < TPX_SWEEP_SIDE && 1 << (row + 1) <= a->cfg.by)
            row++;
        st->top = row > 2 ? row - 2 : 0;
    }
    const tpx_live *lv = a->live;
    /* With a GPU (or a result file) the cells are measurements, unmeasured
     * shapes say so; without one the model's figure ranks them. */
    st->mode = a->dev.valid ? BY_MEASURE : model_mode(lv->cell, TPX_SWEEP_CELLS);
    st->bar_mode = a->dev.valid ? BY_MEASURE : model_mode(lv->bar, TPX_K_COUNT);
    st->best = -1;
    st->top_value = 0;
    for (int i = 0; i < TPX_SWEEP_CELLS; i++) {
        double v = figure(&lv->cell[i], st->mode);
        if (v > st->top_value) {
            st->top_value = v;
            st->best = i;
        }
    }
}

static void bw_draw(const tpx_app *a, const void *st, tpx_canvas *cv, tpx_rect r)
{
    tpx_rect in = rect_make(r.x + 1, r.y, r.w - 2, r.h);
    int used = live_block(a, cv, in);
    /* A GPU (or saved results) measures; without one the model's figures stand in. */
    int measured = a->dev.valid;
    in.y += used;
    in.h -= used;
    used = a->gpus && a->gpus->n > 1 ? bw_gpus_draw(a, cv, in) : bars(a, st, cv, in);
    in.y += used;
    in.h -= used;
    if (in.h > 2)
        heatmap(a, st, cv, in, measured);
}

static void bw_caption(const tpx_app *a, const void *st, char *buf, size_t n)
{
    (void)st;
    const tpx_slot *s = &a->live->cur;
    if (measured_ok(s)) {
        if (s->meas.m.pct_memcpy >= 0)
            snprintf(buf, n, "%s %dx%d moves %.1f GB/s, %.0f%% of what memcpy reaches on the "
                     "same bytes", catalog_name(a->cfg.kernel), a->cfg.bx, a->cfg.by,
                     s->meas.m.gbs, s->meas.m.pct_memcpy);
        else
            snprintf(buf, n, "%s %dx%d moves %.1f GB/s (memcpy not measured)",
                     catalog_name(a->cfg.kernel), a->cfg.bx, a->cfg.by, s->meas.m.gbs);
        return;
    }
    if (s->have_model && s->model.model_rc == 0) {
        snprintf(buf, n, "nothing measured here: the model's ranking figure for %s is %.1f%% "
                 "(compare the bars)", catalog_name(a->cfg.kernel),
                 100.0 * model_figure(&s->model.totals));
        return;
    }
    snprintf(buf, n, "%s", catalog_get(a->cfg.kernel)->idea);
}

/* r: measure again, or say why there is nothing to measure. */
static int remeasure(tpx_app *a)
{
    char desc[160];
    config_describe(&a->cfg, desc, sizeof desc);
    if (app_recorded(a)) {
        app_say(a, 0, "r: the numbers are recorded%s%s, not measured here: nothing to re-measure",
                a->source[0] ? " in " : "", a->source);
        return TPX_HANDLED | TPX_REDRAW;
    }
    if (!a->dev.valid) {
        app_say(a, 0, "r: nothing to re-measure without a GPU (%s)",
                a->why_no_gpu[0] ? a->why_no_gpu : "model only");
        return TPX_HANDLED | TPX_REDRAW;
    }
    app_say(a, 0, "r: measuring %s again", desc);
    return TPX_HANDLED | TPX_REDRAW | TPX_REMEASURE;
}

static int bw_action(tpx_app *a, void *vst, tpx_action act)
{
    bw_state *st = vst;
    if (act == TPX_ACT_HEAT_UP || act == TPX_ACT_HEAT_DOWN) {
        /* clamped again when drawn, where the rows that fit are known */
        st->top += act == TPX_ACT_HEAT_UP ? -1 : 1;
        st->top = st->top < 0 ? 0 : st->top > TPX_SWEEP_SIDE - 1 ? TPX_SWEEP_SIDE - 1 : st->top;
        return TPX_HANDLED | TPX_REDRAW;
    }
    return act == TPX_ACT_REMEASURE ? remeasure(a) : TPX_UNHANDLED;
}

const tpx_view bandwidth_view = {
    .name = "Bandwidth",
    .keys = TPX_KG_BANDWIDTH,
    .st_size = sizeof(bw_state),
    .caption = bw_caption,
    .draw = bw_draw,
    .on_action = bw_action,
    .on_change = bw_change,
};
