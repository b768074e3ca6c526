/* strip: the live bandwidth under every view, two rows.  The lower: a
 * measured figure only when it is measured and verified; otherwise what
 * happened instead (not measured, failed, measuring) and what the model
 * counts and predicts (labelled "predicted"), never a 0.  The upper: the
 * limit that binds the model's prediction, in the words the model worker
 * wrote (predict_explain), so a user sees why on every view; a message
 * (layout.h) takes that row until the next key. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "chrome.h"
#include "widgets.h"

/* One piece of a row at *x, up to end: whole, or cut between its fields
 * with an ellipsis (canvas_fit), after which the row is full: a later piece
 * never follows a cut one. */
__attribute__((format(printf, 6, 7))) static void piece(tpx_canvas *cv, int *x, int y, int end,
                                                        tpx_role role, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (*x >= end)
        return;
    int w = canvas_width(buf);
    canvas_fit(cv, *x, y, end - *x, role, buf);
    *x = w <= end - *x ? *x + w : end;
}

/* "  measuring 45% [###...]" for the job in hand; returns the new x. */
static int progress(const tpx_app *a, tpx_canvas *cv, int x, tpx_rect r)
{
    const tpx_live *lv = a->live;
    if (!lv->gpu.busy || x + 24 > r.x + r.w)
        return x;
    int cur = config_same(&lv->gpu_job, &a->cfg);
    x += canvas_printf(cv, x, r.y, r.x + r.w - x, TPX_R_WARN, "%s %3.0f%% ",
                       cur ? "measuring" : "sweeping", 100.0 * lv->gpu.progress);
    widget_bar(cv, x, r.y, 8, lv->gpu.progress, TPX_R_GOOD, TPX_R_DIM);
    x += 9;
    if (!cur)
        x += canvas_printf(cv, x, r.y, r.x + r.w - x, TPX_R_DIM, "%s %dx%d (%d to go)",
                           catalog_name(lv->gpu_job.kernel), lv->gpu_job.bx, lv->gpu_job.by,
                           lv->gpu.pending);
    return x + 2;
}

/* "  predicted 1234 GB/s (-40%)" after a measurement: the model's figure,
 * marked when the two disagree by more than TPX_PRED_GAP_NOTE. */
static int predicted_beside(const tpx_app *a, tpx_canvas *cv, int x, tpx_rect r)
{
    const tpx_slot *s = &a->live->cur;
    if (!s->have_gap)
        return x + 2;
    int off = s->gap > TPX_PRED_GAP_NOTE || s->gap < -TPX_PRED_GAP_NOTE;
    piece(cv, &x, r.y, r.x + r.w, off ? TPX_R_WARN : TPX_R_DIM, "  predicted %.0f GB/s (%+.0f%%)",
          s->model.pred.gbs, 100.0 * s->gap);
    return x + 2;
}

static int measured(const tpx_app *a, tpx_canvas *cv, int x, tpx_rect r)
{
    const tpx_result *res = &a->live->cur.meas;
    const tpx_measurement *m = &res->m;
    int end = r.x + r.w;
    double med = res->nring ? a->live->cur.median : m->gbs;
    piece(cv, &x, r.y, end, TPX_R_GOOD, "%.1f GB/s", med);
    char where[200];
    app_measured_where(a, where, sizeof where);
    if (app_recorded(a)) /* a loaded file: one recorded run, never "live" */
        piece(cv, &x, r.y, end, TPX_R_DIM, " %s ", where);
    else
        piece(cv, &x, r.y, end, TPX_R_DIM, " median of %d run%s ", res->nring,
                           res->nring == 1 ? "" : "s");
    if (res->nring > 1 && x + 10 < end) {
        widget_sparkline(cv, x, r.y, 8, res->ring, res->nring, TPX_R_GOOD);
        x += (res->nring < 8 ? res->nring : 8) + 1;
    }
    piece(cv, &x, r.y, end, TPX_R_NORMAL, " noise %s%.2f%%",
                       glyph_str(TPX_G_PLUSMINUS), 100.0 * m->noise);
    if (m->pct_peak >= 0)
        piece(cv, &x, r.y, end, m->pct_peak > 100 ? TPX_R_BAD : TPX_R_NORMAL,
                           "  %.1f%% of peak%s", m->pct_peak,
                           m->pct_peak > 100 ? " (above peak: cache?)" : "");
    if (m->pct_memcpy >= 0)
        piece(cv, &x, r.y, end, TPX_R_NORMAL, "  %.1f%% of memcpy", m->pct_memcpy);
    piece(cv, &x, r.y, end, m->verified ? TPX_R_GOOD : TPX_R_BAD, "  %s %s",
                       glyph_str(m->verified ? TPX_G_CHECK : TPX_G_CROSS),
                       m->verified ? "verified" : "NOT verified");
    piece(cv, &x, r.y, end, TPX_R_WARN, "  %s", runner_badge_name(m->badge));
    piece(cv, &x, r.y, end, TPX_R_DIM, "  %s L2", m->hot ? "hot" : "cold");
    return predicted_beside(a, cv, x, r);
}

