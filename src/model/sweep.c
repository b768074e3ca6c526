#include "sweep.h"

#include <stdio.h>

#include "predict.h"
#include "traffic.h"

int sweep_bar_config(const tpx_config *base, tpx_kernel_id k, const tpx_limits *lim,
                     tpx_config *out, char *msg, size_t n)
{
    tpx_config c = *base;
    c.kernel = k;
    if (!config_has_tile(k))
        c.pad = c.swz = 0;
    if (config_validate(&c, lim, msg, n) != 0) { /* the kernel's fallback block */
        c.bx = tpx_traits_of(k).dbx;
        c.by = tpx_traits_of(k).dby;
        c.pad = c.swz = 0;
        if (config_validate(&c, lim, msg, n) != 0)
            return -1;
    }
    *out = c;
    return 0;
}

int sweep_cell_config(const tpx_config *base, int i, const tpx_limits *lim, tpx_config *out,
                      char *msg, size_t n)
{
    if (i < 0 || i >= TPX_SWEEP_CELLS) {
        snprintf(msg, n, "no such cell");
        return -1;
    }
    tpx_config c = *base;
    c.bx = 1 << (i % TPX_SWEEP_SIDE);
    c.by = 1 << (i / TPX_SWEEP_SIDE);
    if (config_validate(&c, lim, msg, n) != 0)
        return -1;
    *out = c;
    return 0;
}

int sweep_all_blocks(int *bx, int *by, int max)
{
    int n = 0;
    for (int y = 0; y < TPX_SWEEP_SIDE; y++)
        for (int x = 0; x + y < TPX_SWEEP_SIDE && n < max; x++) {
            bx[n] = 1 << x;
            by[n] = 1 << y;
            n++;
        }
    return n;
}

/* A shared wavefront beyond the ideal costs this many global sectors. */
#define SWEEP_WAVEFRONT_COST 0.25

double sweep_model_score(const tpx_totals *t)
{
    if (!t)
        return -1;
    const tpx_cost *o = t->op;
    double useful = (double)(o[TPX_OP_GLD].bytes + o[TPX_OP_GST].bytes) / 32.0;
    double excess = 0;
    for (int k = TPX_OP_SLD; k <= TPX_OP_SST; k++)
        if (o[k].wavefronts > o[k].ideal)
            excess += (double)(o[k].wavefronts - o[k].ideal);
    double cost = (double)(o[TPX_OP_GLD].sectors + o[TPX_OP_GST].sectors) +
                  SWEEP_WAVEFRONT_COST * excess;
    return cost > 0 ? useful / cost : 0;
}

int sweep_predicted_gbs(const tpx_config *c, const tpx_totals *t, const struct tpx_profile *prof,
                        double *gbs)
{
    tpx_traffic tr;
    tpx_prediction p;
    if (!t || !prof || traffic_compute(c, t, prof->l2_bytes, &tr) != 0 ||
        predict_config(c, t, &tr, prof, &p) != 0 || !p.valid)
        return -1;
    *gbs = p.gbs;
    return 0;
}
