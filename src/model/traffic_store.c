#include "traffic_store.h"

#include <stdlib.h>
#include <string.h>

#include "sorting.h"

/* Stores the L1 merges.  Where a block's warps store at once, the L1 joins
 * their pieces of one sector and the L2 sees one write.  Nsight Compute on an
 * H200 (bench/ncu_stores_probe.sh):
 * - After a barrier (two phases; 2026-11-29, h200_ncu_stores.txt):
 *   smem_staged 16x16 f32 at 8192x8192 sends the L2 9.5 M store sectors for
 *   the 33.6 M its instructions write; pieces of 4 bytes in 16 or 32 lines an
 *   instruction (f32 32x8, f16 16x16) or of one lane (f64 32x8) are not
 *   merged, nor are naive_row's, whose warps store as their own loads return
 *   (0.90-1.0).  A coalesced store (1 or 2 lines: tile_strip's runs, whose
 *   warps meet inside a sector) is joined in part (tile_strip 32x8 at
 *   22369621x3 f32: 9.3 M of 10.0 M): left as it is.
 * - Without a barrier, where the warps load the same sectors (2026-11-30,
 *   bench/ncu_l1_configs.txt, bench/results/issue18/h200_ncu_l1.txt): they
 *   wait on the same misses and store together.  copy_col 32x8 f32 sends
 *   16.5 M of 90.0 M at 6x20000000 (15.0 M if all merged), 26.4 M of 120 M at
 *   12x10000000 (25.0), 12.97 M of 33.75 M at 3x60000000 f16 (11.25): pieces
 *   of one lane, 4 or 2 bytes, merge where an instruction spans 12 lines or
 *   fewer; in 16 to 24 lines a fifth of them are left (39.9 M of 128 M at
 *   16x8000000, 16.0 merged; 36.3 of 120 at 24x5000000, 15.0), in 32 none
 *   (8192x8192: 67.1 M of 67.1 M).
 * - After a barrier, B's rows a few dozen bytes (2026-12-01,
 *   bench/ncu_merge_thin_configs.txt, h200_ncu_merge_thin.tgz): one lane's
 *   pieces merge too where the instruction spans 12 lines or fewer
 *   (smem_staged 32x4 at 16000000x9 f32, 4 bytes a lane in 9 lines: 52.2 M
 *   of 144 M, 52.0 if all merged; f16 at 12 lines and f64 at 12 alike).
 *   Further out the counters split by element size (f32 at 13 to 20 lines
 *   merged, f16 at 14 and 16 not): not priced, the pieces left apart.
 * So a piece merges where its warp may (traffic_merge) and its sector is
 * written in part, if it is TRAFFIC_MERGE_BYTES from TRAFFIC_MERGE_LANES
 * lanes or more, or if the instruction spans TRAFFIC_MERGE_NEAR lines or
 * fewer in a warp fed together (the fifth left at 16 to 24 is not priced),
 * TRAFFIC_MERGE_CLOSE after a barrier; after a barrier only a strided store
 * (TRAFFIC_MERGE_LINES lines or more) is merged. */
#define TRAFFIC_MERGE_BYTES 8
#define TRAFFIC_MERGE_LANES 2
#define TRAFFIC_MERGE_LINES 4
#define TRAFFIC_MERGE_NEAR 24
#define TRAFFIC_MERGE_CLOSE 12

int traffic_store_open(traffic_store_log *lg, size_t pieces)
{
    memset(lg, 0, sizeof *lg);
    lg->all = malloc(sizeof(traffic_piece) * pieces);
    lg->part = malloc(sizeof(traffic_piece) * pieces);
    lg->mg = malloc(sizeof(traffic_piece) * pieces);
    if (lg->all && lg->part && lg->mg)
        return 0;
    free(lg->all);
    free(lg->part);
    free(lg->mg);
    return -1;
}

/* One sector to the L2 in a request of `req` sectors of its line: counted,
 * and logged where it is written in part. */
static void send_sector(long long sector, int bytes, int req, traffic_store_log *lg, tpx_block_traffic *b)
{
    b->l2_st_sectors++;
    b->l2_st_partial += bytes < 32;
    if (bytes < 32)
        lg->part[lg->np++] = (traffic_piece){sector, bytes, req, 0, 0};
}

/* Whether an instruction of `lines` lines may have its pieces merged. */
static int merge_allowed(traffic_merge merge, int lines)
{
    if (merge == TRAFFIC_MERGE_BARRIER)
        return lines >= TRAFFIC_MERGE_LINES;
    return merge == TRAFFIC_MERGE_FED;
}

/* Each sector of the instruction counted in b->st_partial when it writes
 * fewer than 32 of its bytes: those it writes whole or in a piece the L1 does
 * not merge go to the L2 as they are; the others wait in lg->mg. */
