#include "model.h"

#include <stdlib.h>
#include <string.h>

#include "sorting.h"

static const char *const op_names[TPX_OP_COUNT] = {"global_load", "global_store", "shared_load",
                                                   "shared_store"};

const char *model_op_name(tpx_op op) { return op < TPX_OP_COUNT ? op_names[op] : "?"; }

size_t model_esize(const tpx_config *c) { return config_access_bytes(c); }

size_t model_space_esize(const tpx_config *c, tpx_space s)
{
    /* a tile of its own type holds single elements (vectorised kernels refuse one) */
    if (s == TPX_SPACE_S && config_tile_differs(c))
        return config_tile_esize(c);
    return model_esize(c);
}

int model_warps_per_block(const tpx_config *c) { return (c->bx * c->by + 31) / 32; }

int model_insts_per_warp(const tpx_config *c)
{
    tpx_geom g = config_geom(c);
    return 2 * tpx_phases(c->kernel) * tpx_reps(c->kernel, &g);
}

static tpx_op op_of(tpx_space s, int store)
{
    if (s == TPX_SPACE_S)
        return store ? TPX_OP_SST : TPX_OP_SLD;
    return store ? TPX_OP_GST : TPX_OP_GLD;
}

/* One instruction of a warp on a tile: side 0 is the move's load, 1 its store. */
static void build_inst(const tpx_config *c, const tpx_geom *g, int tbx, int tby, int warp,
                       int phase, int rep, int side, tpx_inst *in)
{
    int threads = c->bx * c->by;
    in->space = side ? tpx_dst_space(c->kernel, phase) : tpx_src_space(c->kernel, phase);
    in->op = op_of(in->space, side);
    in->phase = phase;
    in->rep = rep;
    in->active = 0;
    in->lanes = 0;
    for (int lane = 0; lane < 32; lane++) {
        int t = warp * 32 + lane;
        if (t >= threads) {
            in->idx[lane] = -1;
            continue;
        }
        in->lanes = lane + 1;
        tpx_move m = tpx_tile_move(c->kernel, g, phase, rep, tbx, tby, t % c->bx, t / c->bx);
        in->idx[lane] = side ? m.dst : m.src;
        if (m.ok)
            in->active |= 1u << lane;
    }
}

int model_tile_warp_insts(const tpx_config *c, int tbx, int tby, int warp, tpx_inst *out)
{
    if (config_is_reference(c->kernel))
        return -1;
    tpx_geom g = config_geom(c);
    int n = 0, reps = tpx_reps(c->kernel, &g);
    for (int phase = 0; phase < tpx_phases(c->kernel); phase++)
        for (int rep = 0; rep < reps; rep++)
            for (int side = 0; side < 2; side++)
                build_inst(c, &g, tbx, tby, warp, phase, rep, side, &out[n++]);
    return n;
}

int model_warp_insts(const tpx_config *c, int bx, int by, int warp, tpx_inst *out)
{
    if (config_is_reference(c->kernel))
        return -1;
    tpx_geom g = config_geom(c);
    int tbx, tby;
    tpx_block_tile(c->kernel, &g, bx, by, &tbx, &tby);
    return model_tile_warp_insts(c, tbx, tby, warp, out);
}

/* ---- pricing one instruction -------------------------------------------- */

/* Distinct units of `unit` bytes covered by the active lanes' bytes, where the
 * lanes' byte addresses are idx * esize + shift. */
static int distinct_units(const tpx_inst *in, size_t esize, long long shift, long long unit,
                          long long *out)
{
    int n = 0;
    for (int lane = 0; lane < in->lanes; lane++) {
        if (!(in->active & (1u << lane)))
            continue;
        long long a = in->idx[lane] * (long long)esize + shift;
        for (long long u = a / unit; u <= (a + (long long)esize - 1) / unit; u++)
            out[n++] = u;
    }
    return (int)sort_distinct_ll(out, (size_t)n);
}

int model_inst_sectors(const tpx_inst *in, size_t esize, long long out[64])
{
    return distinct_units(in, esize, 0, 32, out);
}

void model_inst_cost(const tpx_inst *in, size_t esize, tpx_cost *acc)
{
    if (!in->active)
        return;
    acc->insts++;
    acc->bytes += (unsigned long long)__builtin_popcount(in->active) * esize;
    if (in->space == TPX_SPACE_S) {
        tpx_bank_detail d;
        model_bank_detail(in, esize, &d);
        acc->wavefronts += (unsigned long long)d.wavefronts;
        acc->ideal += (unsigned long long)d.ideal;
    } else {
        long long u[64];
        acc->sectors += (unsigned long long)distinct_units(in, esize, 0, 32, u);
        acc->lines += (unsigned long long)distinct_units(in, esize, 0, 128, u);
    }
}

static void cost_add(tpx_cost *acc, const tpx_cost *c, unsigned long long times)
{
    acc->insts += c->insts * times;
    acc->sectors += c->sectors * times;
    acc->lines += c->lines * times;
    acc->wavefronts += c->wavefronts * times;
    acc->ideal += c->ideal * times;
    acc->bytes += c->bytes * times;
}

/* ---- launch totals -------------------------------------------------------- */

