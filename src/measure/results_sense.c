/* The numbers of a result file must agree with each other as a measurement's
 * do: a figure derived from others (gbs from median_ms and the size, pct_peak
 * from the peak, pct_memcpy from memcpy_gbs, occupancy from blocks per SM)
 * within the writer's rounding of both, the quartiles in order, and one row
 * per config and mode.  A file that disagrees with itself is refused: which
 * of its numbers would be the true one? */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results_check.h"
#include "results_read.h"

/* Slack on top of the rounding: the writer's arithmetic is exact to far
 * better than this, a made-up or edited figure rarely is. */
#define REL_SLACK 0.005

/* "NAME: 999999 does not follow from WHAT (want about X)" */
static int disagree(results_ctx *x, const char *path, const char *key, double got,
                    const char *from, double want)
{
    char what[256], g[32], w[32];
    snprintf(w, sizeof w, "%.6g", want); /* a derived figure, to six digits */
    snprintf(what, sizeof what, "%s does not follow from %s (that gives %s)",
             json_num_text(got, g, sizeof g), from, json_num_text(strtod(w, NULL), w, sizeof w));
    return results_bad(x, path, key, what);
}

/* got within [lo, hi] widened by the slack and by `abs`, the rounding of got. */
static int within(double got, double lo, double hi, double abs)
{
    return got >= lo * (1 - REL_SLACK) - abs && got <= hi * (1 + REL_SLACK) + abs;
}

/* Percent figures: 100 * gbs / base, both rounded to 0.1 in the file. */
static int check_pct(results_ctx *x, const char *path, const char *key, double pct, double gbs,
                     double base, const char *from)
{
    double lo = 100.0 * (gbs - 0.05) / (base + 0.05), hi = 100.0 * (gbs + 0.05) / (base - 0.05);
    if (base > 0.05 && !within(pct, lo, hi, 0.05))
        return disagree(x, path, key, pct, from, 100.0 * gbs / base);
    return 0;
}

static int check_order(results_ctx *x, const char *path, const tpx_measurement *m)
{
    if (m->mean_ms < m->min_ms * (1 - 1e-9))
        return results_bad(x, path, "mean_ms", "below min_ms");
    if (m->max_ms > 0 && m->mean_ms > m->max_ms * (1 + 1e-9))
        return results_bad(x, path, "mean_ms", "above max_ms");
    if (m->q1_ms > 0 && (m->q1_ms < m->min_ms || m->q1_ms > m->median_ms))
        return results_bad(x, path, "q1_ms", "not between min_ms and median_ms");
    if (m->q3_ms > 0 && (m->q3_ms < m->median_ms || (m->max_ms > 0 && m->q3_ms > m->max_ms)))
        return results_bad(x, path, "q3_ms", "not between median_ms and max_ms");
    return 0;
}

int results_sense_timing(results_ctx *x, const char *path, int version, const tpx_config *c,
                         const tpx_device *d, const tpx_measurement *m)
{
    if (check_order(x, path, m) != 0)
        return -1;
    /* 2 * W * H * e bytes over the median; the median written to 5 decimals
     * (4 in format 1), gbs to 1 */
    double bytes = 2.0 * (double)c->w * (double)c->h * (double)config_esize(c->dtype);
    double unit = version >= 2 ? 5e-6 : 5e-5, med = m->median_ms;
    double lo = bytes / ((med + unit) * 1e6), hi = med > unit ? bytes / ((med - unit) * 1e6) : HUGE_VAL;
    if (!within(m->gbs, lo, hi, 0.05)) {
        char from[160], ms[32];
        snprintf(from, sizeof from, "median_ms %s and the size (2 x %lldx%lld x %zu bytes)",
                 json_num_text(med, ms, sizeof ms), c->w, c->h, config_esize(c->dtype));
        return disagree(x, path, "gbs", m->gbs, from, bytes / (med * 1e6));
    }
    if (m->pct_peak >= 0 && !(d->valid && d->peak_gbs > 0))
        return results_bad(x, path, "pct_peak", "given, but the file's device has no peak_gbs");
    if (m->pct_peak >= 0 &&
        check_pct(x, path, "pct_peak", m->pct_peak, m->gbs, d->peak_gbs,
                  "gbs and device.peak_gbs") != 0)
        return -1;
    if (m->pct_memcpy >= 0 && m->memcpy_gbs <= 0)
        return results_bad(x, path, "pct_memcpy", "given without memcpy_gbs");
    if (m->pct_memcpy >= 0)
        return check_pct(x, path, "pct_memcpy", m->pct_memcpy, m->gbs, m->memcpy_gbs,
                         "gbs and memcpy_gbs");
    return 0;
}

