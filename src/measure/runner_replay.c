/* The replay runner: results saved by `tpx bench --save` on a GPU machine
 * (docs/results-format.md), answered on any machine.  device() is the saved
 * device; measure() answers from the saved row of the same config (the same
 * mode preferred) and says "not measured" for any other config. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "results_read.h"
#include "runner_replay.h"
#include "text.h"

typedef struct replay_state {
    results_doc doc;
    char path[200];
} replay_state;

/* The same config as far as a measurement goes (references ignore the block). */
int replay_same_config(const tpx_config *a, const tpx_config *b)
{
    if (a->kernel != b->kernel || a->w != b->w || a->h != b->h || a->dtype != b->dtype)
        return 0;
    if (config_is_reference(a->kernel))
        return 1;
    return a->bx == b->bx && a->by == b->by && a->pad == b->pad && a->swz == b->swz &&
           config_tile_dtype(a) == config_tile_dtype(b);
}

static void replay_device(tpx_runner *r, tpx_device *out)
{
    const results_doc *doc = &((replay_state *)r->state)->doc;
    *out = doc->dev;
    snprintf(out->recorded, sizeof out->recorded, "%s", doc->date);
    if (doc->git_commit[0] || doc->host[0])
        snprintf(out->recorded_by, sizeof out->recorded_by, "commit %.12s%s%s%s",
                 doc->git_commit[0] ? doc->git_commit : "unknown",
                 doc->git_dirty > 0 ? " (dirty tree)" : "", doc->host[0] ? " on " : "", doc->host);
}

static void replay_limits(tpx_runner *r, tpx_limits *out)
{
    *out = ((replay_state *)r->state)->doc.lim;
}

static void replay_measure(tpx_runner *r, const tpx_config *c, const tpx_measure_opts *o,
                           tpx_measurement *out, const atomic_int *cancel,
                           tpx_progress_fn progress, void *ctx)
{
    (void)cancel;
    replay_state *st = r->state;
    const results_row *best = NULL;
    for (int i = 0; i < st->doc.n; i++) {
        const results_row *row = &st->doc.rows[i];
        if (!replay_same_config(&row->c, c))
            continue;
        if (!best || (row->m.hot == o->hot && best->m.hot != o->hot))
            best = row;
    }
    if (!best) {
        char m[TPX_MSG];
        /* the file's name, not its path: the strip has little room, and a
         * screen does not depend on where the checkout is */
        const char *base = strrchr(st->path, '/');
        snprintf(m, sizeof m, "not in the replayed results (%s)", base ? base + 1 : st->path);
        runner_not_measured(out, TPX_ST_NOT_MEASURED, m);
        return;
    }
    *out = best->m;
    if (progress)
        progress(ctx, 1.0);
}

static void replay_close(tpx_runner *r)
{
    replay_state *st = r->state;
    results_free(&st->doc);
    free(st);
    free(r);
}

static const tpx_runner_ops replay_ops = {
    .name = "replay",
    .caps = 0,
    .device = replay_device,
    .limits = replay_limits,
    .measure = replay_measure,
    .close = replay_close,
};

tpx_runner *runner_replay(const char *path, char *msg, size_t n)
{
    replay_state *st = calloc(1, sizeof *st);
    if (!st) {
        snprintf(msg, n, "out of memory");
        return NULL;
    }
    if (results_load(path, &st->doc, msg, n) != 0) {
        free(st);
        return NULL;
    }
    text_sanitize(st->path, sizeof st->path, path);
    tpx_runner *r = runner_new(&replay_ops, st);
    if (!r) {
        results_free(&st->doc);
        free(st);
        snprintf(msg, n, "out of memory");
        return NULL;
    }
    snprintf(msg, n, "replaying %d results from %s", st->doc.n, st->path);
    return r;
}
