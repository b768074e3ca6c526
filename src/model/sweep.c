#include "sweep.h"

#include <stdio.h>

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
    if (c.bx * c.by < TPX_SWEEP_MIN_THREADS) {
        snprintf(msg, n, "%dx%d has fewer than %d threads", c.bx, c.by, TPX_SWEEP_MIN_THREADS);
        return -1;
    }
    if (config_validate(&c, lim, msg, n) != 0)
        return -1;
    *out = c;
    return 0;
}
