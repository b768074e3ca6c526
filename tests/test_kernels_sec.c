/* tile_sec and tile_gather, the kernels of B rows cut on sectors, on the
 * CPU emulator (kernel_emu.c) at the sizes where their cuts are hardest. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "config.h"
#include "kernel_emu.h"

/* The block shapes both are run at: 1 to 16 thread rows, widths that are no
 * multiple of a vector. */
static const int shapes[][2] = {{32, 8}, {32, 4}, {16, 16}, {8, 2}, {64, 1}, {7, 3}, {32, 2}, {64, 8}};

/* Kernel k at every shape of `shapes` and `sizes`, each dtype, on the CPU
 * emulator; the only config refused must be tile_gather's with B rows
 * under a sector, refused naming tile_sec (f16 with an odd BY runs: its
 * segments of 16 BY elements fill whole sectors).  Returns how many ran. */
static int run_shapes(tpx_kernel_id k, const long long (*sizes)[2], size_t nsizes)
{
    tpx_limits lim = config_default_limits();
    int ran = 0;
    for (size_t j = 0; j < sizeof shapes / sizeof shapes[0]; j++)
        for (size_t si = 0; si < nsizes; si++)
            for (int d = 0; d < TPX_DTYPE_COUNT; d++) {
                tpx_config c = config_default();
                char msg[TPX_MSG];
                c.kernel = k, c.bx = shapes[j][0], c.by = shapes[j][1];
                c.w = sizes[si][0], c.h = sizes[si][1], c.dtype = (tpx_dtype)d;
                long long q = 32 / (long long)config_esize(c.dtype);
                int gather = k == TPX_K_TILE_GATHER;
                if (config_validate(&c, &lim, msg, sizeof msg) == 0) {
                    assert_true(!gather || c.h >= q);
                    emu_check_config(&c), ran++;
                } else {
                    assert_true(gather && c.h < q);
                    assert_non_null(strstr(msg, "tile_sec"));
                }
            }
    return ran;
}

/* tile_sec at the sizes where its cuts are hardest: rows of 1 to 3
 * elements (a segment spans several B rows), sizes just past a sector or a
 * segment, odd sizes whose last vector ends past the matrix. */
static void test_tile_sec_shapes(void **s)
{
    (void)s;
    static const long long sizes[][2] = {{1, 1},   {3, 5},   {5, 3},    {1, 77},  {77, 1},
                                         {2, 9},   {65, 3},  {3, 65},   {33, 31}, {129, 67},
                                         {100, 37}, {64, 65}, {257, 63}, {40, 200}};
    assert_true(run_shapes(TPX_K_TILE_SEC, sizes, sizeof sizes / sizeof sizes[0]) > 200);
}

/* tile_gather on tile_sec's hard sizes and more: rows of B of one sector
 * and just over (H = Q, Q + 1: a last segment takes the next row's head),
 * columns of A not a multiple of a vector, the last vector of A past the
 * matrix; B rows shorter than a sector are refused with a reason. */
static void test_tile_gather_shapes(void **s)
{
    (void)s;
    static const long long sizes[][2] = {{1, 1},    {3, 5},    {77, 1},   {1, 77},   {2, 9},
                                         {3, 65},   {33, 31},  {129, 67}, {100, 37}, {64, 65},
                                         {257, 63}, {40, 200}, {5, 16},   {9, 17},   {31, 8},
                                         {17, 4},   {130, 33}, {3, 600}};
    assert_true(run_shapes(TPX_K_TILE_GATHER, sizes, sizeof sizes / sizeof sizes[0]) > 200);
}

/* tile_gather's head rows (tpx_tg_heads): a wrapping tile loads A's first
 * rows only where B's rows are off sectors (H mod Q != 0), where its last
 * segments take the next row's head; where they are on sectors no segment
 * passes its row's end, the tile loads none, and every tile of whole
 * columns takes the kernel's lean path (tpx_tg_lean). */
static void test_tile_gather_heads(void **s)
{
    (void)s;
    static const tpx_dtype dts[] = {TPX_F16, TPX_F32, TPX_F64};
    static const long long hs[] = {16, 64, 100, 200, 256, 1000};
    for (size_t d = 0; d < sizeof dts / sizeof dts[0]; d++)
        for (size_t i = 0; i < sizeof hs / sizeof hs[0]; i++) {
            tpx_config c = config_default();
            c.kernel = TPX_K_TILE_GATHER, c.dtype = dts[d], c.bx = 64, c.by = 4, c.w = 301, c.h = hs[i];
            tpx_geom g = config_geom(&c);
            int n = tpx_vec(&g), v = tpx_tg_v(g.bx, n), r = tpx_ts_rows(g.by, n), tby = g.gy - 1;
            int on = g.h % tpx_ts_q(&g) == 0;
            long long heads = 0, src, dst;
            for (int tbx = 0; tbx < g.gx; tbx++)
                for (int j = r; j < tpx_tg_rows(g.by, n); j++)
                    for (int k = 0; k < v; k++)
                        heads += tpx_tg_vec(&g, tbx, tby, j, k, &src, &dst);
            assert_true(tpx_ts_wraps(&g, tby));
            assert_int_equal(tpx_tg_heads(&g, tby), !on);
            assert_true(on ? heads == 0 : heads > 0);
            /* tile column 0 is whole; the last holds 45 of its 64 columns */
            assert_int_equal(tpx_tg_lean(&g, 0, tby), on);
            assert_false(tpx_tg_lean(&g, g.gx - 1, tby));
        }
}

