#include "traffic_split.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tpx_index.h"

static int piece_cmp(const void *a, const void *b)
{
    const split_piece *x = a, *y = b;
    if (x->sector != y->sector)
        return x->sector < y->sector ? -1 : 1;
    return (x->inst > y->inst) - (x->inst < y->inst);
}

split_piece *traffic_split_pieces(const tpx_config *c, int tbx, int tby, tpx_op op, int *n)
{
    int warps = model_warps_per_block(c), per = model_insts_per_warp(c);
    tpx_inst *buf = malloc(sizeof(tpx_inst) * (size_t)per);
    split_piece *p = malloc(sizeof(split_piece) * 32 * (size_t)per * (size_t)warps);
    *n = 0;
    if (!buf || !p) {
        free(buf);
        free(p);
        return NULL;
    }
    for (int w = 0; w < warps; w++) {
        int k = model_tile_warp_insts(c, tbx, tby, w, buf);
        for (int i = 0; i < k; i++) {
            if (buf[i].op != op || buf[i].space == TPX_SPACE_S)
                continue;
            size_t e = model_inst_esize(c, &buf[i]);
            for (int lane = 0; lane < buf[i].lanes; lane++)
                if (buf[i].active & (1u << lane))
                    p[(*n)++] = (split_piece){buf[i].idx[lane] * (long long)e / 32, (int)e,
                                              w * per + i};
        }
    }
    free(buf);
    qsort(p, (size_t)*n, sizeof *p, piece_cmp);
    return p;
}

/* Sectors the block leaves incomplete (fewer than 32 of their bytes
 * written by it), sorted, written over pieces; *in_split counts the waits
 * inside the block: for a sector that k > 1 of its instructions write, at
 * least one in part, k - 1.  Each keeps the bytes the block writes of it.
 * Returns the number of incomplete sectors. */
static int split_incomplete(split_piece *p, int n, int *in_split)
{
    int out = 0;
    *in_split = 0;
    for (int i = 0, j; i < n; i = j) {
        int bytes = 0, insts = 0, partial = 0, inst_bytes = 0;
        for (j = i; j < n && p[j].sector == p[i].sector; j++) {
            bytes += p[j].bytes;
            inst_bytes += p[j].bytes;
            /* pieces of one instruction are adjacent (sorted by sector, inst) */
            if (j + 1 == n || p[j + 1].sector != p[i].sector || p[j + 1].inst != p[j].inst) {
                insts++;
                partial |= inst_bytes < 32;
                inst_bytes = 0;
            }
        }
        *in_split += insts > 1 && partial ? insts - 1 : 0;
        if (bytes < 32)
            p[out++] = (split_piece){p[i].sector, bytes, 0};
    }
    return out;
}

/* Where the block on tile (tbx, tby) is in launch order (the hardware
 * starts blocks in order of their linear index). */
static long long launch_index(const tpx_config *c, const tpx_geom *g, int tbx, int tby)
{
    int bx, by;
    tpx_tile_block(c->kernel, g, tbx, tby, &bx, &by);
    return bx + (long long)g->gx * by;
}

long long traffic_neighbour(const tpx_config *c, const tpx_geom *g, int tbx, int tby, int i,
                            int *nx, int *ny)
{
    static const int step[4][2] = {{0, -1}, {0, 1}, {-1, 0}, {1, 0}};
    *nx = tbx + step[i][0], *ny = tby + step[i][1];
    if (*nx < 0 || *ny < 0 || *nx >= g->gx || *ny >= g->gy)
        return -1;
    return llabs(launch_index(c, g, *nx, *ny) - launch_index(c, g, tbx, tby));
}

/* The common sectors of one line of a (it writes `mine` of the line's
 * sectors in part) that count as lost with their line: all of them where a
 * writes two or more (four shared, as before, among them).  The L2 evicts
 * the line's dirty sectors at once, and DRAM reads and writes them as a
 * line, not as lone atoms: a thin B whose rows each block writes 8 of 48 bytes
 * leaves two or three sectors of a line part-written, never four
 * (smem_staged 32x4 at 6000000x24 f16 moves ~2.6 GB of DRAM in 0.72 ms on
 * an H200, 75 % of its peak; counted as lone atoms, 1.9 GB each way and 25 M
 * rmw_gbs waits, the limits said 2.7 ms and 5.0; bench/gpu_merge_thin_ncu.sh).
 * A line with one such sector (a block's one piece of a long row of B)
 * stays alone.  (The reread pairs of A count atoms instead, and no line:
 * traffic_reread_block.) */
static int line_whole(int mine, int common)
{
    return mine >= 2 ? common : 0;
}

/* Sum over the sectors both sorted lists hold of the chance that such a
 * sector left the L2 between the two writers, d bytes of L2 traffic apart;
 * *whole: the same sum over those lost with their line (line_whole);
 * *share: the bytes / 32 of a's pieces that meet their first partner here
 * (summed over a sector's writers, the sector once).  The rereads of A pass
 * atoms in .sector, and no whole (a line means nothing to them). */
static double split_common(split_piece *a, int na, const split_piece *b, int nb, double p,
                           double *whole, double *share)
{
    int i = 0, j = 0, both = 0, in_whole = 0, mine = 0, common = 0;
    long long line = -1;
    for (; i < na; i++) {
        if (a[i].sector / 4 != line) {
            in_whole += line_whole(mine, common);
            line = a[i].sector / 4, mine = common = 0;
        }
        mine++;
        while (j < nb && b[j].sector < a[i].sector)
            j++;
        if (j >= nb || b[j].sector != a[i].sector)
            continue;
        common++;
        if (share && a[i].bytes > 0) /* its first partner: the block's share, once */
            *share += a[i].bytes / 32.0;
        a[i].bytes = -1, both++, j++; /* bytes -1: found a partner */
    }
    in_whole += line_whole(mine, common);
    if (whole)
        *whole += in_whole * p;
    return both * p;
}

