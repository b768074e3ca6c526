#include "traffic.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sorting.h"
#include "traffic_fill.h"
#include "traffic_lrc.h"
#include "traffic_split.h"
#include "traffic_store.h"

/* Sectors written in parts (traffic_split.h), fitted to Nsight Compute's DRAM
 * counters on an H200 over 16 configs whose writers of a sector run 0 to
 * 32768 blocks apart (bench/results/l2_partial_h200.csv, docs/prediction.md):
 * a part-written sector leaves the L2 as if the L2 replaced lines at random
 * with 0.7 of its size; one that leaves costs DRAM a 64-byte read and a
 * 64-byte write; each further store of a block into a sector it writes in
 * parts loses the sector with 0.6 % (the skew between its warps); the
 * 64-byte read and write is TRAFFIC_RMW_BYTES (traffic.h). */
#define TRAFFIC_LIFE 0.7
#define TRAFFIC_IN_BLOCK_P 0.006
/* Atoms of A that two blocks far apart in launch order both load
 * (traffic_reread_block), fitted (counted then by sectors; by atoms since
 * 2026-12-01, the same constants) to Nsight Compute's DRAM reads on an H200
 * over 16 configs whose two loaders of a sector run 1 to 11500 blocks apart
 * (bench/results/issue18/h200_reread.csv, docs/prediction.md): unlike a
 * part-written sector's, the chance that the L2 lost one is a steep step, 1 -
 * exp(-(d / (0.2 L2))^5) over d bytes of traffic between the two loads (two
 * in five at 11 MB on the H200, all of them past 19), and each one lost costs
 * DRAM a 64-byte read. */
#define TRAFFIC_REREAD_LIFE 0.2
#define TRAFFIC_REREAD_SHAPE 5.0
#define TRAFFIC_REREAD_BYTES 64.0

/* A block's load sectors: counted into b, and keys[] (sector * 32 + warp, so
 * traffic_store_fed can tell which warps wait on the same misses). */
static size_t block_loads(const tpx_config *c, const tpx_inst *buf, const int *cnt, int warps, int per,
                          long long *keys, tpx_block_traffic *b)
{
    size_t n = 0;
    for (int w = 0; w < warps; w++)
        for (int i = 0; i < cnt[w]; i++) {
            const tpx_inst *in = &buf[(size_t)w * (size_t)per + (size_t)i];
            if (!in->active || in->space == TPX_SPACE_S || in->op == TPX_OP_GST)
                continue;
            long long s[64];
            int m = model_inst_sectors(in, model_inst_esize(c, in), s);
            b->ld_reqs++;
            b->l1_ld_sectors += m;
            for (int j = 0; j < m; j++)
                keys[n++] = s[j] * 32 + w;
        }
    return n;
}

/* The distinct sectors and lines of the block's loads (keys sorted). */
static void block_distinct(long long *keys, size_t n, tpx_block_traffic *b)
{
    for (size_t i = 0; i < n; i++)
        keys[i] >>= 5;
    b->l2_ld_sectors = (int)sort_distinct_ll(keys, n);
    for (int i = 0; i < b->l2_ld_sectors; i++)
        keys[i] /= 4; /* 4 sectors to a 128-byte line */
    b->l2_ld_lines = (int)sort_distinct_ll(keys, (size_t)b->l2_ld_sectors);
}

/* Why a block and not a wider window: the warps of a block run on one SM at
 * the same time, so a sector one of them loaded is still in that SM's L1 when
 * the others ask (a block's footprint is a few KB against an L1 of 100+ KB).
 * Blocks that share sectors run on different SMs in general (the block
 * scheduler deals consecutive blocks round the SMs: probe place on an H200,
 * bench/results/issue18/h200_place.csv, finds a block's next 1 to 16
 * successors on its SM for at most 7 % of blocks), so their reuse is L2's. */
