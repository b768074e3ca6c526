#include "fake_runner.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

double fake_gbs(const tpx_config *c) { return 100.0 + c->bx + c->by / 10.0 + c->kernel; }

fake_state *fake_of(tpx_runner *r) { return r->state; }

static void fake_device(tpx_runner *r, tpx_device *d)
{
    (void)r;
    memset(d, 0, sizeof *d);
    d->valid = 1;
    snprintf(d->name, sizeof d->name, "Fake GPU");
    d->cc_major = 9;
    d->sms = 4;
    d->l2_bytes = 1 << 20;
    d->peak_gbs = 1000.0;
    d->max_threads_per_sm = 2048;
    d->max_blocks_per_sm = 32;
    d->smem_per_sm = 228 * 1024;
    snprintf(d->source, sizeof d->source, "fake");
}

static void fake_limits(tpx_runner *r, tpx_limits *l)
{
    (void)r;
    *l = config_default_limits();
}

static void fake_measure(tpx_runner *r, const tpx_config *c, const tpx_measure_opts *o,
                         tpx_measurement *m, const atomic_int *cancel, tpx_progress_fn progress,
                         void *ctx)
{
    (void)o;
    fake_state *s = r->state;
    atomic_fetch_add(&s->calls, 1);
    /* Read at every step: a test holds a measurement (a delay it cannot
     * reach) and lets it finish by lowering the delay. */
    for (int t = 0;; t += 5) {
        if (cancel && atomic_load(cancel)) {
            atomic_fetch_add(&s->cancelled, 1);
            runner_not_measured(m, TPX_ST_CANCELLED, "cancelled");
            return;
        }
        int delay = atomic_load(&s->delay_ms);
        if (t >= delay)
            break;
        if (progress)
            progress(ctx, (double)t / delay);
        struct timespec ts = {0, 5 * 1000000L};
        nanosleep(&ts, NULL);
    }
    if (c->kernel == s->fail_kernel) {
        runner_not_measured(m, s->fail_status, "the fake was told to fail");
        return;
    }
    memset(m, 0, sizeof *m);
    m->status = TPX_ST_OK;
    m->samples = 10;
    m->gbs = s->gbs > 0 ? s->gbs : fake_gbs(c);
    m->median_ms = m->min_ms = m->mean_ms = 1.0;
    m->noise = 0.001;
    m->pct_peak = m->gbs / 10.0;
    m->memcpy_gbs = 800.0;
    m->pct_memcpy = 100.0 * m->gbs / 800.0;
    m->verified = 1;
    m->badge = TPX_L2_DRAM;
    m->occ.valid = 1;
    m->occ.blocks_per_sm = 2;
    snprintf(m->device, sizeof m->device, "Fake GPU");
}

static void fake_close(tpx_runner *r)
{
    free(r->state);
    free(r);
}

static const tpx_runner_ops fake_ops = {
    .name = "fake",
    .caps = 0, /* tests say themselves whether to repeat (live_start) */
    .device = fake_device,
    .limits = fake_limits,
    .measure = fake_measure,
    .close = fake_close,
};

tpx_runner *fake_runner(int delay_ms)
{
    fake_state *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    atomic_init(&s->delay_ms, delay_ms);
    atomic_init(&s->calls, 0);
    atomic_init(&s->cancelled, 0);
    s->fail_kernel = TPX_K_COUNT;
    tpx_runner *r = runner_new(&fake_ops, s);
    if (!r)
        free(s);
    return r;
}
