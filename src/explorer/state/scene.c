#include "scene.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "check_memo.h"
#include "sorting.h"

tpx_sel scene_clamp(const tpx_config *c, tpx_sel sel)
{
    tpx_geom g = config_geom(c);
    int wpb = model_warps_per_block(c), reps = tpx_reps(c->kernel, &g);
#define CLAMP(v, hi) v = (v) < 0 ? 0 : (v) >= (hi) ? (hi) - 1 : (v)
    CLAMP(sel.bx, g.gx);
    CLAMP(sel.by, g.gy);
    CLAMP(sel.warp, wpb);
    CLAMP(sel.rep, reps > 0 ? reps : 1);
#undef CLAMP
    return sel;
}

static void tile_free(tpx_tile *t)
{
    free(t->inst);
    free(t->bank);
    free(t->lane[0]);
    free(t->lane[1]);
    free(t->used);
    memset(t, 0, sizeof *t);
}

/* Frees the selection part and zeroes it. */
static void select_free(tpx_scene *s)
{
    free(s->inst);
    free(s->global);
    tile_free(&s->tile[0]);
    tile_free(&s->tile[1]);
    s->inst = NULL;
    s->global = NULL;
    s->ninst = s->nglobal = 0;
    s->tbx = s->tby = 0;
    s->blk_ok = 0;
    memset(&s->blk, 0, sizeof s->blk);
    memset(s->touches, 0, sizeof s->touches);
    memset(s->box, 0, sizeof s->box);
    memset(s->nelem, 0, sizeof s->nelem);
    memset(s->nrows, 0, sizeof s->nrows);
    memset(s->ncols, 0, sizeof s->ncols);
}

void scene_free(tpx_scene *s)
{
    select_free(s);
    footprint_free(&s->fp);
    ucheck_map_release(s->chk);
    memset(s, 0, sizeof *s);
}

/* For each word of the tile, the first lane of `in` that touches it (-1). */
static void lanes_of_words(const tpx_inst *in, size_t esize, int *lane, long long words)
{
    for (long long w = 0; w < words; w++)
        lane[w] = -1;
    if (!in)
        return;
    for (int l = in->lanes - 1; l >= 0; l--) {
        if (!(in->active & (1u << l)))
            continue;
        long long b0 = in->idx[l] * (long long)esize, b1 = b0 + (long long)esize - 1;
        for (long long w = b0 / 4; w <= b1 / 4 && w < words; w++)
            lane[w] = l;
    }
}

/* The selected repetition's store and load, word by word. */
static int tile_lanes(tpx_tile *t, int rep)
{
    t->sst = scene_tile_inst(t, TPX_OP_SST, rep);
    t->sld = scene_tile_inst(t, TPX_OP_SLD, rep);
    for (int k = 0; k < 2; k++) {
        int i = k ? t->sld : t->sst;
        t->lane[k] = malloc(sizeof(int) * (size_t)(t->words > 0 ? t->words : 1));
        if (!t->lane[k])
            return -1;
        /* indices count the instruction's units (tile_sec: elements, then 16 bytes) */
        size_t e = i >= 0 ? model_inst_esize(&t->cfg, &t->inst[i]) : 1;
        lanes_of_words(i >= 0 ? &t->inst[i] : NULL, e, t->lane[k], t->words);
    }
    return 0;
}

int scene_live_tile(const tpx_scene *s) { return s->cfg.pad > 0 || s->cfg.swz ? 1 : 0; }

/* tile_gather's words that hold its rows in the selected block's tile:
 * each row's vectors from tpx_tg_row_at (where they lie depends on W and
 * the tile's column), the rest gaps. */
static int gather_used(const tpx_scene *s, tpx_tile *t, const tpx_config *v)
{
    tpx_geom g = config_geom(v);
    t->used = calloc((size_t)(t->words > 0 ? t->words : 1), 1);
    if (!t->used)
        return -1;
    size_t e = config_tile_esize(v);
    for (int j = 0; j < t->rows; j++) {
        long long at = tpx_tg_row_at(&g, s->tbx, j);
        for (long long w = at * (long long)e / 4; w < (at + t->width) * (long long)e / 4 && w < t->words; w++)
            t->used[w] = 1;
    }
    return 0;
}

