#include "bench_replay.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <unistd.h>

#include "bench_sweep.h"
#include "profile.h"
#include "sweep.h"
#include "results_holds.h"
#include "results_read.h"
#include "runner_replay.h"
#include "text.h"

static int has_int(const int *v, int n, int x)
{
    for (int i = 0; i < n; i++)
        if (v[i] == x)
            return 1;
    return 0;
}

/* Whether the options given on the command line (not the config file's
 * defaults) take row c, as a live bench with
 * them would have run it: blocks and pads do not apply to a reference, pads
 * and tile dtypes only to a tiled kernel, a swizzled tile only with --swizzle. */
static int wanted(const cli_parsed *p, const bench_sweep *s, const tpx_config *c)
{
    int ok = 1, tiled = config_has_tile(c->kernel);
    if (cli_given(p, "kernel"))
        ok = ok && has_int(s->kernels, s->nk, (int)c->kernel);
    if (cli_given(p, "block") && !config_is_reference(c->kernel)) {
        int found = 0;
        for (int i = 0; i < s->nb; i++)
            found = found || (s->bx[i] == c->bx && s->by[i] == c->by);
        ok = ok && found;
    }
    if (cli_given(p, "size")) {
        int found = 0;
        for (int i = 0; i < s->ns; i++)
            found = found || (s->w[i] == c->w && s->h[i] == c->h);
        ok = ok && found;
    }
    if (cli_given(p, "dtype"))
        ok = ok && has_int((const int *)s->dt, s->nd, (int)c->dtype);
    if (tiled && (cli_given(p, "pad") || cli_given(p, "swizzle")))
        ok = ok && (c->swz ? s->swizzle && has_int(s->pad, s->np, 0) : has_int(s->pad, s->np, c->pad));
    if (tiled && cli_given(p, "tile-dtype"))
        ok = ok && has_int((const int *)s->tdt, s->ntd, (int)config_tile_dtype(c));
    return ok;
}

/* A row is left out when the file has the same config in the mode asked for
 * and this one is in the other (a file holds a config once per mode). */
static int shadowed(const results_doc *d, int i, int hot)
{
    if (d->rows[i].m.hot == hot)
        return 0;
    for (int j = 0; j < d->n; j++)
        if (j != i && d->rows[j].m.hot == hot && replay_same_config(&d->rows[j].c, &d->rows[i].c))
            return 1;
    return 0;
}

/* Best measured first; rows not timed last; equal ones in the file's order. */
typedef struct rank_key {
    int timed, idx;
    double gbs;
} rank_key;

static int by_gbs(const void *x, const void *y)
{
    const rank_key *a = x, *b = y;
    if (a->timed != b->timed)
        return b->timed - a->timed;
    if (a->timed && a->gbs != b->gbs)
        return a->gbs > b->gbs ? -1 : 1;
    return (a->idx > b->idx) - (a->idx < b->idx);
}

static int rank_rows(bench_result *b)
{
    rank_key *k = malloc((size_t)b->n * sizeof *k);
    bench_row *rows = malloc((size_t)b->n * sizeof *rows);
    if (!k || !rows) {
        free(k);
        free(rows);
        return -1;
    }
    for (int i = 0; i < b->n; i++)
        k[i] = (rank_key){runner_has_number(&b->rows[i].m), i, b->rows[i].m.gbs};
    qsort(k, (size_t)b->n, sizeof *k, by_gbs);
    for (int i = 0; i < b->n; i++)
        rows[i] = b->rows[k[i].idx];
    memcpy(b->rows, rows, (size_t)b->n * sizeof *rows);
    free(k);
    free(rows);
    b->ranked = 1;
    return 0;
}

/* The options given, as they were typed, for the miss. */
static void filters_text(const cli_parsed *p, char *buf, size_t n)
{
    static const char *const names[] = {"kernel", "block", "size", "dtype", "pad", "tile-dtype"};
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < sizeof names / sizeof names[0] && used < n; i++)
        if (cli_given(p, names[i]))
            used += (size_t)snprintf(buf + used, n - used, " --%s %s", names[i],
                                     cli_get(p, names[i]));
    if (cli_has(p, "swizzle") && used < n)
        snprintf(buf + used, n - used, " --swizzle");
}

