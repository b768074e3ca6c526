/* Changing the config from the keyboard: valid edits apply, invalid ones are
 * refused with config_validate's reason and leave the config exactly as it
 * was, both for the edit functions and through the keys and dialogs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "edit.h"
#include "app.h"
#include "chrome.h"

static char msg[TPX_MSG];
static tpx_limits lim;

static tpx_config cfg(tpx_kernel_id k, int bx, int by, int pad)
{
    tpx_config c = config_default();
    c.kernel = k, c.bx = bx, c.by = by, c.pad = pad;
    c.w = c.h = 1024;
    return c;
}

static void assert_same(const tpx_config *a, const tpx_config *b)
{
    assert_true(config_same(a, b));
}

/* rc must be -1, the config untouched and the message about `why`. */
#define REFUSED(call, c, why)                                                                     \
    do {                                                                                          \
        tpx_config before_ = *(c);                                                                \
        msg[0] = '\0';                                                                            \
        assert_int_equal((call), -1);                                                             \
        assert_same(&before_, (c));                                                               \
        if (!strstr(msg, why))                                                                    \
            fail_msg("message '%s' lacks '%s'", msg, why);                                        \
    } while (0)

static void test_refusals_keep_the_config(void **s)
{
    (void)s;
    tpx_config c = cfg(TPX_K_NAIVE_ROW, 32, 8, 0);
    REFUSED(edit_kernel(&c, TPX_K_SMEM, &lim, msg, sizeof msg), &c, "square");
    REFUSED(edit_kernel(&c, 99, &lim, msg, sizeof msg), &c, "no kernel");
    REFUSED(edit_pad_toggle(&c, &lim, msg, sizeof msg), &c, "no shared tile");
    REFUSED(edit_swizzle_toggle(&c, &lim, msg, sizeof msg), &c, "no shared tile");
    REFUSED(edit_block_text(&c, "64", "32", &lim, msg, sizeof msg), &c, "2048 threads");
    REFUSED(edit_block_text(&c, "", "8", &lim, msg, sizeof msg), &c, "BX");
    REFUSED(edit_block_text(&c, "32", "0", &lim, msg, sizeof msg), &c, "zero");
    REFUSED(edit_block_text(&c, "99999999999", "1", &lim, msg, sizeof msg), &c, "too large");
    REFUSED(edit_size_text(&c, "0x5", &lim, msg, sizeof msg), &c, "zero");
    REFUSED(edit_size_text(&c, "4096x", &lim, msg, sizeof msg), &c, "malformed");
    REFUSED(edit_size_text(&c, "70000x70000", &lim, msg, sizeof msg), &c, "too large");
    c = cfg(TPX_K_NAIVE_ROW, 32, 32, 0);
    REFUSED(edit_block_scale(&c, 0, 1, &lim, msg, sizeof msg), &c, "2048 threads");
    c = cfg(TPX_K_NAIVE_ROW, 1, 8, 0);
    REFUSED(edit_block_scale(&c, 0, 0, &lim, msg, sizeof msg), &c, "already 1");
    c = cfg(TPX_K_TILE_ROWS, 24, 8, 0);
    REFUSED(edit_block_scale(&c, 1, 1, &lim, msg, sizeof msg), &c, "does not divide");
    REFUSED(edit_pad_text(&c, "65", &lim, msg, sizeof msg), &c, "too large");
    REFUSED(edit_pad_text(&c, "-1", &lim, msg, sizeof msg), &c, "pad");
    c = cfg(TPX_K_TILE_ROWS, 32, 8, 1);
    REFUSED(edit_swizzle_toggle(&c, &lim, msg, sizeof msg), &c, "replaces padding");
    c = cfg(TPX_K_TILE_ROWS, 64, 4, 1);
    c.dtype = TPX_F32;
    /* f64 fits (34 KB), f16 too; a 128-wide f32 tile would not. */
    REFUSED(edit_block_scale(&c, 0, 1, &lim, msg, sizeof msg), &c, "shared memory");
}

