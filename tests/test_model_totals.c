/* The fast launch totals (interior tiles counted by address residue, edge
 * tiles lane by lane) must equal the brute force that prices every warp of
 * every block.  Random configs with a fixed seed, every kernel, dtype, pad,
 * swizzle and tile dtype, sizes that are and are not multiples of the block. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "model.h"
#include "test_cfg.h"

static unsigned long long rng = 0x9e3779b97f4a7c15ULL;

static unsigned rnd(unsigned n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng % n);
}

static const int dims[] = {1, 2, 3, 4, 5, 7, 8, 12, 16, 24, 32, 33, 64, 128};

static int random_config(tpx_config *c)
{
    c->kernel = (tpx_kernel_id)rnd(TPX_K_MEMCPY); /* modelled kernels only */
    c->bx = dims[rnd(sizeof dims / sizeof dims[0])];
    c->by = dims[rnd(sizeof dims / sizeof dims[0])];
    if (c->kernel == TPX_K_SMEM)
        c->by = c->bx;
    if (c->kernel == TPX_K_TILE_ROWS || c->kernel == TPX_K_TILE_VEC) {
        int divs[] = {1, 2, 4, 8};
        c->by = divs[rnd(4)];
        while (c->bx % c->by)
            c->by /= 2;
    }
    c->w = 1 + rnd(rnd(2) ? 200 : 40);
    c->h = 1 + rnd(rnd(2) ? 200 : 40);
    if (rnd(2)) { /* rows on 16 bytes for every dtype: the 16-byte kernels vectorise */
        c->w = 8 * (1 + c->w / 8);
        c->h = 8 * (1 + c->h / 8);
    }
    c->dtype = (tpx_dtype)rnd(TPX_DTYPE_COUNT);
    c->pad = 0;
    c->swz = 0;
    if (config_has_tile(c->kernel)) {
        int r = rnd(4);
        if (r == 1)
            c->pad = 1;
        else if (r == 2)
            c->pad = (int)rnd(5);
        else if (r == 3)
            c->swz = 1;
        if (rnd(3) == 0) /* a tile of another type (narrower ones are refused, and retried) */
            config_set_tile_dtype(c, (tpx_dtype)rnd(TPX_DTYPE_COUNT));
    }
    tpx_limits lim = config_default_limits();
    char msg[TPX_MSG];
    return config_validate(c, &lim, msg, sizeof msg);
}

static void check(const tpx_config *c)
{
    tpx_totals fast, slow;
    assert_int_equal(model_totals(c, &fast, NULL), 0);
    assert_int_equal(model_totals_bruteforce(c, &slow), 0);
    if (memcmp(&fast.op, &slow.op, sizeof fast.op) != 0) {
        char d[160];
        config_describe(c, d, sizeof d);
        for (int o = 0; o < TPX_OP_COUNT; o++)
            fprintf(stderr, "%s %s: insts %llu/%llu sectors %llu/%llu lines %llu/%llu wf %llu/%llu\n",
                    d, model_op_name((tpx_op)o), fast.op[o].insts, slow.op[o].insts,
                    fast.op[o].sectors, slow.op[o].sectors, fast.op[o].lines, slow.op[o].lines,
                    fast.op[o].wavefronts, slow.op[o].wavefronts);
        fail_msg("fast totals differ from brute force for %s", d);
    }
}

static void test_random_configs(void **s)
{
    (void)s;
    int checked = 0;
    while (checked < 600) {
        tpx_config c = config_default();
        if (random_config(&c) != 0)
            continue;
        check(&c);
        checked++;
    }
}

/* tile_sec's and tile_gather's families (columns a period apart, the tail
 * one by one) against brute force: rows of 1 to 3 elements, sizes whose B
 * rows start at every offset in a sector, grids of hundreds of tile columns,
 * tiles taller than the matrix, blocks whose width is no multiple of a
 * vector (tile_gather's rows then start at other offsets column by column). */
/* Under valgrind or the sanitizers a sample (test_sample_stride). */

