/* A config from its parts, for tests (not validated: tests of refusals need
 * invalid ones too). */
#ifndef TPX_TEST_CFG_H
#define TPX_TEST_CFG_H

#include "config.h"

static inline tpx_config test_cfg(tpx_kernel_id k, int bx, int by, long long w, long long h,
                                  tpx_dtype t, int pad)
{
    tpx_config c = config_default();
    c.kernel = k;
    c.bx = bx;
    c.by = by;
    c.w = w;
    c.h = h;
    c.dtype = t;
    c.pad = pad;
    return c;
}

#endif
