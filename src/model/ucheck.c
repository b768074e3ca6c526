#include "ucheck.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "user.h"

#define COUNT_MASK 3
#define WRONG_BIT 4

/* The walk's state: the kernel, the launch, B's write counts and, per
 * block, what each tile element holds and which thread wrote it. */
typedef struct walk {
    const ukernel *k;
    tpx_geom g;
    ucheck_report *r;
    long long n;            /* elements of A and of B */
    unsigned char *bcount;  /* writes per element of B (bits 0-1, saturating at 2),
                             * WRONG_BIT when one of them carried another element */
    long long rows, cols;   /* the tile */
    long long *tval;        /* A index the tile element holds, -1: none */
    int *twho;              /* thread that wrote it, -1: none */
    int reps[2];
    int bx, by;             /* the launch block */
    long long tbx, tby;     /* its tile */
} walk;

static void note(walk *w, ucheck_kind kind, int t, int phase, int rep, int line, char space,
                 long long idx, long long other)
{
    if (w->r->count[kind]++ > 0)
        return;
    ucheck_at *a = &w->r->first[kind];
    a->bx = w->bx;
    a->by = w->by;
    a->tx = t % w->g.bx;
    a->ty = t / w->g.bx;
    a->phase = phase;
    a->rep = rep;
    a->line = line;
    a->space = space;
    a->index = idx;
    a->other = other;
    long long rl = space == 'S' ? w->cols : space == 'A' || w->k->copy ? w->g.w : w->g.h;
    a->row = rl > 0 && idx >= 0 ? idx / rl : -1;
    a->col = rl > 0 && idx >= 0 ? idx % rl : -1;
}

/* Where A element s belongs in B. */
static long long belongs(const walk *w, long long s)
{
    if (w->k->copy)
        return s;
    return (s % w->g.w) * w->g.h + s / w->g.w;
}

static void write_b(walk *w, int t, int ph, int rep, const uk_move *m, long long d, long long s)
{
    if (d < 0 || d >= w->n) {
        note(w, UC_OOB_WRITE, t, ph, rep, m->line, 'B', d, 0);
        return;
    }
    if ((w->bcount[d] & COUNT_MASK) < 2 && (++w->bcount[d] & COUNT_MASK) == 2)
        note(w, UC_TWICE, t, ph, rep, m->line, 'B', d, -1);
    if (s >= 0 && belongs(w, s) != d) {
        note(w, UC_WRONG, t, ph, rep, m->line, 'B', d, s);
        w->bcount[d] |= WRONG_BIT;
    }
}

/* The tile element (row, col) of a move, or -1 (noted) when outside. */
static long long tile_at(walk *w, int t, int ph, int rep, const uk_move *m, const uk_eval *e,
                         ucheck_kind kind)
{
    if (e->srow < 0 || e->srow >= w->rows || e->scol < 0 || e->scol >= w->cols) {
        note(w, kind, t, ph, rep, m->line, 'S', -1, 0);
        ucheck_at *a = &w->r->first[kind];
        if (w->r->count[kind] == 1) {
            a->row = e->srow;
            a->col = e->scol;
        }
        return -1;
    }
    return e->srow * w->cols + e->scol;
}

static void one_move(walk *w, int ph, int rep, int t)
{
    const uk_move *m = &w->k->mv[ph];
    uk_eval e;
    ukernel_move(w->k, &w->g, w->cols, ph, rep, w->tbx, w->tby, t % w->g.bx, t / w->g.bx, &e);
    w->r->moves++;
    if (e.err) {
        note(w, UC_EVAL, t, ph, rep, e.at >= 0 ? w->k->pool.node[e.at].line : m->line, ' ', -1,
             e.err);
        w->r->first[UC_EVAL].node_col = e.at >= 0 ? w->k->pool.node[e.at].col : 0;
        return;
    }
    if (!e.m.ok)
        return;
    long long s = -1; /* the A element the move carries */
    if (m->src.space == TPX_SPACE_A) {
        if (e.m.src < 0 || e.m.src >= w->n)
            note(w, UC_OOB_READ, t, ph, rep, m->line, 'A', e.m.src, 0);
        else
            s = e.m.src;
    } else {
        long long i = tile_at(w, t, ph, rep, m, &e, UC_OOB_READ);
        if (i >= 0 && w->twho[i] < 0)
            note(w, UC_UNINIT, t, ph, rep, m->line, 'S', i, 0);
        else if (i >= 0 && w->k->nosync && w->twho[i] != t)
            note(w, UC_RACE, t, ph, rep, m->line, 'S', i, w->twho[i]);
        if (i >= 0 && w->r->count[UC_RACE] == 1 && w->r->first[UC_RACE].index == i)
            w->r->first[UC_RACE].writes = 0;
        s = i >= 0 ? w->tval[i] : -1;
    }
    if (m->dst.space == TPX_SPACE_B) {
        write_b(w, t, ph, rep, m, e.m.dst, s);
        return;
    }
    long long i = tile_at(w, t, ph, rep, m, &e, UC_OOB_WRITE);
    if (i < 0)
        return;
    if (w->twho[i] >= 0 && w->twho[i] != t) {
        note(w, UC_RACE, t, ph, rep, m->line, 'S', i, w->twho[i]);
        if (w->r->count[UC_RACE] == 1)
            w->r->first[UC_RACE].writes = 1;
    }
    w->twho[i] = t;
    w->tval[i] = s;
}