static void test_valid_edits(void **s)
{
    (void)s;
    tpx_config c = cfg(TPX_K_NAIVE_ROW, 32, 8, 0);
    assert_int_equal(edit_block_scale(&c, 0, 0, &lim, msg, sizeof msg), 0);
    assert_int_equal(c.bx, 16);
    assert_int_equal(edit_block_scale(&c, 1, 1, &lim, msg, sizeof msg), 0);
    assert_int_equal(c.by, 16);
    assert_int_equal(edit_kernel(&c, TPX_K_SMEM, &lim, msg, sizeof msg), 0);
    assert_int_equal(c.kernel, TPX_K_SMEM);
    assert_int_equal(edit_pad_toggle(&c, &lim, msg, sizeof msg), 0);
    assert_int_equal(c.pad, 1);
    assert_int_equal(edit_pad_text(&c, "3", &lim, msg, sizeof msg), 0);
    assert_int_equal(c.pad, 3);
    assert_int_equal(edit_pad_toggle(&c, &lim, msg, sizeof msg), 0); /* custom -> 0 */
    assert_int_equal(c.pad, 0);
    assert_int_equal(edit_swizzle_toggle(&c, &lim, msg, sizeof msg), 0);
    assert_true(c.swz);
    /* Leaving a tiled kernel drops pad and swizzle, which mean nothing there. */
    assert_int_equal(edit_kernel(&c, TPX_K_COPY_ROW, &lim, msg, sizeof msg), 0);
    assert_false(c.swz);
    assert_int_equal(edit_size_text(&c, "4096x3072", &lim, msg, sizeof msg), 0);
    assert_true(c.w == 4096 && c.h == 3072);
    assert_int_equal(edit_size_text(&c, "1000", &lim, msg, sizeof msg), 0);
    assert_true(c.w == 1000 && c.h == 1000);
    for (int i = 0; i < TPX_DTYPE_COUNT; i++)
        assert_int_equal(edit_dtype_next(&c, &lim, msg, sizeof msg), 0);
    assert_int_equal(c.dtype, TPX_F32);
    assert_int_equal(c.tile_dtype, 0); /* a kernel without a tile never gets a tile type */
    const char *const *p;
    int n = edit_size_presets(&p);
    for (int i = 0; i < n; i++)
        assert_int_equal(edit_size_text(&c, p[i], &lim, msg, sizeof msg), 0);
}

/* The tile's element type (e): the data's, each wider one, back; the data's
 * type cycling under a wider tile keeps it while the new data is narrower. */
static void test_tile_dtype(void **s)
{
    (void)s;
    tpx_config c = cfg(TPX_K_SMEM, 16, 16, 0);
    c.dtype = TPX_F16;
    assert_int_equal(edit_tile_dtype_next(&c, &lim, msg, sizeof msg), 0);
    assert_int_equal(config_tile_dtype(&c), TPX_F32);
    assert_int_equal(edit_tile_dtype_next(&c, &lim, msg, sizeof msg), 0);
    assert_int_equal(config_tile_dtype(&c), TPX_F64);
    assert_int_equal(edit_tile_dtype_next(&c, &lim, msg, sizeof msg), 0);
    assert_int_equal(config_tile_dtype(&c), TPX_F16);
    assert_false(config_tile_differs(&c));
    c.dtype = TPX_F32; /* seed 004: f32 data, f64 tile */
    assert_int_equal(edit_tile_dtype_next(&c, &lim, msg, sizeof msg), 0);
    assert_int_equal(config_tile_dtype(&c), TPX_F64);
    assert_int_equal(edit_dtype_next(&c, &lim, msg, sizeof msg), 0); /* f64 data: same tile */
    assert_true(c.dtype == TPX_F64 && config_tile_dtype(&c) == TPX_F64);
    REFUSED(edit_tile_dtype_next(&c, &lim, msg, sizeof msg), &c, "f64 data has no wider tile");
    /* f64 in an f64 tile is a tile of the data's type: it follows the data */
    assert_int_equal(edit_dtype_next(&c, &lim, msg, sizeof msg), 0);
    assert_true(c.dtype == TPX_F16 && !config_tile_differs(&c));
    assert_int_equal(edit_tile_dtype_next(&c, &lim, msg, sizeof msg), 0); /* f16 in f32 */
    assert_int_equal(edit_dtype_next(&c, &lim, msg, sizeof msg), 0); /* f32 in f32 */
    assert_true(c.dtype == TPX_F32 && !config_tile_differs(&c));
    /* a kernel without a tile refuses it, and leaving a tiled kernel drops it */
    tpx_config n = cfg(TPX_K_NAIVE_ROW, 32, 8, 0);
    REFUSED(edit_tile_dtype_next(&n, &lim, msg, sizeof msg), &n, "no shared tile");
    assert_int_equal(edit_kernel(&c, TPX_K_NAIVE_ROW, &lim, msg, sizeof msg), 0);
    assert_false(config_tile_differs(&c));
}

