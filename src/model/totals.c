/*
 * totals.c: a launch's totals, every warp of every block priced, without
 * visiting every block where tiles form families whose addresses move in
 * step (docs/model.md); model.c prices one instruction.
 */
#include <stdlib.h>
#include <string.h>

#include "model.h"

/* ---- launch totals -------------------------------------------------------- */

/* Every warp of one tile, priced exactly. */
static void add_tile(const tpx_config *c, int tbx, int tby, tpx_inst *buf, tpx_totals *t)
{
    for (int w = 0; w < t->warps_per_block; w++) {
        int n = model_tile_warp_insts(c, tbx, tby, w, buf);
        for (int i = 0; i < n; i++)
            model_inst_cost(&buf[i], model_inst_esize(c, &buf[i]), &t->op[buf[i].op]);
    }
}

static int cancelled(const atomic_int *cancel) { return cancel && atomic_load(cancel); }

static int totals_init(const tpx_config *c, tpx_totals *t, tpx_inst **buf)
{
    memset(t, 0, sizeof *t);
    if (config_is_reference(c->kernel))
        return -1;
    tpx_geom g = config_geom(c);
    t->blocks = (long long)g.gx * g.gy;
    t->warps_per_block = model_warps_per_block(c);
    *buf = malloc(sizeof(tpx_inst) * (size_t)model_insts_per_warp(c));
    return *buf ? 0 : -1;
}

int model_totals_bruteforce(const tpx_config *c, tpx_totals *t)
{
    tpx_inst *buf;
    if (totals_init(c, t, &buf) != 0)
        return -1;
    tpx_geom g = config_geom(c);
    for (int by = 0; by < g.gy; by++)
        for (int bx = 0; bx < g.gx; bx++)
            for (int w = 0; w < t->warps_per_block; w++) {
                int n = model_warp_insts(c, bx, by, w, buf);
                for (int i = 0; i < n; i++)
                    model_inst_cost(&buf[i], model_inst_esize(c, &buf[i]), &t->op[buf[i].op]);
            }
    free(buf);
    return 0;
}

/* How many x in [0, n) have (x * step) mod 128 == r, for every r. */
static void residue_hist(long long n, long long step, unsigned long long hist[128])
{
    memset(hist, 0, 128 * sizeof hist[0]);
    long long s = ((step % 128) + 128) % 128, period = 1;
    while ((period * s) % 128 != 0)
        period++;
    for (long long x = 0; x < period && x < n; x++)
        hist[(x * s) % 128] += (unsigned long long)(n / period + (x < n % period));
}

/* A family of tiles: columns x0, x0 + step, ... (nx of them; step 0 means
 * 1) by rows [y0, y0 + ny) of tile coordinates. */
typedef struct tile_rect {
    int x0, y0;
    long long nx, ny;
    int step;
} tile_rect;

static long long rect_x(const tile_rect *r, long long i) { return r->x0 + i * (r->step > 0 ? r->step : 1); }

/* One instruction (same phase, rep and side as tmpl) of warp w on tile (tx, ty). */
static void family_inst(const tpx_config *c, const tpx_geom *g, int w, const tpx_inst *tmpl,
                        long long tx, long long ty, tpx_inst *out)
{
    model_build_inst(c, g, (int)tx, (int)ty, w, tmpl->phase, tmpl->rep,
               tmpl->op == TPX_OP_GST || tmpl->op == TPX_OP_SST, out);
}

/* A global instruction over the rectangle: lane 0's address is a0 + x*sx +
 * y*sy, so the tiles are counted per residue modulo 128 and priced once per
 * residue, lanes shifted so lane 0 sits there (plus a multiple of 128 that
 * keeps addresses positive). */
static void price_by_residue(const tpx_inst *t0, size_t e, long long a0, long long sx,
                             long long sy, const tile_rect *r, tpx_cost *out)
{
    unsigned long long hx[128], hy[128], hist[128] = {0};
    residue_hist(r->nx, sx, hx);
    residue_hist(r->ny, sy, hy);
    long long base = ((a0 % 128) + 128) % 128;
    for (int i = 0; i < 128; i++)
        for (int j = 0; hx[i] && j < 128; j++)
            hist[(base + i + j) % 128] += hx[i] * hy[j];
    long long lift = 128LL << 36;
    for (int res = 0; res < 128; res++) {
        if (!hist[res])
            continue;
        tpx_cost rc = {0};
        long long u[64];
        long long shift = lift + res - a0; /* byte shift applied to every lane */
        rc.insts = 1;
        rc.bytes = (unsigned long long)__builtin_popcount(t0->active) * e;
        model_add_sectors(&rc, u, model_distinct_units(t0, e, shift, 32, u));
        model_cost_add(out, &rc, hist[res]);
    }
}

