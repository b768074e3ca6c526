#include "bw_gpus.h"

#include <stdio.h>

#include "widgets.h"

static int has_number(const tpx_gpus *s, int i, int k)
{
    return s->g[i].cfg_ok[k] && runner_has_number(&s->g[i].m[k]);
}

/* One GPU's cell of kernel k's row: a bar on the shared scale and the GB/s,
 * or why there is no number. */
static void gpu_cell(tpx_canvas *cv, int x, int y, int w, const tpx_gpu_bars *g, int k,
                     double top)
{
    const tpx_measurement *m = &g->m[k];
    if (!g->cfg_ok[k] || !runner_has_number(m)) {
        canvas_text(cv, x, y, w - 1, g->cfg_ok[k] && m->status != TPX_ST_NOT_MEASURED
                                          ? TPX_R_BAD : TPX_R_DIM,
                    !g->cfg_ok[k] ? "refused" : m->status == TPX_ST_NOT_MEASURED
                                                    ? "not in the file"
                                                    : runner_status_name(m->status));
        return;
    }
    int barw = w - 13 > 1 ? w - 13 : 1;
    widget_bar(cv, x, y, barw, m->gbs / top, theme_heat(m->gbs / top), TPX_R_DIM);
    canvas_printf(cv, x + barw + 1, y, 11, TPX_R_NORMAL, "%7.1f", m->gbs);
}

/* The column heads: each GPU's name and the day it was recorded. */
static void heads(const tpx_gpus *s, tpx_canvas *cv, int x, int y, int colw)
{
    for (int i = 0; i < s->n; i++) {
        const tpx_device *d = &s->g[i].dev;
        canvas_printf(cv, x + i * colw, y, colw - 1, TPX_R_TITLE, "%s%s%s", d->name,
                      d->recorded[0] ? " " : "", d->recorded);
    }
}

int bw_gpus_draw(const tpx_app *a, tpx_canvas *cv, tpx_rect r)
{
    const tpx_gpus *s = a->gpus;
    if (!s || s->n < 2)
        return 0;
    double top = 0;
    for (int i = 0; i < s->n; i++)
        for (int k = 0; k < TPX_K_COUNT; k++)
            if (has_number(s, i, k) && s->g[i].m[k].gbs > top)
                top = s->g[i].m[k].gbs;
    int ratio = s->n == 2, x0 = r.x + 23, colw = (r.w - 23 - (ratio ? 8 : 0)) / s->n;
    canvas_printf(cv, r.x, r.y, r.w, TPX_R_TITLE,
                  "every kernel at %lldx%lld %s on %d GPUs: recorded GB/s (one scale)%s", a->cfg.w,
                  a->cfg.h, config_dtype_name(a->cfg.dtype), s->n, ratio ? ", and 2nd/1st" : "");
    heads(s, cv, x0, r.y + 1, colw);
    for (int k = 0; k < TPX_K_COUNT && 2 + k < r.h; k++) {
        int y = r.y + 2 + k;
        const tpx_config *c = &s->g[0].cfg[k];
        canvas_printf(cv, r.x, y, 13, k == (int)a->cfg.kernel ? TPX_R_SELECT : TPX_R_NORMAL,
                      "%-13s", catalog_name((tpx_kernel_id)k));
        if (s->g[0].cfg_ok[k] && !config_is_reference(c->kernel))
            canvas_printf(cv, r.x + 14, y, 9, TPX_R_DIM, "%dx%d%s", c->bx, c->by,
                          c->pad ? "+p" : "");
        for (int i = 0; i < s->n; i++)
            gpu_cell(cv, x0 + i * colw, y, colw, &s->g[i], k, top);
        if (ratio && has_number(s, 0, k) && has_number(s, 1, k))
            canvas_printf(cv, x0 + 2 * colw, y, 8, TPX_R_NORMAL, "x%.2f",
                          s->g[1].m[k].gbs / s->g[0].m[k].gbs);
    }
    return 2 + TPX_K_COUNT + 1;
}