/* Whether every incomplete sector has met a partner already, above or
 * below: then the tiles left and right need not be built (in a row-major
 * tile the rows of A are B's columns, so the partners are above and below). */
static int split_all_found(const split_piece *mine, int m)
{
    for (int i = 0; i < m; i++)
        if (mine[i].bytes >= 0)
            return 0;
    return 1;
}

/* The sectors of mine (m incomplete ones) that the block on tile (nx, ny)
 * also leaves incomplete, added to s at distance d launches. */
static int split_with(const tpx_config *c, split_piece *mine, int m, int nx, int ny,
                      double dist_bytes, double life_bytes, tpx_split *s)
{
    int k, unused;
    split_piece *other = traffic_split_pieces(c, nx, ny, TPX_OP_GST, &k);
    if (!other)
        return -1;
    k = split_incomplete(other, k, &unused);
    double p = life_bytes > 0 ? 1 - exp(-dist_bytes / life_bytes) : 0;
    s->cross_pairs += split_common(mine, m, other, k, 0.5, NULL, &s->cross_share);
    s->cross_evicted += split_common(mine, m, other, k, 0.5 * p, &s->cross_whole, NULL);
    free(other);
    return 0;
}

int traffic_split_block(const tpx_config *c, int tbx, int tby, double block_bytes,
                        double life_bytes, tpx_split *s)
{
    memset(s, 0, sizeof *s);
    int n, in_split;
    split_piece *mine = traffic_split_pieces(c, tbx, tby, TPX_OP_GST, &n);
    if (!mine)
        return -1;
    int m = split_incomplete(mine, n, &in_split), rc = 0;
    s->in_block = in_split;
    tpx_geom g = config_geom(c);
    /* The other writers of a sector this block leaves incomplete are the
     * blocks of the tiles beside it (a sector lies in one row of B, one
     * column of A: tiles that share one share a side).  Each pair is
     * counted half by each of its two blocks, at their distance in launch
     * order: so every block of a run of tiles carries the same share, and a
     * sample of tiles (traffic.c) is not biased by which of a pair it hit. */
    for (int i = 0; m > 0 && rc == 0 && i < 4 && !(i >= 2 && split_all_found(mine, m)); i++) {
        int nx, ny;
        long long d = traffic_neighbour(c, &g, tbx, tby, i, &nx, &ny);
        if (d >= 0)
            rc = split_with(c, mine, m, nx, ny, (double)d * block_bytes, life_bytes, s);
    }
    free(mine);
    return rc;
}

/* The distinct 64-byte atoms of A the block loads, sorted, over p (*n of
 * them; .sector holds the atom). */
static int reread_atoms(split_piece *p, int n)
{
    int out = 0;
    for (int i = 0; i < n; i++) {
        long long atom = p[i].sector / 2;
        if (out == 0 || atom != p[out - 1].sector)
            p[out++] = (split_piece){atom, 0, 0};
    }
    return out;
}

/* A 64-byte atom of A that two blocks load (each in part: a column of A a
 * block wide, or rows that two tiles both read) comes from DRAM once if it
 * is still in the L2 when the second asks, and again if it left in between
 * (DRAM sends atoms: two blocks that read different sectors of one atom
 * make it come twice; Nsight Compute on an H200, naive_col 64x1 at
 * 11x5000000 f64, 3520 MB for A's 440, docs/prediction.md, "Atoms read
 * again"):
 * over the same distance as a part-written sector's (launches apart times a
 * block's traffic), with the chance 1 - exp(-(d / life)^shape) (traffic.c
 * says why a step).  Only the neighbours far enough in launch order to lose
 * 1 in 1000 are built: blocks side by side in launch order lose nothing. */
#define REREAD_MIN_P 1e-3

int traffic_reread_block(const tpx_config *c, int tbx, int tby, double block_bytes,
                         double life_bytes, double shape, tpx_split *s)
{
    s->reread_pairs = s->reread_evicted = 0;
    if (life_bytes <= 0)
        return 0;
    tpx_geom g = config_geom(c);
    split_piece *mine = NULL;
    int m = 0, rc = 0;
    for (int i = 0; rc == 0 && i < 4; i++) {
        int nx, ny;
        long long launches = traffic_neighbour(c, &g, tbx, tby, i, &nx, &ny);
        if (launches < 0)
            continue;
        double d = (double)launches * block_bytes;
        double p = 1 - exp(-pow(d / life_bytes, shape));
        if (p < REREAD_MIN_P)
            continue;
        if (!mine) {
            if ((mine = traffic_split_pieces(c, tbx, tby, TPX_OP_GLD, &m)) == NULL)
                return -1;
            m = reread_atoms(mine, m);
        }
        int k;
        split_piece *other = traffic_split_pieces(c, nx, ny, TPX_OP_GLD, &k);
        if (!other) {
            rc = -1;
            break;
        }
        k = reread_atoms(other, k);
        /* each pair counted half by each of its two blocks (as above) */
        s->reread_pairs += split_common(mine, m, other, k, 0.5, NULL, NULL);
        s->reread_evicted += split_common(mine, m, other, k, 0.5 * p, NULL, NULL);
        free(other);
    }
    free(mine);
    return rc;
}
