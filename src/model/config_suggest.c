/* config_suggest: the block shapes a refusal suggests, found by trying the
 * shapes near the refused one against every rule, so that a suggestion is
 * always a config tpx accepts (tests/test_suggestions.c). */
#include "config.h"

#include <math.h>
#include <stdio.h>

typedef struct suggest_box {
    const tpx_config *c;
    const tpx_limits *lim;
    int keep; /* 'x' keeps BX where it can, 'y' BY, 0 neither */
    config_check_fn check;
} suggest_box;

/* Whether the refused config with block bx x by passes every rule. */
static int accepts(const suggest_box *q, int bx, int by)
{
    tpx_config s = *q->c;
    char scratch[512];
    s.bx = bx, s.by = by;
    return q->check(&s, q->lim, scratch, sizeof scratch, 0) == 0;
}

/* How far a candidate is from the refused block: log2 steps on each side, a
 * side that should be kept counting as far away. */
static double distance(const suggest_box *q, int bx, int by)
{
    int rx = q->c->bx, ry = q->c->by;
    double d = fabs(log2((double)bx) - log2((double)rx)) + fabs(log2((double)by) - log2((double)ry));
    if ((q->keep == 'x' && bx != rx) || (q->keep == 'y' && by != ry))
        d += 100.0;
    /* between equally near ones: the refused BX, then its BY, then more threads */
    return d + 0.01 * (bx != rx) + 0.005 * (by != ry) - 0.0001 * log2((double)bx * by);
}

/* The sides tried for one axis: c's own and the powers of two up to max. */
static int sides(int own, int max, int *out)
{
    int n = 0;
    if (own >= 1 && own <= max && (own & (own - 1)) != 0)
        out[n++] = own;
    for (int s = 1; s <= max && n < 24; s *= 2)
        out[n++] = s;
    return n;
}

static void nearest(const suggest_box *q, char *buf, size_t n)
{
    const tpx_config *c = q->c;
    int xs[24], ys[24], nx = sides(c->bx, q->lim->max_block_x, xs),
                        ny = sides(c->by, q->lim->max_block_y, ys);
    int best[2][2] = {{0, 0}, {0, 0}}, found = 0;
    double dist[2] = {0, 0};
    for (int i = 0; i < nx; i++)
        for (int j = 0; j < ny; j++) {
            if ((xs[i] == c->bx && ys[j] == c->by) ||
                (long long)xs[i] * ys[j] > q->lim->max_threads)
                continue;
            double d = distance(q, xs[i], ys[j]);
            if ((found == 2 && d >= dist[1]) || !accepts(q, xs[i], ys[j]))
                continue;
            int at = found < 2 ? found++ : 1; /* replaces the second */
            if (at == 1 && d < dist[0]) {     /* the new nearest */
                best[1][0] = best[0][0], best[1][1] = best[0][1], dist[1] = dist[0];
                at = 0;
            }
            best[at][0] = xs[i], best[at][1] = ys[j], dist[at] = d;
        }
    if (found == 0)
        snprintf(buf, n, "%s", "");
    else if (found == 1)
        snprintf(buf, n, "%dx%d", best[0][0], best[0][1]);
    else
        snprintf(buf, n, "%dx%d or %dx%d", best[0][0], best[0][1], best[1][0], best[1][1]);
}

void config_suggest(const tpx_config *c, const tpx_limits *lim, int suggest, config_check_fn check,
                    int keep, const char *pre, const char *post, char *buf, size_t n)
{
    char blocks[64] = "";
    if (!suggest) { /* the search's own checks: no search within the search */
        snprintf(buf, n, "%s", "");
        return;
    }
    suggest_box q = {c, lim, keep, check};
    nearest(&q, blocks, sizeof blocks);
    snprintf(buf, n, "%s%s%s", blocks[0] ? pre : "", blocks, blocks[0] ? post : "");
}
