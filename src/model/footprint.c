#include "footprint.h"

#include <stdlib.h>
#include <string.h>

/* The virtual matrix: large enough that no tile near the origin wraps a row,
 * and W != H so that a mix-up of the two would show in the tests. */
#define VW (1LL << 22)
#define VH (1LL << 21)

int footprint_is_copy(tpx_kernel_id k) { return tpx_is_copy(k); }

/* Row length of side B for kernel k in a w x h problem. */
static long long b_row_len(tpx_kernel_id k, long long w, long long h)
{
    return footprint_is_copy(k) ? w : h;
}

void footprint_rc(const tpx_footprint *fp, int side, long long idx, long long *r, long long *c)
{
    long long len = side == TPX_SIDE_A ? fp->cfg.w : b_row_len(fp->cfg.kernel, fp->cfg.w, fp->cfg.h);
    /* an access's first element: A is read in phase 0, B written in the last */
    int ph = side == TPX_SIDE_A ? 0 : tpx_phases(fp->cfg.kernel) - 1;
    long long e = idx * (side == TPX_SIDE_A ? tpx_phase_vec(fp->cfg.kernel, &fp->g, ph)
                                            : tpx_store_vec(fp->cfg.kernel, &fp->g, ph));
    *r = e / len;
    *c = e % len;
}

typedef struct box {
    long long r0, c0, r1, c1; /* inclusive */
    long long n;              /* elements visited */
} box;

typedef void (*visit_fn)(void *ctx, int side, long long r, long long c, int thread, int rep);

static int cmp_ll(const void *x, const void *y)
{
    long long a = *(const long long *)x, b = *(const long long *)y;
    return a < b ? -1 : a > b;
}

/* The B elements tile (tbx, tby) stores, sorted (*n of them), or NULL: for
 * strip_vec where the long side is ragged, whose vectors of A hold other
 * strips' elements too, and only those the tile moves count as its own. */
static long long *stored_b(const tpx_config *c, const tpx_geom *gv, int tbx, int tby, size_t *n)
{
    *n = 0;
    if (!(tpx_traits_of(c->kernel).flags & TPX_KF_GATHER) ||
        tpx_traits_of(c->kernel).tile != TPX_TILE_STRIP || !tpx_sv_rag(gv))
        return NULL;
    int ph = tpx_phases(c->kernel) - 1, reps = tpx_reps(c->kernel, gv), threads = c->bx * c->by;
    long long ns = tpx_store_vec(c->kernel, gv, ph);
    long long *b = malloc(sizeof *b * (size_t)(reps * threads * ns));
    for (int rep = 0; b && rep < reps; rep++)
        for (int t = 0; t < threads && tpx_rep_stores(c->kernel, gv, ph, rep); t++) {
            tpx_move m = tpx_tile_move(c->kernel, gv, ph, rep, tbx, tby, t % c->bx, t / c->bx);
            for (long long j = 0; j < ns && m.ok; j++)
                b[(*n)++] = m.dst * ns + j;
        }
    if (b)
        qsort(b, *n, sizeof *b, cmp_ll);
    return b;
}

/* Every global element tile (tbx, tby) moves, in the virtual matrix.  A
 * move carries tpx_vec elements (its indices count such accesses). */
static void visit_tile(const tpx_config *c, const tpx_geom *gv, int tbx, int tby, visit_fn fn,
                       void *ctx)
{
    int threads = c->bx * c->by, reps = tpx_reps(c->kernel, gv);
    long long aw = gv->w, blen = b_row_len(c->kernel, gv->w, gv->h);
    size_t nown;
    long long *own = stored_b(c, gv, tbx, tby, &nown);
    for (int ph = 0; ph < tpx_phases(c->kernel); ph++) {
        /* what a phase moves, asked once (the table's switch is no cheaper than a move) */
        long long nv = tpx_phase_vec(c->kernel, gv, ph), ns = tpx_store_vec(c->kernel, gv, ph);
        int loads = tpx_src_space(c->kernel, ph) == TPX_SPACE_A;
        int to_b = tpx_dst_space(c->kernel, ph) == TPX_SPACE_B;
        for (int rep = 0; rep < reps; rep++) {
            /* a store's elements: every move's, or a gather group's last */
            int stores = to_b && tpx_rep_stores(c->kernel, gv, ph, rep);
            for (int t = 0; t < threads; t++) {
                tpx_move m = tpx_tile_move(c->kernel, gv, ph, rep, tbx, tby, t % c->bx, t / c->bx);
                if (!m.ok) /* tile_sec's moves outside a lane's segment */
                    continue;
                /* a load's elements; a vector of A may run past the matrix,
                 * or hold elements another tile moves (own) */
                for (long long j = 0; j < nv && loads; j++) {
                    long long a = m.src * nv + j, r = a / aw, col = a % aw, bt = col * gv->h + r;
                    if (a < aw * gv->h && (!own || bsearch(&bt, own, nown, sizeof bt, cmp_ll)))
                        fn(ctx, TPX_SIDE_A, r, col, t, rep);
                }
                for (long long j = 0; j < ns && stores; j++)
                    fn(ctx, TPX_SIDE_B, (m.dst * ns + j) / blen, (m.dst * ns + j) % blen, t, rep);
            }
        }
    }
    free(own);
}