/* [ and ] skip the kernels that refuse the block, and say which. */
static void test_kernel_step(void **s)
{
    (void)s;
    tpx_config c = cfg(TPX_K_DIAGONAL_COL, 32, 8, 0);
    assert_int_equal(edit_kernel_step(&c, 1, &lim, msg, sizeof msg), 0);
    assert_int_equal(c.kernel, TPX_K_SMEM_RECT);
    assert_non_null(strstr(msg, "skipped smem"));
    assert_int_equal(edit_kernel_step(&c, -1, &lim, msg, sizeof msg), 0);
    assert_int_equal(c.kernel, TPX_K_DIAGONAL_COL);
    for (int i = 0; i < 2 * TPX_K_COUNT; i++) {
        assert_int_equal(edit_kernel_step(&c, 1, &lim, msg, sizeof msg), 0);
        assert_int_equal(config_validate(&c, &lim, msg, sizeof msg), 0);
    }
}

static tpx_app *app_at(tpx_config c)
{
    tpx_device dev = {0};
    tpx_app *a = app_new(&c, &lim, &dev, "test");
    app_resize(a, 120, 40);
    return a;
}

static void type(tpx_app *a, const char *keys)
{
    for (const char *k = keys; *k; k++)
        app_update(a, app_key(a, *k == '\n' ? TPX_KEY_ENTER : *k == 27 ? TPX_KEY_ESC : *k));
}

static void test_through_the_keys(void **s)
{
    (void)s;
    tpx_app *a = app_at(cfg(TPX_K_NAIVE_ROW, 32, 8, 0));
    tpx_config before = a->cfg;
    type(a, "p"); /* no tile: refused */
    assert_same(&before, &a->cfg);
    assert_true(a->msg_error);
    assert_non_null(strstr(a->msg, "refused: naive_row has no shared tile"));
    type(a, "x"); /* BX 16 */
    assert_int_equal(a->cfg.bx, 16);
    assert_false(a->msg_error);
    type(a, "X");
    assert_int_equal(a->cfg.bx, 32);

    /* The block dialog: typing replaces the field, Tab moves to BY; an
     * invalid block is refused, the dialog stays, the config is unchanged. */
    type(a, "b64\t64\n");
    assert_ptr_equal(a->dialog, &block_dialog);
    assert_true(a->msg_error);
    assert_non_null(strstr(a->msg, "4096 threads"));
    assert_same(&before, &a->cfg);
    type(a, "\x1b");
    assert_null(a->dialog);
    assert_same(&before, &a->cfg);
    type(a, "b8\t32\n");
    assert_null(a->dialog);
    assert_int_equal(a->cfg.bx, 8);
    assert_int_equal(a->cfg.by, 32);

    /* The size dialog, typed and by preset. */
    type(a, "s33x17\n");
    assert_true(a->cfg.w == 33 && a->cfg.h == 17);
    type(a, "s0\n");
    assert_ptr_equal(a->dialog, &size_dialog);
    assert_true(a->cfg.w == 33 && a->cfg.h == 17);
    type(a, "\x1b");
    app_key(a, 's');
    app_key(a, TPX_KEY_DOWN);
    app_key(a, TPX_KEY_ENTER);
    assert_true(a->cfg.w == 1024 && a->cfg.h == 1024);

    /* The kernel list: smem refuses 8x32; a letter jumps; Enter applies. */
    type(a, "K");
    assert_ptr_equal(a->dialog, &kernel_dialog);
    type(a, "s\n");
    assert_int_equal(picker_cursor(app_dialog_state(a, &kernel_dialog)), TPX_K_SMEM);
    assert_ptr_equal(a->dialog, &kernel_dialog);
    assert_non_null(strstr(a->msg, "square"));
    assert_int_equal(a->cfg.kernel, TPX_K_NAIVE_ROW);
    type(a, "t\n"); /* tile_rows: BY 32 does not divide BX 8 */
    assert_ptr_equal(a->dialog, &kernel_dialog);
    assert_non_null(strstr(a->msg, "does not divide"));
    type(a, "s\n"); /* from tile_rows, s goes to strip_vec: a short side of 1024 fits 8x32 */
    assert_null(a->dialog);
    assert_int_equal(a->cfg.kernel, TPX_K_STRIP_VEC);
    type(a, "K");
    type(a, "s\n"); /* from strip_vec, s goes round to smem again: refused */
    assert_int_equal(a->cfg.kernel, TPX_K_STRIP_VEC);
    type(a, "s\n"); /* smem_rect takes 8x32 */
    assert_null(a->dialog);
    assert_int_equal(a->cfg.kernel, TPX_K_SMEM_RECT);

    /* Custom padding. */
    type(a, "P7\n");
    assert_int_equal(a->cfg.pad, 7);
    type(a, "P99\n");
    assert_ptr_equal(a->dialog, &pad_dialog);
    assert_int_equal(a->cfg.pad, 7);
    type(a, "\x1b");
    app_free(a);
}

