/* The kernel table (kernels/tpx_kernels.def) against itself and against the
 * move functions it names.  Every check iterates the table, so a new row is
 * checked without touching this file: names, the order of kernels and
 * references, the traits that must agree with each other, the block remap
 * and its inverse, and each kernel run on the CPU, which must leave B equal
 * to A transposed (or copied, for a copy) with its shared tile inside the
 * size the table gives it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "config.h"
#include "origin.h"

static int nonempty(const char *s) { return s && s[0] != '\0'; }

static void test_names_and_text(void **s)
{
    (void)s;
    for (int k = 0; k < TPX_K_COUNT; k++) {
        const tpx_kernel_info *i = catalog_get((tpx_kernel_id)k);
        assert_non_null(i);
        assert_int_equal(i->id, k);
        assert_true(nonempty(i->name) && nonempty(i->title) && nonempty(i->idea) &&
                    nonempty(i->seed) && nonempty(i->text));
        assert_int_equal(catalog_find(i->name), k); /* unique, and found again */
        for (const char *c = i->name; *c; c++) /* a command-line id */
            assert_true((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '_');
        assert_non_null(strstr(catalog_names_list(), i->name));
    }
    assert_int_equal(catalog_find("no_such_kernel"), -1);
    char all[512];
    assert_int_equal(catalog_join(all, sizeof all, NULL, ", "), TPX_K_COUNT);
    assert_string_equal(all, catalog_names_list());
}

/* References come after every kernel, have no phases and no tile. */
/* Origins in words: no kernel is credited to a bare number a student cannot
 * look up ("seed 002", "issue 11"). */
static void test_origins_in_words(void **s)
{
    (void)s;
    char w[512];
    for (int k = 0; k < TPX_K_COUNT; k++) {
        origin_words(catalog_get((tpx_kernel_id)k)->seed, w, sizeof w);
        assert_true(nonempty(w));
        if (strstr(w, "seed") || strstr(w, "issue") || strstr(w, "[0"))
            fail_msg("%s: '%s'", catalog_get((tpx_kernel_id)k)->name, w);
    }
    origin_words("seed 002 (upper bound)", w, sizeof w);
    assert_string_equal(w, "a Korean blog post on memory bandwidth, on an RTX 3080 (upper bound)");
    origin_words("seeds 000, 001, 004", w, sizeof w);
    assert_string_equal(w, "Korean CUDA study notes, a student's notes on the CUDA memory model "
                           "and a Korean CUDA lab notebook");
    origin_words("issue 11 (vectorised copy)", w, sizeof w);
    assert_string_equal(w, "tpx itself (vectorised copy)");
    origin_words("my_kernel.tpxk", w, sizeof w); /* a user kernel's file: as it is */
    assert_string_equal(w, "my_kernel.tpxk");
    origin_words("seed 002", w, 10); /* cut, never overrun */
    assert_int_equal(strlen(w), 9);
}

static void test_references(void **s)
{
    (void)s;
    int seen_ref = 0, refs = 0;
    for (int k = 0; k < TPX_K_COUNT; k++) {
        tpx_traits t = tpx_traits_of((tpx_kernel_id)k);
        int ref = t.ref != TPX_REF_NONE;
        assert_int_equal(config_is_reference((tpx_kernel_id)k), ref);
        if (!ref) {
            if (seen_ref)
                fail_msg("kernel %s comes after a reference", catalog_name((tpx_kernel_id)k));
            continue;
        }
        seen_ref = 1;
        refs++;
        assert_int_equal(t.phases, 0);
        assert_int_equal(t.tile, TPX_TILE_NONE);
        assert_int_equal(t.remap, TPX_REMAP_NONE);
        tpx_geom g = {.w = 64, .h = 64, .bx = 32, .by = 8, .gx = 2, .gy = 8};
        assert_false(tpx_tile_move((tpx_kernel_id)k, &g, 0, 0, 0, 0, 0, 0).ok);
    }
    assert_true(refs > 0);
}