static void test_sec_families(void **s)
{
    (void)s;
    static const long long sizes[][2] = {{1001, 2}, {1003, 3}, {777, 1}, {2, 1001}, {401, 77},
                                         {333, 217}, {1031, 9}, {130, 531}, {517, 96},
                                         {3, 5000}, {5, 3001}};
    /* 1x1024 and 4x128: segments of TY = 8192 and 1024 B columns over rows
     * far shorter, where the tail is set by H, not TY; 1024x1 and 128x1 at W
     * of 3 and 5: tile_gather's rows of vectors reach tens of tile rows down,
     * and the bottom ones of a column differ */
    static const int shapes[][2] = {{32, 8}, {1, 1}, {7, 2}, {16, 16}, {64, 4}, {1, 1024}, {4, 128},
                                    {12, 4}, {6, 2}, {1024, 1}, {128, 1}};
    int checked = 0, n = 0, stride = test_sample_stride(8);
    for (int k = 0; k < 2 * TPX_DTYPE_COUNT; k++)
        for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
            for (size_t j = 0; j < sizeof shapes / sizeof shapes[0]; j++) {
                if (n++ % stride != 0)
                    continue;
                int d = k % TPX_DTYPE_COUNT;
                tpx_config c = config_default();
                c.kernel = k < TPX_DTYPE_COUNT ? TPX_K_TILE_SEC : TPX_K_TILE_GATHER;
                c.dtype = (tpx_dtype)d;
                c.w = sizes[i][0], c.h = sizes[i][1], c.bx = shapes[j][0], c.by = shapes[j][1];
                tpx_limits lim = config_default_limits();
                char msg[TPX_MSG];
                if (config_validate(&c, &lim, msg, sizeof msg) == 0)
                    check(&c), checked++;
            }
    assert_true(checked > 250 / stride);
}

/* tile_strip against brute force: tall and wide, short sides of 1 to 33
 * (even ones walk shared memory on shared banks), strips that fill the
 * block's 8 BX BY elements and strips that leave idle lanes, a last strip
 * cut short, widths no power of two, pad and swizzle. */
static void test_strip_families(void **s)
{
    (void)s;
    static const long long sizes[][2] = {{1, 5000}, {5000, 1}, {3, 3001}, {3001, 3},
                                         {16, 2049}, {2049, 16}, {33, 700}, {700, 31}};
    static const int shapes[][2] = {{32, 8}, {1, 256}, {256, 1}, {24, 8}, {3, 5}, {64, 4}};
    int checked = 0, n = 0, stride = test_sample_stride(4);
    for (int d = 0; d < TPX_DTYPE_COUNT; d++)
        for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
            for (size_t j = 0; j < sizeof shapes / sizeof shapes[0]; j++)
                for (int v = 0; v < 3; v++) {
                    if (n++ % stride != 0)
                        continue;
                    tpx_config c = config_default();
                    c.kernel = TPX_K_TILE_STRIP;
                    c.dtype = (tpx_dtype)d;
                    c.w = sizes[i][0], c.h = sizes[i][1];
                    c.bx = shapes[j][0], c.by = shapes[j][1];
                    c.pad = v == 1, c.swz = v == 2;
                    tpx_limits lim = config_default_limits();
                    char msg[TPX_MSG];
                    if (config_validate(&c, &lim, msg, sizeof msg) != 0)
                        continue; /* swizzle on a width no power of two */
                    check(&c), checked++;
                }
    assert_true(checked > 300 / stride);
}