static void grow(void *ctx, int side, long long r, long long c, int thread, int rep)
{
    (void)thread, (void)rep;
    box *b = &((box *)ctx)[side];
    if (b->n == 0 || r < b->r0)
        b->r0 = r;
    if (b->n == 0 || c < b->c0)
        b->c0 = c;
    if (b->n == 0 || r > b->r1)
        b->r1 = r;
    if (b->n == 0 || c > b->c1)
        b->c1 = c;
    b->n++;
}

typedef struct fill_ctx {
    tpx_fp_side *side;
    box *origin;
    int clash;
    int tail; /* filling the last tile's map */
} fill_ctx;

static void fill(void *ctx, int s, long long r, long long c, int thread, int rep)
{
    fill_ctx *f = ctx;
    tpx_fp_side *sd = &f->side[s];
    long long at = f->tail ? (r - sd->tr0) * sd->tew + (c - sd->tc0)
                           : (r - f->origin[s].r0) * sd->ew + (c - f->origin[s].c0);
    int *slot = f->tail ? &sd->tail[at] : &sd->who[at];
    if (*slot != -1)
        f->clash = 1;
    *slot = thread | rep << 16;
}

/* The first tile's moves, kept as its bounding box grows: the map is filled
 * from them once the box is known, not from a second walk of the tile. */
typedef struct moved {
    long long r, c;
    int side, thread, rep;
} moved;
typedef struct record_ctx {
    box *box;
    moved *m;
    size_t n, cap;
    int oom;
} record_ctx;

static void record(void *ctx, int s, long long r, long long c, int thread, int rep)
{
    record_ctx *x = ctx;
    grow(x->box, s, r, c, thread, rep);
    if (x->n == x->cap) {
        size_t cap = x->cap ? 2 * x->cap : 4096;
        moved *m = x->oom ? NULL : realloc(x->m, sizeof *m * cap);
        if (!m) {
            x->oom = 1;
            return;
        }
        x->m = m, x->cap = cap;
    }
    x->m[x->n++] = (moved){r, c, s, thread, rep};
}

/* Step vector of the tile rectangles must run along one axis and equal the
 * rectangle's size there, the other along the other axis: then tiles sit
 * edge to edge and a tile is found by two divisions.  A grid of one row
 * (tile_strip's) has no step in y. */
static int steps_ok(const tpx_fp_side *s, long long gy)
{
    int u_cols = s->uc == s->ew && s->ur == 0, u_rows = s->ur == s->eh && s->uc == 0;
    int v_cols = s->vc == s->ew && s->vr == 0, v_rows = s->vr == s->eh && s->vc == 0;
    if (gy == 1)
        return u_cols || u_rows;
    return (u_cols && v_rows) || (u_rows && v_cols);
}

/* The last tile's own map (tpx_fp_side.tail), from its moves in the real
 * matrix, where they fill a rectangle as the first tile's do (not tile_sec's
 * last segment, which wraps onto the next B row: a map as wide as the
 * matrix). */
static int build_tail(tpx_footprint *fp, const tpx_config *c)
{
    box tb[2] = {{0}};
    int tx = fp->g.gx - 1, ty = fp->g.gy - 1;
    visit_tile(c, &fp->g, tx, ty, grow, tb);
    for (int s = 0; s < 2; s++)
        if (tb[s].n == 0 || tb[s].n != (tb[s].r1 - tb[s].r0 + 1) * (tb[s].c1 - tb[s].c0 + 1))
            return 0;
    for (int s = 0; s < 2; s++) {
        tpx_fp_side *sd = &fp->side[s];
        sd->tr0 = tb[s].r0, sd->tc0 = tb[s].c0;
        sd->teh = tb[s].r1 - tb[s].r0 + 1, sd->tew = tb[s].c1 - tb[s].c0 + 1;
        sd->tail = malloc(sizeof(int) * (size_t)(sd->teh * sd->tew));
        if (!sd->tail)
            return -1;
        memset(sd->tail, 0xff, sizeof(int) * (size_t)(sd->teh * sd->tew));
    }
    fill_ctx f = {fp->side, tb, 0, 1};
    visit_tile(c, &fp->g, tx, ty, fill, &f);
    return 0;
}

/* The layout from the first tile's box and its neighbours', and the map
 * from the first tile's moves. */
