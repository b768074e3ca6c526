/* Helpers of the access-model tests (test_model.c, test_model_shared.c): a
 * validated config, its launch totals, and exact per-request ratios. */
#ifndef TPX_TEST_MODEL_H
#define TPX_TEST_MODEL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "model.h"
#include "test_cfg.h"

static inline tpx_config mk(tpx_kernel_id k, int bx, int by, long long w, long long h,
                            tpx_dtype t, int pad)
{
    tpx_config c = test_cfg(k, bx, by, w, h, t, pad);
    tpx_limits lim = config_default_limits();
    char msg[TPX_MSG];
    if (config_validate(&c, &lim, msg, sizeof msg) != 0)
        fail_msg("invalid test config: %s", msg);
    return c;
}

static inline tpx_totals tot(tpx_config c)
{
    tpx_totals t;
    assert_int_equal(model_totals(&c, &t, NULL), 0);
    return t;
}

#define OP(t, o) ((t).op[TPX_OP_##o])

/* Per request ratios as exact fractions: x per request == num. */
static inline void assert_per_req(const tpx_cost *c, unsigned long long per, int wave)
{
    unsigned long long v = wave ? c->wavefronts : c->sectors;
    if (v != per * c->insts)
        fail_msg("%llu %s over %llu requests is not %llu per request", v,
                 wave ? "wavefronts" : "sectors", c->insts, per);
}

#endif
