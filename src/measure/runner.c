#include "runner.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profile.h"

tpx_measure_opts runner_default_opts(void)
{
    tpx_measure_opts o = {
        .hot = 0, .min_samples = 10, .max_samples = 1000, .max_noise = 0.005, .time_cap_s = 1.0,
        .once = 0,
    };
    return o;
}

static const char *const status_names[] = {
    [TPX_ST_NOT_MEASURED] = "not_measured", [TPX_ST_OK] = "ok",
    [TPX_ST_UNAVAILABLE] = "unavailable",   [TPX_ST_OOM] = "out_of_memory",
    [TPX_ST_LAUNCH_ERROR] = "launch_error", [TPX_ST_VERIFY_FAILED] = "verify_failed",
    [TPX_ST_CANCELLED] = "cancelled",       [TPX_ST_INVALID] = "invalid",
};

const char *runner_status_name(tpx_status s)
{
    return (unsigned)s < sizeof status_names / sizeof status_names[0] ? status_names[s] : "?";
}

const char *runner_badge_name(tpx_l2_badge b)
{
    switch (b) {
    case TPX_L2_RESIDENT: return "L2-resident";
    case TPX_L2_INFLUENCED: return "cache-influenced";
    default: return "DRAM";
    }
}

tpx_l2_badge runner_badge(long long bytes_moved, long long l2_bytes)
{
    if (l2_bytes <= 0)
        return TPX_L2_DRAM;
    if (bytes_moved <= l2_bytes)
        return TPX_L2_RESIDENT;
    if (bytes_moved < 4 * l2_bytes)
        return TPX_L2_INFLUENCED;
    return TPX_L2_DRAM;
}

int runner_has_number(const tpx_measurement *m)
{
    return m && m->status == TPX_ST_OK && m->verified && m->samples > 0;
}

void runner_not_measured(tpx_measurement *m, tpx_status s, const char *why)
{
    memset(m, 0, sizeof *m);
    m->status = s;
    m->pct_peak = m->memcpy_gbs = m->pct_memcpy = -1.0;
    snprintf(m->message, sizeof m->message, "%s", why ? why : "");
}

tpx_runner *runner_new(const tpx_runner_ops *ops, void *state)
{
    tpx_runner *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->ops = ops;
    r->state = state;
    return r;
}

void runner_close(tpx_runner *r)
{
    if (r)
        r->ops->close(r);
}

/* ---- the model-only runner ------------------------------------------------ */

typedef struct none_state {
    char why[128];
} none_state;

static void none_device(tpx_runner *r, tpx_device *out)
{
    (void)r;
    memset(out, 0, sizeof *out);
}

static void none_limits(tpx_runner *r, tpx_limits *out)
{
    (void)r;
    profile_limits(NULL, NULL, out); /* the profile the model stands in for */
}

static void none_measure(tpx_runner *r, const tpx_config *c, const tpx_measure_opts *o,
                         tpx_measurement *out, const atomic_int *cancel, tpx_progress_fn progress,
                         void *ctx)
{
    (void)c, (void)o, (void)cancel, (void)progress, (void)ctx;
    none_state *s = r->state;
    runner_not_measured(out, TPX_ST_NOT_MEASURED, s->why);
}

static void none_close(tpx_runner *r)
{
    free(r->state);
    free(r);
}

static const tpx_runner_ops none_ops = {
    .name = "model-only",
    .caps = 0,
    .device = none_device,
    .limits = none_limits,
    .measure = none_measure,
    .close = none_close,
};

tpx_runner *runner_model_only(const char *why)
{
    none_state *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    snprintf(s->why, sizeof s->why, "%s", why ? why : "no GPU: model only");
    tpx_runner *r = runner_new(&none_ops, s);
    if (!r)
        free(s);
    return r;
}
