#include "sweep_gen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "profile.h"
#include "sweep.h"

/* A small generator of our own: the same files on every machine. */
static unsigned long long rng_state;
static unsigned rnd(unsigned n)
{
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return n ? (unsigned)((rng_state >> 33) % n) : 0;
}
static double rnd_unit(void) { return (rnd(1u << 30) + 0.5) / (double)(1u << 30); }

void sweep_gen_device(tpx_device *d)
{
    memset(d, 0, sizeof *d);
    d->valid = 1;
    snprintf(d->name, sizeof d->name, "Round-trip GPU");
    d->cc_major = 9;
    d->sms = 132;
    d->l2_bytes = 60LL << 20;
    d->mem_bytes = 80LL << 30;
    d->mem_clock_khz = 2619000;
    d->bus_bits = 5120;
    d->peak_gbs = 2.0 * d->mem_clock_khz * 1e3 * (d->bus_bits / 8.0) / 1e9;
    d->max_threads_per_sm = 2048;
    d->max_blocks_per_sm = 32;
    d->smem_per_sm = 233472;
    d->smem_per_block_optin = 232448;
    snprintf(d->source, sizeof d->source, "cuda");
}

void sweep_gen_limits(const bench_result *b, tpx_limits *lim)
{
    *lim = config_default_limits();
    long long optin = b->dev.valid ? b->dev.smem_per_block_optin
                                   : profile_builtin()->smem_per_block_optin;
    if (optin > lim->smem_per_block)
        lim->smem_per_block = optin;
}

static double round_to(double v, double unit) { return (double)(long long)(v / unit + 0.5) * unit; }

/* A verified, timed measurement of c whose figures agree as a GPU's do,
 * rounded as the writer rounds them. */
static void measured(const bench_result *b, const tpx_config *c, int hot, tpx_measurement *m)
{
    runner_not_measured(m, TPX_ST_OK, "");
    double bytes = 2.0 * (double)c->w * (double)c->h * (double)config_esize(c->dtype);
    double gbs = 1.0 + rnd_unit() * 4000.0;
    m->hot = hot;
    m->samples = 10 + (int)rnd(991);
    m->median_ms = round_to(bytes / (gbs * 1e6), 1e-5);
    if (m->median_ms < 1e-5)
        m->median_ms = 1e-5;
    m->gbs = round_to(bytes / (m->median_ms * 1e6), 0.1);
    m->min_ms = m->median_ms * (1.0 - 0.01 * rnd_unit());
    m->q1_ms = (m->min_ms + m->median_ms) / 2;
    m->q3_ms = m->median_ms * (1.0 + 0.01 * rnd_unit());
    m->max_ms = m->q3_ms * (1.0 + 0.05 * rnd_unit());
    m->mean_ms = (m->q1_ms + m->q3_ms) / 2;
    m->noise = 0.02 * rnd_unit();
    m->pct_peak = 100.0 * m->gbs / b->dev.peak_gbs;
    m->memcpy_gbs = round_to(2000.0 + 2000.0 * rnd_unit(), 0.1);
    m->pct_memcpy = 100.0 * m->gbs / m->memcpy_gbs;
    m->verified = 1;
    m->badge = (tpx_l2_badge)rnd(3);
    snprintf(m->device, sizeof m->device, "%s", b->dev.name);
    if (config_is_reference(c->kernel))
        return;
    int warps = (c->bx * c->by + 31) / 32, most = 64 / warps;
    m->occ.valid = 1;
    m->occ.blocks_per_sm = 1 + (int)rnd((unsigned)(most > 32 ? 32 : most));
    m->occ.regs_per_thread = 8 + (int)rnd(248);
    m->occ.smem_per_block = config_smem_bytes(c);
    m->occ.occupancy = (double)(m->occ.blocks_per_sm * warps) / 64.0;
}

/* What a GPU sweep's row may be: mostly measured, sometimes one of the ways
 * a run fails or a --once launch. */
static void gpu_row(const bench_result *b, bench_row *r, int hot)
{
    static const tpx_status fails[] = {TPX_ST_UNAVAILABLE, TPX_ST_OOM, TPX_ST_LAUNCH_ERROR,
                                       TPX_ST_VERIFY_FAILED, TPX_ST_INVALID};
    unsigned k = rnd(20);
    if (k == 0) {
        runner_not_measured(&r->m, fails[rnd(5)], "the generator says this run failed");
    } else if (k == 1) {
        runner_not_measured(&r->m, TPX_ST_OK, "");
        r->m.verified = 1;
        r->m.hot = hot;
    } else {
        measured(b, &r->c, hot, &r->m);
    }
}

static int same(const tpx_config *a, const tpx_config *b)
{
    return a->kernel == b->kernel && a->bx == b->bx && a->by == b->by && a->w == b->w &&
           a->h == b->h && a->dtype == b->dtype && a->pad == b->pad && a->swz == b->swz &&
           a->tile_dtype == b->tile_dtype;
}

