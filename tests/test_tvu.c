/* tile_vec's path for rows that do not start on 16 bytes (kernels/tpx_tvu.h),
 * run on the CPU exactly as bench/tvu_bench.cu runs it on the GPU, over odd,
 * thin, tall and wide shapes, every vector width (f64, f32, f16) and several
 * blocks: every read in bounds (whole 16-byte vectors of A inside the array,
 * shared slots inside the tile, each written once per tile), every element of
 * B written exactly once with A's transposed element, every vector of B
 * written whole by one block, the two vectors of a 32-byte sector written by
 * the same block or by consecutive blocks of the column order (but where the
 * sector holds a B row's end), and the reads that bypass the shared tile no
 * more than the path's description allows. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tpx_tvu.h"

typedef struct run {
    tpx_geom g;
    long long *a, *b, *tile, *owner; /* owner: launch id that wrote each B vector */
    long long direct;                /* elements read from A past the shared tile */
} run;

/* Phase 0 of tile (tbx, tby): whole A vectors into the shared slots. */
static void run_load(run *u, int tbx, int tby)
{
    const tpx_geom *g = &u->g;
    int n = tpx_vec(g);
    long long units = tpx_tvu_smem_units(g), wh = g->w * g->h;
    for (long long i = 0; i < units * n; i++)
        u->tile[i] = -1;
    for (long long i = 0; i < tpx_tvu_items(g, 0); i++) {
        tpx_move m = tpx_tvu_load(g, tbx, tby, i);
        if (!m.ok)
            continue;
        assert_true(m.src >= 0 && (m.src + 1) * n <= wh);
        assert_true(m.dst >= 0 && m.dst < units);
        for (int e = 0; e < n; e++) {
            assert_int_equal(u->tile[m.dst * n + e], -1); /* each slot once */
            u->tile[m.dst * n + e] = u->a[m.src * n + e];
        }
    }
}

/* Element e of phase-1 vector m: from the shared tile where the element is in
 * the vector's own B row and phase 0 loaded it, else from A. */
static long long gather(run *u, int tbx, int tby, tpx_move m, long long fe)
{
    const tpx_geom *g = &u->g;
    long long x = fe / g->h, y = fe % g->h;
    if (x == m.src) {
        long long at = tpx_tvu_at(g, tbx, tby, y, x);
        if (at >= 0) {
            assert_true(at < tpx_tvu_smem_units(g) * tpx_vec(g));
            assert_int_equal(u->tile[at], y * g->w + x); /* loaded, and where it says */
            return u->tile[at];
        }
    }
    u->direct++;
    return u->a[y * g->w + x];
}

/* Phase 1: each owned vector of B gathered and written whole. */
static void run_store(run *u, int tbx, int tby, long long bid)
{
    const tpx_geom *g = &u->g;
    int n = tpx_vec(g), t = tpx_tvu_side(g);
    long long wh = g->w * g->h;
    for (long long j = 0; j < tpx_tvu_items(g, 1); j++) {
        tpx_move m = tpx_tvu_store(g, tbx, tby, j);
        if (!m.ok)
            continue;
        long long f = m.dst * n, x = m.src;
        /* the vector starts in its B row, at one of the tile's B columns */
        assert_true(f >= x * g->h + (long long)tby * t && f < x * g->h + (long long)tby * t + t);
        assert_true(f < wh && x / t == tbx);
        assert_int_equal(u->owner[m.dst], -1);
        u->owner[m.dst] = bid;
        for (int e = 0; e < n && f + e < wh; e++) {
            assert_int_equal(u->b[f + e], -1);
            u->b[f + e] = gather(u, tbx, tby, m, f + e);
        }
    }
}

