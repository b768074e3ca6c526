#include "locality.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "footprint.h"

/* Windows sampled per launch (start, a third, two thirds in). */
#define LOCALITY_WINDOWS 3
/* The largest window: 132 SMs x 32 blocks is 4224; more is no different. */
#define LOCALITY_MAX_WINDOW 8192

typedef struct rect_at {
    long long row, col; /* the tile rectangle's top-left element on one side */
} rect_at;

static int cmp_rect(const void *x, const void *y)
{
    const rect_at *a = x, *b = y;
    if (a->row != b->row)
        return a->row < b->row ? -1 : 1;
    return a->col < b->col ? -1 : a->col > b->col;
}

/* Runs in one row band: rectangles of the same top row whose columns touch
 * or overlap merge into one run (rects sorted by row, then column; only
 * strip_vec's skewed boxes overlap, side_run). */
static long long count_runs(const rect_at *r, long long n, long long ew)
{
    long long runs = 0;
    for (long long i = 0; i < n; i++)
        runs += i == 0 || r[i].row != r[i - 1].row || r[i].col > r[i - 1].col + ew;
    return runs;
}

/* Mean run in elements on one side for the window of blocks [first, first + n).
 * Rectangles as wide as the matrix (tile_strip's contiguous side) are whole
 * rows, one run of eh rows: counted as a band of one row of eh W elements. */
static double window_run(const tpx_config *c, const tpx_geom *g, const tpx_fp_side *s,
                         long long first, long long n, rect_at *buf)
{
    long long gx = g->gx, full = s->ew == s->cols, ew = full ? s->ew * s->eh : s->ew;
    for (long long i = 0; i < n; i++) {
        int bx = (int)((first + i) % gx), by = (int)((first + i) / gx), tbx, tby;
        tpx_block_tile(c->kernel, g, bx, by, &tbx, &tby);
        buf[i].row = tbx * s->ur + tby * s->vr;
        buf[i].col = tbx * s->uc + tby * s->vc;
        if (full) /* linear: the element the rectangle starts at */
            buf[i].col += buf[i].row * s->cols, buf[i].row = 0;
    }
    qsort(buf, (size_t)n, sizeof *buf, cmp_rect);
    long long runs = count_runs(buf, n, ew);
    double run = (double)n * (double)ew / (double)(runs > 0 ? runs : 1);
    double most = full ? (double)s->cols * (double)s->rows : (double)s->cols;
    return run < most ? run : most;
}

/* One side's mean run in bytes; a side whose tiles do not tile the matrix
 * simply counts one tile's width, but a strip kernel's: strip_vec's where
 * the long side is ragged, whose units start d_q into each row of a tall
 * strip (tpx_svec.h), lie in skewed boxes a little wider than their step,
 * each box one strip's, and its runs are theirs, merged. */
static double side_run(const tpx_config *c, const tpx_geom *g, const tpx_fp_side *s,
                       long long resident, rect_at *buf)
{
    double e = (double)config_esize(c->dtype);
    if ((!s->ok && tpx_traits_of(c->kernel).tile != TPX_TILE_STRIP) || s->ew < 1)
        return (double)(s->ew > 0 ? s->ew : 1) * e;
    long long blocks = (long long)g->gx * g->gy;
    long long n = resident < blocks ? resident : blocks;
    double sum = 0;
    for (int k = 0; k < LOCALITY_WINDOWS; k++) {
        long long first = (blocks - n) * k / LOCALITY_WINDOWS;
        sum += window_run(c, g, s, first, n, buf);
    }
    return sum / LOCALITY_WINDOWS * e;
}

static int runs_compute(const tpx_config *c, long long resident, tpx_runs *out)
{
    tpx_footprint fp;
    if (footprint_build_layout(&fp, c) != 0) {
        footprint_free(&fp);
        return -1;
    }
    rect_at *buf = malloc(sizeof *buf * (size_t)resident);
    if (!buf) {
        footprint_free(&fp);
        return -1;
    }
    out->a_bytes = side_run(c, &fp.g, &fp.side[TPX_SIDE_A], resident, buf);
    out->b_bytes = side_run(c, &fp.g, &fp.side[TPX_SIDE_B], resident, buf);
    free(buf);
    footprint_free(&fp);
    return 0;
}

/* The runs are a pure function of (config, window) and the costliest part of
 * a prediction (a walk of three tiles): a process that predicts one config
 * again and again (every screen of a sweep, a saved row and its ranking)
 * asks the memo.  Direct-mapped, 1024 places (80 KB, static); a user kernel,
 * whose id a later kernel may reuse, is never kept. */
#define RUNS_MEMO 1024
typedef struct runs_entry {
    int used;
    tpx_config cfg;
    long long resident;
    tpx_runs runs;
} runs_entry;
static runs_entry runs_memo[RUNS_MEMO];
static pthread_mutex_t runs_lock = PTHREAD_MUTEX_INITIALIZER;

static unsigned runs_slot(const tpx_config *c, long long resident)
{
    return (unsigned)(config_hash(c, (unsigned long long)resident) % RUNS_MEMO);
}

int locality_runs(const tpx_config *c, long long resident, tpx_runs *out)
{
    memset(out, 0, sizeof *out);
    if (config_is_reference(c->kernel))
        return -1;
    if (resident < 1)
        resident = 1;
    if (resident > LOCALITY_MAX_WINDOW)
        resident = LOCALITY_MAX_WINDOW;
    int keep = !tpx_is_user(c->kernel);
    unsigned at = runs_slot(c, resident);
    if (keep) {
        pthread_mutex_lock(&runs_lock);
        runs_entry *e = &runs_memo[at];
        int hit = e->used && e->resident == resident && config_same(&e->cfg, c);
        if (hit)
            *out = e->runs;
        pthread_mutex_unlock(&runs_lock);
        if (hit)
            return 0;
    }
    if (runs_compute(c, resident, out) != 0) {
        memset(out, 0, sizeof *out);
        return -1;
    }
    if (keep) {
        pthread_mutex_lock(&runs_lock);
        runs_memo[at] = (runs_entry){1, *c, resident, *out};
        pthread_mutex_unlock(&runs_lock);
    }
    return 0;
}
