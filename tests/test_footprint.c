/* The Map's inverse lookup (footprint_who) against the kernels run forward:
 * for every move of every thread of every block, the element it reads in A
 * and the one it writes in B must map back to that block, thread and
 * repetition.  Many shapes, including partial tiles and partial warps. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "footprint.h"
#include "locality.h"

static void check(tpx_kernel_id k, int bx, int by, long long w, long long h, int pad, int swz)
{
    tpx_config c = config_default();
    c.kernel = k, c.bx = bx, c.by = by, c.w = w, c.h = h, c.pad = pad, c.swz = swz;
    tpx_limits lim = config_default_limits();
    char msg[TPX_MSG];
    if (config_validate(&c, &lim, msg, sizeof msg) != 0)
        fail_msg("invalid test config: %s", msg);
    tpx_footprint fp, lay;
    assert_int_equal(footprint_build(&fp, &c), 0);
    assert_true(fp.side[0].ok && fp.side[1].ok);
    /* the prediction's layout (no last-tile map) is the Map's, side by side */
    assert_int_equal(footprint_build_layout(&lay, &c), 0);
    for (int side = 0; side < 2; side++) {
        const tpx_fp_side *a = &fp.side[side], *b = &lay.side[side];
        assert_int_equal(a->ok, b->ok);
        assert_true(a->eh == b->eh && a->ew == b->ew && a->ur == b->ur && a->uc == b->uc &&
                    a->vr == b->vr && a->vc == b->vc && a->rows == b->rows && a->cols == b->cols);
        assert_memory_equal(a->who, b->who, sizeof(int) * (size_t)(a->eh * a->ew));
        assert_null(b->tail);
    }
    footprint_free(&lay);
    tpx_geom g = config_geom(&c);
    long long seen[2] = {0, 0};
    for (int byi = 0; byi < g.gy; byi++)
        for (int bxi = 0; bxi < g.gx; bxi++)
            for (int ph = 0; ph < tpx_phases(k); ph++)
                for (int rep = 0; rep < tpx_reps(k, &g); rep++)
                    for (int t = 0; t < bx * by; t++) {
                        tpx_move m = tpx_kernel_move(k, &g, ph, rep, bxi, byi, t % bx, t / bx);
                        if (!m.ok)
                            continue;
                        for (int side = 0; side < 2; side++) {
                            tpx_space sp = side ? tpx_dst_space(k, ph) : tpx_src_space(k, ph);
                            if (sp != (side ? TPX_SPACE_B : TPX_SPACE_A))
                                continue;
                            long long r, col;
                            footprint_rc(&fp, side, side ? m.dst : m.src, &r, &col);
                            tpx_who who;
                            if (footprint_who(&fp, side, r, col, &who) != 0)
                                fail_msg("%s %dx%d %lldx%lld: nobody at %c(%lld,%lld)",
                                         config_dtype_name(c.dtype), bx, by, w, h, side ? 'B' : 'A',
                                         r, col);
                            if (who.bx != bxi || who.by != byi || who.thread != t || who.rep != rep)
                                fail_msg("kernel %d %dx%d %lldx%lld %c(%lld,%lld): got block "
                                         "(%d,%d) thread %d rep %d, want (%d,%d) %d %d",
                                         k, bx, by, w, h, side ? 'B' : 'A', r, col, who.bx, who.by,
                                         who.thread, who.rep, bxi, byi, t, rep);
                            assert_int_equal(who.warp, t / 32);
                            assert_int_equal(who.lane, t % 32);
                            seen[side]++;
                        }
                    }
    /* Every element of A is read once and every element of B written once. */
    assert_int_equal(seen[0], w * h);
    assert_int_equal(seen[1], w * h);
    /* Outside the matrix nobody is there. */
    tpx_who who;
    assert_int_not_equal(footprint_who(&fp, TPX_SIDE_A, h, 0, &who), 0);
    assert_int_not_equal(footprint_who(&fp, TPX_SIDE_A, 0, w, &who), 0);
    assert_int_not_equal(footprint_who(&fp, TPX_SIDE_A, -1, 0, &who), 0);
    footprint_free(&fp);
}

static void test_every_kernel(void **s)
{
    (void)s;
    static const struct {
        tpx_kernel_id k;
        int bx, by;
    } shapes[] = {
        {TPX_K_COPY_ROW, 32, 8},     {TPX_K_COPY_COL, 16, 16},    {TPX_K_NAIVE_ROW, 32, 8},
        {TPX_K_NAIVE_ROW, 8, 32},    {TPX_K_NAIVE_ROW, 7, 5},     {TPX_K_NAIVE_COL, 32, 8},
        {TPX_K_UNROLL4_ROW, 16, 4},  {TPX_K_UNROLL4_COL, 8, 8},   {TPX_K_DIAGONAL_ROW, 8, 8},
        {TPX_K_DIAGONAL_COL, 16, 4}, {TPX_K_SMEM, 16, 16},        {TPX_K_SMEM_RECT, 32, 8},
        {TPX_K_SMEM_RECT, 8, 4},     {TPX_K_TILE_ROWS, 32, 8},    {TPX_K_TILE_ROWS, 16, 2},
    };
    static const long long sizes[][2] = {{64, 64}, {100, 37}, {33, 129}, {1, 70}, {96, 32}};
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
        for (size_t j = 0; j < sizeof sizes / sizeof sizes[0]; j++)
            check(shapes[i].k, shapes[i].bx, shapes[i].by, sizes[j][0], sizes[j][1], 0, 0);
    /* Padding and swizzle only move the shared tile: the map is unchanged. */
    check(TPX_K_SMEM, 32, 32, 100, 70, 1, 0);
    check(TPX_K_TILE_ROWS, 32, 8, 64, 96, 0, 1);
}