void traffic_store_inst(const tpx_inst *in, size_t esize, traffic_merge merge, int warp,
                        traffic_store_log *lg, tpx_block_traffic *b)
{
    long long s[32];
    int k = 0;
    for (int lane = 0; lane < in->lanes; lane++)
        if (in->active & (1u << lane))
            s[k++] = in->idx[lane] * (long long)esize / 32; /* elements never straddle */
    sort_ll(s, (size_t)k);
    int lines = 0;
    for (int i = 0; i < k; i++)
        lines += i == 0 || s[i] / 4 != s[i - 1] / 4;
    int ok = merge_allowed(merge, lines),
        near = lines <= (merge == TRAFFIC_MERGE_FED ? TRAFFIC_MERGE_NEAR : TRAFFIC_MERGE_CLOSE);
    for (int l = 0, m; l < k; l = m) { /* a line at a time: its sectors are one request */
        int req = 0;
        for (m = l; m < k && s[m] / 4 == s[l] / 4; m++)
            req += m == l || s[m] != s[m - 1];
        for (int i = l, j; i < m; i = j) {
            for (j = i; j < m && s[j] == s[i]; j++)
                ;
            int bytes = (j - i) * (int)esize;
            b->st_partial += bytes < 32;
            lg->all[lg->na++] = (traffic_piece){s[i], bytes, 0, 0, 0};
            if (ok && bytes < 32 &&
                (near || (bytes >= TRAFFIC_MERGE_BYTES && j - i >= TRAFFIC_MERGE_LANES))) {
                lg->mg[lg->nm++] = (traffic_piece){s[i], bytes, req, warp, lg->nm};
                continue;
            }
            send_sector(s[i], bytes, req, lg, b);
        }
    }
}

/* Pieces waiting to be merged by sector, then warp, then the order they came. */
static int mg_cmp(const void *a, const void *b)
{
    const traffic_piece *x = a, *y = b;
    if (x->sector != y->sector)
        return (x->sector > y->sector) - (x->sector < y->sector);
    if (x->warp != y->warp)
        return x->warp - y->warp;
    return x->seq - y->seq;
}

/* Round r of the sector's pieces mg[i..j) (sorted by mg_cmp): the r-th piece
 * of each warp that stores one, merged; 0 when no warp has an r-th.  *req:
 * the largest request its pieces came in. */
static int sector_round(const traffic_piece *mg, int i, int j, int r, int *req)
{
    int bytes = 0;
    *req = 0;
    for (int k = i, w0 = i; k < j; k++) {
        if (mg[k].warp != mg[w0].warp)
            w0 = k;
        if (k - w0 == r) {
            bytes += mg[k].bytes;
            *req = mg[k].req > *req ? mg[k].req : *req;
        }
    }
    return bytes;
}

/* The merged pieces leave a line at a time: one request for the line's
 * merged sectors.  The L1 joins the pieces of a sector that different warps
 * store together, not one warp's successive stores: where a warp writes a
 * sector in several instructions (unroll4_col 8x64 at 10000x7000 f16, two
 * 16-byte pieces a sector from reps one apart) the L2 gets a write a piece
 * (Nsight Compute on an H200, 2026-11-30, bench/ncu_f16col_configs.txt:
 * 8.56 M write sectors in 8.41 M requests for the 8.75 M its instructions
 * write), each in its instruction's request. */
void traffic_store_close(traffic_store_log *lg, tpx_block_traffic *b)
{
    qsort(lg->mg, (size_t)lg->nm, sizeof *lg->mg, mg_cmp);
    for (int l = 0, m; l < lg->nm; l = m) {
        int req = 0;
        for (m = l; m < lg->nm && lg->mg[m].sector / 4 == lg->mg[l].sector / 4; m++)
            req += m == l || lg->mg[m].sector != lg->mg[m - 1].sector;
        for (int i = l, j; i < m; i = j) {
            for (j = i; j < m && lg->mg[j].sector == lg->mg[i].sector; j++)
                ;
            /* one piece a warp: one write, in the request of the line's merged
             * sectors; more: a write a round, in its pieces' largest request */
            int rq, bytes, several = sector_round(lg->mg, i, j, 1, &rq) > 0;
            for (int r = 0; (bytes = sector_round(lg->mg, i, j, r, &rq)) > 0; r++)
                send_sector(lg->mg[i].sector, bytes > 32 ? 32 : bytes, several ? rq : req, lg, b);
        }
    }
    traffic_fill_count(lg->all, lg->na, lg->part, lg->np, b->l2_st_fill);
    free(lg->all);
    free(lg->part);
    free(lg->mg);
    memset(lg, 0, sizeof *lg);
}

void traffic_store_fed(long long *keys, size_t n, int warps, int *fed)
{
    int alone[32] = {0}, loads[32] = {0};
    sort_ll(keys, n);
    for (size_t i = 0, j; i < n; i = j) {
        int first = (int)(keys[i] & 31), many = 0;
        for (j = i; j < n && keys[j] >> 5 == keys[i] >> 5; j++)
            many |= (int)(keys[j] & 31) != first;
        for (size_t k = i; k < j; k++) {
            loads[keys[k] & 31] = 1;
            alone[keys[k] & 31] |= !many;
        }
    }
    for (int w = 0; w < warps && w < 32; w++)
        fed[w] = loads[w] && !alone[w];
}