/* The model's totals and prediction of every row, a few milliseconds each:
 * h200.json's 5543 rows took 19 s on one core.  Rows are pure functions of
 * their config (the explorer's workers model beside its UI thread too), so
 * each thread takes every nth row. */
typedef struct model_job {
    bench_result *b;
    const tpx_profile *prof;
    int first, step;
} model_job;

static void *model_rows(void *vj)
{
    model_job *j = vj;
    for (int i = j->first; i < j->b->n; i += j->step) {
        bench_row *r = &j->b->rows[i];
        r->modelled = model_totals(&r->c, &r->t, NULL) == 0;
        r->pred_known = r->modelled && sweep_predicted_gbs(&r->c, &r->t, j->prof, &r->pred_gbs) == 0
                            ? 1
                            : -1;
    }
    return NULL;
}

static void model_all(bench_result *b)
{
    enum { MAX_THREADS = 64 };
    tpx_profile prof;
    profile_current(&b->dev, &prof);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int n = cores < 1 ? 1 : cores > MAX_THREADS ? MAX_THREADS : (int)cores;
    n = n > b->n / 64 + 1 ? b->n / 64 + 1 : n; /* a few rows: one thread */
    pthread_t th[MAX_THREADS];
    model_job jobs[MAX_THREADS];
    int started[MAX_THREADS] = {0};
    for (int i = 0; i < n; i++)
        jobs[i] = (model_job){b, &prof, i, n};
    for (int i = 1; i < n; i++)
        started[i] = pthread_create(&th[i], NULL, model_rows, &jobs[i]) == 0;
    for (int i = 0; i < n; i++) /* this thread's share, and any a thread was not made for */
        if (!started[i])
            model_rows(&jobs[i]);
    for (int i = 1; i < n; i++)
        if (started[i])
            pthread_join(th[i], NULL);
}

static int fill(const cli_parsed *p, const results_doc *d, bench_result *b, char *msg, size_t n)
{
    bench_sweep s;
    if (bench_sweep_parse(p, &s, msg, n) != 0)
        return -1;
    for (int i = 0; i < d->n; i++) {
        const results_row *row = &d->rows[i];
        if (!wanted(p, &s, &row->c) || shadowed(d, i, b->hot))
            continue;
        bench_row r;
        memset(&r, 0, sizeof r);
        r.c = row->c;
        r.m = row->m; /* modelled below, on every core */
        if (bench_add_row(b, &r) != 0) {
            snprintf(msg, n, "out of memory");
            return -1;
        }
    }
    if (b->n == 0) {
        char f[512], holds[768];
        filters_text(p, f, sizeof f);
        snprintf(msg, n, "no result in %s matches%s; it holds %s", b->source, f,
                 results_holds(d->rows, d->n, NULL, NULL, RESULTS_HOLDS_ALL, holds, sizeof holds));
        return -1;
    }
    model_all(b);
    if (rank_rows(b) != 0) {
        snprintf(msg, n, "out of memory");
        return -1;
    }
    return 0;
}

int bench_replay(const cli_parsed *p, const char *path, bench_result *b, int *usage, char *msg,
                 size_t n)
{
    results_doc d;
    *usage = 1;
    if (results_load(path, &d, msg, n) != 0)
        return -1;
    const char *base = strrchr(path, '/');
    text_sanitize(b->source, sizeof b->source, base ? base + 1 : path);
    b->dev = d.dev;
    snprintf(b->dev.recorded, sizeof b->dev.recorded, "%s", d.date);
    b->runner = "replay";
    b->hot = cli_has(p, "hot");
    int rc = fill(p, &d, b, msg, n);
    *usage = rc != 0 && strcmp(msg, "out of memory") != 0;
    results_free(&d);
    return rc;
}
