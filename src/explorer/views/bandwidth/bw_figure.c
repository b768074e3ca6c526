/* bw_figure: the number a slot of the Bandwidth view stands for under each
 * mode (bandwidth.h), which the bars, the heatmap and the modes share. */
#include "bandwidth.h"
#include "sweep.h"

static int modelled(const tpx_slot *s) { return s->cfg_ok && s->have_model && s->model.model_rc == 0; }

double bw_figure(const tpx_slot *s, int mode)
{
    if (mode == BY_MEASURE)
        return s->cfg_ok && s->have_meas && runner_has_number(&s->meas.m) ? s->meas.m.gbs : -1;
    if (!modelled(s))
        return -1;
    if (mode == BY_PREDICTION)
        return s->model.have_pred ? s->model.pred_gbs : -1;
    return sweep_model_score(&s->model.totals);
}

int bw_model_mode(const tpx_slot *s, int n)
{
    int any = 0;
    for (int i = 0; i < n; i++) {
        if (modelled(&s[i]) && !s[i].model.have_pred)
            return BY_SCORE;
        any |= modelled(&s[i]);
    }
    return any ? BY_PREDICTION : BY_SCORE;
}