/* One tile variant: its geometry and the selected warp's shared accesses. */
static int build_tile(tpx_scene *s, tpx_tile *t, const tpx_config *v)
{
    t->cfg = *v;
    if (!config_has_tile(v->kernel)) {
        snprintf(t->why, sizeof t->why, "%s has no shared tile", catalog_name(v->kernel));
        return 0;
    }
    if (config_validate(v, &s->lim, t->why, sizeof t->why) != 0)
        return 0;
    /* Every tiled kernel's tile rows are BX accesses wide (plus padding), but
     * tile_sec's: BX rows of a segment's R elements, in rows of whole units;
     * tile_gather's: A's rows as the vectors that cover BX columns;
     * strip_vec's: 128 bytes, its chunks as the swizzle lays them. */
    int nv = config_vec(v);
    t->width = v->bx * nv;
    t->pitch = (v->bx + v->pad) * nv;
    t->words = (config_smem_bytes(v) + 3) / 4;
    if ((tpx_traits_of(v->kernel).flags & TPX_KF_GATHER) &&
        tpx_traits_of(v->kernel).tile == TPX_TILE_STRIP) { /* strip_vec: swizzled 16-byte chunks */
        t->width = t->pitch = 128 / (int)config_tile_esize(v); /* a row of the 32 banks */
        t->rows = (int)(config_smem_bytes(v) / 128);
    } else if (tpx_traits_of(v->kernel).flags & TPX_KF_GATHER) { /* rows of A's vectors on a line */
        t->width = t->pitch = tpx_tg_v(v->bx, nv) * nv;
        t->rows = tpx_tg_rows(v->by, nv);
        if (gather_used(s, t, v) != 0)
            return -1;
    } else {
        if (tpx_traits_of(v->kernel).tile == TPX_TILE_SEC) {
            t->width = tpx_ts_rows(v->by, nv);
            t->pitch = tpx_ts_pitch(v->by, nv);
        }
        t->rows = (int)(config_smem_bytes(v) / (long long)config_tile_esize(v) / t->pitch);
    }
    int n = model_insts_per_warp(v);
    tpx_inst *all = malloc(sizeof *all * (size_t)n);
    t->inst = malloc(sizeof *t->inst * (size_t)n);
    t->bank = malloc(sizeof *t->bank * (size_t)n);
    if (!all || !t->inst || !t->bank) {
        free(all);
        return -1;
    }
    n = model_warp_insts(v, s->sel.bx, s->sel.by, s->sel.warp, all);
    for (int i = 0; i < n; i++) {
        if (all[i].space != TPX_SPACE_S)
            continue;
        t->inst[t->ninst] = all[i];
        model_bank_detail(&all[i], model_inst_esize(v, &all[i]), &t->bank[t->ninst]);
        t->ninst++;
    }
    free(all);
    t->valid = 1;
    return tile_lanes(t, s->sel.rep);
}

/* The box of the elements the selected warp moves, on A (its loads) and on
 * B (its stores), and how many distinct rows and columns they lie in (a warp
 * of tile_rows touches a few rows spread over its box, not the whole box).
 * A lane's access holds its instruction's width of elements along a row
 * (16 bytes of a vector kernel; tile_sec: single elements of A, vectors of B). */
static void warp_boxes(tpx_scene *s)
{
    size_t most = 32 * 16 * (size_t)(s->nglobal + 1); /* lanes x elements of a 16-byte access */
    long long *rows = malloc(sizeof(long long) * most);
    long long *cols = malloc(sizeof(long long) * most);
    for (int side = 0; side < 2; side++) {
        long long n = 0;
        for (int i = 0; i < s->nglobal; i++) {
            const tpx_inst *in = s->global[i].in;
            if ((in->space == TPX_SPACE_A ? TPX_SIDE_A : TPX_SIDE_B) != side)
                continue;
            long long *b = s->box[side];
            long long nv = (long long)(model_inst_esize(&s->cfg, in) / config_esize(s->cfg.dtype));
            for (int l = 0; l < in->lanes; l++) {
                long long r, c0;
                if (!(in->active & (1u << l)))
                    continue;
                footprint_rc(&s->fp, side, in->idx[l], &r, &c0);
                for (long long c = c0; c < c0 + (nv > 0 ? nv : 1); c++) {
                    if (!s->touches[side]) {
                        b[0] = b[2] = r;
                        b[1] = b[3] = c;
                        s->touches[side] = 1;
                    }
                    b[0] = r < b[0] ? r : b[0];
                    b[1] = c < b[1] ? c : b[1];
                    b[2] = r > b[2] ? r : b[2];
                    b[3] = c > b[3] ? c : b[3];
                    if (rows && cols) {
                        rows[n] = r;
                        cols[n] = c;
                    }
                    n++;
                }
            }
        }
        s->nelem[side] = n;
        s->nrows[side] = rows && cols ? sort_distinct_ll(rows, (size_t)n) : 0;
        s->ncols[side] = rows && cols ? sort_distinct_ll(cols, (size_t)n) : 0;
    }
    free(rows);
    free(cols);
}