/* A user kernel's guard may fail anywhere (bx != 2), not only on the last
 * tile column or row as every catalog kernel's does, and its indices need
 * not be affine in the tile: besides the corners, 16 tiles spread over the
 * rectangle must agree with the family (same lanes, addresses on the plane
 * the corners give), else the rectangle is priced tile by tile.  A sample,
 * not a proof: docs/language.md says so. */
static int user_family_holds(const tpx_config *c, const tpx_geom *g, int w, const tpx_inst *t0,
                             const tpx_inst *i10, const tpx_inst *i01, const tile_rect *r)
{
    for (long long s = 1; s <= 16; s++) {
        long long dx = (s * 7919) % r->nx, dy = (s * 104729) % r->ny;
        tpx_inst in;
        family_inst(c, g, w, t0, rect_x(r, dx), r->y0 + dy, &in);
        if (in.active != t0->active)
            return 0;
        for (int l = 0; l < t0->lanes; l++)
            if ((t0->active >> l & 1) &&
                in.idx[l] != t0->idx[l] + dx * (r->nx > 1 ? i10->idx[l] - t0->idx[l] : 0) +
                                 dy * (r->ny > 1 ? i01->idx[l] - t0->idx[l] : 0))
                return 0;
    }
    return 1;
}

/* Within a rectangle of tiles that all share one guard outcome (the interior,
 * the last tile column or row, the corner), every lane's address is affine in
 * the tile coordinates with one slope for all lanes: a global instruction's
 * cost depends only on its base address modulo 128 bytes, a shared one's is
 * the same on every tile.  Checked on the rectangle's corners and neighbours;
 * -1 when it does not hold, and the caller prices tile by tile. */
static int add_family_inst(const tpx_config *c, const tpx_geom *g, int w, const tpx_inst *t0,
                           const tile_rect *r, tpx_totals *t)
{
    size_t e = model_inst_esize(c, t0);
    long long xl = rect_x(r, r->nx - 1), yl = r->y0 + r->ny - 1;
    tpx_inst b10, b01, bff, b_x, b_y;
    /* the corners and neighbours, each built once: most rectangles of a
     * small matrix are a tile wide or high, where they coincide (t0 is the
     * instruction on tile (x0, y0)) */
    const tpx_inst *i10 = t0, *i01 = t0, *i_x, *i_y, *iff;
    if (r->nx > 1)
        family_inst(c, g, w, t0, rect_x(r, 1), r->y0, &b10), i10 = &b10;
    if (r->ny > 1)
        family_inst(c, g, w, t0, r->x0, r->y0 + 1, &b01), i01 = &b01;
    i_x = r->nx == 1 ? t0 : r->nx == 2 ? i10 : (family_inst(c, g, w, t0, xl, r->y0, &b_x), &b_x);
    i_y = r->ny == 1 ? t0 : r->ny == 2 ? i01 : (family_inst(c, g, w, t0, r->x0, yl, &b_y), &b_y);
    iff = r->nx == 1 ? i_y : r->ny == 1 ? i_x : (family_inst(c, g, w, t0, xl, yl, &bff), &bff);
    if (iff->active != t0->active || i_x->active != t0->active || i_y->active != t0->active ||
        i10->active != t0->active || i01->active != t0->active)
        return -1;
    if (tpx_is_user(c->kernel) && !user_family_holds(c, g, w, t0, i10, i01, r))
        return -1;
    if (!t0->active)
        return 0;
    unsigned long long count = (unsigned long long)(r->nx * r->ny);
    /* Only the active lanes are priced, so only theirs must follow the
     * family (tile_sec's inactive lanes carry no index); lane `ref`, the
     * first active one, places the instruction. */
    int ref = __builtin_ctz(t0->active);
    if (t0->space == TPX_SPACE_S) {
        for (int l = 0; l < t0->lanes; l++)
            if ((t0->active >> l & 1) &&
                (iff->idx[l] != t0->idx[l] || i_x->idx[l] != t0->idx[l] || i_y->idx[l] != t0->idx[l]))
                return -1;
        tpx_cost one = {0};
        model_inst_cost(t0, e, &one);
        model_cost_add(&t->op[t0->op], &one, count);
        return 0;
    }
    long long a0 = t0->idx[ref] * (long long)e;
    /* a one-tile side has no step (its neighbour may lie past the grid) */
    long long sx = (i10->idx[ref] - t0->idx[ref]) * (long long)e; /* 0 when a tile wide */
    long long sy = (i01->idx[ref] - t0->idx[ref]) * (long long)e;
    for (int l = 0; l < t0->lanes; l++) {
        if (!(t0->active >> l & 1))
            continue;
        long long d0 = t0->idx[l] * (long long)e;
        if ((i10->idx[l] - t0->idx[l]) * (long long)e != sx ||
            (i01->idx[l] - t0->idx[l]) * (long long)e != sy ||
            iff->idx[l] * (long long)e != d0 + (r->nx - 1) * sx + (r->ny - 1) * sy ||
            i_x->idx[l] * (long long)e != d0 + (r->nx - 1) * sx ||
            i_y->idx[l] * (long long)e != d0 + (r->ny - 1) * sy)
            return -1;
    }
    price_by_residue(t0, e, a0, sx, sy, r, &t->op[t0->op]);
    return 0;
}