static int fill_map(tpx_footprint *fp, const tpx_config *c, const tpx_geom *gv, box *b00,
                    const record_ctx *rec)
{
    box b10[2] = {{0}}, b01[2] = {{0}};
    visit_tile(c, gv, 1, 0, grow, b10);
    visit_tile(c, gv, 0, 1, grow, b01);
    for (int s = 0; s < 2; s++) {
        tpx_fp_side *sd = &fp->side[s];
        int transposed = s == TPX_SIDE_B && !footprint_is_copy(c->kernel);
        sd->rows = transposed ? c->w : c->h;
        sd->cols = transposed ? c->h : c->w;
        sd->eh = b00[s].r1 - b00[s].r0 + 1;
        sd->ew = b00[s].c1 - b00[s].c0 + 1;
        sd->ur = b10[s].r0 - b00[s].r0;
        sd->uc = b10[s].c0 - b00[s].c0;
        sd->vr = b01[s].r0 - b00[s].r0;
        sd->vc = b01[s].c0 - b00[s].c0;
        if (b00[s].n == 0 || b00[s].n != sd->eh * sd->ew || b00[s].r0 != 0 || b00[s].c0 != 0 ||
            !steps_ok(sd, fp->g.gy))
            continue;
        sd->who = malloc(sizeof(int) * (size_t)b00[s].n);
        if (!sd->who)
            return -1;
        memset(sd->who, 0xff, sizeof(int) * (size_t)b00[s].n);
        sd->ok = 1;
    }
    fill_ctx f = {fp->side, b00, 0, 0};
    if (fp->side[0].ok && fp->side[1].ok) {
        for (size_t i = 0; i < rec->n; i++)
            fill(&f, rec->m[i].side, rec->m[i].r, rec->m[i].c, rec->m[i].thread, rec->m[i].rep);
        if (f.clash) /* two threads on one element: not a plain tiling */
            fp->side[0].ok = fp->side[1].ok = 0;
    } else {
        fp->side[0].ok = fp->side[1].ok = 0;
    }
    return 0;
}

/* tail: also the last tile's map, which only footprint_who reads */
static int build(tpx_footprint *fp, const tpx_config *c, int tail)
{
    memset(fp, 0, sizeof *fp);
    fp->cfg = *c;
    fp->g = config_geom(c);
    if (config_is_reference(c->kernel))
        return -1;
    tpx_geom gv = fp->g;
    gv.w = VW;
    gv.h = VH;
    if (tpx_traits_of(c->kernel).tile == TPX_TILE_STRIP) { /* its tile spans the short side */
        /* strip_vec's rows lie as the long side's remainder mod 16 bytes
         * puts them (tpx_sv_rag): the stand-in keeps it */
        long long rag = tpx_traits_of(c->kernel).flags & TPX_KF_GATHER
                            ? tpx_sp_long(c->w, c->h) % 16 : 0;
        if (c->w <= c->h)
            gv.w = c->w, gv.h = VW + rag;
        else
            gv.h = c->h, gv.w = VW + rag;
    }
    box b00[2] = {{0}};
    record_ctx rec = {b00, NULL, 0, 0, 0};
    visit_tile(c, &gv, 0, 0, record, &rec);
    int rc = rec.oom ? -1 : fill_map(fp, c, &gv, b00, &rec);
    free(rec.m);
    return rc == 0 && fp->side[0].ok && tail ? build_tail(fp, c) : rc;
}

int footprint_build(tpx_footprint *fp, const tpx_config *c) { return build(fp, c, 1); }

int footprint_build_layout(tpx_footprint *fp, const tpx_config *c) { return build(fp, c, 0); }

void footprint_free(tpx_footprint *fp)
{
    for (int s = 0; s < 2; s++) {
        free(fp->side[s].who);
        free(fp->side[s].tail);
        fp->side[s].who = fp->side[s].tail = NULL;
        fp->side[s].ok = 0;
    }
}

void footprint_block_of_tile(tpx_kernel_id k, const tpx_geom *g, int tbx, int tby, int *bx,
                             int *by)
{
    tpx_tile_block(k, g, tbx, tby, bx, by);
}

int footprint_who(const tpx_footprint *fp, int side, long long r, long long c, tpx_who *out)
{
    const tpx_fp_side *s = &fp->side[side];
    if (!s->ok || r < 0 || c < 0 || r >= s->rows || c >= s->cols)
        return -1;
    long long tx, ty;
    if (s->uc) { /* tiles step along columns in x, rows in y (none in a one-row grid) */
        tx = c / s->uc;
        ty = s->vr ? r / s->vr : 0;
    } else {
        tx = r / s->ur;
        ty = s->vc ? c / s->vc : 0;
    }
    if (tx >= fp->g.gx || ty >= fp->g.gy)
        return -1;
    long long orow = tx * s->ur + ty * s->vr, ocol = tx * s->uc + ty * s->vc;
    if (r - orow >= s->eh || c - ocol >= s->ew)
        return -1;
    int v = s->who[(r - orow) * s->ew + (c - ocol)];
    if (s->tail && tx == fp->g.gx - 1 && ty == fp->g.gy - 1) { /* the last tile: its own map */
        long long tr = r - s->tr0, tc = c - s->tc0;
        v = tr < 0 || tc < 0 || tr >= s->teh || tc >= s->tew ? -1 : s->tail[tr * s->tew + tc];
    }
    if (v < 0)
        return -1;
    out->tbx = (int)tx;
    out->tby = (int)ty;
    out->thread = v & 0xffff;
    out->rep = v >> 16;
    out->warp = out->thread / 32;
    out->lane = out->thread % 32;
    footprint_block_of_tile(fp->cfg.kernel, &fp->g, out->tbx, out->tby, &out->bx, &out->by);
    return 0;
}
