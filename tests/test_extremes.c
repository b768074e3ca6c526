/* The index arithmetic at the largest sizes tpx accepts (2^32 elements, a
 * grid of up to 2^31 - 1 blocks in x): every valid config of every kernel at
 * sizes that push one side or the grid to its limit computes without
 * overflow (the sanitizer build aborts on any), its block order is a
 * bijection at the grid's corners, and every move lands inside its matrix
 * or tile.  kernels/tpx_index.h is the code the GPU runs too. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>

#include "catalog.h"
#include "config.h"
#include "model.h"

static const long long sizes[][2] = {
    {3, 1431655765},   /* diagonal_col 1x1: GX = 1431655765, GY = 3 */
    {1431655765, 3},   {2147483647, 2}, {2, 2147483647}, {4294967296LL, 1},
    {1, 4294967296LL}, {65536, 65536},  {65535, 65537},  {65537, 65535},
};
static const int blocks[][2] = {{1, 1}, {2, 1}, {1, 2}, {32, 8}, {32, 32}, {1024, 1}, {1, 1024},
                                {16, 16}, {64, 4}, {8, 8}};

/* tile (tbx, tby) comes from block (bx, by), and goes back to it */
static void corner(const tpx_config *c, const tpx_geom *g, int bx, int by)
{
    int tbx, tby, back_x, back_y;
    tpx_block_tile(c->kernel, g, bx, by, &tbx, &tby);
    if (tbx < 0 || tbx >= g->gx || tby < 0 || tby >= g->gy)
        fail_msg("%s %lldx%lld: block (%d,%d) works on tile (%d,%d), outside %dx%d",
                 catalog_name(c->kernel), c->w, c->h, bx, by, tbx, tby, g->gx, g->gy);
    tpx_tile_block(c->kernel, g, tbx, tby, &back_x, &back_y);
    if (back_x != bx || back_y != by)
        fail_msg("%s %lldx%lld: block (%d,%d) -> tile (%d,%d) -> block (%d,%d)",
                 catalog_name(c->kernel), c->w, c->h, bx, by, tbx, tby, back_x, back_y);
}

/* Where a space's indices may land: A and B in the phase's loads' or
 * stores' accesses, the tile in elements; tile_sec's and tile_gather's last
 * 16-byte unit of B, and tile_gather's last vector of A, may end past W H. */
static long long extent(const tpx_config *c, const tpx_geom *g, tpx_space s, int ph, int store)
{
    if (s == TPX_SPACE_S)
        return config_smem_bytes(c) / (long long)config_tile_esize(c); /* >= in accesses */
    long long nv = store ? tpx_store_vec(c->kernel, g, ph) : tpx_phase_vec(c->kernel, g, ph);
    if (tpx_traits_of(c->kernel).flags & (TPX_KF_VECOUT | TPX_KF_GATHER))
        return tpx_cdiv(c->w * c->h, nv);
    return c->w * c->h / nv;
}

static void moves(const tpx_config *c, const tpx_geom *g, int bx, int by)
{
    int reps = tpx_reps(c->kernel, g);
    for (int ph = 0; ph < tpx_phases(c->kernel); ph++)
        for (int rep = 0; rep < reps; rep += reps > 4 ? reps - 1 : 1)
            for (int t = 0; t < 2; t++) {
                int tx = t ? c->bx - 1 : 0, ty = t ? c->by - 1 : 0;
                tpx_move m = tpx_kernel_move(c->kernel, g, ph, rep, bx, by, tx, ty);
                long long ns = extent(c, g, tpx_src_space(c->kernel, ph), ph, 0);
                long long nd = extent(c, g, tpx_dst_space(c->kernel, ph), ph, 1);
                if (m.ok && (m.src < 0 || m.src >= ns || m.dst < 0 || m.dst >= nd))
                    fail_msg("%s %dx%d %lldx%lld block (%d,%d) thread (%d,%d) phase %d rep %d: "
                             "%lld -> %lld, outside %lld / %lld",
                             catalog_name(c->kernel), c->bx, c->by, c->w, c->h, bx, by, tx, ty,
                             ph, rep, m.src, m.dst, ns, nd);
            }
}

static void test_extreme_sizes(void **state)
{
    (void)state;
    tpx_limits lim = config_default_limits();
    int checked = 0;
    for (int k = 0; k < TPX_K_COUNT; k++) {
        if (config_is_reference((tpx_kernel_id)k))
            continue;
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
            for (size_t b = 0; b < sizeof blocks / sizeof blocks[0]; b++) {
                tpx_config c = config_default();
                c.kernel = (tpx_kernel_id)k;
                c.w = sizes[s][0], c.h = sizes[s][1];
                c.bx = blocks[b][0], c.by = blocks[b][1];
                char why[TPX_MSG];
                if (config_validate(&c, &lim, why, sizeof why) != 0)
                    continue;
                tpx_geom g = config_geom(&c);
                const int xs[] = {0, g.gx / 2, g.gx - 1}, ys[] = {0, g.gy / 2, g.gy - 1};
                for (int i = 0; i < 3; i++)
                    for (int j = 0; j < 3; j++) {
                        corner(&c, &g, xs[i], ys[j]);
                        moves(&c, &g, xs[i], ys[j]);
                    }
                checked++;
            }
    }
    assert_true(checked > 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_extreme_sizes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