int results_sense_occupancy(results_ctx *x, const char *path, const tpx_config *c,
                            const tpx_device *d, const tpx_occupancy *o)
{
    if (!o->valid || config_is_reference(c->kernel))
        return 0; /* a reference picks its own launch: the row's block is not it */
    if (!d->valid)
        return results_bad(x, path, "occupancy", "given, but the file has no device");
    /* active warps over the SM's: blocks x warps per block / (threads per SM / 32) */
    long long warps = ((long long)c->bx * c->by + 31) / 32;
    double want = (double)(o->blocks_per_sm * warps) / (d->max_threads_per_sm / 32);
    char p[64];
    snprintf(p, sizeof p, "%s.occupancy", path);
    if (fabs(o->occupancy - want) > 5e-4 + 1e-9)
        return disagree(x, p, "occupancy", o->occupancy,
                        "blocks_per_sm, the block and device.max_threads_per_sm", want);
    return 0;
}

/* ---- one row per config and mode -------------------------------------------- */

typedef struct row_key {
    long long w, h;
    int kernel, bx, by, dtype, pad, swz, tile, hot;
    int index;
} row_key;

static int cmp_key(const void *pa, const void *pb)
{
    const row_key *a = pa, *b = pb;
    long long d[] = {a->kernel - b->kernel, (a->w > b->w) - (a->w < b->w),
                     (a->h > b->h) - (a->h < b->h), a->dtype - b->dtype, a->bx - b->bx,
                     a->by - b->by, a->pad - b->pad, a->swz - b->swz, a->tile - b->tile,
                     a->hot - b->hot, a->index - b->index};
    for (size_t i = 0; i < sizeof d / sizeof d[0]; i++)
        if (d[i])
            return d[i] < 0 ? -1 : 1;
    return 0;
}

/* The fields the replay matches rows on (runner_replay.c), and the mode. */
static row_key key_of(const results_row *r, int index)
{
    const tpx_config *c = &r->c;
    int ref = config_is_reference(c->kernel);
    row_key k = {c->w, c->h, c->kernel, ref ? 0 : c->bx, ref ? 0 : c->by, c->dtype,
                 ref ? 0 : c->pad, ref ? 0 : c->swz, ref ? 0 : (int)config_tile_dtype(c),
                 r->m.hot, index};
    return k;
}

int results_sense_unique(results_ctx *x, const results_doc *d)
{
    if (d->n < 2)
        return 0;
    row_key *k = malloc((size_t)d->n * sizeof *k);
    if (!k)
        return results_bad(x, "", "results", "out of memory");
    for (int i = 0; i < d->n; i++)
        k[i] = key_of(&d->rows[i], i);
    qsort(k, (size_t)d->n, sizeof *k, cmp_key);
    int first = -1, second = -1; /* the duplicate that comes first in the file */
    for (int i = 1; i < d->n; i++) {
        row_key a = k[i - 1], b = k[i];
        a.index = b.index = 0;
        if (cmp_key(&a, &b) == 0 && (second < 0 || k[i].index < second)) {
            first = k[i - 1].index;
            second = k[i].index;
        }
    }
    free(k);
    if (second < 0)
        return 0;
    char path[32], desc[160], what[300];
    snprintf(path, sizeof path, "results[%d]", second);
    config_describe(&d->rows[second].c, desc, sizeof desc);
    snprintf(what, sizeof what, "the same config and mode as results[%d] (%s, %s); a file holds "
             "one row for each, and which one would be the measurement?", first, desc,
             d->rows[second].m.hot ? "hot" : "cold");
    return results_bad(x, path, "", what);
}
