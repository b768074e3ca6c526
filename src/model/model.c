#include "model.h"

#include <stdlib.h>
#include <string.h>

#include "sorting.h"

static const char *const op_names[TPX_OP_COUNT] = {"global_load", "global_store", "shared_load",
                                                   "shared_store"};

const char *model_op_name(tpx_op op) { return op < TPX_OP_COUNT ? op_names[op] : "?"; }

size_t model_esize(const tpx_config *c) { return config_access_bytes(c); }

size_t model_inst_esize(const tpx_config *c, const tpx_inst *in)
{
    /* a tile of its own type holds single elements (vectorised kernels refuse one) */
    if (in->space == TPX_SPACE_S && config_tile_differs(c))
        return config_tile_esize(c);
    tpx_geom g = {.vec = config_vec(c)}; /* all tpx_phase_vec and tpx_store_vec read */
    int store = in->op == TPX_OP_GST || in->op == TPX_OP_SST;
    return config_esize(c->dtype) * (size_t)(store ? tpx_store_vec(c->kernel, &g, in->phase)
                                                   : tpx_phase_vec(c->kernel, &g, in->phase));
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

static void inst_head(const tpx_config *c, int phase, int rep, int side, tpx_inst *in)
{
    in->space = side ? tpx_dst_space(c->kernel, phase) : tpx_src_space(c->kernel, phase);
    in->op = op_of(in->space, side);
    in->phase = phase;
    in->rep = rep;
    in->active = 0;
    in->lanes = 0;
}

/* The instructions of one move of a warp on a tile, out[side] for each side
 * asked (1 << side in sides): each lane's move is worked out once for both,
 * as it is the costliest thing the model does (a gather's index arithmetic). */
static void build_sides(const tpx_config *c, const tpx_geom *g, int tbx, int tby, int warp,
                        int phase, int rep, int sides, tpx_inst out[2])
{
    int threads = c->bx * c->by;
    for (int side = 0; side < 2; side++)
        if (sides >> side & 1)
            inst_head(c, phase, rep, side, &out[side]);
    /* a gather group stores once, at its last move (tpx_rep_stores) */
    int issued[2] = {1, tpx_rep_stores(c->kernel, g, phase, rep)};
    for (int lane = 0; lane < 32; lane++) {
        int t = warp * 32 + lane;
        int ok = t < threads;
        tpx_move m = {-1, -1, 0};
        if (ok)
            m = tpx_tile_move(c->kernel, g, phase, rep, tbx, tby, t % c->bx, t / c->bx);
        for (int side = 0; side < 2; side++) {
            if (!(sides >> side & 1))
                continue;
            tpx_inst *in = &out[side];
            in->idx[lane] = !ok ? -1 : side ? m.dst : m.src;
            if (ok)
                in->lanes = lane + 1;
            if (ok && m.ok && issued[side])
                in->active |= 1u << lane;
        }
    }
}

/* One instruction of a warp on a tile: side 0 is the move's load, 1 its store. */
void model_build_inst(const tpx_config *c, const tpx_geom *g, int tbx, int tby, int warp,
                      int phase, int rep, int side, tpx_inst *in)
{
    tpx_inst two[2];
    build_sides(c, g, tbx, tby, warp, phase, rep, 1 << side, two);
    *in = two[side];
}

int model_tile_warp_insts(const tpx_config *c, int tbx, int tby, int warp, tpx_inst *out)
{
    if (config_is_reference(c->kernel))
        return -1;
    tpx_geom g = config_geom(c);
    int n = 0, reps = tpx_reps(c->kernel, &g);
    for (int phase = 0; phase < tpx_phases(c->kernel); phase++)
        for (int rep = 0; rep < reps; rep++, n += 2)
            build_sides(c, &g, tbx, tby, warp, phase, rep, 3, &out[n]);
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
int model_distinct_units(const tpx_inst *in, size_t esize, long long shift, long long unit,
                         long long *out)
{
    int n = 0;
    /* units of 32 and 128 bytes: a shift, not a division (addresses >= 0) */
    int lg = unit > 0 && (unit & (unit - 1)) == 0 ? __builtin_ctzll((unsigned long long)unit) : -1;
    for (int lane = 0; lane < in->lanes; lane++) {
        if (!(in->active & (1u << lane)))
            continue;
        long long a = in->idx[lane] * (long long)esize + shift, z = a + (long long)esize - 1;
        long long u0 = lg >= 0 && a >= 0 ? a >> lg : a / unit;
        long long u1 = lg >= 0 && a >= 0 ? z >> lg : z / unit;
        for (long long u = u0; u <= u1; u++)
            out[n++] = u;
    }
    return (int)sort_distinct_ll(out, (size_t)n);
}

int model_inst_sectors(const tpx_inst *in, size_t esize, long long out[64])
{
    return model_distinct_units(in, esize, 0, 32, out);
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
        model_add_sectors(acc, u, model_distinct_units(in, esize, 0, 32, u));
    }
}

void model_add_sectors(tpx_cost *acc, const long long *sectors, int n)
{
    int at[4] = {0}, top = 0, lines = 0;
    for (int i = 0; i < n; i++) {
        int k = ++at[sectors[i] & 3];
        top = k > top ? k : top;
        lines += i == 0 || sectors[i] >> 2 != sectors[i - 1] >> 2;
    }
    acc->sectors += (unsigned long long)n;
    acc->lines += (unsigned long long)lines;
    acc->peak += (unsigned long long)top;
    if (2 * top < lines) {
        acc->wide_peak += (unsigned long long)top;
        acc->wide_lines += (unsigned long long)lines;
    }
}

void model_cost_add(tpx_cost *acc, const tpx_cost *c, unsigned long long times)
{
    acc->peak += c->peak * times;
    acc->wide_peak += c->wide_peak * times;
    acc->wide_lines += c->wide_lines * times;
    acc->insts += c->insts * times;
    acc->sectors += c->sectors * times;
    acc->lines += c->lines * times;
    acc->wavefronts += c->wavefronts * times;
    acc->ideal += c->ideal * times;
    acc->bytes += c->bytes * times;
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
