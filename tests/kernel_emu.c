/* The CPU emulator of the kernels' moves, for the tests: each kernel run
 * block by block, phase by phase, through its move function alone, must
 * leave B equal to A transposed (or copied) with its shared tile inside the
 * size the table gives it, every element written once. */
#include "kernel_emu.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>

#include "catalog.h"

/* Where element j of the load of move `rep` is stored: the same move's
 * element j, or, inside a register-transpose group of G moves
 * (tpx_regt_group), element rep mod G of the group's move j. */
static long long stored_at(tpx_kernel_id k, const tpx_geom *g, int ph, int rep, int bx, int by,
                           int t, long long j)
{
    int gs = tpx_regt_group(k, g, ph);
    long long nv = tpx_store_vec(k, g, ph);
    if (gs == 1)
        return tpx_kernel_move(k, g, ph, rep, bx, by, t % g->bx, t / g->bx).dst * nv + j;
    tpx_move m = tpx_kernel_move(k, g, ph, rep / gs * gs + (int)j, bx, by, t % g->bx, t / g->bx);
    assert_true(m.ok); /* a group loads and stores together */
    return m.dst * nv + rep % gs;
}

/* A gather group (tpx_gather_group): the group's last move stores element
 * j of its unit from the load of the group's move j; that move must load. */
static long long gathered(tpx_kernel_id k, const tpx_geom *g, int ph, int rep, int bx, int by,
                          int t, int j)
{
    int gs = tpx_gather_group(k, g, ph);
    tpx_move m = tpx_kernel_move(k, g, ph, rep - (gs - 1) + j, bx, by, t % g->bx, t / g->bx);
    assert_true(m.ok);
    return m.src;
}

/* One block of kernel k on the CPU: phase by phase, every thread's moves,
 * the shared tile checked against the table's size.  A move carries
 * tpx_vec(g) consecutive elements: its indices count such accesses; a
 * gather group's loads carry one each, its store tpx_vec of them. */
static void run_block(tpx_kernel_id k, const tpx_geom *g, int bx, int by, const long long *a,
                      long long *b, long long *tile, long long tile_n)
{
    /* the slack past W H (A and B are allocated in whole 16-byte vectors) */
    long long n = g->w * g->h, alloc = tpx_cdiv(n, tpx_vec(g)) * tpx_vec(g);
    for (long long i = 0; i < tile_n; i++)
        tile[i] = -1;
    for (int ph = 0; ph < tpx_phases(k); ph++)
        for (int rep = 0; rep < tpx_reps(k, g); rep++)
            for (int t = 0; t < g->bx * g->by; t++) {
                tpx_move m = tpx_kernel_move(k, g, ph, rep, bx, by, t % g->bx, t / g->bx);
                long long nv = tpx_store_vec(k, g, ph), ld = tpx_phase_vec(k, g, ph);
                if (!m.ok || !tpx_rep_stores(k, g, ph, rep))
                    continue;
                for (long long j = 0; j < nv; j++) {
                    long long src = ld == nv ? m.src * nv + j : gathered(k, g, ph, rep, bx, by, t, (int)j);
                    long long dst = stored_at(k, g, ph, rep, bx, by, t, j), v;
                    /* tile_sec's and tile_gather's last vector may end past the
                     * matrix, in the slack the runner allocates: not part of B */
                    if ((tpx_traits_of(k).flags & (TPX_KF_VECOUT | TPX_KF_GATHER)) &&
                        tpx_dst_space(k, ph) == TPX_SPACE_B && dst >= n) {
                        assert_true(m.dst == (n - 1) / nv && dst < alloc);
                        continue;
                    }
                    if (tpx_src_space(k, ph) == TPX_SPACE_S) {
                        assert_true(src >= 0 && src < tile_n);
                        v = tile[src];
                        assert_true(v >= 0); /* written in phase 0 by this block */
                    } else if (src >= n) { /* tile_gather's last vector of A: the slack */
                        assert_true((tpx_traits_of(k).flags & TPX_KF_GATHER) && src < alloc);
                        v = -2;
                    } else {
                        assert_true(src >= 0);
                        v = a[src];
                    }
                    if (tpx_dst_space(k, ph) == TPX_SPACE_S) {
                        assert_true(dst >= 0 && dst < tile_n);
                        tile[dst] = v;
                    } else {
                        assert_true(dst >= 0 && dst < n && v >= 0);
                        assert_int_equal(b[dst], -1); /* each element written once */
                        b[dst] = v;
                    }
                }
            }
}

/* Kernel c on the CPU, every block: B must be A^T, or A for a copy. */
void emu_check_config(const tpx_config *c)
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