static void random_config(tpx_config *c, const int *bx, const int *by, int nb, long long side)
{
    *c = config_default();
    c->kernel = (tpx_kernel_id)rnd(TPX_K_COUNT);
    int i = (int)rnd((unsigned)nb);
    c->bx = config_is_reference(c->kernel) ? 32 : bx[i];
    c->by = config_is_reference(c->kernel) ? 8 : by[i];
    c->w = 1 + rnd((unsigned)side);
    c->h = rnd(3) == 0 ? c->w : 1 + rnd((unsigned)side);
    c->dtype = (tpx_dtype)rnd(TPX_DTYPE_COUNT);
    if (config_has_tile(c->kernel)) {
        c->pad = rnd(4) == 0 ? (int)rnd(TPX_MAX_PAD + 1) : (int)rnd(2);
        c->swz = rnd(4) == 0;
        if (c->swz)
            c->pad = 0;
        config_set_tile_dtype(c, (tpx_dtype)rnd(TPX_DTYPE_COUNT));
    }
}

void sweep_gen(bench_result *b, unsigned seed, int gpu, int rows, long long max_side)
{
    memset(b, 0, sizeof *b);
    rng_state = seed * 2654435761ULL + 1;
    if (gpu)
        sweep_gen_device(&b->dev);
    b->runner = gpu ? "cuda" : "model-only";
    snprintf(b->date, sizeof b->date, "2026-11-24T00:00:00Z");
    snprintf(b->command, sizeof b->command, "sweep_gen %u %s", seed, gpu ? "gpu" : "no-gpu");
    tpx_limits lim;
    sweep_gen_limits(b, &lim);
    int bx[128], by[128], nb = sweep_all_blocks(bx, by, 128);
    for (int n = 0; n < rows; n++) {
        bench_row r;
        memset(&r, 0, sizeof r);
        random_config(&r.c, bx, by, nb, max_side);
        char why[TPX_MSG];
        if (config_validate(&r.c, &lim, why, sizeof why) != 0) {
            bench_add_skip(b, &r.c, why);
            continue;
        }
        int hot = gpu && rnd(4) == 0, dup = 0;
        for (int i = 0; i < b->n; i++)
            dup |= same(&b->rows[i].c, &r.c) && b->rows[i].m.hot == hot;
        if (dup)
            continue;
        r.modelled = !config_is_reference(r.c.kernel) && model_totals(&r.c, &r.t, NULL) == 0;
        if (gpu)
            gpu_row(b, &r, hot);
        else
            runner_not_measured(&r.m, TPX_ST_NOT_MEASURED, "--no-gpu: model only");
        bench_add_row(b, &r);
    }
}

/* s (n bytes) filled with a character the JSON writer escapes in 6 bytes */
static void escapes(char *s, size_t n)
{
    memset(s, '\x1b', n - 1);
    s[n - 1] = '\0';
}

void sweep_gen_largest_head(bench_result *b)
{
    sweep_gen_device(&b->dev);
    escapes(b->dev.name, sizeof b->dev.name);
    escapes(b->dev.uuid, sizeof b->dev.uuid);
    escapes(b->dev.throttle_reasons, sizeof b->dev.throttle_reasons);
    escapes(b->command, sizeof b->command);
    escapes(b->date, sizeof b->date);
    b->dev.index = 1023;
    b->dev.driver_version = b->dev.runtime_version = 1000000;
    b->dev.ecc_known = b->dev.clocks_known = 1;
    b->dev.sm_clock_mhz = b->dev.mem_clock_mhz = 100000;
    b->dev.mem_bytes = 1LL << 52;
}

void sweep_gen_largest(bench_result *b, int n, int wide)
{
    bench_row r;
    memset(&r, 0, sizeof r);
    r.c = config_default();
    r.c.kernel = TPX_K_TILE_ROWS, r.c.bx = 32, r.c.by = 8, r.c.pad = 63;
    config_set_tile_dtype(&r.c, TPX_F64);
    r.modelled = 1;
    for (int i = 0; i < TPX_OP_COUNT; i++) /* every count at its widest */
        r.t.op[i].insts = r.t.op[i].sectors = r.t.op[i].lines = r.t.op[i].bytes =
            r.t.op[i].wavefronts = r.t.op[i].ideal = 1ULL << 62;
    r.t.blocks = 1LL << 62;
    r.t.warps_per_block = 1 << 30;
    for (int i = 0; i < n; i++) {
        /* a different config per row: the widest numbers, or small sizes the
         * model is quick on (the same fields and strings) */
        r.c.w = wide ? 65536 - i % 65536 : 1 + i % 8;
        r.c.h = wide ? 65536 - i / 65536 : 1 + i / 8 % 8;
        r.c.pad = wide ? 63 : 10 + i / 64 % 54;
        r.c.by = wide ? 8 : 8 >> (i / 3456 % 3);
        config_set_tile_dtype(&r.c, wide || i / 3456 / 3 % 2 ? TPX_F64 : TPX_F32);
        if (i % 2 == 0) { /* measured: every field of the object */
            measured(b, &r.c, 0, &r.m);
            r.m.samples = 1000000000;
            r.m.occ.regs_per_thread = 255;
        } else { /* failed: the longest note */
            runner_not_measured(&r.m, TPX_ST_LAUNCH_ERROR, "");
            escapes(r.m.message, sizeof r.m.message);
        }
        bench_add_row(b, &r);
    }
}
