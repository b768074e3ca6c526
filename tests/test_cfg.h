/* A config from its parts, for tests (not validated: tests of refusals need
 * invalid ones too). */
#ifndef TPX_TEST_CFG_H
#define TPX_TEST_CFG_H

#include <stdlib.h>

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

/* Under an instrumented run (TPX_TEST_SLOW: valgrind.sh sets it, and CI
 * under the sanitizers) the brute-force tests take every `slow`-th of their
 * configs: all of them take seconds natively and most of an hour under
 * memcheck, and what memcheck and the sanitizers want is every path run,
 * which a sample over every kernel and dtype does.  The plain build
 * (./run-tests) checks them all.  1 when not set. */
static inline int test_sample_stride(int slow)
{
    return getenv("TPX_TEST_SLOW") ? slow : 1;
}

#endif