static void check_shape(long long w, long long h, int n, int bx, int by)
{
    run u = {.g = {.w = w, .h = h, .bx = bx, .by = by, .vec = n}};
    tpx_geom *g = &u.g;
    long long gx, gy, wh = w * h, nvec = tpx_cdiv(wh, n);
    tpx_tvu_grid(g, &gx, &gy);
    g->gx = (int)gx, g->gy = (int)gy;
    u.a = malloc(sizeof(long long) * (size_t)wh);
    u.b = malloc(sizeof(long long) * (size_t)wh);
    u.owner = malloc(sizeof(long long) * (size_t)nvec);
    u.tile = malloc(sizeof(long long) * (size_t)(tpx_tvu_smem_units(g) * n));
    assert_true(u.a && u.b && u.owner && u.tile);
    for (long long i = 0; i < wh; i++)
        u.a[i] = i, u.b[i] = -1;
    for (long long i = 0; i < nvec; i++)
        u.owner[i] = -1;
    for (int by_ = 0; by_ < g->gy; by_++)
        for (int bx_ = 0; bx_ < g->gx; bx_++) {
            int tbx, tby;
            tpx_col_remap(g, bx_, by_, &tbx, &tby);
            run_load(&u, tbx, tby);
            run_store(&u, tbx, tby, bx_ + (long long)g->gx * by_);
        }
    for (long long y = 0; y < h; y++)
        for (long long x = 0; x < w; x++)
            if (u.b[x * h + y] != y * w + x)
                fail_msg("%lldx%lld vec %d block %dx%d: B[%lld][%lld] = %lld, want %lld", w, h,
                         n, bx, by, x, y, u.b[x * h + y], y * w + x);
    for (long long v = 0; v < nvec; v++)
        assert_true(u.owner[v] >= 0); /* every vector of B written, by one block */
    /* A sector's two vectors: one block, or consecutive ones, or a B row's end. */
    for (long long v = 0; v + 1 < nvec; v += 2) {
        long long d = llabs(u.owner[v] - u.owner[v + 1]);
        long long first = v * n, last = (v + 2) * n - 1;
        if (d > 1 && first / h == (last < wh ? last : wh - 1) / h)
            fail_msg("%lldx%lld vec %d: sector %lld written by blocks %lld and %lld", w, h, n,
                     v / 2, u.owner[v], u.owner[v + 1]);
    }
    /* Past the tile: at most N - 1 columns per B row and tile, the next B
     * row's head (N - 1) per B row, and A's last partial vector. */
    long long bound = w * gy * (n - 1) + w * (n - 1) + n;
    if (u.direct > bound)
        fail_msg("%lldx%lld vec %d: %lld direct reads, more than %lld", w, h, n, u.direct, bound);
    free(u.a);
    free(u.b);
    free(u.owner);
    free(u.tile);
}

static void test_tvu_shapes(void **s)
{
    (void)s;
    static const long long sizes[][2] = {
        {1, 1},   {1, 77},   {77, 1},    {3, 5},    {65, 3},    {3, 65},    {100, 37},
        {33, 130}, {129, 67}, {257, 255}, {1000, 777}, {1, 4097}, {4097, 3}, {7, 1000},
        {130, 2}, {64, 64},  {128, 96},  {96, 40},  {66, 130},  {1022, 515}, {8, 8}};
    static const int blocks[][2] = {{16, 16}, {16, 8}, {8, 8}, {16, 4}};
    for (int n = 2; n <= 8; n *= 2)
        for (size_t b = 0; b < sizeof blocks / sizeof blocks[0]; b++)
            for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
                check_shape(sizes[i][0], sizes[i][1], n, blocks[b][0], blocks[b][1]);
}

/* Most of B comes through the shared tile: at a DRAM-sized odd shape's
 * interior the direct reads are a few per cent (counted on a slice). */
static void test_tvu_direct_share(void **s)
{
    (void)s;
    for (int n = 2; n <= 8; n *= 2) {
        run u = {.g = {.w = 8191, .h = 257, .bx = 16, .by = 16, .vec = n}};
        long long gx, gy, direct = 0, total = 0;
        tpx_tvu_grid(&u.g, &gx, &gy);
        u.g.gx = (int)gx, u.g.gy = (int)gy;
        int t = tpx_tvu_side(&u.g);
        for (long long j = 0; j < tpx_tvu_items(&u.g, 1); j++) {
            tpx_move m = tpx_tvu_store(&u.g, 3, 1, j);
            for (int e = 0; m.ok && e < n; e++) {
                long long fe = m.dst * n + e, x = fe / u.g.h, y = fe % u.g.h;
                total++;
                direct += x != m.src || tpx_tvu_at(&u.g, 3, 1, y, x) < 0;
            }
        }
        assert_true(total == (long long)t * t);
        if (direct * 100 > total * 5)
            fail_msg("vec %d: %lld of %lld elements read past the tile", n, direct, total);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tvu_shapes),
        cmocka_unit_test(test_tvu_direct_share),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