int traffic_block(const tpx_config *c, int tbx, int tby, tpx_block_traffic *b)
{
    memset(b, 0, sizeof *b);
    if (config_is_reference(c->kernel))
        return -1;
    int warps = model_warps_per_block(c), per = model_insts_per_warp(c), cnt[32], fed[32] = {0};
    if (warps > 32)
        return -1;
    tpx_inst *buf = malloc(sizeof(tpx_inst) * (size_t)per * (size_t)warps);
    long long *keys = malloc(sizeof(long long) * 64 * (size_t)per * (size_t)warps);
    traffic_store_log lg;
    if (!buf || !keys || traffic_store_open(&lg, 32 * (size_t)per * (size_t)warps) != 0) {
        free(buf);
        free(keys);
        return -1;
    }
    for (int w = 0; w < warps; w++)
        cnt[w] = model_tile_warp_insts(c, tbx, tby, w, buf + (size_t)w * (size_t)per);
    size_t n = block_loads(c, buf, cnt, warps, per, keys, b);
    int phases = tpx_traits_of(c->kernel).phases;
    if (phases == 1)
        traffic_store_fed(keys, n, warps, fed);
    block_distinct(keys, n, b);
    for (int w = 0; w < warps; w++) {
        traffic_merge m = phases == 2 ? TRAFFIC_MERGE_BARRIER : fed[w] ? TRAFFIC_MERGE_FED : TRAFFIC_MERGE_NONE;
        for (int i = 0; i < cnt[w]; i++) {
            const tpx_inst *in = &buf[(size_t)w * (size_t)per + (size_t)i];
            if (!in->active || in->space == TPX_SPACE_S || in->op != TPX_OP_GST)
                continue;
            long long s[64];
            size_t e = model_inst_esize(c, in);
            b->st_reqs++;
            b->st_sectors += model_inst_sectors(in, e, s);
            traffic_store_inst(in, e, m, w, &lg, b);
        }
    }
    traffic_store_close(&lg, b);
    free(buf);
    free(keys);
    return 0;
}

/* The tiles one launch's sums have priced: both sums sample the same tiles
 * where a rectangle is small (every tile of a grid of 16 or fewer), and a
 * block's traffic is the costliest thing they ask. */
#define TRAFFIC_MEMO 96 /* rect_loads' 16 and rect_split's 8, for each of 4 rectangles */
typedef struct traffic_memo {
    int n;
    int x[TRAFFIC_MEMO], y[TRAFFIC_MEMO];
    tpx_block_traffic b[TRAFFIC_MEMO];
} traffic_memo;

static int memo_block(const tpx_config *c, traffic_memo *m, int x, int y, tpx_block_traffic *b)
{
    for (int i = 0; i < m->n; i++)
        if (m->x[i] == x && m->y[i] == y) {
            *b = m->b[i];
            return 0;
        }
    if (traffic_block(c, x, y, b) != 0)
        return -1;
    if (m->n < TRAFFIC_MEMO) {
        m->x[m->n] = x, m->y[m->n] = y;
        m->b[m->n++] = *b;
    }
    return 0;
}

/* Up to 4 sample positions along [x0, x0+n): all of them when n <= 4. */
static int samples(long long x0, long long n, long long out[4])
{
    int k = n < 4 ? (int)n : 4;
    for (int i = 0; i < k; i++)
        out[i] = k == 1 ? x0 : x0 + (n - 1) * i / (k - 1);
    return k;
}

/* rect_loads' sums: L2 load sectors, load lines, partial store sectors,
 * store sectors after and before L1's joins, then the partial ones by their
 * class and share (traffic_fill.h). */
#define TRAFFIC_FILLS (TPX_FILL_CLASSES * TPX_FILL_BINS * TPX_FILL_REQS)
#define TRAFFIC_SUMS (5 + TRAFFIC_FILLS)
/* rect_split's: waits in a block, pairs, evicted, reread atoms shared,
 * reread atoms evicted, of the evicted stores those in lines lost whole,
 * sectors written by several blocks */
#define TRAFFIC_SPLIT_SUMS 7
/* ... then the sectors of the requests neighbour blocks both send
 * (traffic_lrc.h) */
#define TRAFFIC_LRC_SUMS (TRAFFIC_LRC_N * TRAFFIC_LRC_D)

/* DRAM's bytes for part-written sectors the L2 lost: an atom each where a
 * sector is lost alone, 32 bytes a sector where its line goes with it
 * (docs/prediction.md, "Lines lost whole"). */
static double lost_bytes(double atom, double lost, double whole)
{
    return atom * (lost - whole) + 32.0 * whole;
}

/* Sum over the tiles of a rectangle of the per-block figures, from at most 16
 * sample tiles (interior tiles differ at most by alignment, so the mean of
 * a few is the figure; where the rectangle is small it is exact). */
