/* Bandwidth: the live figure of the current config (median of the recent
 * measurements, sparkline, noise, % of peak and of memcpy, verified, L2
 * badge), every kernel at the current size as bars, and the current kernel
 * over block shapes as a heatmap.  Without measurements the bars show the
 * model's predicted GB/s and the heatmap what the model counts, labelled as
 * such; with them, each bar has its prediction beside it, and the current
 * config says where the two disagree (a lesson about the model). */
#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "views.h"
#include "widgets.h"

/* Bytes used / bytes moved over global loads and stores: the model's figure. */
static double model_figure(const tpx_totals *t)
{
    const tpx_cost *l = &t->op[TPX_OP_GLD], *s = &t->op[TPX_OP_GST];
    unsigned long long moved = 32 * (l->sectors + s->sectors);
    return moved ? (double)(l->bytes + s->bytes) / (double)moved : 0;
}

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

/* Why a measurement can be off the prediction, in a few words (the model's
 * omissions are listed in docs/prediction.md). */
static const char *gap_lesson(const tpx_slot *s)
{
    if (s->gap > 0)
        return s->meas.m.hot ? "A was still in L2 (a hot launch); the model prices a cold one"
                             : "the hardware overlaps the resources better than the model's "
                               "roofline, or the profile's figures are low for this GPU";
    if (s->model.pred.limiter == TPX_LIM_LATENCY)
        return "fewer loads are in flight than the model's latency term assumes";
    return "what the model leaves out costs here: block order, DRAM page locality of "
           "scattered writes, clocks under load";
}

/* The current config's prediction, and where the measurement disagrees with
 * it by more than TPX_PRED_GAP_NOTE.  Returns the rows used. */
static int live_prediction(const tpx_app *a, tpx_canvas *cv, tpx_rect r)
{
    const tpx_slot *s = &a->live->cur;
    const tpx_prediction *p = &s->model.pred;
    if (!s->have_model || !p->valid)
        return 0;
    canvas_printf(cv, r.x + 2, r.y, r.w - 2, TPX_R_WARN,
                  "predicted %.1f GB/s on %s, limited by %s (a model, not a measurement)", p->gbs,
                  a->live->prof.name, predict_limiter_words(p->limiter));
    if (!s->have_gap || (s->gap <= TPX_PRED_GAP_NOTE && s->gap >= -TPX_PRED_GAP_NOTE))
        return 1;
    canvas_printf(cv, r.x + 2, r.y + 1, r.w - 2, TPX_R_BAD, "measured %.0f%% %s the prediction: %s",
                  100.0 * (s->gap < 0 ? -s->gap : s->gap), s->gap < 0 ? "below" : "above",
                  gap_lesson(s));
    return 2;
}

/* The title and the measured figure (or why there is none); the rows used
 * with a blank one under them. */