/* Every element is read once and written once: bytes add up exactly. */
static void test_bytes_conserved(void **s)
{
    (void)s;
    for (int k = 0; k < TPX_K_MEMCPY; k++) {
        tpx_config c = config_default();
        c.kernel = (tpx_kernel_id)k;
        c.bx = c.by = 16;
        c.w = 1000;
        c.h = 777;
        c.dtype = TPX_F64;
        tpx_limits lim = config_default_limits();
        char msg[TPX_MSG];
        assert_int_equal(config_validate(&c, &lim, msg, sizeof msg), 0);
        tpx_totals t;
        assert_int_equal(model_totals(&c, &t, NULL), 0);
        unsigned long long bytes = 1000ULL * 777 * 8;
        if (tpx_traits_of(c.kernel).flags & TPX_KF_GATHER) {
            /* tile_gather reads the aligned vectors covering its rows, and
             * the next rows' heads: each element once into shared memory,
             * from there once to B.  Here 16 columns are read as 9 vectors
             * of 2 and a segment of 128 rows as 131: 1.14 times the bytes. */
            assert_in_range(t.op[TPX_OP_GLD].bytes, bytes, bytes * 14 / 10);
            assert_int_equal(t.op[TPX_OP_SST].bytes, t.op[TPX_OP_GLD].bytes);
            assert_int_equal(t.op[TPX_OP_SLD].bytes, bytes);
            assert_int_equal(t.op[TPX_OP_GST].bytes, bytes);
            continue;
        }
        assert_int_equal(t.op[TPX_OP_GLD].bytes, bytes);
        assert_int_equal(t.op[TPX_OP_GST].bytes, bytes);
        if (config_has_tile(c.kernel)) {
            assert_int_equal(t.op[TPX_OP_SLD].bytes, bytes);
            assert_int_equal(t.op[TPX_OP_SST].bytes, bytes);
        }
    }
}

/* Sizes from the GPU issue's list, every kernel, a few shapes. */
static void test_listed_sizes(void **s)
{
    (void)s;
    long long sizes[][2] = {{1, 1}, {1, 1000}, {1000, 1}, {33, 31}, {1000, 777}};
    int shapes[][2] = {{32, 8}, {16, 16}, {8, 32}, {32, 32}};
    int stride = test_sample_stride(4); /* a kernel keeps 20 / stride, others for the next */
    for (int k = 0; k < TPX_K_MEMCPY; k++)
        for (size_t i = 0; i < 5; i++)
            for (size_t j = 0; j < 4; j++) {
                if ((k + (int)(i * 4 + j)) % stride != 0)
                    continue;
                tpx_config c = config_default();
                c.kernel = (tpx_kernel_id)k;
                c.bx = shapes[j][0];
                c.by = shapes[j][1];
                c.w = sizes[i][0];
                c.h = sizes[i][1];
                c.pad = config_has_tile(c.kernel) ? 1 : 0;
                tpx_limits lim = config_default_limits();
                char msg[TPX_MSG];
                if (config_validate(&c, &lim, msg, sizeof msg) != 0)
                    continue;
                check(&c);
            }
}

/* tile_vec over its block shapes (1, 2, 4, 8 and 3 sub-blocks per thread),
 * every dtype, pad 0 / 1 / swizzle, on whole tiles, tiles cut into whole
 * vectors, and the element fallback. */
static void test_tile_vec(void **s)
{
    (void)s;
    int shapes[][2] = {{16, 16}, {16, 8}, {8, 8}, {16, 4}, {8, 1}, {24, 8}};
    long long sizes[][2] = {{64, 64}, {96, 40}, {200, 136}, {130, 66}, {33, 31}};
    int checked = 0;
    for (size_t j = 0; j < sizeof shapes / sizeof shapes[0]; j++)
        for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
            for (int d = 0; d < TPX_DTYPE_COUNT; d++)
                for (int v = 0; v < 3; v++) {
                    tpx_config c = config_default();
                    c.kernel = TPX_K_TILE_VEC;
                    c.bx = shapes[j][0];
                    c.by = shapes[j][1];
                    c.w = sizes[i][0];
                    c.h = sizes[i][1];
                    c.dtype = (tpx_dtype)d;
                    c.pad = v == 1;
                    c.swz = v == 2;
                    tpx_limits lim = config_default_limits();
                    char msg[TPX_MSG];
                    if (config_validate(&c, &lim, msg, sizeof msg) != 0)
                        continue;
                    check(&c);
                    checked++;
                }
    assert_true(checked > 150);
}

/* A cancel flag that is already set stops the totals. */
static void test_cancel(void **s)
{
    (void)s;
    tpx_config c = config_default();
    atomic_int cancel = 1;
    tpx_totals t;
    assert_int_equal(model_totals(&c, &t, &cancel), 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_configs), cmocka_unit_test(test_sec_families),
        cmocka_unit_test(test_strip_families),
        cmocka_unit_test(test_bytes_conserved),
        cmocka_unit_test(test_listed_sizes),
        cmocka_unit_test(test_tile_vec),
        cmocka_unit_test(test_cancel),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
