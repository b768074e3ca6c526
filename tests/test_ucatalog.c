/* Every catalog kernel written in the kernel language (assets/kernels/
 * <name>.tpxk, what `tpx list --source` prints) gives the model exactly what
 * the built-in kernel gives: the same grid and shared tile, the same warp
 * instructions lane by lane, the same launch totals (fast and brute force),
 * and its check finds B to be A transposed (or copied).  Random valid
 * configs with a fixed seed; the two 16-byte kernels at sizes where they move
 * single elements (the language's access is one element). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "assets.h"
#include "catalog.h"
#include "model.h"
#include "test_cfg.h"
#include "ucheck.h"
#include "user.h"

static unsigned long long rng = 0x2545f4914f6cdd1dULL;

static unsigned rnd(unsigned n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng % n);
}

/* A kernel whose stores are 16-byte units at every size (tile_sec,
 * tile_gather: catalog_no_source says why) has no twin: the language moves
 * one element per access. */
static int has_twin(tpx_kernel_id k) { return catalog_no_source(k) == NULL; }

static int user_twin(tpx_kernel_id k)
{
    char path[64], msg[256];
    size_t len;
    snprintf(path, sizeof path, "kernels/%s.tpxk", catalog_name(k));
    const char *text = assets_get(path, &len);
    if (!text)
        fail_msg("%s: no source in assets/", path);
    int id = user_add(text, len, path, msg, sizeof msg);
    if (id < 0)
        fail_msg("%s", msg);
    return id;
}

static const int dims[] = {1, 2, 4, 8, 16, 32, 64, 3, 12};

/* A random config of kernel k that the catalog accepts, vec 1. */
static void random_config(tpx_kernel_id k, tpx_config *c)
{
    tpx_limits lim = config_default_limits();
    char msg[256];
    for (;;) {
        *c = config_default();
        c->kernel = k;
        c->bx = dims[rnd(sizeof dims / sizeof dims[0])];
        c->by = rnd(3) == 0 ? c->bx : dims[rnd(sizeof dims / sizeof dims[0])];
        c->w = 1 + rnd(rnd(2) ? 150 : 40);
        c->h = 1 + rnd(rnd(2) ? 150 : 40);
        c->dtype = (tpx_dtype)rnd(TPX_DTYPE_COUNT);
        if (config_has_tile(k)) {
            unsigned r = rnd(3);
            c->pad = r == 1 ? (int)rnd(3) : 0;
            c->swz = r == 2;
        }
        if (config_validate(c, &lim, msg, sizeof msg) == 0 && config_vec(c) == 1)
            return;
    }
}

static void same_warps(const tpx_config *a, const tpx_config *b)
{
    tpx_geom g = config_geom(a);
    static tpx_inst ia[512], ib[512];
    int wpb = model_warps_per_block(a);
    for (int t = 0; t < 6; t++) {
        int bx = (int)rnd((unsigned)g.gx), by = (int)rnd((unsigned)g.gy), w = (int)rnd((unsigned)wpb);
        int na = model_warp_insts(a, bx, by, w, ia), nb = model_warp_insts(b, bx, by, w, ib);
        assert_int_equal(na, nb);
        for (int i = 0; i < na; i++) {
            assert_int_equal(ia[i].op, ib[i].op);
            assert_int_equal(ia[i].active, ib[i].active);
            for (int l = 0; l < ia[i].lanes; l++)
                if (ia[i].active & (1u << l))
                    assert_int_equal(ia[i].idx[l], ib[i].idx[l]);
        }
    }
}

static void same_totals(const tpx_totals *a, const tpx_totals *b)
{
    assert_int_equal(a->blocks, b->blocks);
    assert_int_equal(a->warps_per_block, b->warps_per_block);
    assert_memory_equal(a->op, b->op, sizeof a->op);
}

