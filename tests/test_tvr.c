/* Issue 20's register-realigning path (kernels/tpx_tvr.h), run on the CPU
 * as bench/tvr_kernel.cuh runs it on the GPU, over odd, thin, tall, wide and
 * aligned shapes, every vector width (f64, f32, f16) and every block the
 * launch takes: the matrix is bytes (element i holds its index, little-endian)
 * so tpx_tvr_realign, the very function the kernel calls, is checked on real
 * bytes.  Every 16-byte load whole inside the array, every shared unit inside
 * the tile and written once per fast tile, every element of B written once
 * with A's transposed element, every vector of B written by one block, and
 * the fast path taken by all but the edge tiles of a large odd shape. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tpx_tvr.h"

typedef struct run {
    tpx_geom g;
    int es;                       /* bytes per element */
    unsigned char *a, *b, *tile;  /* A, B, the shared tile (bytes) */
    long long *owner, *bwrites;   /* block that wrote each B vector; writes per B element */
    signed char *tset, *tset_e;   /* shared unit, element written in this tile */
} run;

static unsigned long long elem(const unsigned char *p, int es)
{
    unsigned long long v = 0;
    memcpy(&v, p, (size_t)es);
    return v;
}
static unsigned long long val(long long i) { return (unsigned long long)i * 2654435761u + 1; }

/* lo:hi (vectors v, v + 1 of A) shifted by s elements, via the kernel's function. */
static void shifted(run *u, long long v, int s, unsigned char *out)
{
    unsigned w[8], o[4];
    long long wh = u->g.w * u->g.h;
    assert_true(v >= 0 && (v + 2) * 16 / u->es <= wh); /* both loads whole in the array */
    memcpy(w, u->a + v * 16, 32);
    tpx_tvr_realign(w, s * u->es, o);
    memcpy(out, o, 16);
}

static void write_b(run *u, long long f, const unsigned char *src, long long bid)
{
    assert_true(f >= 0 && f < u->g.w * u->g.h);
    u->bwrites[f]++;
    memcpy(u->b + f * u->es, src, (size_t)u->es);
    (void)bid;
}

static void own(run *u, long long v, long long bid)
{
    assert_int_equal(u->owner[v], -1);
    u->owner[v] = bid;
}

/* The fast tile: every thread (tx, ty) of a BX x BY block, as tvr_full. */
static void run_full(run *u, int tbx, int tby, long long bid)
{
    const tpx_geom *g = &u->g;
    int n = tpx_vec(g), nsb = g->bx / g->by, units = (int)tpx_tvu_smem_units(g);
    memset(u->tset, 0, (size_t)units);
    memset(u->tset_e, 0, (size_t)units * (size_t)n);
    for (int ty = 0; ty < g->by; ty++)
        for (int tx = 0; tx < g->bx; tx++)
            for (int i = 0; i < nsb; i++) {
                unsigned char r[8][16];
                int sr = ty + i * g->by;
                long long f0 = tpx_tvr_arow(g, tbx, tby, tx, ty); /* as the kernel: by increments */
                assert_true(f0 + (long long)i * g->by * n * g->w == tpx_tvr_arow(g, tbx, tby, tx, sr));
                for (int k = 0; k < n; k++) {
                    int s;
                    long long v = tpx_tvr_split(g, f0 + ((long long)i * g->by * n + k) * g->w, &s);
                    shifted(u, v, s, r[k]);
                }
                for (int j = 0; j < n; j++) { /* the register transpose */
                    int p = tpx_tvr_spos(g, tx * n + j, sr);
                    assert_true(p >= 0 && p < units && !u->tset[p]);
                    u->tset[p] = 1;
                    for (int k = 0; k < n; k++)
                        memcpy(u->tile + p * 16 + k * u->es, r[k] + j * u->es, (size_t)u->es);
                }
            }
    /* the halo: row k of sub-block column tx by thread (tx, k mod BY) */
    for (int ty = 0; ty < g->by; ty++)
        for (int tx = 0; tx < g->bx; tx++)
            for (int k = ty; k < n; k += g->by) {
                unsigned char r[16];
                int s = -1;
                long long v = tpx_tvr_split(g, tpx_tvr_arow(g, tbx, tby, tx, g->bx) + k * g->w, &s);
                shifted(u, v, s, r);
                for (int e = 0; e < n; e++) {
                    long long p = tpx_tvr_sat(g, g->bx * n + k, tx * n + e);
                    assert_true(p >= 0 && p < units * n && !u->tset_e[p]);
                    u->tset_e[p] = 1;
                    memcpy(u->tile + p * u->es, r + e * u->es, (size_t)u->es);
                }
            }
    for (int p = 0; p < units; p++) /* each unit by one thread, or by the halo's N */
        for (int e = 0; e < n; e++)
            u->tset[p] += u->tset_e[p * n + e];
    for (int p = 0; p < units; p++)
        assert_true(u->tset[p] == 1 || u->tset[p] == n); /* the whole tile, halo included */
    for (int ty = 0; ty < g->by; ty++)
        for (int tx = 0; tx < g->bx; tx++)
            for (int rep = 0; rep < nsb * n; rep++) {
                int xl = ty + rep * g->by, c0;
                long long g0 = tpx_tvr_brow(g, tbx, tby, ty) + (long long)rep * g->by * g->h;
                assert_true(g0 == tpx_tvr_brow(g, tbx, tby, xl));
                long long v = tpx_tvr_bvec(g, g0, tx, &c0);
                unsigned w[8], o[4];
                memcpy(w, u->tile + tpx_tvr_spos(g, xl, tx) * 16, 16);
                memcpy(w + 4, u->tile + tpx_tvr_spos(g, xl, tx + 1) * 16, 16);
                tpx_tvr_realign(w, c0 * u->es, o);
                own(u, v, bid);
                for (int e = 0; e < n; e++)
                    write_b(u, v * n + e, (unsigned char *)o + e * u->es, bid);
            }
}