/* What the model counts, for when nothing is measured. */
static void model_summary(const tpx_app *a, tpx_canvas *cv, int x, tpx_rect r)
{
    const tpx_slot *s = &a->live->cur;
    int end = r.x + r.w;
    if (config_is_reference(a->cfg.kernel)) {
        canvas_printf(cv, x, r.y, end - x, TPX_R_DIM, "model: %s is measured, not modelled",
                      catalog_name(a->cfg.kernel));
        return;
    }
    if (!s->have_model) {
        canvas_text(cv, x, r.y, end - x, TPX_R_DIM, "model: counting...");
        return;
    }
    const tpx_cost *ld = &s->model.totals.op[TPX_OP_GLD], *st = &s->model.totals.op[TPX_OP_GST];
    piece(cv, &x, r.y, end, TPX_R_NORMAL, "model: ");
    if (s->model.pred.valid) /* a figure, but the model's: the word says so */
        piece(cv, &x, r.y, end, TPX_R_WARN, "predicted %.0f GB/s; ", s->model.pred.gbs);
    piece(cv, &x, r.y, end, TPX_R_NORMAL, "loads use %.1f%% of the bytes they move, stores %.1f%%",
          100.0 * model_efficiency(ld), 100.0 * model_efficiency(st));
}

/* The second row: what limits the prediction for the current config. */
static void limit_row(const tpx_app *a, tpx_canvas *cv, tpx_rect r)
{
    const tpx_slot *s = &a->live->cur;
    int x = r.x + 1, y = r.y, end = r.x + r.w;
    if (r.h < 2 || a->msg[0] || config_is_reference(a->cfg.kernel))
        return; /* the figures' row says a reference is not modelled */
    if (tpx_is_user(a->cfg.kernel)) { /* your kernel: whether it is right comes first */
        x += canvas_text(cv, x, y, end - x, TPX_R_TITLE, "check ");
        if (!s->have_model || !s->cfg_ok)
            canvas_fit(cv, x, y, end - x, TPX_R_DIM, s->cfg_ok ? "checking every thread..." : s->why);
        else
            canvas_fit(cv, x, y, end - x, s->model.check == 1 ? TPX_R_GOOD
                                            : s->model.check == -1 ? TPX_R_BAD : TPX_R_DIM,
                        s->model.check_verdict);
        return;
    }
    x += canvas_text(cv, x, y, end - x, TPX_R_TITLE, "why ");
    if (!s->have_model || !s->cfg_ok)
        canvas_fit(cv, x, y, end - x, TPX_R_DIM, s->cfg_ok ? "the model is counting..." : s->why);
    else if (!s->model.pred.valid)
        canvas_fitf(cv, x, y, end - x, TPX_R_DIM, "no prediction: the %s profile lacks its "
                      "figures", a->live->prof.name[0] ? a->live->prof.name : "device");
    else /* the mark first: long words are cut at the right */
        canvas_fitf(cv, x, y, end - x, TPX_R_NORMAL, "predicted on %s: %s", a->live->prof.name,
                    s->model.pred_why);
}

static void figures_row(const tpx_app *a, tpx_canvas *cv, tpx_rect r)
{
    const tpx_slot *s = &a->live->cur;
    int x = r.x + 1, end = r.x + r.w;
    x += canvas_text(cv, x, r.y, end - x, TPX_R_TITLE, "bandwidth ");
    if (s->have_meas && s->meas.m.status == TPX_ST_OK) {
        x = measured(a, cv, x, r);
        progress(a, cv, x, r);
        return;
    }
    if (s->have_meas && s->meas.m.status == TPX_ST_NOT_MEASURED) {
        piece(cv, &x, r.y, end, TPX_R_DIM, "not measured (%s)  ",
              s->meas.m.message[0] ? s->meas.m.message : "no GPU");
        model_summary(a, cv, x, r);
        return;
    }
    if (s->have_meas) {
        piece(cv, &x, r.y, end, TPX_R_BAD, "%s: %s  ", runner_status_name(s->meas.m.status),
              s->meas.m.message[0] ? s->meas.m.message : "no reason given");
        model_summary(a, cv, x, r);
        return;
    }
    int x0 = x;
    x = progress(a, cv, x, r);
    if (x == x0)
        x += canvas_text(cv, x, r.y, end - x, TPX_R_DIM, "waiting to measure  ");
    model_summary(a, cv, x, r);
}

void strip_draw(const tpx_app *a, tpx_canvas *cv, tpx_rect r)
{
    limit_row(a, cv, r);
    figures_row(a, cv, rect_make(r.x, r.y + r.h - 1, r.w, 1));
}