/* Every warp of one tile, priced exactly. */
static void add_tile(const tpx_config *c, int tbx, int tby, tpx_inst *buf, tpx_totals *t)
{
    for (int w = 0; w < t->warps_per_block; w++) {
        int n = model_tile_warp_insts(c, tbx, tby, w, buf);
        for (int i = 0; i < n; i++)
            model_inst_cost(&buf[i], model_space_esize(c, buf[i].space), &t->op[buf[i].op]);
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
                    model_inst_cost(&buf[i], model_space_esize(c, buf[i].space),
                                    &t->op[buf[i].op]);
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

/* A family of tiles: the rectangle [x0, x0+nx) x [y0, y0+ny) of tile coordinates. */
typedef struct tile_rect {
    int x0, y0;
    long long nx, ny;
} tile_rect;

/* One instruction (same phase, rep and side as tmpl) of warp w on tile (tx, ty). */
static void family_inst(const tpx_config *c, const tpx_geom *g, int w, const tpx_inst *tmpl,
                        long long tx, long long ty, tpx_inst *out)
{
    build_inst(c, g, (int)tx, (int)ty, w, tmpl->phase, tmpl->rep,
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
        rc.sectors = (unsigned long long)distinct_units(t0, e, shift, 32, u);
        rc.lines = (unsigned long long)distinct_units(t0, e, shift, 128, u);
        cost_add(out, &rc, hist[res]);
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
        family_inst(c, g, w, t0, r->x0 + dx, r->y0 + dy, &in);
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
    size_t e = model_space_esize(c, t0->space);
    long long xl = r->x0 + r->nx - 1, yl = r->y0 + r->ny - 1;
    tpx_inst i10, i01, iff, i_x, i_y;
    family_inst(c, g, w, t0, r->x0 + 1, r->y0, &i10);
    family_inst(c, g, w, t0, r->x0, r->y0 + 1, &i01);
    family_inst(c, g, w, t0, xl, yl, &iff);
    family_inst(c, g, w, t0, xl, r->y0, &i_x);
    family_inst(c, g, w, t0, r->x0, yl, &i_y);
    if (iff.active != t0->active || i_x.active != t0->active || i_y.active != t0->active ||
        (r->nx > 1 && i10.active != t0->active) || (r->ny > 1 && i01.active != t0->active))
        return -1;
    if (tpx_is_user(c->kernel) && !user_family_holds(c, g, w, t0, &i10, &i01, r))
        return -1;
    if (!t0->active)
        return 0;
    unsigned long long count = (unsigned long long)(r->nx * r->ny);
    if (t0->space == TPX_SPACE_S) {
        for (int l = 0; l < t0->lanes; l++)
            if (iff.idx[l] != t0->idx[l] || i_x.idx[l] != t0->idx[l] || i_y.idx[l] != t0->idx[l])
                return -1;
        tpx_cost one = {0};
        model_inst_cost(t0, e, &one);
        cost_add(&t->op[t0->op], &one, count);
        return 0;
    }
    long long a0 = t0->idx[0] * (long long)e;
    long long sx = (i10.idx[0] - t0->idx[0]) * (long long)e;
    long long sy = (i01.idx[0] - t0->idx[0]) * (long long)e;
    for (int l = 0; l < t0->lanes; l++) {
        long long d0 = t0->idx[l] * (long long)e;
        if ((i10.idx[l] - t0->idx[l]) * (long long)e != sx ||
            (i01.idx[l] - t0->idx[l]) * (long long)e != sy ||
            iff.idx[l] * (long long)e != d0 + (r->nx - 1) * sx + (r->ny - 1) * sy ||
            i_x.idx[l] * (long long)e != d0 + (r->nx - 1) * sx ||
            i_y.idx[l] * (long long)e != d0 + (r->ny - 1) * sy)
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
        for (long long x = r->x0; x < r->x0 + r->nx; x++) {
            if (cancelled(cancel))
                return 1;
            add_tile(c, (int)x, (int)y, buf, t);
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
        cost_add(&t->op[o], &part.op[o], 1);
    return 0;
}

int model_totals(const tpx_config *c, tpx_totals *t, const atomic_int *cancel)
{
    tpx_inst *buf;
    if (totals_init(c, t, &buf) != 0)
        return -1;
    tpx_geom g = config_geom(c);
    /* Guards can only fail in the last tile column or row. */
    tile_rect rects[4] = {
        {0, 0, g.gx - 1, g.gy - 1},        /* interior */
        {g.gx - 1, 0, 1, g.gy - 1},        /* last column */
        {0, g.gy - 1, g.gx - 1, 1},        /* last row */
        {g.gx - 1, g.gy - 1, 1, 1},        /* corner */
    };
    int rc = 0;
    for (int i = 0; i < 4 && rc == 0; i++)
        rc = add_rect(c, &rects[i], buf, t, cancel);
    free(buf);
    return rc;
}

double model_sectors_per_request(const tpx_cost *c)
{
    return c->insts ? (double)c->sectors / (double)c->insts : 0.0;
}

double model_efficiency(const tpx_cost *c)
{
    return c->sectors ? (double)c->bytes / (32.0 * (double)c->sectors) : 0.0;
}

double model_conflict_ways(const tpx_cost *c)
{
    return c->ideal ? (double)c->wavefronts / (double)c->ideal : 0.0;
}

double model_wavefronts_per_request(const tpx_cost *c)
{
    return c->insts ? (double)c->wavefronts / (double)c->insts : 0.0;
}