/* A kernel's traits agree with each other. */
static void test_kernel_traits(void **s)
{
    (void)s;
    tpx_limits lim = config_default_limits();
    for (int k = 0; k < TPX_K_COUNT; k++) {
        tpx_kernel_id id = (tpx_kernel_id)k;
        tpx_traits t = tpx_traits_of(id);
        if (t.ref != TPX_REF_NONE)
            continue;
        assert_true(t.phases == 1 || t.phases == 2);
        /* a second phase reads what the first left in the shared tile */
        assert_int_equal(t.phases == 2, t.tile != TPX_TILE_NONE);
        /* the generated bodies (kernels/direct.cu, tiled.cu) copy one element
         * per move, loads before stores: a phase each, or two through a tile */
        if (t.body == TPX_BODY_DIRECT)
            assert_int_equal(t.phases, 1);
        if (t.body == TPX_BODY_TILED)
            assert_true(t.phases == 2 && !(t.flags & (TPX_KF_VEC16 | TPX_KF_REGT)));
        assert_true(t.body == TPX_BODY_DIRECT || t.body == TPX_BODY_TILED ||
                    t.body == TPX_BODY_CUSTOM);
        assert_int_equal(config_has_tile(id), t.tile != TPX_TILE_NONE);
        assert_true(t.reps > 0 || (t.reps == TPX_REPS_WALK && t.tile != TPX_TILE_NONE) ||
                    (t.reps == TPX_REPS_SEC && t.tile == TPX_TILE_SEC));
        assert_true(t.xper >= 1);
        assert_true(t.dbx >= 1 && t.dby >= 1);
        for (int pad = 0; pad <= 1; pad++) {
            long long e = tpx_smem_elems(id, t.dbx, t.dby, pad, 1);
            assert_true(t.tile == TPX_TILE_NONE ? e == 0 : e >= (long long)t.dbx * t.dby);
        }
        /* the fallback block is valid on the default matrix */
        tpx_config c = config_default();
        char msg[TPX_MSG];
        c.kernel = id, c.bx = t.dbx, c.by = t.dby;
        if (config_validate(&c, &lim, msg, sizeof msg) != 0)
            fail_msg("%s's fallback block %dx%d: %s", catalog_name(id), t.dbx, t.dby, msg);
        if (t.flags & TPX_KF_SQUARE) {
            c.by = t.dbx / 2;
            assert_int_equal(config_validate(&c, &lim, msg, sizeof msg), -1);
            assert_non_null(strstr(msg, "square"));
        }
        if (t.reps == TPX_REPS_WALK) {
            c.bx = 32, c.by = 12;
            assert_int_equal(config_validate(&c, &lim, msg, sizeof msg), -1);
            assert_non_null(strstr(msg, "does not divide"));
        }
        if (t.tile == TPX_TILE_NONE) {
            c.pad = 1;
            assert_int_equal(config_validate(&c, &lim, msg, sizeof msg), -1);
            assert_non_null(strstr(msg, "no shared tile"));
        }
    }
}

static unsigned long long rng = 88172645463325252ULL;
static int rnd(int n)
{
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return (int)(rng % (unsigned long long)n);
}

/* Every kernel's block order, then its inverse, is the identity, and the
 * order is a permutation of the tiles: square and non-square grids. */
static void test_remap_inverse(void **s)
{
    (void)s;
    for (int trial = 0; trial < 200; trial++) {
        int gx = 1 + rnd(40), gy = trial % 2 ? gx : 1 + rnd(40);
        tpx_geom g = {.w = 1, .h = 1, .bx = 1, .by = 1, .gx = gx, .gy = gy};
        char *seen = malloc((size_t)gx * (size_t)gy);
        assert_non_null(seen);
        for (int k = 0; k < TPX_K_COUNT; k++) {
            memset(seen, 0, (size_t)gx * (size_t)gy);
            for (int by = 0; by < gy; by++)
                for (int bx = 0; bx < gx; bx++) {
                    int tx, ty, bx2, by2;
                    tpx_block_tile((tpx_kernel_id)k, &g, bx, by, &tx, &ty);
                    assert_true(tx >= 0 && tx < gx && ty >= 0 && ty < gy);
                    assert_int_equal(seen[ty * gx + tx]++, 0);
                    tpx_tile_block((tpx_kernel_id)k, &g, tx, ty, &bx2, &by2);
                    if (bx2 != bx || by2 != by)
                        fail_msg("%s grid %dx%d: block (%d,%d) -> tile (%d,%d) -> (%d,%d)",
                                 catalog_name((tpx_kernel_id)k), gx, gy, bx, by, tx, ty, bx2,
                                 by2);
                }
        }
        free(seen);
    }
}

/* Where element j of the load of move `rep` is stored: the same move's
 * element j, or, inside a register-transpose group of G moves
 * (tpx_regt_group), element rep mod G of the group's move j. */
