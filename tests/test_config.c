/* Parsing and validation: every bad input is refused with a message that
 * names the problem, and good input parses to the right values. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "catalog.h"
#include "cli.h"
#include "config.h"
#include "test_cfg.h"

static char msg[TPX_MSG];

static void assert_msg_has(const char *needle)
{
    if (!strstr(msg, needle))
        fail_msg("message '%s' lacks '%s'", msg, needle);
}

static void test_parse_block(void **state)
{
    (void)state;
    int bx, by;
    assert_int_equal(config_parse_block("32x8", &bx, &by, msg, sizeof msg), 0);
    assert_int_equal(bx, 32);
    assert_int_equal(by, 8);
    assert_int_equal(config_parse_block("1X1024", &bx, &by, msg, sizeof msg), 0);
    assert_int_equal(by, 1024);
    const char *bad[] = {"", "32", "x8", "32x", "32x8x2", "-32x8", "32x-8", "a", "32 x8", "32x8 ",
                         "3.5x2", "+4x4"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(config_parse_block(bad[i], &bx, &by, msg, sizeof msg), -1);
        assert_msg_has("malformed");
    }
    assert_int_equal(config_parse_block("0x8", &bx, &by, msg, sizeof msg), -1);
    assert_msg_has("zero");
    assert_int_equal(config_parse_block("99999999999999999999x8", &bx, &by, msg, sizeof msg), -1);
    assert_msg_has("too large");
}

static void test_parse_size(void **state)
{
    (void)state;
    long long w, h;
    assert_int_equal(config_parse_size("4096x3072", &w, &h, msg, sizeof msg), 0);
    assert_int_equal(w, 4096);
    assert_int_equal(h, 3072);
    assert_int_equal(config_parse_size("1000", &w, &h, msg, sizeof msg), 0);
    assert_int_equal(w, 1000);
    assert_int_equal(h, 1000);
    assert_int_equal(config_parse_size("0x5", &w, &h, msg, sizeof msg), -1);
    assert_msg_has("zero");
    assert_int_equal(config_parse_size("0", &w, &h, msg, sizeof msg), -1);
    assert_int_equal(config_parse_size("-5", &w, &h, msg, sizeof msg), -1);
    assert_msg_has("malformed");
    assert_int_equal(config_parse_size("12abc", &w, &h, msg, sizeof msg), -1);
    assert_int_equal(config_parse_size("123456789012345678901234", &w, &h, msg, sizeof msg), -1);
    assert_msg_has("too large");
}

static void test_parse_dtype_pad(void **state)
{
    (void)state;
    tpx_dtype t;
    assert_int_equal(config_parse_dtype("f64", &t, msg, sizeof msg), 0);
    assert_int_equal(t, TPX_F64);
    assert_int_equal(config_parse_dtype("f16", &t, msg, sizeof msg), 0);
    assert_int_equal(config_esize(t), 2);
    assert_int_equal(config_parse_dtype("float", &t, msg, sizeof msg), -1);
    assert_msg_has("f32, f64 or f16");
    int pad;
    assert_int_equal(config_parse_pad("1", &pad, msg, sizeof msg), 0);
    assert_int_equal(pad, 1);
    assert_int_equal(config_parse_pad("-1", &pad, msg, sizeof msg), -1);
    assert_int_equal(config_parse_pad("x", &pad, msg, sizeof msg), -1);
    assert_int_equal(config_parse_pad("65", &pad, msg, sizeof msg), -1);
    assert_msg_has("too large");
}

static tpx_config cfg(tpx_kernel_id k, int bx, int by, long long w, long long h)
{
    return test_cfg(k, bx, by, w, h, TPX_F32, 0);
}

static int validate(tpx_config c)
{
    tpx_limits lim = config_default_limits();
    return config_validate(&c, &lim, msg, sizeof msg);
}

static void test_validate_ok(void **state)
{
    (void)state;
    for (int k = 0; k < TPX_K_COUNT; k++) {
        tpx_config c = cfg((tpx_kernel_id)k, 32, 32, 1000, 777);
        /* strip_vec's tile holds 16 elements a thread: 64 KB at 32x32 f32,
         * past the 48 KB a block may use without opting in; 32x16 then */
        if (config_smem_bytes(&c) > config_default_limits().smem_per_block)
            c.by = 16;
        if (validate(c) != 0)
            fail_msg("%s 32x32 at 1000x777: %s", catalog_name((tpx_kernel_id)k), msg);
    }
    assert_int_equal(validate(cfg(TPX_K_TILE_ROWS, 64, 4, 1, 1)), 0);
    assert_int_equal(validate(cfg(TPX_K_SMEM_RECT, 32, 8, 65536, 65536)), 0);
}

