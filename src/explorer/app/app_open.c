#include "app_open.h"

#include <stdio.h>

#include "catalog.h"
#include "runner_replay.h"

void app_open_at(tpx_runner *r, unsigned keep, const tpx_limits *lim, tpx_config *c, char *note,
                 size_t n)
{
    tpx_config near;
    char why[TPX_MSG], was[160], now[160] = "";
    note[0] = '\0';
    if (runner_nearest(r, c, keep, &near) != 0 || replay_same_config(&near, c) ||
        config_validate(&near, lim, why, sizeof why) != 0)
        return;
    config_describe(c, was, sizeof was);
    /* only what changed: "opened at 4000x4000" */
    size_t k = 0;
    if (near.kernel != c->kernel)
        k += (size_t)snprintf(now + k, sizeof now - k, " %s", catalog_name(near.kernel));
    if (near.bx != c->bx || near.by != c->by)
        k += (size_t)snprintf(now + k, sizeof now - k, " %dx%d", near.bx, near.by);
    if (near.w != c->w || near.h != c->h)
        k += (size_t)snprintf(now + k, sizeof now - k, " %lldx%lld", near.w, near.h);
    if (near.dtype != c->dtype)
        k += (size_t)snprintf(now + k, sizeof now - k, " %s", config_dtype_name(near.dtype));
    if (near.pad != c->pad || near.swz != c->swz)
        snprintf(now + k, sizeof now - k, near.swz ? " swizzle" : " pad %d", near.pad);
    snprintf(note, n, "opened at%s, the nearest the loaded results have to %s", now, was);
    *c = near;
}
