#include "gpus.h"

#include "sweep.h"

void gpus_fill(tpx_gpus *s, const tpx_config *cur, const tpx_limits *lim)
{
    tpx_measure_opts o = runner_default_opts();
    char why[TPX_MSG];
    for (int i = 0; i < s->n; i++) {
        tpx_gpu_bars *g = &s->g[i];
        runner_device(s->r[i], &g->dev);
        for (int k = 0; k < TPX_K_COUNT; k++) {
            g->cfg_ok[k] = sweep_bar_config(cur, (tpx_kernel_id)k, lim, &g->cfg[k], why,
                                            sizeof why) == 0;
            if (g->cfg_ok[k])
                runner_measure(s->r[i], &g->cfg[k], &o, &g->m[k], NULL, NULL, NULL);
            else
                runner_not_measured(&g->m[k], TPX_ST_INVALID, why);
        }
    }
}
