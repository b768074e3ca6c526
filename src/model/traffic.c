#include "traffic.h"

#include <stdlib.h>
#include <string.h>

#include "sorting.h"

/* Sectors of a store instruction that it writes only in part (fewer than 32
 * of their bytes): the L2 merges those into the sector it holds. */
static int partial_sectors(const tpx_inst *in, size_t esize)
{
    long long s[32];
    int n = 0, partial = 0;
    for (int lane = 0; lane < in->lanes; lane++)
        if (in->active & (1u << lane))
            s[n++] = in->idx[lane] * (long long)esize / 32; /* elements never straddle */
    qsort(s, (size_t)n, sizeof s[0], sort_cmp_ll);
    for (int i = 0, j; i < n; i = j) {
        long long bytes = 0;
        for (j = i; j < n && s[j] == s[i]; j++)
            bytes += (long long)esize;
        partial += bytes < 32;
    }
    return partial;
}

/* Why a block and not a wider window: the warps of a block run on one SM at
 * the same time, so a sector one of them loaded is still in that SM's L1 when
 * the others ask (a block's footprint is a few KB against an L1 of 100+ KB).
 * Blocks that share sectors run on different SMs in general (the block
 * scheduler deals consecutive blocks round the SMs), so their reuse is L2's. */
int traffic_block(const tpx_config *c, int tbx, int tby, tpx_block_traffic *b)
{
    memset(b, 0, sizeof *b);
    if (config_is_reference(c->kernel))
        return -1;
    int warps = model_warps_per_block(c), per = model_insts_per_warp(c);
    size_t e = model_esize(c);
    tpx_inst *buf = malloc(sizeof(tpx_inst) * (size_t)per);
    long long *sec = malloc(sizeof(long long) * 64 * (size_t)per * (size_t)warps);
    if (!buf || !sec) {
        free(buf);
        free(sec);
        return -1;
    }
    int n = 0;
    for (int w = 0; w < warps; w++) {
        int k = model_tile_warp_insts(c, tbx, tby, w, buf);
        for (int i = 0; i < k; i++) {
            if (!buf[i].active || buf[i].space == TPX_SPACE_S)
                continue;
            long long s[64];
            int m = model_inst_sectors(&buf[i], e, s);
            if (buf[i].op == TPX_OP_GST) {
                b->st_reqs++;
                b->st_sectors += m;
                b->st_partial += partial_sectors(&buf[i], e);
                continue;
            }
            b->ld_reqs++;
            b->l1_ld_sectors += m;
            memcpy(sec + n, s, sizeof s[0] * (size_t)m);
            n += m;
        }
    }
    b->l2_ld_sectors = (int)sort_distinct_ll(sec, (size_t)n);
    for (int i = 0; i < b->l2_ld_sectors; i++)
        sec[i] /= 4; /* 4 sectors to a 128-byte line */
    b->l2_ld_lines = (int)sort_distinct_ll(sec, (size_t)b->l2_ld_sectors);
    free(buf);
    free(sec);
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

/* Sum over the tiles of a rectangle of the per-block figures, from at most 16
 * sample tiles (interior tiles differ at most by alignment, so the mean of
 * a few is the figure; where the rectangle is small it is exact). */
static int rect_loads(const tpx_config *c, long long x0, long long y0, long long nx, long long ny,
                      double sum[3])
{
    if (nx <= 0 || ny <= 0)
        return 0;
    long long xs[4], ys[4];
    int kx = samples(x0, nx, xs), ky = samples(y0, ny, ys);
    double s = 0, l = 0, p = 0;
    for (int i = 0; i < kx; i++)
        for (int j = 0; j < ky; j++) {
            tpx_block_traffic b;
            if (traffic_block(c, (int)xs[i], (int)ys[j], &b) != 0)
                return -1;
            s += b.l2_ld_sectors;
            l += b.l2_ld_lines;
            p += b.st_partial;
        }
    double scale = (double)nx * (double)ny / (kx * ky);
    sum[0] += s * scale;
    sum[1] += l * scale;
    sum[2] += p * scale;
    return 0;
}

int traffic_compute(const tpx_config *c, const tpx_totals *t, long long l2_bytes, tpx_traffic *tr)
{
    memset(tr, 0, sizeof *tr);
    if (config_is_reference(c->kernel))
        return -1;
    tpx_geom g = config_geom(c);
    double sum[3] = {0, 0, 0}; /* L2 load sectors, L2 load lines, partial store sectors */
    long long gx = g.gx, gy = g.gy;
    if (rect_loads(c, 0, 0, gx - 1, gy - 1, sum) || rect_loads(c, gx - 1, 0, 1, gy - 1, sum) ||
        rect_loads(c, 0, gy - 1, gx - 1, 1, sum) || rect_loads(c, gx - 1, gy - 1, 1, 1, sum))
        return -1;
    tr->l1_ld_sectors = t->op[TPX_OP_GLD].sectors;
    tr->l1_st_sectors = t->op[TPX_OP_GST].sectors;
    tr->l2_ld_sectors = (unsigned long long)(sum[0] + 0.5);
    tr->l2_ld_lines = (unsigned long long)(sum[1] + 0.5);
    tr->l2_st_partial = (unsigned long long)(sum[2] + 0.5);
    tr->l2_st_sectors = tr->l1_st_sectors;
    /* DRAM, cold: every sector of A comes from DRAM once (the L2, tens of MB,
     * keeps a sector between the blocks that share it: they run within one
     * wave of each other).  B's sectors are written back as other lines push
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
    return 0;
}