static long long stored_at(tpx_kernel_id k, const tpx_geom *g, int ph, int rep, int bx, int by,
                           int t, long long j)
{
    int gs = tpx_regt_group(k, g, ph);
    long long nv = tpx_phase_vec(k, g, ph);
    if (gs == 1)
        return tpx_kernel_move(k, g, ph, rep, bx, by, t % g->bx, t / g->bx).dst * nv + j;
    tpx_move m = tpx_kernel_move(k, g, ph, rep / gs * gs + (int)j, bx, by, t % g->bx, t / g->bx);
    assert_true(m.ok); /* a group loads and stores together */
    return m.dst * nv + rep % gs;
}

/* One block of kernel k on the CPU: phase by phase, every thread's moves,
 * the shared tile checked against the table's size.  A move carries
 * tpx_vec(g) consecutive elements: its indices count such accesses. */
static void run_block(tpx_kernel_id k, const tpx_geom *g, int bx, int by, const long long *a,
                      long long *b, long long *tile, long long tile_n)
{
    for (long long i = 0; i < tile_n; i++)
        tile[i] = -1;
    for (int ph = 0; ph < tpx_phases(k); ph++)
        for (int rep = 0; rep < tpx_reps(k, g); rep++)
            for (int t = 0; t < g->bx * g->by; t++) {
                tpx_move m = tpx_kernel_move(k, g, ph, rep, bx, by, t % g->bx, t / g->bx);
                long long nv = tpx_phase_vec(k, g, ph);
                if (!m.ok)
                    continue;
                for (long long j = 0; j < nv; j++) {
                    long long src = m.src * nv + j, v;
                    long long dst = stored_at(k, g, ph, rep, bx, by, t, j);
                    /* tile_sec's last vector may end past the matrix, in the
                     * 16-byte slack the runner allocates: not part of B */
                    if ((tpx_traits_of(k).flags & TPX_KF_VECOUT) &&
                        tpx_dst_space(k, ph) == TPX_SPACE_B && dst >= g->w * g->h) {
                        assert_true(m.dst == (g->w * g->h - 1) / nv);
                        continue;
                    }
                    if (tpx_src_space(k, ph) == TPX_SPACE_S) {
                        assert_true(src >= 0 && src < tile_n);
                        v = tile[src];
                        assert_true(v >= 0); /* written in phase 0 by this block */
                    } else {
                        assert_true(src >= 0 && src < g->w * g->h);
                        v = a[src];
                    }
                    if (tpx_dst_space(k, ph) == TPX_SPACE_S) {
                        assert_true(dst >= 0 && dst < tile_n);
                        tile[dst] = v;
                    } else {
                        assert_true(dst >= 0 && dst < g->w * g->h);
                        assert_int_equal(b[dst], -1); /* each element written once */
                        b[dst] = v;
                    }
                }
            }
}

/* Kernel c on the CPU, every block: B must be A^T, or A for a copy. */
static void check_config(const tpx_config *c)
{
    tpx_geom g = config_geom(c);
    long long n = c->w * c->h, tile_n = tpx_smem_elems(c->kernel, c->bx, c->by, c->pad, g.vec);
    long long *a = malloc(sizeof *a * (size_t)n), *b = malloc(sizeof *b * (size_t)n);
    long long *tile = malloc(sizeof *tile * (size_t)(tile_n + 1));
    assert_true(a && b && tile);
    for (long long i = 0; i < n; i++)
        a[i] = i, b[i] = -1;
    for (int by = 0; by < g.gy; by++)
        for (int bx = 0; bx < g.gx; bx++)
            run_block(c->kernel, &g, bx, by, a, b, tile, tile_n);
    for (long long r = 0; r < c->h; r++)
        for (long long col = 0; col < c->w; col++) {
            long long at = tpx_is_copy(c->kernel) ? r * c->w + col : col * c->h + r;
            if (b[at] != r * c->w + col)
                fail_msg("%s %s pad %d swz %d on %lldx%lld: A(%lld,%lld) ended at B[%lld] = %lld",
                         catalog_name(c->kernel), config_dtype_name(c->dtype), c->pad, c->swz,
                         c->w, c->h, r, col, at, b[at]);
        }
    free(a);
    free(b);
    free(tile);
}

/* Each kernel at its fallback block (with pad 1, and with the swizzle where
 * the block allows it, where it has a tile) on sizes with partial tiles, in
 * every dtype (a vectorised kernel's widths, its partial tiles of whole
 * vectors, and its element fallback): B must be A^T, or A for a copy. */