/* tile_strip's tile spans the short side and its grid is one row of strips:
 * the map must come from a virtual matrix with the real short side and need
 * no step in y.  Tall and wide, short sides 1 to 16, a width no power of
 * two, a short last strip; pad and swizzle move only the shared tile. */
static void test_strip(void **s)
{
    (void)s;
    static const long long sizes[][2] = {{3, 1000}, {1000, 3}, {1, 5000}, {5000, 1},
                                         {16, 700}, {5, 333}};
    for (size_t j = 0; j < sizeof sizes / sizeof sizes[0]; j++) {
        check(TPX_K_TILE_STRIP, 32, 8, sizes[j][0], sizes[j][1], 0, 0);
        check(TPX_K_TILE_STRIP, 24, 4, sizes[j][0], sizes[j][1], 1, 0);
    }
    check(TPX_K_TILE_STRIP, 64, 4, 16, 3001, 0, 1);
}

/* The DRAM runs of tile_strip 32x8 f32 on 3 x 100000 (tall): K = 682 rows a
 * strip, 147 strips.  A's side of a strip is 682 whole rows, 2046 contiguous
 * elements, and consecutive strips continue it: a window of 64 blocks reads
 * one run of 64 x 2046 x 4 bytes.  B's side is 3 rows of 682, consecutive
 * strips side by side: runs of 64 x 682 x 4 bytes.  The three windows sampled
 * (starts 0, 27, 55) hold no short last strip. */
static void test_strip_runs(void **s)
{
    (void)s;
    tpx_config c = config_default();
    c.kernel = TPX_K_TILE_STRIP, c.bx = 32, c.by = 8, c.w = 3, c.h = 100000;
    tpx_runs runs, other;
    /* locality_runs keeps what it worked out: a window or a size it saw
     * first must not answer for this one (the memo's key is both) */
    tpx_config half = c;
    half.by = 4; /* strips of half the rows: runs of half the bytes */
    assert_int_equal(locality_runs(&c, 32, &other), 0);
    assert_true(other.a_bytes != 64.0 * 2046 * 4);
    assert_int_equal(locality_runs(&half, 64, &other), 0);
    assert_true(other.a_bytes != 64.0 * 2046 * 4);
    for (int again = 0; again < 2; again++) { /* worked out, then from the memo */
        assert_int_equal(locality_runs(&c, 64, &runs), 0);
        assert_true(runs.a_bytes == 64.0 * 2046 * 4);
        assert_true(runs.b_bytes == 64.0 * 682 * 4);
    }
}

/* Runs of whole rows (locality.c, count_runs): copy_row 2x128 at 6x25000000
 * f16 is a grid 3 blocks wide, each block 2 columns of 128 rows.  Three
 * launch-adjacent blocks cover 128 whole rows of 12 bytes, one contiguous
 * range of 1536 bytes; six, two such bands one after the other, 3072.  Two
 * blocks cover 4 of a row's 6 columns: the 4 bytes between two rows' pieces
 * are less than a sector, so DRAM reads every sector of the range, and
 * every sector of it is written, which the L2 writes back whole: one range
 * of 1536 either way.  At 40 columns, 72 bytes between: B's runs the 8-byte
 * pieces, more than a sector apart, A's one range still (DRAM reads the
 * atoms of a range that skips less than two of them as it reads the range);
 * at 72 columns, 136 bytes between, both 8.  At 8192^2 f32, 32x8, three
 * blocks side by side are runs of 96 elements a row, as before whole rows
 * were joined. */