/* Every warp of every tile in the rectangle, priced exactly. */
static int add_rect_exact(const tpx_config *c, const tile_rect *r, tpx_inst *buf, tpx_totals *t,
                          const atomic_int *cancel)
{
    for (long long y = r->y0; y < r->y0 + r->ny; y++)
        for (long long i = 0; i < r->nx; i++) {
            if (cancelled(cancel))
                return 1;
            add_tile(c, (int)rect_x(r, i), (int)y, buf, t);
        }
    return 0;
}

/* A rectangle by families; where one instruction breaks the family property,
 * the whole rectangle is redone tile by tile. */
static int add_rect(const tpx_config *c, const tile_rect *r, tpx_inst *buf, tpx_totals *t,
                    const atomic_int *cancel)
{
    if (r->nx <= 0 || r->ny <= 0)
        return 0;
    tpx_geom g = config_geom(c);
    tpx_totals part;
    memset(&part, 0, sizeof part);
    int n = model_insts_per_warp(c);
    for (int w = 0; w < t->warps_per_block; w++) {
        if (cancelled(cancel))
            return 1;
        model_tile_warp_insts(c, r->x0, r->y0, w, buf);
        for (int i = 0; i < n; i++)
            if (add_family_inst(c, &g, w, &buf[i], r, &part) != 0) {
                part.warps_per_block = t->warps_per_block;
                memset(part.op, 0, sizeof part.op);
                if (add_rect_exact(c, r, buf, &part, cancel) != 0)
                    return 1;
                goto merge;
            }
    }
merge:
    for (int o = 0; o < TPX_OP_COUNT; o++)
        model_cost_add(&t->op[o], &part.op[o], 1);
    return 0;
}

/* gcd(a mod m, m) for m > 0: m itself when a is a multiple of m. */
static long long gcd_mod(long long a, long long m)
{
    a %= m;
    while (a) {
        long long r = m % a;
        m = a;
        a = r;
    }
    return m;
}

/* tile_sec and tile_gather (tpx_tsec.h, tpx_tgat.h): a segment's start
 * inside its sector depends on x0 H mod Q, so tile columns P = Q / gcd(BX H
 * mod Q, Q) apart share a pattern (one family per residue of the column),
 * and down a column only its last two tile rows differ (the row end, a
 * segment past it).  The columns whose segments can reach the array's end
 * (clamped there) go one by one. */