static void test_kernels_transpose(void **s)
{
    (void)s;
    static const long long sizes[][2] = {{64, 64}, {100, 37}, {33, 130}, {1, 77}, {77, 1},
                                         {8, 3},   {16, 16},  {96, 40},  {200, 136}};
    tpx_limits lim = config_default_limits();
    for (int k = 0; k < TPX_K_COUNT * TPX_DTYPE_COUNT; k++) {
        tpx_kernel_id id = (tpx_kernel_id)(k % TPX_K_COUNT);
        tpx_traits t = tpx_traits_of(id);
        if (t.ref != TPX_REF_NONE)
            continue;
        for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++)
            for (int swz = 0; swz <= (t.tile != TPX_TILE_NONE); swz++) {
                tpx_config c = config_default();
                char msg[TPX_MSG];
                c.kernel = id, c.bx = t.dbx, c.by = t.dby, c.w = sizes[si][0], c.h = sizes[si][1];
                c.dtype = (tpx_dtype)(k / TPX_K_COUNT); /* vector widths 4, 2 and 8 */
                c.pad = t.tile != TPX_TILE_NONE && t.tile != TPX_TILE_SEC && !swz;
                c.swz = swz;
                if ((swz || t.tile == TPX_TILE_SEC) && config_validate(&c, &lim, msg, sizeof msg) != 0)
                    continue; /* e.g. a block whose width is not a power of two */
                check_config(&c);
            }
    }
}

/* tile_vec's other block shapes: 2, 4, 8 and 3 sub-blocks per thread, 8x8,
 * each dtype, pad and swizzle, on whole, cut and unaligned tiles: the
 * register-transpose exchange must still land every element. */
static void test_tile_vec_blocks(void **s)
{
    (void)s;
    static const int shapes[][2] = {{16, 8}, {16, 4}, {8, 1}, {24, 8}, {8, 8}};
    static const long long sizes[][2] = {{96, 40}, {200, 136}, {130, 66}, {64, 8}};
    tpx_limits lim = config_default_limits();
    for (size_t j = 0; j < sizeof shapes / sizeof shapes[0]; j++)
        for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++)
            for (int d = 0; d < TPX_DTYPE_COUNT; d++)
                for (int v = 0; v < 3; v++) {
                    tpx_config c = config_default();
                    char msg[TPX_MSG];
                    c.kernel = TPX_K_TILE_VEC, c.bx = shapes[j][0], c.by = shapes[j][1];
                    c.w = sizes[si][0], c.h = sizes[si][1], c.dtype = (tpx_dtype)d;
                    c.pad = v == 1, c.swz = v == 2;
                    if (config_validate(&c, &lim, msg, sizeof msg) == 0)
                        check_config(&c);
                }
}

/* tile_sec at the sizes where its cuts are hardest: rows of 1 to 3
 * elements (a segment spans several B rows), sizes just past a sector or a
 * segment, odd sizes whose last vector ends past the matrix, each dtype and
 * block shapes with 1 to 16 thread rows. */
static void test_tile_sec_shapes(void **s)
{
    (void)s;
    static const int shapes[][2] = {{32, 8}, {32, 4}, {16, 16}, {8, 2}, {64, 1}, {7, 3}, {32, 2}};
    static const long long sizes[][2] = {{1, 1},   {3, 5},   {5, 3},    {1, 77},  {77, 1},
                                         {2, 9},   {65, 3},  {3, 65},   {33, 31}, {129, 67},
                                         {100, 37}, {64, 65}, {257, 63}, {40, 200}};
    tpx_limits lim = config_default_limits();
    int ran = 0;
    for (size_t j = 0; j < sizeof shapes / sizeof shapes[0]; j++)
        for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++)
            for (int d = 0; d < TPX_DTYPE_COUNT; d++) {
                tpx_config c = config_default();
                char msg[TPX_MSG];
                c.kernel = TPX_K_TILE_SEC, c.bx = shapes[j][0], c.by = shapes[j][1];
                c.w = sizes[si][0], c.h = sizes[si][1], c.dtype = (tpx_dtype)d;
                if (config_validate(&c, &lim, msg, sizeof msg) == 0)
                    check_config(&c), ran++;
                else /* only f16 with an odd BY is refused */
                    assert_true(config_esize(c.dtype) == 2 && c.by % 2 == 1);
            }
    assert_true(ran > 200);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names_and_text),   cmocka_unit_test(test_references),
        cmocka_unit_test(test_origins_in_words),
        cmocka_unit_test(test_kernel_traits),    cmocka_unit_test(test_remap_inverse),
        cmocka_unit_test(test_kernels_transpose), cmocka_unit_test(test_tile_vec_blocks),
        cmocka_unit_test(test_tile_sec_shapes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