/* Enter on a field refuses what the command line refuses, with the same
 * words, and keeps the config; nothing typed is dropped or coerced. */
static void expect_field_refused(const char *open, const char *text, const char *what)
{
    tpx_app *a = app_at(cfg(TPX_K_SMEM, 32, 32, 0));
    tpx_config before = a->cfg;
    char keys[64], want[TPX_MSG] = "";
    snprintf(keys, sizeof keys, "%s%s\n", open, text);
    type(a, keys);
    assert_same(&before, &a->cfg);
    assert_non_null(a->dialog);
    assert_true(a->msg_error);
    long long w, h;
    int v;
    if (strcmp(what, "size") == 0)
        assert_int_equal(config_parse_size(text, &w, &h, want, sizeof want), -1);
    else if (strcmp(what, "pad") == 0)
        assert_int_equal(config_parse_pad(text, &v, want, sizeof want), -1);
    else
        assert_int_equal(config_parse_int(text, what, &v, want, sizeof want), -1);
    if (!strstr(a->msg, want))
        fail_msg("'%s' in the %s field: got '%s', the command line says '%s'", text, what,
                 a->msg, want);
    app_free(a);
}

static void test_fields_as_strict_as_the_command_line(void **s)
{
    (void)s;
    expect_field_refused("s", "1e3", "size");
    expect_field_refused("s", "-64", "size");
    expect_field_refused("s", "64 x64", "size");
    expect_field_refused("s", "0x10", "size");
    expect_field_refused("s", "64x", "size");
    expect_field_refused("s", "99999999999999999999", "size");
    expect_field_refused("P", "-1", "pad");
    expect_field_refused("P", "+1", "pad");
    expect_field_refused("P", "1.5", "pad");
    expect_field_refused("P", "0x10", "pad");
    expect_field_refused("P", "65", "pad");
    expect_field_refused("b", "1e1", "BX");
    expect_field_refused("b", "-8", "BX");

    /* A field takes at most its length, and says so, instead of cutting. */
    tpx_app *a = app_at(cfg(TPX_K_SMEM, 32, 32, 0));
    type(a, "s123456789012345678901234567890");
    assert_true(a->msg_error);
    assert_non_null(strstr(a->msg, "at most"));
    type(a, "\x1b");
    /* Up on text that is not a number keeps it as typed. */
    type(a, "P1e3");
    app_key(a, TPX_KEY_UP);
    assert_true(a->msg_error);
    assert_non_null(strstr(a->msg, "pad '1e3'"));
    type(a, "\n"); /* still the text typed, still refused */
    assert_non_null(strstr(a->msg, "pad '1e3'"));
    assert_int_equal(a->cfg.pad, 0);
    app_free(a);
}

int main(void)
{
    lim = config_default_limits();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_refusals_keep_the_config),
        cmocka_unit_test(test_valid_edits),
        cmocka_unit_test(test_tile_dtype),
        cmocka_unit_test(test_kernel_step),
        cmocka_unit_test(test_through_the_keys),
        cmocka_unit_test(test_fields_as_strict_as_the_command_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