static int totals_sec(const tpx_config *c, const tpx_geom *g, tpx_inst *buf, tpx_totals *t,
                      const atomic_int *cancel)
{
    long long q = 2LL * tpx_vec(g);
    /* a segment runs at most min(TY, H) + 2Q elements, so only the columns
     * within that reach of the array's end can be clamped there (H below TY:
     * a block of 1x1024 at H = 2 would otherwise price 4107 columns one by one) */
    long long ty = tpx_ts_ty(g->by, tpx_vec(g)) < g->h ? tpx_ts_ty(g->by, tpx_vec(g)) : g->h;
    long long period = q / gcd_mod((long long)g->bx * g->h, q);
    long long tail = tpx_cdiv((ty + 2 * q) / g->h + 2, g->bx) + 1;
    long long bottom = 2; /* down a column only its last two tile rows differ (above) */
    if (tpx_traits_of(c->kernel).flags & TPX_KF_GATHER) {
        /* tile_gather's shared rows hold A's vectors from the one holding
         * x0: their offsets repeat every n / gcd(BX mod n, n) columns (and
         * are the same down a column, TY being a multiple of n); periods
         * that divide Q: the larger is their lcm */
        long long n = tpx_vec(g), pn = n / gcd_mod(g->bx, n);
        period = pn > period ? pn : period;
        /* and the last row's vectors reach past the array in the columns
         * within a row's vectors of W: those go one by one too */
        long long vt = tpx_cdiv((long long)tpx_tg_v(g->bx, (int)n) * n + n, g->bx) + 1;
        tail = vt > tail ? vt : tail;
        /* down a column, the rows whose vectors (V n elements: V n / W + 1
         * A rows) can reach the array's end differ too: with B rows shorter
         * than a tile is wide that is more than the last two (a grid of
         * millions of tile rows would otherwise be priced tile by tile) */
        long long reach = (long long)tpx_tg_v(g->bx, (int)n) * n / g->w + 2;
        long long rows = tpx_cdiv(reach, tpx_ts_ty(g->by, (int)n)) + 2;
        bottom = rows > bottom ? rows : bottom;
    }
    long long body = g->gx > tail ? g->gx - tail : 0; /* columns [body, gx): the tail */
    long long top = g->gy > bottom ? g->gy - bottom : 0; /* rows [top, gy) one by one */
    int rc = 0;
    for (long long col = 0; col < period + (g->gx - body) && rc == 0; col++)
        for (long long y = -1; y < g->gy - top && rc == 0; y++) {
            /* y = -1: the rows [0, top) as one family; then the bottom ones */
            int y0 = y < 0 ? 0 : (int)(top + y), ny = y < 0 ? (int)top : 1;
            tile_rect r = {(int)col, y0, 0, ny, (int)period};
            if (col >= period) /* the tail, a column each */
                r.x0 = (int)(body + col - period), r.nx = 1;
            else if (col < body)
                r.nx = (body - 1 - col) / period + 1;
            rc = add_rect(c, &r, buf, t, cancel);
        }
    return rc;
}

int model_totals(const tpx_config *c, tpx_totals *t, const atomic_int *cancel)
{
    tpx_inst *buf;
    if (totals_init(c, t, &buf) != 0)
        return -1;
    tpx_geom g = config_geom(c);
    if (tpx_traits_of(c->kernel).tile == TPX_TILE_SEC) {
        int rc = totals_sec(c, &g, buf, t, cancel);
        free(buf);
        return rc;
    }
    int rc = 0;
    if (tpx_traits_of(c->kernel).tile == TPX_TILE_STRIP) {
        /* one row of strips; where strip_vec's long side is ragged, strip 0
         * takes a unit a row more and the three before the end may reach
         * the rows' heads (tpx_svec.h): the body between as one family */
        long long tail = g.gx - 1 < 3 ? g.gx - 1 : 3;
        tile_rect first = {0, 0, 1, 1, 1}, body = {1, 0, g.gx - 1 - tail, 1, 1};
        rc = add_rect(c, &first, buf, t, cancel);
        for (long long x = g.gx - tail; x < g.gx && rc == 0; x++) {
            tile_rect one = {(int)x, 0, 1, 1, 1};
            rc = add_rect(c, &one, buf, t, cancel);
        }
        if (rc == 0)
            rc = add_rect(c, &body, buf, t, cancel);
        free(buf);
        return rc;
    }
    /* Guards can only fail in the last tile column or row. */
    tile_rect rects[4] = {
        {0, 0, g.gx - 1, g.gy - 1, 1},     /* interior */
        {g.gx - 1, 0, 1, g.gy - 1, 1},     /* last column */
        {0, g.gy - 1, g.gx - 1, 1, 1},     /* last row */
        {g.gx - 1, g.gy - 1, 1, 1, 1},     /* corner */
    };
    for (int i = 0; i < 4 && rc == 0; i++)
        rc = add_rect(c, &rects[i], buf, t, cancel);
    free(buf);
    return rc;
}

