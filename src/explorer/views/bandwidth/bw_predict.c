/* bw_predict: the Bandwidth view's predictions beside its measurements.  The
 * model worker computes each slot's prediction and the snapshot its gap to
 * the measurement (live.c); here they are only painted: each bar's
 * prediction beside its measurement, and the caption: past
 * TPX_PRED_GAP_NOTE, how far the current config's measurement is off and why
 * it may be (docs/prediction.md lists what the model leaves out); without a
 * GPU, the prediction and what limits it. */
#include <stdio.h>

#include "bandwidth.h"
#include "catalog.h"

static int off(const tpx_slot *s)
{
    return s->have_gap && (s->gap > TPX_PRED_GAP_NOTE || s->gap < -TPX_PRED_GAP_NOTE);
}

/* Why a measurement can be off the prediction, in a few words. */
static const char *gap_lesson(const tpx_slot *s)
{
    if (s->gap > 0)
        return s->meas.m.hot ? "A was still in L2 (hot); the model prices a cold launch"
                             : "the GPU overlaps its resources better than the model says";
    if (s->model.pred.limiter == TPX_LIM_LATENCY)
        return "fewer loads in flight than the model's latency term";
    return "the model leaves out block order, DRAM pages, clocks";
}

int bw_predict_beside(tpx_canvas *cv, int x, int y, int w, const tpx_slot *s)
{
    if (!s->have_model || !s->model.pred.valid || !s->have_gap)
        return 0;
    tpx_role role = off(s) ? TPX_R_WARN : TPX_R_DIM;
    return canvas_printf(cv, x, y, w, role, "predicted %.0f (%+.0f%%)  ", s->model.pred.gbs,
                         100.0 * s->gap);
}

int bw_predict_caption(const tpx_app *a, char *buf, size_t n)
{
    const tpx_slot *s = &a->live->cur;
    if (off(s)) {
        snprintf(buf, n, "%s measured %.1f GB/s, %.0f%% %s the prediction (%.0f): %s",
                 catalog_name(a->cfg.kernel), s->median > 0 ? s->median : s->meas.m.gbs,
                 100.0 * (s->gap < 0 ? -s->gap : s->gap), s->gap < 0 ? "below" : "above",
                 s->model.pred.gbs, gap_lesson(s));
        return 1;
    }
    if (a->dev.valid || !s->have_model || !s->model.pred.valid)
        return 0;
    snprintf(buf, n, "nothing measured here: the model predicts %.0f GB/s for %s on %s, limited "
             "by %s", s->model.pred.gbs, catalog_name(a->cfg.kernel), a->live->prof.name,
             predict_limiter_words(s->model.pred.limiter));
    return 1;
}