/* The edge tile, as tvr_edge. */
static void run_edge(run *u, int tbx, int tby, long long bid)
{
    const tpx_geom *g = &u->g;
    int n = tpx_vec(g), t = tpx_tvu_side(g);
    long long x0 = (long long)tbx * t, y0 = (long long)tby * t, wh = g->w * g->h;
    for (int r = 0; r < t + n; r++)
        for (int c = 0; c < t; c++)
            if (y0 + r < g->h && x0 + c < g->w) {
                long long p = tpx_tvr_sat(g, r, c);
                assert_true(p >= 0 && p < tpx_tvu_smem_units(g) * n);
                memcpy(u->tile + p * u->es, u->a + ((y0 + r) * g->w + x0 + c) * u->es, (size_t)u->es);
            }
    for (int xl = 0; xl < t; xl++)
        for (int k = 0; k < g->bx; k++) {
            int c0;
            long long x = x0 + xl, v = tpx_tvr_bvec(g, tpx_tvr_brow(g, tbx, tby, xl), k, &c0);
            if (x >= g->w || v * n - x * g->h >= (y0 + t < g->h ? y0 + t : g->h))
                continue;
            own(u, v, bid);
            for (int e = 0; e < n; e++) {
                long long ex, ey;
                if (!tpx_tvr_belem(g, v, x, e, &ex, &ey))
                    break;
                assert_true(ex < g->w && ey >= 0 && ey < g->h);
                int in = ex < x0 + t && ey >= y0 && ey < y0 + t + n;
                const unsigned char *src = in ? u->tile + tpx_tvr_sat(g, (int)(ey - y0), (int)(ex - x0)) * u->es
                                              : u->a + (ey * g->w + ex) * u->es;
                write_b(u, v * n + e, src, bid);
            }
        }
    (void)wh;
}