static int rect_loads(const tpx_config *c, traffic_memo *m, long long x0, long long y0,
                      long long nx, long long ny, double sum[TRAFFIC_SUMS])
{
    if (nx <= 0 || ny <= 0)
        return 0;
    long long xs[4], ys[4];
    int kx = samples(x0, nx, xs), ky = samples(y0, ny, ys);
    double part[TRAFFIC_SUMS] = {0};
    for (int i = 0; i < kx; i++)
        for (int j = 0; j < ky; j++) {
            tpx_block_traffic b;
            if (memo_block(c, m, (int)xs[i], (int)ys[j], &b) != 0)
                return -1;
            part[0] += b.l2_ld_sectors;
            part[1] += b.l2_ld_lines;
            part[2] += b.l2_st_partial;
            part[3] += b.l2_st_sectors;
            part[4] += b.st_sectors;
            for (int f = 0; f < TRAFFIC_FILLS; f++)
                part[5 + f] += (&b.l2_st_fill[0][0][0])[f];
        }
    double scale = (double)nx * (double)ny / (kx * ky);
    for (int i = 0; i < TRAFFIC_SUMS; i++)
        sum[i] += part[i] * scale;
    return 0;
}

/* The split sectors of a rectangle of tiles (traffic_split.h), from at most
 * 8 sample tiles (each costs up to five blocks' worth of model; every tile
 * where there are at most 16).  Not rect_loads' evenly spaced ones: how far
 * apart two writers of a sector run depends on the tile's place in a
 * diagonal order, and evenly spaced samples on a square-ish grid fall on one
 * diagonal.  The R2 low-discrepancy sequence (plastic-number steps) does not
 * line up with a grid's rows, columns or diagonals. */
static int rect_split(const tpx_config *c, traffic_memo *m, long long x0, long long y0,
                      long long nx, long long ny, const double life[2],
                      double sum[TRAFFIC_SPLIT_SUMS + TRAFFIC_LRC_SUMS])
{
    if (nx <= 0 || ny <= 0)
        return 0;
    long long n = nx * ny;
    int k = n <= 16 ? (int)n : 8;
    double part[TRAFFIC_SPLIT_SUMS + TRAFFIC_LRC_SUMS] = {0};
    for (int i = 0; i < k; i++) {
        double fx = 0.5 + i * 0.7548776662466927, fy = 0.5 + i * 0.5698402909980532;
        long long x = n <= 16 ? x0 + i % nx : x0 + (long long)((fx - floor(fx)) * (double)nx);
        long long y = n <= 16 ? y0 + i / nx : y0 + (long long)((fy - floor(fy)) * (double)ny);
        tpx_block_traffic b;
        tpx_split sp = {0};
        if (memo_block(c, m, (int)x, (int)y, &b) != 0)
            return -1;
        double bytes = 32.0 * (b.l2_ld_sectors + b.st_sectors);
        if (b.st_partial > 0 && traffic_split_block(c, (int)x, (int)y, bytes, life[0], &sp) != 0)
            return -1;
        if (traffic_reread_block(c, (int)x, (int)y, bytes, life[1], TRAFFIC_REREAD_SHAPE, &sp) != 0 ||
            traffic_lrc_block(c, (int)x, (int)y, (double(*)[TRAFFIC_LRC_D])(part + TRAFFIC_SPLIT_SUMS)) != 0)
            return -1;
        part[0] += sp.in_block;
        part[1] += sp.cross_pairs;
        part[2] += sp.cross_evicted;
        part[3] += sp.reread_pairs;
        part[4] += sp.reread_evicted;
        part[5] += sp.cross_whole;
        part[6] += sp.cross_share;
    }
    for (int i = 0; i < TRAFFIC_SPLIT_SUMS + TRAFFIC_LRC_SUMS; i++)
        sum[i] += part[i] * (double)n / k;
    return 0;
}

/* Both sums over the four families of tiles: interior, last column, last
 * row, corner.  life: a part-written sector's, a loaded one's. */
static int launch_sums(const tpx_config *c, long long gx, long long gy, const double life[2],
                       double loads[TRAFFIC_SUMS], double split[TRAFFIC_SPLIT_SUMS + TRAFFIC_LRC_SUMS])
{
    const long long r[4][4] = {{0, 0, gx - 1, gy - 1}, {gx - 1, 0, 1, gy - 1},
                               {0, gy - 1, gx - 1, 1}, {gx - 1, gy - 1, 1, 1}};
    traffic_memo m = {.n = 0}; /* 3.5 KB */
    for (int i = 0; i < 4; i++)
        if (rect_loads(c, &m, r[i][0], r[i][1], r[i][2], r[i][3], loads) ||
            rect_split(c, &m, r[i][0], r[i][1], r[i][2], r[i][3], life, split))
            return -1;
    return 0;
}

