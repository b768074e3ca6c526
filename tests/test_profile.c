/* The built-in device profile and the waves of resident blocks the Order
 * view shows: estimated from the profile's limits (hand-derived below), or
 * the measured occupancy when there is one. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "profile.h"

static tpx_config cfg(tpx_kernel_id k, int bx, int by, int pad, tpx_dtype t)
{
    tpx_config c = config_default();
    c.kernel = k, c.bx = bx, c.by = by, c.pad = pad, c.dtype = t;
    return c;
}

static void test_builtin(void **s)
{
    (void)s;
    const tpx_profile *p = profile_builtin();
    assert_int_equal(p->sms, 132);
    assert_int_equal(p->max_threads_per_sm, 2048);
    assert_int_equal(p->max_blocks_per_sm, 32);
    assert_int_equal(p->smem_per_sm, 233472);
    assert_non_null(strstr(p->name, "H100"));
    /* 256 threads: 2048 / 256 = 8 by threads, 65536 / (256 * 32) = 8 by registers. */
    tpx_config c = cfg(TPX_K_NAIVE_ROW, 32, 8, 0, TPX_F32);
    assert_int_equal(profile_blocks_per_sm(p, &c, 32), 8);
    /* 64 threads: 32 by threads, 32 by registers, the block limit 32. */
    c = cfg(TPX_K_NAIVE_ROW, 8, 8, 0, TPX_F32);
    assert_int_equal(profile_blocks_per_sm(p, &c, 32), 32);
    /* 1024 threads: 2 either way. */
    c = cfg(TPX_K_SMEM, 32, 32, 1, TPX_F32);
    assert_int_equal(profile_blocks_per_sm(p, &c, 32), 2);
    /* 64x64 f64 tile with pad 1: 64 * 65 * 8 = 33280 B + 1 KB reserved: 233472 / 34304 = 6;
     * 256 threads at 16 registers would allow 8. */
    c = cfg(TPX_K_TILE_ROWS, 64, 4, 1, TPX_F64);
    assert_int_equal(profile_blocks_per_sm(p, &c, 16), 6);
}

static void test_waves(void **s)
{
    (void)s;
    tpx_device none = {0};
    tpx_config c = cfg(TPX_K_NAIVE_ROW, 32, 8, 0, TPX_F32);
    c.w = c.h = 4096; /* 128 x 512 = 65536 blocks */
    tpx_waves w;
    profile_waves(&c, &none, NULL, &w);
    assert_int_equal(w.blocks, 65536);
    assert_int_equal(w.resident, 132 * 8);
    assert_int_equal(w.count, (65536 + 1055) / 1056);
    assert_non_null(strstr(w.source, "built-in profile"));

    tpx_device d = {0};
    d.valid = 1;
    d.sms = 4;
    d.max_threads_per_sm = 1024;
    d.max_blocks_per_sm = 16;
    snprintf(d.name, sizeof d.name, "Small GPU");
    profile_waves(&c, &d, NULL, &w);
    assert_int_equal(w.resident, 4 * 4); /* 1024 / 256 threads */
    assert_non_null(strstr(w.source, "estimated for Small GPU"));

    tpx_occupancy occ;
    memset(&occ, 0, sizeof occ);
    occ.valid = 1;
    occ.blocks_per_sm = 3;
    profile_waves(&c, &d, &occ, &w);
    assert_int_equal(w.resident, 12);
    assert_non_null(strstr(w.source, "measured occupancy on Small GPU"));
    occ.valid = 0; /* an occupancy the runner did not get is not used */
    profile_waves(&c, &d, &occ, &w);
    assert_int_equal(w.resident, 16);
}

static void test_parse_errors(void **s)
{
    (void)s;
    tpx_profile p;
    char msg[TPX_MSG];
    assert_int_equal(profile_parse("name=X\nsms=1\nmax_threads_per_sm=64\nmax_blocks_per_sm=1\n",
                                   &p, msg, sizeof msg),
                     0);
    assert_int_equal(profile_parse("name=X\nsms=many\n", &p, msg, sizeof msg), -1);
    assert_non_null(strstr(msg, "line 2"));
    assert_int_equal(profile_parse("name=X\nwarp_size=32\n", &p, msg, sizeof msg), -1);
    assert_non_null(strstr(msg, "unknown key"));
    assert_int_equal(profile_parse("sms=1\n", &p, msg, sizeof msg), -1);
    assert_int_equal(profile_parse("just words\n", &p, msg, sizeof msg), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_builtin),
        cmocka_unit_test(test_waves),
        cmocka_unit_test(test_parse_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
