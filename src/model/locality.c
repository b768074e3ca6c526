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

/* Runs in the window and the elements they hold (rects sorted by row, then
 * column).  In one row band, rectangles whose columns touch or overlap merge
 * (only strip_vec's skewed boxes overlap, side_run): eh runs, one a row.  A
 * band whose merged rectangles span every column is eh whole rows, one
 * contiguous range of eh W elements, joined with the band above when that
 * one is whole too: a matrix a few columns wide, whose rows the
 * launch-adjacent blocks cover together (copy_row 2x128 at 6x25000000 f16:
 * three blocks, 128 rows of 12 bytes, 1536 contiguous bytes, not 12; an
 * H200 moves it at 1209 GB/s where runs of 12 bytes gave 822).  A band
 * that leaves at most near elements of each row to others counts the same
 * way, its rows' pieces less than two 64-byte DRAM atoms apart: DRAM reads
 * the atoms of that range in order, skipping at most one, so a read run is
 * the range (side A, smem_rect 1x256 at 7x10000000 f64: 8 of each 56-byte
 * row, A read once in 381 us on an H200; naive_col 64x1 at 11x5000000 f64,
 * 8 of each 88-byte row, 3520 MB read and 440 written in 900 us, Nsight
 * Compute).  On B near is a sector: the L2 writes a
 * sector back whole, after the other blocks' pieces or its own fill, so a
 * band that writes a piece of every sector of a range reaches DRAM as the
 * range (smem_staged 32x4 at 16000000x9 f32, 16 of each 36-byte row).  cols <= 0:
 * the rectangles are linear already (whole rows, window_run). */
static long long count_runs(const rect_at *r, long long n, long long ew, long long eh, long long cols,
                            long long near, double *elems)
{
    long long runs = 0, prev_full_row = -1, rows_each = cols > 0 ? eh : 1;
    *elems = 0;
    for (long long i = 0; i < n;) {
        long long j = i, segs = 0, width = 0, end = r[i].col; /* sorted: r[i].col starts the band */
        for (; j < n && r[j].row == r[i].row; j++) {
            long long c0 = r[j].col, c1 = cols > 0 && r[j].col + ew > cols ? cols : r[j].col + ew;
            if (j == i || c0 > end)
                segs++, width += c1 - c0, end = c1;
            else if (c1 > end)
                width += c1 - end, end = c1;
        }
        if (cols > 0 && segs == 1 && cols - (end - r[i].col) <= near) { /* whole rows */
            *elems += (double)eh * (double)cols;
            runs += prev_full_row >= 0 && prev_full_row + eh == r[i].row ? 0 : 1;
            prev_full_row = r[i].row;
        } else {
            *elems += (double)rows_each * (double)width;
            runs += rows_each * segs;
            prev_full_row = -1;
        }
        i = j;
    }
    return runs;
}

/* Mean run in elements on one side for the window of blocks [first, first + n).
 * Rectangles as wide as the matrix (tile_strip's contiguous side) are whole
 * rows, one run of eh rows: counted as a band of one row of eh W elements. */
static double window_run(const tpx_config *c, const tpx_geom *g, const tpx_fp_side *s,
                         long long first, long long n, long long near, rect_at *buf)
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
    double elems;
    long long runs = count_runs(buf, n, ew, s->eh, full ? 0 : s->cols, near, &elems);
    double run = elems / (double)(runs > 0 ? runs : 1);
    double most = (double)s->cols * (double)s->rows;
    return run < most ? run : most;
}

/* One side's mean run in bytes; a side whose tiles do not tile the matrix
 * simply counts one tile's width, but a strip kernel's: strip_vec's where
 * the long side is ragged, whose units start d_q into each row of a tall
 * strip (tpx_svec.h), lie in skewed boxes a little wider than their step,
 * each box one strip's, and its runs are theirs, merged. */
static double side_run(const tpx_config *c, const tpx_geom *g, const tpx_fp_side *s,
                       long long resident, long long near, rect_at *buf)
{
    double e = (double)config_esize(c->dtype);
    if ((!s->ok && tpx_traits_of(c->kernel).tile != TPX_TILE_STRIP) || s->ew < 1)
        return (double)(s->ew > 0 ? s->ew : 1) * e;
    long long blocks = (long long)g->gx * g->gy;
    long long n = resident < blocks ? resident : blocks;
    double sum = 0;
    for (int k = 0; k < LOCALITY_WINDOWS; k++) {
        long long first = (blocks - n) * k / LOCALITY_WINDOWS;
        /* a window that holds a whole row of the grid starts at one: the
         * blocks in flight (thousands) cover a few-column matrix's rows
         * whatever the window's place, which a sample must not decide.  A
         * smaller one stays inside a row: one that wraps pairs the row's
         * last tile with the next row's first, as only (n - 1) / gx of the
         * windows in flight do (naive_row 4x64 at 9000x9000 f32: two of the
         * three wrapped, A's runs 32 bytes where every other window's are 48) */
        if (n >= g->gx || first % g->gx + n > g->gx)
            first -= first % g->gx;
        sum += window_run(c, g, s, first, n, near, buf);
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
    long long e = (long long)config_esize(c->dtype); /* near: two DRAM atoms on A, a sector on B */
    out->a_bytes = side_run(c, &fp.g, &fp.side[TPX_SIDE_A], resident, 128 / e - 1, buf);
    out->b_bytes = side_run(c, &fp.g, &fp.side[TPX_SIDE_B], resident, 32 / e - 1, buf);
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