static void test_validate_threads(void **state)
{
    (void)state;
    assert_int_equal(validate(cfg(TPX_K_NAIVE_ROW, 64, 32, 100, 100)), -1);
    assert_msg_has("2048 threads");
    assert_msg_has("at most 1024");
    assert_int_equal(validate(cfg(TPX_K_NAIVE_ROW, 2048, 1, 100, 100)), -1);
    assert_int_equal(validate(cfg(TPX_K_NAIVE_ROW, 1, 1025, 100, 100)), -1);
}

static void test_validate_square(void **state)
{
    (void)state;
    assert_int_equal(validate(cfg(TPX_K_SMEM, 32, 8, 1024, 1024)), -1);
    assert_msg_has("square");
    assert_msg_has("smem_rect");
    assert_msg_has("tile_rows");
}

static void test_validate_tile_rows(void **state)
{
    (void)state;
    assert_int_equal(validate(cfg(TPX_K_TILE_ROWS, 32, 12, 1024, 1024)), -1);
    assert_msg_has("does not divide");
    assert_int_equal(validate(cfg(TPX_K_TILE_ROWS, 8, 32, 1024, 1024)), -1);
}

static void test_validate_smem_limit(void **state)
{
    (void)state;
    /* 128x128 f32 tile = 64 KiB > 48 KiB */
    assert_int_equal(validate(cfg(TPX_K_TILE_ROWS, 128, 8, 1024, 1024)), -1);
    assert_msg_has("shared memory");
    assert_msg_has("49152");
    tpx_config c = cfg(TPX_K_SMEM_RECT, 1024, 1, 1024, 1024);
    c.pad = 64;
    c.dtype = TPX_F64; /* (1024+64)*8 = 8704 bytes: fine */
    assert_int_equal(validate(c), 0);
    tpx_limits big = config_default_limits();
    big.smem_per_block = 227 * 1024;
    c = cfg(TPX_K_TILE_ROWS, 128, 8, 1024, 1024);
    assert_int_equal(config_validate(&c, &big, msg, sizeof msg), 0);
}

static void test_validate_size(void **state)
{
    (void)state;
    assert_int_equal(validate(cfg(TPX_K_NAIVE_ROW, 32, 8, 1000000, 1000000)), -1);
    assert_msg_has("too large");
    assert_int_equal(validate(cfg(TPX_K_NAIVE_ROW, 32, 8, 0, 10)), -1);
    assert_int_equal(validate(cfg(TPX_K_NAIVE_ROW, 32, 8, 65536, 65536)), 0);
    /* past CUDA's grid y (naive_col's covers W) a catalog grid launches
     * folded into one row, up to 2^31 - 1 blocks */
    assert_int_equal(validate(cfg(TPX_K_NAIVE_COL, 32, 1, 1000000, 1)), 0);
    assert_int_equal(validate(cfg(TPX_K_TILE_SEC, 32, 8, 1, 33554432)), 0);
    assert_int_equal(validate(cfg(TPX_K_NAIVE_ROW, 1, 1, 65536, 65536)), -1);
    assert_msg_has("needs 4294967296 blocks; CUDA launches at most 2147483647");
    assert_int_equal(validate(cfg(TPX_K_NAIVE_ROW, 4, 1, 65536, 65536)), 0);
}

static void test_validate_pad_swizzle(void **state)
{
    (void)state;
    tpx_config c = cfg(TPX_K_NAIVE_ROW, 32, 8, 64, 64);
    c.pad = 1;
    assert_int_equal(validate(c), -1);
    assert_msg_has("no shared tile");
    c = cfg(TPX_K_SMEM, 32, 32, 64, 64);
    c.swz = 1;
    assert_int_equal(validate(c), 0);
    c.pad = 1;
    assert_int_equal(validate(c), -1);
    assert_msg_has("swizzle replaces padding");
    c = cfg(TPX_K_SMEM_RECT, 24, 8, 64, 64);
    c.swz = 1;
    assert_int_equal(validate(c), -1);
    assert_msg_has("power of two");
    c = cfg(TPX_K_COPY_ROW, 32, 8, 64, 64);
    c.swz = 1;
    assert_int_equal(validate(c), -1);
}