/* Runs every tile; returns how many took the fast path. */
static long long check_shape(long long w, long long h, int es, int bx, int by)
{
    int n = 16 / es;
    run u = {.g = {.w = w, .h = h, .bx = bx, .by = by, .vec = n}, .es = es};
    tpx_geom *g = &u.g;
    long long gx, gy, wh = w * h, nvec = tpx_cdiv(wh, n), fast = 0;
    tpx_tvu_grid(g, &gx, &gy);
    g->gx = (int)gx, g->gy = (int)gy;
    u.a = malloc((size_t)(wh * es));
    u.b = calloc((size_t)wh, (size_t)es);
    u.bwrites = calloc((size_t)wh, sizeof(long long));
    u.owner = malloc(sizeof(long long) * (size_t)nvec);
    u.tile = calloc((size_t)tpx_tvu_smem_units(g), 16);
    u.tset = malloc((size_t)tpx_tvu_smem_units(g));
    u.tset_e = malloc((size_t)tpx_tvu_smem_units(g) * (size_t)n);
    assert_true(u.a && u.b && u.bwrites && u.owner && u.tile && u.tset && u.tset_e);
    for (long long i = 0; i < wh; i++) {
        unsigned long long v = val(i);
        memcpy(u.a + i * es, &v, (size_t)es);
    }
    for (long long i = 0; i < nvec; i++)
        u.owner[i] = -1;
    for (int by_ = 0; by_ < g->gy; by_++)
        for (int bx_ = 0; bx_ < g->gx; bx_++) {
            int tbx, tby;
            long long bid = bx_ + (long long)g->gx * by_;
            tpx_col_remap(g, bx_, by_, &tbx, &tby);
            if (tpx_tvr_full(g, tbx, tby)) {
                run_full(&u, tbx, tby, bid);
                fast++;
            } else {
                run_edge(&u, tbx, tby, bid);
            }
        }
    unsigned long long mask = es == 8 ? ~0ull : (1ull << (8 * es)) - 1;
    for (long long y = 0; y < h; y++)
        for (long long x = 0; x < w; x++) {
            long long f = x * h + y;
            if (u.bwrites[f] != 1 || elem(u.b + f * es, es) != (val(y * w + x) & mask))
                fail_msg("%lldx%lld es %d block %dx%d: B[%lld][%lld] written %lld times, %llx, want %llx", w,
                         h, es, bx, by, x, y, u.bwrites[f], elem(u.b + f * es, es), val(y * w + x) & mask);
        }
    for (long long v = 0; v < nvec; v++)
        assert_true(u.owner[v] >= 0);
    free(u.a);
    free(u.b);
    free(u.bwrites);
    free(u.owner);
    free(u.tile);
    free(u.tset);
    free(u.tset_e);
    return fast;
}

static void test_tvr_shapes(void **s)
{
    (void)s;
    static const long long sizes[][2] = {
        {1, 1},     {1, 77},    {77, 1},    {3, 5},     {65, 3},     {3, 65},    {100, 37},
        {33, 130},  {129, 67},  {257, 255}, {1000, 777}, {1, 4097},  {4097, 3},  {7, 1000},
        {130, 2},   {64, 64},   {128, 96},  {96, 40},   {66, 130},   {1022, 515}, {8, 8},
        {300, 301}, {513, 257}, {256, 256}, {255, 520}};
    static const int blocks[][2] = {{16, 16}, {16, 8}, {16, 4}, {8, 8}, {8, 4}, {8, 2}};
    long long fast = 0;
    for (int es = 2; es <= 8; es *= 2)
        for (size_t b = 0; b < sizeof blocks / sizeof blocks[0]; b++)
            for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
                fast += check_shape(sizes[i][0], sizes[i][1], es, blocks[b][0], blocks[b][1]);
    assert_true(fast > 0); /* the fast path ran, not only the edge one */
}

/* A large odd shape: all but the last tile column and the last tile rows
 * (the halo) take the fast path. */
static void test_tvr_fast_share(void **s)
{
    (void)s;
    for (int es = 2; es <= 8; es *= 2) {
        tpx_geom g = {.w = 8191, .h = 8193, .bx = 16, .by = 16, .vec = 16 / es};
        long long gx, gy, fast = 0;
        tpx_tvu_grid(&g, &gx, &gy);
        for (int y = 0; y < gy; y++)
            for (int x = 0; x < gx; x++)
                fast += tpx_tvr_full(&g, x, y);
        int t = tpx_tvu_side(&g);
        long long want = (8191 / t) * ((8193 - 16 / es) / t);
        assert_true(fast == want);
        assert_true(fast * 100 >= gx * gy * 95);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tvr_shapes),
        cmocka_unit_test(test_tvr_fast_share),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
