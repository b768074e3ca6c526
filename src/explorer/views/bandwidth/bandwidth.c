/* Bandwidth: the current config's live figure (median, sparkline, noise, % of peak and of
 * memcpy, verified, L2 badge), every kernel as bars and block shapes as a heatmap; without
 * measurements the model's predictions, labelled (beside measurements: bw_predict.c). */
#include <stdio.h>
#include <string.h>

#include "bw_gpus.h"
#include "catalog.h"
#include "bandwidth.h"
#include "sweep.h"
#include "widgets.h"

static int measured_ok(const tpx_slot *s)
{
    return s->cfg_ok && s->have_meas && s->meas.m.status == TPX_ST_OK;
}


/* The model's figure and the limit that binds it, in words, at row y. */
static void limit_line(const tpx_app *a, tpx_canvas *cv, tpx_rect r, int y)
{
    const tpx_slot *s = &a->live->cur;
    if (config_is_reference(a->cfg.kernel))
        canvas_printf(cv, r.x + 2, y, r.w - 2, TPX_R_DIM, "the model: %s picks its own launch: "
                      "measured, never predicted", catalog_name(a->cfg.kernel));
    else if (s->have_model && s->model.pred.valid)
        canvas_printf(cv, r.x + 2, y, r.w - 2, TPX_R_NORMAL, "the model on %s: predicted %.0f "
                      "GB/s, %s", a->live->prof.name, s->model.pred.gbs, s->model.pred_why);
    else
        canvas_text(cv, r.x + 2, y, r.w - 2, TPX_R_DIM,
                    s->have_model ? "the model: no prediction on this profile"
                                  : "the model: counting...");
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
        limit_line(a, cv, r, r.y + 2);
        return 4;
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
    limit_line(a, cv, r, r.y + 3);
    return 5;
}

/* A measured bar, or why there is none. */
static void measured_bar(tpx_canvas *cv, int x, int y, int barw, const tpx_slot *s, double top)
{
    const tpx_measurement *m = &s->meas.m;
    if (s->have_meas && m->status == TPX_ST_NOT_MEASURED && s->have_model &&
        s->model.pred.valid) { /* not in the file: the model answers, and says so */
        canvas_printf(cv, x, y, barw + 22, TPX_R_DIM, "not measured: ~%.0f GB/s predicted",
                      s->model.pred_gbs);
        return;
    }
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
    int n = measured ? bw_predict_beside(cv, x, y, w, s) : 0; /* the prediction first */
    if (measured && modelled)
        snprintf(extra, sizeof extra, "model %.1f%%  ", 100.0 * sweep_model_score(t));
    if (modelled && t->op[TPX_OP_SLD].insts) {
        double ld = model_conflict_ways(&t->op[TPX_OP_SLD]);
        double st = model_conflict_ways(&t->op[TPX_OP_SST]);
        size_t len = strlen(extra);
        snprintf(extra + len, sizeof extra - len, "smem %.1fx", ld > st ? ld : st);
    }
    canvas_text(cv, x + n, y, w - n, TPX_R_DIM, extra);
}

/* Kernel k's row of the bars. */
static void bar_row(const tpx_app *a, tpx_canvas *cv, tpx_rect r, int k, int mode, double top)
{
    int measured = mode == BY_MEASURE;
    const tpx_slot *s = &a->live->bar[k];
    int y = r.y + 1 + k, mine = k == (int)a->cfg.kernel;
    /* At most 64 cells: 1.6 % a cell is fine enough, and a wider screen (a slide
     * widening until nothing is cut) then gives the notes room instead */
    int room = measured ? 84 : 60, barw = r.w - room > 10 ? r.w - room : 10;
    if (barw > 64)
        barw = 64;
    canvas_printf(cv, r.x, y, 13, mine ? TPX_R_SELECT : TPX_R_NORMAL, "%-13s",
                  catalog_name((tpx_kernel_id)k));
    if (!s->cfg_ok) {
        canvas_printf(cv, r.x + 14, y, r.w - 14, TPX_R_DIM, "refused: %s", s->why);
        return;
    }
    if (!config_is_reference(s->cfg.kernel))
        canvas_printf(cv, r.x + 14, y, 9, TPX_R_DIM, "%dx%d%s", s->cfg.bx, s->cfg.by,
                      s->cfg.pad ? "+p" : "");
    int x = r.x + 24, modelled = s->have_model && s->model.model_rc == 0;
    if (measured) {
        measured_bar(cv, x, y, barw, s, top);
    } else if (modelled) {
        double f = bw_figure(s, mode);
        widget_bar(cv, x, y, barw, top > 0 ? f / top : 0, theme_heat(top > 0 ? f / top : 0),
                   TPX_R_DIM);
        if (mode == BY_PREDICTION)
            canvas_printf(cv, x + barw + 1, y, 22, TPX_R_NORMAL, "%6.0f GB/s predicted", f);
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
        double v = bw_figure(&a->live->bar[k], st->bar_mode);
        top = v > top ? v : top;
    }
    canvas_printf(cv, r.x, r.y, r.w, TPX_R_TITLE, "every kernel at %lldx%lld %s: %s", a->cfg.w,
                  a->cfg.h, config_dtype_name(a->cfg.dtype), mode_words(st->bar_mode));
    /* Never drop a kernel silently: the last row says how many are left out. */
    int fit = r.h - 2 >= TPX_K_COUNT ? TPX_K_COUNT : r.h > 3 ? r.h - 3 : 0;
    for (int k = 0; k < fit; k++)
        bar_row(a, cv, r, k, st->bar_mode, top);
    if (fit < TPX_K_COUNT)
        canvas_printf(cv, r.x + 1, r.y + 1 + fit, r.w - 1, TPX_R_DIM, "%s %d more kernels: a taller "
                      "terminal shows them", glyph_str(TPX_G_ELLIPSIS), TPX_K_COUNT - fit);
    return fit < TPX_K_COUNT ? fit + 3 : TPX_K_COUNT + 2;
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
    st->mode = a->dev.valid ? BY_MEASURE : bw_model_mode(lv->cell, TPX_SWEEP_CELLS);
    st->bar_mode = a->dev.valid ? BY_MEASURE : bw_model_mode(lv->bar, TPX_K_COUNT);
    st->best = -1;
    st->top_value = 0;
    for (int i = 0; i < TPX_SWEEP_CELLS; i++) {
        double v = bw_figure(&lv->cell[i], st->mode);
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
    tpx_rect b = in; /* the bars leave the heatmap its titles, three rows, its legend */
    b.h -= b.h > 10 ? 6 : 0;
    used = a->gpus && a->gpus->n > 1 ? bw_gpus_draw(a, cv, b) : bars(a, st, cv, b);
    in.y += used;
    in.h -= used;
    if (in.h > 1)
        bw_heatmap(a, st, cv, in, measured);
}

static void bw_caption(const tpx_app *a, const void *st, char *buf, size_t n)
{
    (void)st;
    const tpx_slot *s = &a->live->cur;
    if (bw_predict_caption(a, buf, n)) /* a measurement far off its prediction, or none */
        return;
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
                 100.0 * sweep_model_score(&s->model.totals));
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

const tpx_view_ops bandwidth_view = {
    .st_size = sizeof(bw_state),
    .caption = bw_caption,
    .draw = bw_draw,
    .on_action = bw_action,
    .on_change = bw_change,
};
