#include "traffic_lrc.h"

#include <math.h>
#include <stdlib.h>

#include "tpx_index.h"
#include "traffic_split.h"

const double traffic_lrc_lines[TRAFFIC_LRC_N] = {1, 2, 4, 8};
const double traffic_lrc_dist[TRAFFIC_LRC_D] = {1, 2, 8, 64};

/* One request of a warp's load: a line, the sectors of it the lanes touch
 * (bits 0-3), and the lines the whole instruction spans. */
typedef struct lrc_req {
    long long line;
    int mask, lines;
} lrc_req;

static int req_cmp(const void *a, const void *b)
{
    const lrc_req *x = a, *y = b;
    if (x->line != y->line)
        return x->line < y->line ? -1 : 1;
    return (x->mask > y->mask) - (x->mask < y->mask);
}

static int by_inst(const void *a, const void *b)
{
    const split_piece *x = a, *y = b;
    if (x->inst != y->inst)
        return (x->inst > y->inst) - (x->inst < y->inst);
    return (x->sector > y->sector) - (x->sector < y->sector);
}

/* The block's distinct global load requests, sorted (a request the block
 * sends twice is an L1 hit the second time): from its pieces taken
 * instruction by instruction, a request a line; NULL when out of memory. */
static lrc_req *block_requests(const tpx_config *c, int tbx, int tby, int *n)
{
    int np;
    split_piece *p = traffic_split_pieces(c, tbx, tby, TPX_OP_GLD, &np);
    lrc_req *r = p ? malloc(sizeof(lrc_req) * (size_t)(np > 0 ? np : 1)) : NULL;
    *n = 0;
    if (!r) {
        free(p);
        return NULL;
    }
    qsort(p, (size_t)np, sizeof *p, by_inst);
    for (int i = 0, j; i < np; i = j) { /* an instruction's pieces, by sector */
        int first = *n;
        for (j = i; j < np && p[j].inst == p[i].inst; j++) {
            long long line = p[j].sector / 4;
            if (*n == first || r[*n - 1].line != line)
                r[(*n)++] = (lrc_req){line, 0, 0};
            r[*n - 1].mask |= 1 << (int)(p[j].sector % 4);
        }
        for (int k = first; k < *n; k++)
            r[k].lines = *n - first;
    }
    free(p);
    qsort(r, (size_t)*n, sizeof *r, req_cmp);
    int out = 0;
    for (int i = 0; i < *n; i++)
        if (out == 0 || req_cmp(&r[i], &r[out - 1]) != 0)
            r[out++] = r[i];
    *n = out;
    return r;
}

/* The sectors of the requests both sorted lists hold, half, into s at
 * distance d (its index and weight). */
static void lrc_common(const lrc_req *a, int na, const lrc_req *b, int nb, int di, double dw,
                       double s[TRAFFIC_LRC_N][TRAFFIC_LRC_D])
{
    for (int i = 0, j = 0; i < na && j < nb;) {
        int cmp = req_cmp(&a[i], &b[j]);
        if (cmp == 0) {
            double sec = 0.5 * __builtin_popcount((unsigned)a[i].mask), nw;
            int ni = profile_bracket(traffic_lrc_lines, TRAFFIC_LRC_N, a[i].lines, &nw);
            int n1 = ni < TRAFFIC_LRC_N - 1 ? ni + 1 : ni, d1 = di < TRAFFIC_LRC_D - 1 ? di + 1 : di;
            s[ni][di] += sec * (1 - nw) * (1 - dw);
            s[n1][di] += sec * nw * (1 - dw);
            s[ni][d1] += sec * (1 - nw) * dw;
            s[n1][d1] += sec * nw * dw;
            i++, j++;
        } else if (cmp < 0)
            i++;
        else
            j++;
    }
}

int traffic_lrc_block(const tpx_config *c, int tbx, int tby,
                      double sectors[TRAFFIC_LRC_N][TRAFFIC_LRC_D])
{
    tpx_geom g = config_geom(c);
    lrc_req *mine = NULL;
    int m = 0, rc = 0;
    for (int i = 0; rc == 0 && i < 4; i++) {
        int nx, ny;
        long long d = traffic_neighbour(c, &g, tbx, tby, i, &nx, &ny);
        if (d < 0 || d > traffic_lrc_dist[TRAFFIC_LRC_D - 1])
            continue;
        double dw;
        int di = profile_bracket(traffic_lrc_dist, TRAFFIC_LRC_D, (double)d, &dw);
        if (!mine && (mine = block_requests(c, tbx, tby, &m)) == NULL)
            return -1;
        int k;
        lrc_req *other = block_requests(c, nx, ny, &k);
        if (!other) {
            rc = -1;
            break;
        }
        lrc_common(mine, m, other, k, di, dw, sectors);
        free(other);
    }
    free(mine);
    return rc;
}

double traffic_lrc_merged(const double sectors[TRAFFIC_LRC_N][TRAFFIC_LRC_D],
                          const tpx_profile *prof, double l2_ld_sectors, double a_sectors)
{
    const tpx_curve *share[TRAFFIC_LRC_N] = {&prof->lrc_merge_1, &prof->lrc_merge_2,
                                             &prof->lrc_merge_4, &prof->lrc_merge_8};
    double merged = 0;
    for (int n = 0; n < TRAFFIC_LRC_N; n++)
        for (int d = 0; share[n]->n > 0 && d < TRAFFIC_LRC_D; d++)
            merged += sectors[n][d] * profile_curve_at(share[n], traffic_lrc_dist[d]);
    return fmax(0, fmin(merged, l2_ld_sectors - a_sectors));
}