/* tile_gather's shared rows (tpx_tg_lin, tpx_tg_row_at) for every W mod n
 * and tile column offset: each row starts on a vector, after the previous
 * row's V vectors, and ends inside tpx_tg_smem; column x0 of each row lies
 * at its row start plus the row's offset in A; the tile's rows lie on one
 * line (S apart, G more every n rows); rows n apart lie an odd number of
 * 16-byte units apart (the gather's lanes on other banks). */
static void test_tile_gather_layout(void **s)
{
    (void)s;
    static const int blocks[][2] = {{32, 8}, {64, 4}, {32, 4}, {16, 16}, {64, 8}, {7, 3}, {64, 1}};
    static const tpx_dtype dts[] = {TPX_F16, TPX_F32, TPX_F64};
    for (size_t d = 0; d < sizeof dts / sizeof dts[0]; d++)
        for (size_t b = 0; b < sizeof blocks / sizeof blocks[0]; b++)
            for (long long w = 300; w < 300 + 16; w++) {
                tpx_config c = config_default();
                c.kernel = TPX_K_TILE_GATHER, c.dtype = dts[d], c.bx = blocks[b][0], c.by = blocks[b][1];
                c.w = w, c.h = 1000;
                tpx_geom g = config_geom(&c);
                int n = tpx_vec(&g), v = tpx_tg_v(g.bx, n), r = tpx_ts_rows(g.by, n);
                long long st = tpx_tg_step(&g), gap = tpx_tg_gap(&g), tby = 1;
                assert_true((st + gap / n) % 2 == 1);
                for (int tbx = 0; tbx < 2 * n && (long long)tbx * g.bx < w; tbx++)
                    for (int j = 0; j < tpx_tg_rows(g.by, n); j++) {
                        long long at = tpx_tg_row_at(&g, tbx, j), lin = tpx_tg_lin(&g, tbx, j);
                        long long y = tpx_tg_arow(&g, (int)tby, j), x0 = (long long)tbx * g.bx;
                        assert_true(at % n == 0 && at + (long long)v * n <= tpx_tg_smem(g.bx, g.by, n));
                        assert_int_equal(lin - at, (y * w + x0) % n);
                        if (j > 0)
                            assert_true(at >= tpx_tg_row_at(&g, tbx, j - 1) + (long long)v * n);
                        if (j > 0 && j < r)
                            assert_int_equal(lin - tpx_tg_lin(&g, tbx, j - 1), st + (j % n ? 0 : gap));
                    }
            }
}

/* The tile's height (tpx_ts_ty): 8 BY B columns, 16 BY for f16, whose
 * 16-byte unit holds 8 elements.  At every dtype and BY a segment fills whole
 * sectors and phase 1's main reps cover a row's units exactly; the grid and
 * the shared memory follow; a block the taller f16 tile makes too big is
 * refused for its shared memory. */
static void test_sec_tile_height(void **s)
{
    (void)s;
    assert_int_equal(tpx_ts_ty(8, 8), 128);
    assert_int_equal(tpx_ts_ty(8, 4), 64);
    assert_int_equal(tpx_ts_ty(8, 2), 64);
    assert_int_equal(tpx_ts_ty(3, 8), 48);
    for (int d = 0; d < TPX_DTYPE_COUNT; d++)
        for (int by = 1; by <= 32; by++) {
            int e = (int)config_esize((tpx_dtype)d), n = 16 / e, ty = tpx_ts_ty(by, n);
            assert_int_equal(ty * e % 32, 0);
            assert_int_equal(tpx_ts_main1(n) * by * n, ty);
            assert_int_equal(tpx_ts_rows(by, n), ty + 2 * n - 1);
        }
    tpx_limits lim = config_default_limits();
    char msg[TPX_MSG];
    tpx_config c = config_default();
    c.kernel = TPX_K_TILE_SEC, c.bx = 32, c.by = 8, c.w = 8191, c.h = 8193, c.dtype = TPX_F16;
    assert_int_equal(config_validate(&c, &lim, msg, sizeof msg), 0);
    assert_int_equal(config_geom(&c).gy, 65); /* ceil(8193 / 128) */
    c.dtype = TPX_F32;
    assert_int_equal(config_geom(&c).gy, 129); /* ceil(8193 / 64) */
    c.dtype = TPX_F16, c.by = 3; /* an odd BY: 48 f16 elements, 3 sectors */
    assert_int_equal(config_validate(&c, &lim, msg, sizeof msg), 0);
    lim.smem_per_block = 232448; /* an H100's or H200's opt-in limit */
    c.kernel = TPX_K_TILE_GATHER, c.bx = 1, c.by = 512;
    assert_int_equal(config_validate(&c, &lim, msg, sizeof msg), -1);
    assert_non_null(strstr(msg, "shared memory"));
    c.dtype = TPX_F32; /* 8 BY rows: fits */
    assert_int_equal(config_validate(&c, &lim, msg, sizeof msg), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tile_sec_shapes),
        cmocka_unit_test(test_tile_gather_shapes),
        cmocka_unit_test(test_tile_gather_heads),
        cmocka_unit_test(test_tile_gather_layout),
        cmocka_unit_test(test_sec_tile_height),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