int traffic_compute(const tpx_config *c, const tpx_totals *t, long long l2_bytes, tpx_traffic *tr)
{
    memset(tr, 0, sizeof *tr);
    if (config_is_reference(c->kernel))
        return -1;
    tpx_geom g = config_geom(c);
    /* L2 load sectors, L2 load lines, partial store sectors, store sectors after
     * and before L1 joins them (the samples'); sectors split
     * inside a block, shared with a neighbour block, of those evicted between */
    double sum[TRAFFIC_SUMS] = {0}, split[TRAFFIC_SPLIT_SUMS + TRAFFIC_LRC_SUMS] = {0};
    double l2 = l2_bytes > 0 ? (double)l2_bytes : 0;
    const double life[2] = {TRAFFIC_LIFE * l2, TRAFFIC_REREAD_LIFE * l2};
    if (launch_sums(c, g.gx, g.gy, life, sum, split) != 0)
        return -1;
    tr->l1_ld_sectors = t->op[TPX_OP_GLD].sectors;
    tr->l1_st_sectors = t->op[TPX_OP_GST].sectors;
    tr->l2_ld_sectors = (unsigned long long)(sum[0] + 0.5);
    tr->l2_ld_lines = (unsigned long long)(sum[1] + 0.5);
    tr->l2_st_partial = (unsigned long long)(sum[2] + 0.5);
    for (int f = 0; f < TRAFFIC_FILLS; f++)
        (&tr->l2_st_fill[0][0][0])[f] = sum[5 + f];
    /* the launch's store sectors (exact) less the share the samples' L1 joined */
    double joined = sum[4] > 0 ? sum[3] / sum[4] : 1;
    tr->l2_st_sectors = (unsigned long long)((double)tr->l1_st_sectors * joined + 0.5);
    /* DRAM, cold: every sector of A comes from DRAM once, and again where
     * the blocks that share it run so far apart that the L2 lost it in
     * between (reread, below).  B's sectors are written back as other lines push
     * them out; when the launch ends the L2 still holds its last L2 bytes of
     * traffic, a share B / (A + B) of them dirty, written back later: so
     * during the launch B * (1 - L2 / working set), nothing when it all fits. */
    double a = (double)c->w * (double)c->h * (double)config_esize(c->dtype); /* the matrix, not one access */
    double sectors = (double)((long long)(a + 31) / 32);
    tr->working_set = 2 * a;
    tr->dram_rd_bytes = 32 * sectors;
    double kept = l2_bytes > 0 ? (double)l2_bytes / tr->working_set : 0;
    tr->dram_wr_bytes = kept >= 1 ? 0 : 32 * sectors * (1 - kept);
    tr->l2_resident = l2_bytes > 0 && tr->working_set <= (double)l2_bytes;
    tr->l2_st_split = (unsigned long long)(split[0] + split[1] + 0.5);
    /* A launch that fits in the L2 keeps every half-written sector. */
    tr->split_evicted = tr->l2_resident || l2_bytes <= 0 ? 0 : TRAFFIC_IN_BLOCK_P * split[0] + split[2];
    tr->split_evicted_whole = tr->split_evicted > 0 ? split[5] : 0;
    tr->split_shared = split[6];
    /* A lost sector costs DRAM its 64-byte atom each way; in a line lost
     * whole (its four sectors at once) a line each way for four, 32 bytes a
     * sector (docs/prediction.md, "Lines lost whole"). */
    double rmw = lost_bytes(TRAFFIC_RMW_BYTES, tr->split_evicted, tr->split_evicted_whole);
    /* B's sectors in such lines, each once at most, and their
     * read-modify-writes: the L2 writes them back merged, a line at a time */
    double whole = tr->split_evicted_whole < sectors ? tr->split_evicted_whole : sectors;
    tr->whole_wr_bytes =
        32.0 * tr->split_evicted_whole + (sectors > 0 ? tr->dram_wr_bytes * whole / sectors : 0);
    tr->dram_rd_bytes += rmw;
    tr->dram_wr_bytes += rmw;
    /* and the atoms of A the L2 lost between two blocks that load them:
     * DRAM sends each again whole (traffic_reread_block) */
    tr->reread_shared = split[3];
    tr->reread_evicted = tr->l2_resident || l2_bytes <= 0 ? 0 : split[4];
    tr->reread_bytes = TRAFFIC_REREAD_BYTES * tr->reread_evicted;
    tr->dram_rd_bytes += tr->reread_bytes;
    tr->a_sectors = sectors;
    for (int i = 0; i < TRAFFIC_LRC_SUMS; i++)
        (&tr->lrc_sectors[0][0])[i] = split[TRAFFIC_SPLIT_SUMS + i];
    return 0;
}