static int live_figure(const tpx_app *a, tpx_canvas *cv, tpx_rect r)
{
    const tpx_slot *s = &a->live->cur;
    const tpx_measurement *m = &s->meas.m;
    char desc[160];
    config_describe(&a->cfg, desc, sizeof desc);
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

static int live_block(const tpx_app *a, tpx_canvas *cv, tpx_rect r)
{
    int n = live_figure(a, cv, r) - 1; /* its lines, without the blank under them */
    n += live_prediction(a, cv, rect_make(r.x, r.y + n, r.w, r.h - n));
    return n + 1;
}

/* The prediction a slot holds, if any. */
static const tpx_prediction *slot_pred(const tpx_slot *s)
{
    return s->have_model && s->model.model_rc == 0 && s->model.pred.valid ? &s->model.pred : NULL;
}

/* The figure a bar shows (0 when there is none): measured with a GPU, the
 * model's prediction without one. */
static double bar_value(const tpx_slot *s, int measured)
{
    if (measured)
        return measured_ok(s) ? s->meas.m.gbs : 0;
    return slot_pred(s) ? slot_pred(s)->gbs : 0;
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

/* Without a GPU: the predicted bar, labelled, or why there is none. */
static void predicted_bar(tpx_canvas *cv, int x, int y, int barw, const tpx_slot *s, double top)
{
    const tpx_prediction *p = slot_pred(s);
    if (!p) {
        canvas_text(cv, x, y, barw + 22, TPX_R_DIM,
                    !s->have_model            ? "counting..."
                    : s->model.model_rc != 0 ? "measured, not modelled"
                                             : "no prediction: the profile lacks figures");
        return;
    }
    widget_bar(cv, x, y, barw, top > 0 ? p->gbs / top : 0, theme_heat(top > 0 ? p->gbs / top : 0),
               TPX_R_DIM);
    canvas_printf(cv, x + barw + 1, y, 22, TPX_R_WARN, "%6.0f GB/s predicted", p->gbs);
}

/* Beside a measurement, the prediction and how far off it is (marked past
 * TPX_PRED_GAP_NOTE); then what the model counts.  Returns the new x. */
static int bar_prediction(tpx_canvas *cv, int x, int y, int w, const tpx_slot *s, int measured)
{
    const tpx_prediction *p = slot_pred(s);
    if (!measured || !p)
        return x;
    int off = s->have_gap && (s->gap > TPX_PRED_GAP_NOTE || s->gap < -TPX_PRED_GAP_NOTE);
    int n = canvas_printf(cv, x, y, w, off ? TPX_R_WARN : TPX_R_DIM, "predicted %.0f", p->gbs);
    if (s->have_gap)
        n += canvas_printf(cv, x + n, y, w - n, off ? TPX_R_WARN : TPX_R_DIM, " (%+.0f%%)",
                           100.0 * s->gap);
    return x + n + 2;
}

/* What the model says, beside a measurement or a prediction. */
static void bar_notes(tpx_canvas *cv, int x, int y, int w, const tpx_slot *s, int measured)
{
    const tpx_totals *t = &s->model.totals;
    int modelled = s->have_model && s->model.model_rc == 0;
    int x0 = x;
    x = bar_prediction(cv, x, y, w, s, measured);
    char extra[64] = "";
    if (modelled)
        snprintf(extra, sizeof extra, "%.1f%% used  ", 100.0 * model_figure(t));
    if (modelled && t->op[TPX_OP_SLD].insts) {
        double ld = model_conflict_ways(&t->op[TPX_OP_SLD]);
        double st = model_conflict_ways(&t->op[TPX_OP_SST]);
        size_t len = strlen(extra);
        snprintf(extra + len, sizeof extra - len, "smem %.1fx", ld > st ? ld : st);
    }
    canvas_text(cv, x, y, w - (x - x0), TPX_R_DIM, extra);
}

/* The bar's width: room for the figure and the notes after it. */
static int bar_width(tpx_rect r, int measured)
{
    int notes = measured ? 46 : 24;
    return r.w - 48 - notes > 10 ? r.w - 48 - notes : 10;
}

/* Kernel k's row of the bars. */
static void bar_row(const tpx_app *a, tpx_canvas *cv, tpx_rect r, int k, int measured, double top)
{
    const tpx_slot *s = &a->live->bar[k];
    int y = r.y + 1 + k, mine = k == (int)a->cfg.kernel;
    int barw = bar_width(r, measured);
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
    if (measured)
        measured_bar(cv, x, y, barw, s, top);
    else
        predicted_bar(cv, x, y, barw, s, top);
    bar_notes(cv, x + barw + 24, y, r.x + r.w - x - barw - 24, s, measured);
}

static int bars(const tpx_app *a, tpx_canvas *cv, tpx_rect r, int measured)
{
    double top = 0;
    for (int k = 0; k < TPX_K_COUNT; k++) {
        double v = bar_value(&a->live->bar[k], measured);
        top = v > top ? v : top;
    }
    if (measured)
        canvas_printf(cv, r.x, r.y, r.w, TPX_R_TITLE,
                      "every kernel at %lldx%lld %s: measured GB/s, %% of memcpy; the model's "
                      "prediction beside", a->cfg.w, a->cfg.h, config_dtype_name(a->cfg.dtype));
    else
        canvas_printf(cv, r.x, r.y, r.w, TPX_R_TITLE,
                      "every kernel at %lldx%lld %s: predicted GB/s on %s (a model, not a "
                      "measurement: nothing measured)", a->cfg.w, a->cfg.h,
                      config_dtype_name(a->cfg.dtype), a->live->prof.name);
    for (int k = 0; k < TPX_K_COUNT && 1 + k < r.h; k++)
        bar_row(a, cv, r, k, measured, top);
    return 1 + TPX_K_COUNT + 1;
}

static void heatmap(const tpx_app *a, tpx_canvas *cv, tpx_rect r, int measured)
{
    const tpx_live *lv = a->live;
    canvas_printf(cv, r.x, r.y, r.w, TPX_R_TITLE, "%s over block shapes (rows BY, columns BX): %s",
                  catalog_name(a->cfg.kernel),
                  measured ? "measured GB/s" : "model: % of the bytes moved that are used");
    if (config_is_reference(a->cfg.kernel)) {
        canvas_text(cv, r.x + 2, r.y + 1, r.w - 2, TPX_R_DIM,
                    "a reference picks its own launch: no block shapes to sweep");
        return;
    }
    const int cw = 7;
    double top = 0;
    for (int i = 0; i < TPX_SWEEP_CELLS; i++) {
        const tpx_slot *s = &lv->cell[i];
        double v = measured ? (measured_ok(s) ? s->meas.m.gbs : 0)
                   : (s->have_model && s->model.model_rc == 0 ? model_figure(&s->model.totals) : 0);
        top = v > top ? v : top;
    }
    canvas_text(cv, r.x, r.y + 1, 6, TPX_R_DIM, "BY\\BX");
    if (r.h > TPX_SWEEP_SIDE + 2)
        canvas_printf(cv, r.x, r.y + 2 + TPX_SWEEP_SIDE, r.w, TPX_R_DIM,
                      "%s refused   ... pending   n/a not measured   fail: failed or not verified",
                      glyph_str(TPX_G_DOT));
    for (int j = 0; j < TPX_SWEEP_SIDE; j++)
        canvas_printf(cv, r.x + 6 + j * cw, r.y + 1, cw, TPX_R_DIM, "%*d", cw - 1, 1 << j);
    for (int i = 0; i < TPX_SWEEP_SIDE && i + 2 < r.h; i++) {
        int y = r.y + 2 + i;
        canvas_printf(cv, r.x, y, 6, TPX_R_DIM, "%5d", 1 << i);
        for (int j = 0; j < TPX_SWEEP_SIDE; j++) {
            const tpx_slot *s = &lv->cell[i * TPX_SWEEP_SIDE + j];
            int x = r.x + 6 + j * cw;
            int mine = a->cfg.bx == 1 << j && a->cfg.by == 1 << i;
            if (!s->cfg_ok) {
                canvas_glyph(cv, x + cw - 2, y, TPX_G_DOT, TPX_R_DIM);
                continue;
            }
            double v = -1;
            if (measured && measured_ok(s))
                v = s->meas.m.gbs;
            else if (!measured && s->have_model && s->model.model_rc == 0)
                v = model_figure(&s->model.totals);
            tpx_role role = mine ? TPX_R_SELECT : v >= 0 ? theme_heat(top > 0 ? v / top : 0)
                                                         : TPX_R_DIM;
            if (v < 0) /* pending, not measured (e.g. not in a replayed file), or failed */
                canvas_printf(cv, x, y, cw, heat_gap_failed(s) ? TPX_R_BAD : role, "%*s", cw - 1,
                              heat_gap(measured, s));
            else if (measured)
                canvas_printf(cv, x, y, cw, role, "%*.0f", cw - 1, v);
            else
                canvas_printf(cv, x, y, cw, role, "%*.1f%%", cw - 2, 100.0 * v);
        }
    }
}

static void bw_draw(const tpx_app *a, const void *st, tpx_canvas *cv, tpx_rect r)
{
    (void)st;
    tpx_rect in = rect_make(r.x + 1, r.y, r.w - 2, r.h);
    int used = live_block(a, cv, in);
    /* A GPU (or saved results) measures; without one the model's figures stand in. */
    int measured = a->dev.valid;
    in.y += used;
    in.h -= used;
    used = bars(a, cv, in, measured);
    in.y += used;
    in.h -= used;
    if (in.h > 2)
        heatmap(a, cv, in, measured);
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
    if (slot_pred(s)) {
        snprintf(buf, n, "nothing measured here: the model predicts %.0f GB/s for %s on %s, "
                 "limited by %s", slot_pred(s)->gbs,
                 catalog_name(a->cfg.kernel), a->live->prof.name,
                 predict_limiter_words(slot_pred(s)->limiter));
        return;
    }
    if (s->have_model && s->model.model_rc == 0) {
        snprintf(buf, n, "nothing measured here: the model says %s uses %.1f%% of the bytes it "
                 "moves (compare the bars)", catalog_name(a->cfg.kernel),
                 100.0 * model_figure(&s->model.totals));
        return;
    }
    snprintf(buf, n, "%s", catalog_get(a->cfg.kernel)->idea);
}

static int bw_action(tpx_app *a, void *st, tpx_action act)
{
    (void)a;
    (void)st;
    return act == TPX_ACT_REMEASURE ? TPX_HANDLED | TPX_REMEASURE : TPX_UNHANDLED;
}

const tpx_view bandwidth_view = {
    .name = "Bandwidth",
    .keys = TPX_KG_BANDWIDTH,
    .caption = bw_caption,
    .draw = bw_draw,
    .on_action = bw_action,
};