int scene_build(tpx_scene *s, const tpx_config *c, const tpx_limits *lim, tpx_sel sel)
{
    scene_free(s);
    s->cfg = *c;
    s->lim = *lim;
    s->g = config_geom(c);
    s->modelled = !config_is_reference(c->kernel);
    s->wpb = model_warps_per_block(c);
    s->reps = s->modelled ? tpx_reps(c->kernel, &s->g) : 0;
    if (s->modelled && footprint_build(&s->fp, c) != 0)
        return -1;
    scene_check(s);
    return scene_select(s, sel);
}

int scene_check(tpx_scene *s)
{
    if (s->chk || !s->modelled || !tpx_is_user(s->cfg.kernel))
        return 0;
    s->chk = check_memo_get(&s->cfg);
    return s->chk != NULL;
}

int scene_pin(tpx_scene *s, int *built, const tpx_config *pin, const tpx_limits *lim,
              tpx_sel sel)
{
    if (!pin) {
        if (*built)
            scene_free(s);
        *built = 0;
        return 0;
    }
    sel = scene_clamp(pin, sel);
    if (*built && config_same(&s->cfg, pin) && s->sel.bx == sel.bx &&
        s->sel.by == sel.by && s->sel.warp == sel.warp && s->sel.rep == sel.rep)
        return 0;
    /* a scene built and then refused reads as none: the views show B alone */
    *built = scene_build(s, pin, lim, sel) == 0;
    return *built ? 0 : -1;
}

/* The selected warp's instructions, its global ones priced. */
static int select_insts(tpx_scene *s)
{
    const tpx_config *c = &s->cfg;
    int n = model_insts_per_warp(c);
    s->inst = malloc(sizeof *s->inst * (size_t)n);
    s->global = malloc(sizeof *s->global * (size_t)n);
    if (!s->inst || !s->global)
        return -1;
    s->ninst = model_warp_insts(c, s->sel.bx, s->sel.by, s->sel.warp, s->inst);
    for (int i = 0; i < s->ninst; i++) {
        if (s->inst[i].space == TPX_SPACE_S)
            continue;
        tpx_gaccess *ga = &s->global[s->nglobal++];
        memset(ga, 0, sizeof *ga);
        ga->in = &s->inst[i];
        size_t e = model_inst_esize(c, ga->in); /* one lane's access: 16 bytes for a vector */
        model_inst_cost(ga->in, e, &ga->cost);
        ga->nsect = ga->in->active ? model_inst_sectors(ga->in, e, ga->sect) : 0;
    }
    return 0;
}

int scene_select(tpx_scene *s, tpx_sel sel)
{
    const tpx_config *c = &s->cfg;
    select_free(s);
    s->sel = scene_clamp(c, sel);
    if (!s->modelled)
        return 0;
    tpx_block_tile(c->kernel, &s->g, s->sel.bx, s->sel.by, &s->tbx, &s->tby);
    if (select_insts(s) != 0)
        return -1;
    warp_boxes(s);
    s->blk_ok = traffic_block(c, s->tbx, s->tby, &s->blk) == 0;

    tpx_config plain = *c, cure = *c;
    plain.pad = 0;
    plain.swz = 0;
    if (!c->pad && !c->swz)
        cure.pad = 1;
    if (build_tile(s, &s->tile[0], &plain) != 0 || build_tile(s, &s->tile[1], &cure) != 0)
        return -1;
    return 0;
}

const tpx_gaccess *scene_global(const tpx_scene *s, tpx_op op, int rep)
{
    for (int i = 0; i < s->nglobal; i++)
        if (s->global[i].in->op == op && s->global[i].in->rep == rep)
            return &s->global[i];
    return NULL;
}

int scene_tile_inst(const tpx_tile *t, tpx_op op, int rep)
{
    for (int i = 0; i < t->ninst; i++)
        if (t->inst[i].op == op && t->inst[i].rep == rep)
            return i;
    return -1;
}