static void test_whole_rows(void **s)
{
    (void)s;
    tpx_config c = config_default();
    c.kernel = TPX_K_COPY_ROW, c.bx = 2, c.by = 128, c.w = 6, c.h = 25000000, c.dtype = TPX_F16;
    tpx_runs runs;
    assert_int_equal(locality_runs(&c, 3, &runs), 0);
    assert_true(runs.a_bytes == 1536 && runs.b_bytes == 1536);
    assert_int_equal(locality_runs(&c, 6, &runs), 0);
    assert_true(runs.a_bytes == 3072 && runs.b_bytes == 3072);
    assert_int_equal(locality_runs(&c, 2, &runs), 0);
    assert_true(runs.a_bytes == 1536 && runs.b_bytes == 1536);
    c.w = 40; /* rows of 80 bytes: 72 between two rows' pieces */
    assert_int_equal(locality_runs(&c, 2, &runs), 0);
    assert_true(runs.a_bytes == 128 * 80 && runs.b_bytes == 8);
    c.w = 72; /* rows of 144 bytes: 136 between */
    assert_int_equal(locality_runs(&c, 2, &runs), 0);
    assert_true(runs.a_bytes == 8 && runs.b_bytes == 8);
    /* A's reads leave gaps under two 64-byte DRAM atoms: two blocks of
     * 1x256 read 16 of each 56-byte row (7 f64), 40 between: DRAM reads every
     * atom of the 256 rows, a run of 14336 bytes at least (joined with the
     * band above where the window holds it whole too); B's runs stay the
     * 8-byte pieces, the 40 bytes between them more than a sector.  At 10
     * columns (80 bytes a row) the gap is 64, still a range (Nsight Compute
     * on an H200: naive_col 64x1 at 11x5000000 f64, one element of each
     * 88-byte row a block, reads 3520 MB in 900 us, 4.4 TB/s with its writes);
     * at 18 (144 bytes) it is 128: runs of 16 bytes, the two blocks' columns
     * side by side. */
    c.bx = 1, c.by = 256, c.w = 7, c.h = 10000000, c.dtype = TPX_F64;
    assert_int_equal(locality_runs(&c, 2, &runs), 0);
    assert_true(runs.a_bytes >= 256 * 56 && runs.b_bytes < 32);
    c.w = 10;
    assert_int_equal(locality_runs(&c, 2, &runs), 0);
    assert_true(runs.a_bytes >= 256 * 80);
    c.w = 18;
    assert_int_equal(locality_runs(&c, 2, &runs), 0);
    assert_true(runs.a_bytes == 16);
    c.bx = 32, c.by = 8, c.w = c.h = 8192, c.dtype = TPX_F32;
    assert_int_equal(locality_runs(&c, 3, &runs), 0);
    assert_true(runs.a_bytes == 384 && runs.b_bytes == 384);
}

/* A window smaller than a row of the grid stays inside one (locality.c,
 * side_run): naive_row 4x64 reads 16 bytes of each A row a block, three
 * launch-adjacent blocks 48.  At 9000x9000 f32 (a grid 2250 wide, 141 high)
 * two of the three sampled windows started on a row's last block, whose
 * pair with the next row's first two made runs of 16 and 32 bytes, and A's
 * mean run was 32 where at 8192x8192 it is 48. */
static void test_window_in_row(void **s)
{
    (void)s;
    tpx_config c = config_default();
    c.kernel = TPX_K_NAIVE_ROW, c.bx = 4, c.by = 64, c.dtype = TPX_F32;
    int sides[][2] = {{8192, 8192}, {9000, 9000}, {8192, 8200}, {9001, 9001}};
    for (int i = 0; i < 4; i++) {
        c.w = sides[i][0], c.h = sides[i][1];
        tpx_runs runs;
        assert_int_equal(locality_runs(&c, 3, &runs), 0);
        if (runs.a_bytes != 48)
            fail_msg("%lldx%lld: A's runs %.1f bytes, not 48", c.w, c.h, runs.a_bytes);
    }
}

/* The diagonal remapping's inverse, on square and non-square grids. */
static void test_diagonal_inverse(void **s)
{
    (void)s;
    for (int gx = 1; gx <= 9; gx++)
        for (int gy = 1; gy <= 9; gy++) {
            tpx_geom g = {.w = 1, .h = 1, .bx = 1, .by = 1, .gx = gx, .gy = gy};
            for (int by = 0; by < gy; by++)
                for (int bx = 0; bx < gx; bx++) {
                    int tx, ty, bx2, by2;
                    tpx_diag_remap(&g, bx, by, &tx, &ty);
                    footprint_block_of_tile(TPX_K_DIAGONAL_ROW, &g, tx, ty, &bx2, &by2);
                    if (bx2 != bx || by2 != by)
                        fail_msg("grid %dx%d: block (%d,%d) -> tile (%d,%d) -> (%d,%d)", gx, gy,
                                 bx, by, tx, ty, bx2, by2);
                }
        }
}

static void test_reference_has_no_map(void **s)
{
    (void)s;
    tpx_config c = config_default();
    c.kernel = TPX_K_MEMCPY;
    tpx_footprint fp;
    assert_int_equal(footprint_build(&fp, &c), -1);
    tpx_who who;
    assert_int_not_equal(footprint_who(&fp, TPX_SIDE_A, 0, 0, &who), 0);
    footprint_free(&fp);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_kernel),
        cmocka_unit_test(test_strip),
        cmocka_unit_test(test_strip_runs),
        cmocka_unit_test(test_whole_rows),
        cmocka_unit_test(test_window_in_row),
        cmocka_unit_test(test_diagonal_inverse),
        cmocka_unit_test(test_reference_has_no_map),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