static void test_catalog_twins(void **state)
{
    (void)state;
    for (int k = 0; k < TPX_K_MEMCPY; k++) {
        if (!has_twin((tpx_kernel_id)k))
            continue;
        int id = user_twin((tpx_kernel_id)k);
        for (int n = 0; n < 12 / test_sample_stride(4); n++) {
            tpx_config c, u;
            random_config((tpx_kernel_id)k, &c);
            u = c;
            u.kernel = (tpx_kernel_id)id;
            char msg[256], d[128];
            tpx_limits lim = config_default_limits();
            config_describe(&c, d, sizeof d);
            if (config_validate(&u, &lim, msg, sizeof msg) != 0)
                fail_msg("%s: the twin is refused: %s", d, msg);
            tpx_geom gc = config_geom(&c), gu = config_geom(&u);
            assert_int_equal(gc.gx, gu.gx);
            assert_int_equal(gc.gy, gu.gy);
            assert_int_equal(config_smem_bytes(&c), config_smem_bytes(&u));
            assert_int_equal(model_insts_per_warp(&c), model_insts_per_warp(&u));
            same_warps(&c, &u);
            tpx_totals tc, tu, bu;
            assert_int_equal(model_totals(&c, &tc, NULL), 0);
            assert_int_equal(model_totals(&u, &tu, NULL), 0);
            assert_int_equal(model_totals_bruteforce(&u, &bu), 0);
            same_totals(&tc, &tu);
            same_totals(&tc, &bu);
            ucheck_report r;
            assert_int_equal(ucheck_run(&u, &r, NULL), 0);
            if (!ucheck_ok(&r)) {
                char v[512];
                ucheck_verdict(&u, &r, v, sizeof v);
                fail_msg("%s: %s", d, v);
            }
        }
    }
}

/* The totals at a size where the fast path matters (thousands of tiles). */
static void test_catalog_twins_large(void **state)
{
    (void)state;
    for (int k = 0; k < TPX_K_MEMCPY; k++) {
        if (!has_twin((tpx_kernel_id)k))
            continue;
        tpx_config c = config_default(), u;
        c.kernel = (tpx_kernel_id)k;
        c.w = 4093;
        c.h = 2050;
        c.bx = 32;
        c.by = tpx_is_square_only(c.kernel) ? 32 : 8;
        c.pad = config_has_tile(c.kernel);
        if (tpx_traits_of(c.kernel).tile == TPX_TILE_STRIP) /* thin: 1364 strips of 6 rows */
            c.h = 6, c.w = 463301;
        u = c;
        u.kernel = (tpx_kernel_id)user_twin((tpx_kernel_id)k);
        tpx_totals tc, tu;
        assert_int_equal(model_totals(&c, &tc, NULL), 0);
        assert_int_equal(model_totals(&u, &tu, NULL), 0);
        same_totals(&tc, &tu);
    }
}

/* A student's guard may fail inside the grid, and an index need not be
 * affine in the tile: the fast totals must still equal the brute force. */
static void test_irregular_kernels(void **state)
{
    (void)state;
    static const char *const texts[] = {
        "kernel skip_one\nlet x = bx * BX + tx\nlet y = by * BY + ty\n"
        "if x < W && y < H && bx != 2: B[x * H + y] = A[y * W + x]\n",
        "kernel folded\nlet x = bx * BX + tx\nlet y = by * BY + ty\n"
        "if x < W && y < H: B[(x % 64) * H + y] = A[y * W + (bx * bx) % W]\n",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        char msg[256];
        tpx_config c = config_default();
        c.kernel = (tpx_kernel_id)user_add(texts[i], strlen(texts[i]), NULL, msg, sizeof msg);
        assert_true(tpx_is_user(c.kernel));
        c.w = 1000;
        c.h = 600;
        tpx_totals fast, brute;
        assert_int_equal(model_totals(&c, &fast, NULL), 0);
        assert_int_equal(model_totals_bruteforce(&c, &brute), 0);
        same_totals(&fast, &brute);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_catalog_twins),
        cmocka_unit_test(test_catalog_twins_large),
        cmocka_unit_test(test_irregular_kernels),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