static void one_block(walk *w)
{
    int err, at, threads = w->g.bx * w->g.by;
    ukernel_remap(w->k, &w->g, w->bx, w->by, &w->tbx, &w->tby, &err, &at);
    if (err) {
        note(w, UC_EVAL, 0, 0, 0, w->k->pool.node[at].line, ' ', -1, err);
        w->r->first[UC_EVAL].node_col = w->k->pool.node[at].col;
        return;
    }
    for (long long i = 0; i < w->rows * w->cols; i++) {
        w->tval[i] = -1;
        w->twho[i] = -1;
    }
    for (int ph = 0; ph < w->k->phases; ph++)
        for (int rep = 0; rep < w->reps[ph]; rep++)
            for (int t = 0; t < threads; t++)
                one_move(w, ph, rep, t);
}

static int refuse(ucheck_report *r, const char *msg)
{
    snprintf(r->msg, sizeof r->msg, "%s", msg);
    return -1;
}

/* B's counts turned into UC_MARK_* bits, in place. */
static void to_marks(unsigned char *b, long long n)
{
    for (long long d = 0; d < n; d++) {
        int cnt = b[d] & COUNT_MASK;
        b[d] = (unsigned char)((cnt == 0 ? UC_MARK_UNWRITTEN : 0) |
                               (cnt >= 2 ? UC_MARK_TWICE : 0) |
                               (b[d] & WRONG_BIT ? UC_MARK_WRONG : 0));
    }
}

int ucheck_kernel(const ukernel *k, const tpx_config *c, ucheck_report *r,
                  const atomic_int *cancel)
{
    return ucheck_kernel_marks(k, c, r, NULL, cancel);
}

int ucheck_kernel_marks(const ukernel *k, const tpx_config *c, ucheck_report *r,
                        unsigned char **marks, const atomic_int *cancel)
{
    memset(r, 0, sizeof *r);
    if (marks)
        *marks = NULL;
    walk w = {.k = k, .r = r};
    w.g = (tpx_geom){c->w, c->h, c->bx, c->by, 0, 0, c->pad, c->swz, 1, 0};
    long long gx, gy;
    int err, at;
    ukernel_grid(k, &w.g, &gx, &gy, &err, &at);
    if (err || gx < 1 || gy < 1 || gx > INT_MAX || gy > INT_MAX)
        return refuse(r, "not checked: the grid's expressions give no launch (tpx check says "
                         "why)");
    w.g.gx = (int)gx;
    w.g.gy = (int)gy;
    w.n = c->w * c->h;
    if (w.n > UCHECK_MAX_ELEMS) {
        snprintf(r->msg, sizeof r->msg, "not checked at %lldx%lld: the check walks every "
                 "thread up to 2^26 elements (8192x8192); check a smaller size (--size 1024)",
                 c->w, c->h);
        return -1;
    }
    ukernel_tile(w.k, &w.g, &w.rows, &w.cols, &err, &at);
    r->tile_rows = w.rows;
    r->tile_cols = w.cols;
    for (int p = 0; p < w.k->phases; p++)
        w.reps[p] = ukernel_reps(w.k, &w.g, p, &err, &at);
    w.bcount = calloc((size_t)w.n, 1);
    size_t tn = (size_t)(w.rows * w.cols > 0 ? w.rows * w.cols : 1);
    w.tval = malloc(tn * sizeof *w.tval);
    w.twho = malloc(tn * sizeof *w.twho);
    if (!w.bcount || !w.tval || !w.twho) {
        free(w.bcount), free(w.tval), free(w.twho);
        return refuse(r, "out of memory for the check");
    }
    for (w.by = 0; w.by < w.g.gy; w.by++) {
        if (cancel && atomic_load(cancel)) {
            free(w.bcount), free(w.tval), free(w.twho);
            return 1;
        }
        for (w.bx = 0; w.bx < w.g.gx; w.bx++)
            one_block(&w);
    }
    w.bx = w.by = 0;
    for (long long d = 0; d < w.n; d++)
        if (!(w.bcount[d] & COUNT_MASK))
            note(&w, UC_UNWRITTEN, 0, 0, 0, 0, 'B', d, 0);
    free(w.tval), free(w.twho);
    if (marks) {
        to_marks(w.bcount, w.n);
        *marks = w.bcount;
    } else {
        free(w.bcount);
    }
    r->checked = 1;
    return 0;
}

int ucheck_run(const tpx_config *c, ucheck_report *r, const atomic_int *cancel)
{
    return ucheck_run_marks(c, r, NULL, cancel);
}

int ucheck_run_marks(const tpx_config *c, ucheck_report *r, unsigned char **marks,
                     const atomic_int *cancel)
{
    const ukernel *k = user_kernel(c->kernel);
    if (!k) {
        memset(r, 0, sizeof *r);
        if (marks)
            *marks = NULL;
        return refuse(r, "not a kernel of the kernel language: the catalog's are checked by "
                         "tpx's tests");
    }
    return ucheck_kernel_marks(k, c, r, marks, cancel);
}

int ucheck_ok(const ucheck_report *r)
{
    if (!r->checked)
        return 0;
    for (int k = 0; k < UC_NKINDS; k++)
        if (r->count[k])
            return 0;
    return 1;
}
