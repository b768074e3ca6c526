#include "ukernel.h"

#include <string.h>

void ukernel_dims(const tpx_geom *g, tpx_xv *v)
{
    memset(v, 0, sizeof(tpx_xv) * UL_NVARS);
    v[UL_DBX] = g->bx;
    v[UL_DBY] = g->by;
    v[UL_GX] = g->gx;
    v[UL_GY] = g->gy;
    v[UL_W] = g->w;
    v[UL_H] = g->h;
    v[UL_P] = g->pad;
    v[UL_SWZ] = g->swz ? 1 : 0;
}

/* Evaluate a node unless an earlier one failed; -1 nodes give dflt. */
static tpx_xv ev(const ukernel *k, int node, const tpx_xv *v, tpx_xv dflt, int *err, int *at)
{
    if (node < 0 || *err)
        return dflt;
    int e, a;
    tpx_xv r = ulang_eval(&k->pool, node, v, &e, &a);
    if (e) {
        *err = e;
        *at = a;
    }
    return r;
}

void ukernel_grid(const ukernel *k, const tpx_geom *g, long long *gx, long long *gy, int *err,
                  int *at)
{
    tpx_xv v[UL_NVARS];
    ukernel_dims(g, v);
    *err = 0;
    *at = -1;
    *gx = ev(k, k->grid[0], v, tpx_cdiv(g->w, g->bx), err, at);
    *gy = ev(k, k->grid[1], v, tpx_cdiv(g->h, g->by), err, at);
    if (*err)
        *gx = *gy = 0;
}

void ukernel_tile(const ukernel *k, const tpx_geom *g, long long *rows, long long *cols, int *err,
                  int *at)
{
    tpx_xv v[UL_NVARS];
    ukernel_dims(g, v);
    *err = 0;
    *at = -1;
    *rows = ev(k, k->tile[0], v, 0, err, at);
    *cols = ev(k, k->tile[1], v, 0, err, at);
    if (*err)
        *rows = *cols = 0;
}

int ukernel_reps(const ukernel *k, const tpx_geom *g, int phase, int *err, int *at)
{
    tpx_xv v[UL_NVARS];
    ukernel_dims(g, v);
    *err = 0;
    *at = -1;
    tpx_xv r = ev(k, k->reps[phase], v, 1, err, at);
    return *err ? 0 : r < 0 ? 0 : r > UK_MAX_REPS ? UK_MAX_REPS + 1 : (int)r;
}

void ukernel_remap(const ukernel *k, const tpx_geom *g, int bx, int by, long long *tbx,
                   long long *tby, int *err, int *at)
{
    tpx_xv v[UL_NVARS];
    ukernel_dims(g, v);
    v[UL_BX] = bx;
    v[UL_BY] = by;
    *err = 0;
    *at = -1;
    *tbx = ev(k, k->remap[0], v, bx, err, at);
    *tby = ev(k, k->remap[1], v, by, err, at);
}

/* The element index of one side; S's row and column kept for the checker. */
static long long ref_index(const ukernel *k, const uk_ref *r, const tpx_xv *v, long long cols,
                           long long *srow, long long *scol, int *err, int *at)
{
    tpx_xv i = ev(k, r->idx, v, 0, err, at);
    if (r->space != TPX_SPACE_S)
        return i;
    tpx_xv c = ev(k, r->col, v, 0, err, at);
    *srow = i;
    *scol = c;
    int e2 = 0;
    tpx_xv at_row = tpx_x_mul(i, cols, &e2);
    tpx_xv idx = tpx_x_add(at_row, c, &e2);
    if (e2 && !*err) {
        *err = e2;
        *at = r->col;
    }
    return idx;
}

void ukernel_move(const ukernel *k, const tpx_geom *g, long long tile_cols, int phase, int rep,
                  long long tbx, long long tby, int tx, int ty, uk_eval *out)
{
    const uk_move *m = &k->mv[phase];
    tpx_xv v[UL_NVARS];
    ukernel_dims(g, v);
    v[UL_TX] = tx;
    v[UL_TY] = ty;
    v[UL_BX] = tbx;
    v[UL_BY] = tby;
    v[UL_R] = rep;
    memset(out, 0, sizeof *out);
    out->at = -1;
    out->srow = out->scol = -1;
    for (int i = 0; i < m->nlets && !out->err; i++)
        v[k->let[i].var] = ev(k, k->let[i].node, v, 0, &out->err, &out->at);
    tpx_xv ok = ev(k, m->guard, v, 1, &out->err, &out->at);
    if (out->err)
        return;
    /* The indices are what the thread would address; under a failed guard
     * the kernel never computes them, so a failure there is no error. */
    int ierr = 0, iat = -1;
    out->m.dst = ref_index(k, &m->dst, v, tile_cols, &out->srow, &out->scol, &ierr, &iat);
    out->m.src = ref_index(k, &m->src, v, tile_cols, &out->srow, &out->scol, &ierr, &iat);
    out->m.ok = ok != 0 && !ierr;
    if (ok && ierr) {
        out->err = ierr;
        out->at = iat;
    }
}
