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

/* Under an instrumented run (TPX_TEST_SLOW, how many times slower: CI sets
 * 5 under the sanitizers, valgrind.sh 30) the brute-force tests take every
 * `slow`-th of their configs, and under memcheck (20 or more) every 3
 * `slow`-th: all of them take seconds natively and most of an hour under
 * memcheck, and what memcheck and the sanitizers want is every path run,
 * which a sample over every kernel and dtype does.  The plain build
 * (./run-tests) checks them all.  1 when not set. */
static inline int test_sample_stride(int slow)
{
    const char *e = getenv("TPX_TEST_SLOW");
    if (!e)
        return 1;
    return atof(e) >= 20 ? 3 * slow : slow;
}

#endif