static void test_cli_config(void **state)
{
    (void)state;
    static const cli_opt opts[] = {CLI_CONFIG_OPTS, {"json", NULL, "json"}, {NULL, NULL, NULL}};
    tpx_limits lim = config_default_limits();
    cli_parsed p;
    tpx_config c;
    char *ok[] = {"--kernel", "smem", "--block=16x16", "--size", "1000x777", "--pad", "1",
                  "--dtype", "f64", "--json"};
    assert_int_equal(cli_parse(10, ok, opts, &p, msg, sizeof msg), 0);
    assert_int_equal(cli_config(&p, &lim, &c, msg, sizeof msg), 0);
    assert_int_equal(c.kernel, TPX_K_SMEM);
    assert_int_equal(c.bx, 16);
    assert_int_equal(c.w, 1000);
    assert_int_equal(c.h, 777);
    assert_int_equal(c.dtype, TPX_F64);
    assert_int_equal(c.pad, 1);
    assert_true(cli_has(&p, "json"));

    char *unknown_kernel[] = {"--kernel", "fast"};
    assert_int_equal(cli_parse(2, unknown_kernel, opts, &p, msg, sizeof msg), 0);
    assert_int_equal(cli_config(&p, &lim, &c, msg, sizeof msg), -1);
    assert_msg_has("unknown kernel 'fast'");
    assert_msg_has("tile_rows");

    char *unknown_opt[] = {"--colour"};
    assert_int_equal(cli_parse(1, unknown_opt, opts, &p, msg, sizeof msg), -1);
    assert_msg_has("unknown option '--colour'");
    char *missing[] = {"--block"};
    assert_int_equal(cli_parse(1, missing, opts, &p, msg, sizeof msg), -1);
    assert_msg_has("needs a value");
    char *missing2[] = {"--block", "--json"};
    assert_int_equal(cli_parse(2, missing2, opts, &p, msg, sizeof msg), -1);
    char *stray[] = {"smem"};
    assert_int_equal(cli_parse(1, stray, opts, &p, msg, sizeof msg), -1);
    char *flagval[] = {"--json=1"};
    assert_int_equal(cli_parse(1, flagval, opts, &p, msg, sizeof msg), -1);
}

/* One config whatever its padding holds (the padding after by is never
 * written: scene_pin's memcmp read it, valgrind said), and every field
 * counts, the tile's type as it resolves. */
static void test_config_same(void **state)
{
    (void)state;
    tpx_config a, b;
    memset(&a, 0x00, sizeof a);
    memset(&b, 0xff, sizeof b);
    a.kernel = b.kernel = TPX_K_SMEM;
    a.bx = b.bx = 32;
    a.by = b.by = 8;
    a.w = b.w = 4096;
    a.h = b.h = 2048;
    a.dtype = b.dtype = TPX_F32;
    a.pad = b.pad = 1;
    a.swz = b.swz = 0;
    a.tile_dtype = 0;           /* the matrix's type, */
    b.tile_dtype = 1 + TPX_F32; /* and the same type named */
    assert_true(config_same(&a, &b));
    tpx_config c = b;
    c.h = 4096;
    assert_false(config_same(&a, &c));
    c = b;
    c.swz = 1;
    assert_false(config_same(&a, &c));
    c = b;
    config_set_tile_dtype(&c, TPX_F64);
    assert_false(config_same(&a, &c));
}

static void test_catalog(void **state)
{
    (void)state;
    for (int k = 0; k < TPX_K_COUNT; k++) {
        const tpx_kernel_info *i = catalog_get((tpx_kernel_id)k);
        assert_non_null(i);
        assert_int_equal(i->id, k);
        assert_int_equal(catalog_find(i->name), k);
        assert_true(strlen(i->text) > 100);
        assert_true(strlen(i->idea) > 10);
        assert_non_null(strstr(catalog_names_list(), i->name));
    }
    assert_int_equal(catalog_find("nope"), -1);
    assert_null(catalog_get(TPX_K_COUNT));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_block),       cmocka_unit_test(test_parse_size),
        cmocka_unit_test(test_parse_dtype_pad),   cmocka_unit_test(test_validate_ok),
        cmocka_unit_test(test_validate_threads),  cmocka_unit_test(test_validate_square),
        cmocka_unit_test(test_validate_tile_rows), cmocka_unit_test(test_validate_smem_limit),
        cmocka_unit_test(test_validate_size),     cmocka_unit_test(test_validate_pad_swizzle),
        cmocka_unit_test(test_cli_config),        cmocka_unit_test(test_catalog),
        cmocka_unit_test(test_config_same),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
