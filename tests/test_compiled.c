/* compiled: every config the catalog accepts names a compiled kernel that
 * the build's record (assets/kernel_regs.txt) holds, for every compute
 * capability a device profile names, so the model never falls back to
 * assumed registers for a kernel that exists; and the record's figures are
 * what occupancy uses. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "catalog.h"
#include "compiled.h"
#include "profile.h"
#include "sweep.h"
#include "test_cfg.h"
#include "tpx_instance.h"

static const double ccs[] = {7.5, 8.0, 8.6, 9.0};

/* One config: valid here means the record must know its kernel. */
static int check_one(const tpx_config *c, const tpx_limits *lim)
{
    char msg[TPX_MSG];
    if (config_validate(c, lim, msg, sizeof msg) != 0)
        return 0;
    for (size_t i = 0; i < sizeof ccs / sizeof ccs[0]; i++) {
        int known = 0, regs = compiled_regs(c, ccs[i], &known);
        if (!known) {
            char name[96] = "?", desc[160];
            tpx_geom g = config_geom(c);
            tpx_instance_name(c->kernel, &g, (int)config_esize(c->dtype), name, sizeof name);
            config_describe(c, desc, sizeof desc);
            fail_msg("%s (cc %.1f): %s is not in assets/kernel_regs.txt", desc, ccs[i], name);
        }
        assert_true(regs >= 8 && regs <= 255);
    }
    return 1;
}

static void test_every_config_known(void **state)
{
    (void)state;
    tpx_limits lim = config_default_limits();
    static const long long sizes[][2] = {{8192, 8192}, {1000, 777}, {4096, 3072}, {30, 17}};
    static const tpx_dtype types[] = {TPX_F16, TPX_F32, TPX_F64};
    int checked = 0, n = 0, stride = test_sample_stride(5);
    for (int k = 0; k < TPX_K_COUNT; k++) {
        if (config_is_reference((tpx_kernel_id)k))
            continue;
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
            for (size_t t = 0; t < sizeof types / sizeof types[0]; t++)
                for (int tile = 0; tile < 3; tile++)
                    for (int pad = 0; pad <= 1; pad++) {
                        /* shifted by the kernel: a stride sharing a factor with
                         * a kernel's 72 still meets every pad and tile */
                        if ((n++ + k) % stride != 0)
                            continue;
                        tpx_config base = test_cfg((tpx_kernel_id)k, 32, 8, sizes[s][0],
                                                   sizes[s][1], types[t], pad);
                        if (tile) /* the wider tiles; validate refuses the others */
                            config_set_tile_dtype(&base, tile == 1 ? TPX_F32 : TPX_F64);
                        for (int i = 0; i < TPX_SWEEP_CELLS; i++) {
                            tpx_config c;
                            if (sweep_cell_config(&base, i, &lim, &c, NULL, 0) == 0)
                                checked += check_one(&c, &lim);
                        }
                    }
    }
    assert_true(checked > 1000 / stride); /* the sweep reached the catalog */
}

/* The record's figure is the one the occupancy uses: tile_rows 32x4 walks
 * its 32-row tile in 8 reps (tpxk_tile_rows<8, unsigned int, double>, f32
 * through an f64 tile), which ptxas gives more than 32 registers on sm_90:
 * registers, not threads, cap its blocks per SM (allocated per warp in
 * units of 256). */
static void test_record_reaches_occupancy(void **state)
{
    (void)state;
    tpx_config c = test_cfg(TPX_K_TILE_ROWS, 32, 4, 8192, 8192, TPX_F32, 1);
    config_set_tile_dtype(&c, TPX_F64);
    int known = 0, regs = compiled_regs(&c, 9.0, &known);
    char name[96];
    tpx_geom g = config_geom(&c);
    assert_int_equal(tpx_instance_name(c.kernel, &g, 4, name, sizeof name), 0);
    assert_true(known);
    assert_true(regs > 32); /* more than a full SM of 2048 threads allows */
    const tpx_profile *p = profile_find("h200", NULL, 0);
    assert_non_null(p);
    tpx_occ_limit why;
    int bps = profile_occupancy(p, &c, regs, &why);
    int per_warp = (regs * 32 + 255) / 256 * 256;
    assert_int_equal(bps, 65536 / (per_warp * 4));
    assert_int_equal(why, TPX_OCC_REGS);
}

/* tile_strip launches one of two kernels (kernels/tile_strip.cu): where a
 * short side of 100 leaves warps 6 and 7 of a 32x8 block without work in its
 * last rep (K = 20: 2000 of 2048 slots), the one whose warps leave their
 * walks early; at 3 every warp works in every rep.  Both keep a phase's
 * eight loads in flight (the first version sent the 100 through the edge
 * path, one load at a time). */
