/* The replay runner: results saved by `tpx bench --save` on a GPU machine
 * (docs/results-format.md), answered on any machine.  device() is the saved
 * device; measure() answers from the saved row of the same config (the same
 * mode preferred) and says "not measured" for any other config. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "results_holds.h"
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

/* Rows of the file like c in the fields `same` names, for results_holds. */
enum { SAME_SIZE = 1, SAME_DTYPE = 2, SAME_KERNEL = 4, SAME_BLOCK = 8 };

typedef struct like_ctx {
    const tpx_config *c;
    int same;
} like_ctx;

static int like(const tpx_config *r, const void *vctx)
{
    const like_ctx *x = vctx;
    const tpx_config *c = x->c;
    return (!(x->same & SAME_SIZE) || (r->w == c->w && r->h == c->h)) &&
           (!(x->same & SAME_DTYPE) || r->dtype == c->dtype) &&
           (!(x->same & SAME_KERNEL) || r->kernel == c->kernel) &&
           (!(x->same & SAME_BLOCK) || (r->bx == c->bx && r->by == c->by));
}

/* A miss in words: what the file holds nearest to c: "h200.json holds sizes
 * 1024x1024, ...", or its dtypes at c's size, its kernels at c's size and
 * dtype, the blocks of c's kernel there, or the pads of c's block. */
static void miss_words(const replay_state *st, const tpx_config *c, const char *base, char *m,
                       size_t n)
{
    static const int levels[] = {0, SAME_SIZE, SAME_SIZE | SAME_DTYPE,
                                 SAME_SIZE | SAME_DTYPE | SAME_KERNEL,
                                 SAME_SIZE | SAME_DTYPE | SAME_KERNEL | SAME_BLOCK};
    static const int lists[] = {RESULTS_HOLDS_SIZES, RESULTS_HOLDS_DTYPES, RESULTS_HOLDS_KERNELS,
                                RESULTS_HOLDS_BLOCKS, RESULTS_HOLDS_PADS};
    /* a reference has no block, a kernel without a tile no pad */
    int level = 0, deepest = config_is_reference(c->kernel) ? 2 : config_has_tile(c->kernel) ? 4 : 3;
    while (level < deepest) { /* the deepest level with rows like c (level 0: every row) */
        like_ctx x = {c, levels[level + 1]};
        int any = 0;
        for (int i = 0; i < st->doc.n && !any; i++)
            any = like(&st->doc.rows[i].c, &x);
        if (!any)
            break;
        level++;
    }
    char holds[TPX_MSG], what[128] = "", size[64];
    snprintf(size, sizeof size, "%lldx%lld", c->w, c->h);
    if (level == 1)
        snprintf(what, sizeof what, " %s in", size);
    else if (level == 2)
        snprintf(what, sizeof what, " %s %s for", size, config_dtype_name(c->dtype));
    else if (level == 3)
        snprintf(what, sizeof what, " %s %s %s in", catalog_name(c->kernel), size,
                 config_dtype_name(c->dtype));
    else if (level == 4) /* the pad, swizzle or tile dtype differs */
        snprintf(what, sizeof what, " %s %dx%d %s %s with", catalog_name(c->kernel), c->bx, c->by,
                 size, config_dtype_name(c->dtype));
    if (level == 4 && config_tile_differs(c))
        snprintf(what + strlen(what) - 5, sizeof what - (strlen(what) - 5),
                 ", no %s tile, with", config_dtype_name(config_tile_dtype(c)));
    like_ctx x = {c, levels[level]};
    results_holds(st->doc.rows, st->doc.n, like, &x, lists[level], holds, sizeof holds);
    char full[640];
    size_t k = (size_t)snprintf(full, sizeof full, "not in %s, which holds%s %s",
                                base, what, holds);
    if (k >= n && n > 8) { /* too long for the message: cut between characters, marked */
        k = n - 5;
        while (k > 0 && ((unsigned char)full[k] & 0xC0) == 0x80)
            k--;
        memcpy(full + k, " ...", 5);
    }
    snprintf(m, n, "%.*s", (int)(n - 1), full);
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
        miss_words(st, c, base ? base + 1 : st->path, m, sizeof m);
        runner_not_measured(out, TPX_ST_NOT_MEASURED, m);
        return;
    }
    *out = best->m;
    if (progress)
        progress(ctx, 1.0);
}

/* How far row r is from c: a part that differs costs more the more it
 * changes what is measured (kernel, dtype, block, tile), the size by how
 * many times larger or smaller; -1 when it differs in a part keep names. */
static double distance(const tpx_config *r, const tpx_config *c, unsigned keep)
{
    int tile = r->pad != c->pad || r->swz != c->swz || config_tile_dtype(r) != config_tile_dtype(c);
    int block = !config_is_reference(r->kernel) && (r->bx != c->bx || r->by != c->by);
    int size = r->w != c->w || r->h != c->h;
    if (((keep & TPX_KEEP_KERNEL) && r->kernel != c->kernel) ||
        ((keep & TPX_KEEP_DTYPE) && r->dtype != c->dtype) || ((keep & TPX_KEEP_BLOCK) && block) ||
        ((keep & TPX_KEEP_SIZE) && size) || ((keep & TPX_KEEP_TILE) && tile))
        return -1;
    double area = fabs(log2((double)r->w * (double)r->h / ((double)c->w * (double)c->h)));
    double shape = fabs(log2((double)r->w / (double)r->h) - log2((double)c->w / (double)c->h));
    return 1e6 * (r->kernel != c->kernel) + 1e5 * (r->dtype != c->dtype) + 1e4 * block +
           1e3 * tile + 10 * area + shape;
}

static int replay_nearest(tpx_runner *r, const tpx_config *c, unsigned keep, tpx_config *out)
{
    const replay_state *st = r->state;
    double best = -1;
    for (int i = 0; i < st->doc.n; i++) {
        const results_row *row = &st->doc.rows[i];
        double d = runner_has_number(&row->m) ? distance(&row->c, c, keep) : -1;
        if (d >= 0 && (best < 0 || d < best)) {
            best = d;
            *out = row->c;
        }
    }
    return best < 0 ? -1 : 0;
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
    .nearest = replay_nearest,
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