static void test_strip_kernels(void **state)
{
    (void)state;
    static const struct {
        long long w, h;
        const char *name;
    } cases[] = {{3, 100001, "tpxk_tile_strip<unsigned int, 256, true>"},
                 {100, 20001, "tpxk_tile_strip<unsigned int, 256, false>"},
                 {20001, 100, "tpxk_tile_strip<unsigned int, 256, false>"}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tpx_config c = test_cfg(TPX_K_TILE_STRIP, 32, 8, cases[i].w, cases[i].h, TPX_F32, 1);
        char name[96];
        tpx_geom g = config_geom(&c);
        assert_int_equal(tpx_instance_name(c.kernel, &g, 4, name, sizeof name), 0);
        assert_string_equal(name, cases[i].name);
        assert_true(compiled_loads_in_flight(&c) == 8.0);
        int known = 0;
        compiled_regs(&c, 9.0, &known);
        assert_true(known);
    }
}

/* tile_vec has two bodies (kernels/tile_vec.cu): rows on 16 bytes take the
 * 16-byte path, whose NSB = BX / BY sub-blocks of v vectors are compiled for
 * NSB 1, 2 and 4 (32x8 f32: 4 x 4 = 16 loads ahead); rows that are not
 * (12500x6200 f16: 25000 B) take tpxk_tile_vec1, the generic walk with a
 * run-time count, so 4 ahead whatever the shape (64x2's 32 reps, 32x8's 4),
 * or all of them when fewer (16x16's one). */
static void test_tile_vec_bodies(void **state)
{
    (void)state;
    tpx_config c = test_cfg(TPX_K_TILE_VEC, 32, 8, 8192, 8192, TPX_F32, 1);
    assert_true(compiled_loads_in_flight(&c) == 16.0);
    /* The element path (12500 rows of f16 do not start on 16 bytes): tile_rows'
     * compiled rep counts, every load in flight (20 at most: compiled.c);
     * 256x1's 256 and 48x16's 3 run a loop unrolled 4 times. */
    static const struct {
        int bx, by, ct;
        double ahead;
    } shapes[] = {{64, 2, 32, 20}, {32, 8, 4, 4}, {16, 16, 1, 1}, {256, 1, 0, 4}, {48, 16, 0, 3}};
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        c = test_cfg(TPX_K_TILE_VEC, shapes[i].bx, shapes[i].by, 12500, 6200, TPX_F16, 1);
        char name[96], want[96];
        tpx_geom g = config_geom(&c);
        assert_int_equal(tpx_instance_name(c.kernel, &g, 2, name, sizeof name), 0);
        snprintf(want, sizeof want, "tpxk_tile_vec1<unsigned short, %d>", shapes[i].ct);
        assert_string_equal(name, want);
        assert_true(compiled_loads_in_flight(&c) == shapes[i].ahead);
    }
}

/* A tiled body's edge tile loads one rep at a time (tpx_edge_tile's loop):
 * tile_rows 16x2 at 11 x 2048 f64 cuts every 16-wide tile at 11 columns, and
 * the one warp of a block issues all 8 of its reps, a round trip each; at
 * 11 x 2040 the last of the 128 tiles holds 8 rows, 4 reps; whole tiles keep
 * the rounds they are given.  32x8 at 100 x 100 f32 (4 x 4 tiles of 32):
 * the last column's 3 tiles issue 4 reps (4 columns, every row), the last
 * row's 3 and the corner 1 (4 rows: warps 0-3 one rep, the others none), the
 * 9 whole ones the 1 given: 25 / 16.  Kernels of other bodies: as given. */
static void test_edge_rounds(void **state)
{
    (void)state;
    tpx_config c = test_cfg(TPX_K_TILE_ROWS, 16, 2, 11, 2048, TPX_F64, 1);
    assert_true(fabs(compiled_rounds(&c, 1) - 8) < 1e-9);
    c.h = 2040;
    assert_true(fabs(compiled_rounds(&c, 1) - (127 * 8 + 4) / 128.0) < 1e-9);
    c = test_cfg(TPX_K_TILE_ROWS, 16, 2, 256, 256, TPX_F32, 1);
    assert_true(fabs(compiled_rounds(&c, 1.5) - 1.5) < 1e-9);
    c = test_cfg(TPX_K_TILE_ROWS, 32, 8, 100, 100, TPX_F32, 1);
    assert_true(fabs(compiled_rounds(&c, 1) - 25 / 16.0) < 1e-9);
    c = test_cfg(TPX_K_COPY_ROW, 16, 2, 11, 2048, TPX_F64, 0);
    assert_true(fabs(compiled_rounds(&c, 2) - 2) < 1e-9);
    /* tile_vec's element path (rows of 88 bytes, not on 16) is the same
     * walk; its 16-byte path (12 columns: rows of 96 bytes) has an edge path
     * of its own that loads a sub-block's vectors together: as given */
    c = test_cfg(TPX_K_TILE_VEC, 16, 2, 11, 2048, TPX_F64, 1);
    assert_true(fabs(compiled_rounds(&c, 1) - 8) < 1e-9);
    c.w = 12;
    assert_true(fabs(compiled_rounds(&c, 1) - 1) < 1e-9);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_config_known),
        cmocka_unit_test(test_record_reaches_occupancy),
        cmocka_unit_test(test_strip_kernels),
        cmocka_unit_test(test_tile_vec_bodies),
        cmocka_unit_test(test_edge_rounds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
