/* The kernel language (src/lang): the parser's precedence (C's), the
 * evaluator's meaning of every operator (kernels/tpx_expr.h), the kernel
 * statements, and the refusals of bad and hostile input, each with its
 * line and column and without echoing a raw byte. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ukernel.h"
#include "ukernel_cuda.h"

/* Evaluate an expression with tx = 3, ty = 5, BX = 32, W = 100, H = 7. */
static tpx_xv eval_str(const char *s, int *err)
{
    ulang_pool p = {0};
    ulang_src src = {s, (int)strlen(s), 0, 1};
    ulang_err e;
    int root = ulang_parse_expr(&p, &src, UL_SEES_ALL, &e);
    if (root < 0)
        fail_msg("'%s': %s", s, e.msg);
    assert_int_equal(src.pos, src.len);
    tpx_xv v[UL_NVARS] = {0};
    v[UL_TX] = 3, v[UL_TY] = 5, v[UL_DBX] = 32, v[UL_W] = 100, v[UL_H] = 7;
    int at;
    tpx_xv r = ulang_eval(&p, root, v, err, &at);
    ulang_pool_free(&p);
    return r;
}

static tpx_xv ok(const char *s)
{
    int err;
    tpx_xv r = eval_str(s, &err);
    assert_int_equal(err, 0);
    return r;
}

static void test_precedence(void **state)
{
    (void)state;
    assert_int_equal(ok("1 + 2 * 3"), 7);
    assert_int_equal(ok("(1 + 2) * 3"), 9);
    assert_int_equal(ok("10 - 4 - 3"), 3);       /* left to right */
    assert_int_equal(ok("100 / 10 / 5"), 2);
    assert_int_equal(ok("tx ^ ty & 1"), 3 ^ (5 & 1)); /* & binds tighter than ^, as in C */
    assert_int_equal(ok("tx < W && ty < H"), 1);
    assert_int_equal(ok("tx == 3 || ty == 0 && 0"), 1);
    assert_int_equal(ok("1 ? 2 : 0 ? 3 : 4"), 2);
    assert_int_equal(ok("0 ? 2 : 0 ? 3 : 4"), 4);
    assert_int_equal(ok("-tx * 2"), -6);
    assert_int_equal(ok("!0 + !5"), 1);
    assert_int_equal(ok("min(tx, ty) + max(BX, W)"), 3 + 100);
    assert_int_equal(ok("tx & BX - 1"), 3 & 31);
}

static void test_semantics(void **state)
{
    (void)state;
    assert_int_equal(ok("-7 / 2"), -3); /* toward zero, as C */
    assert_int_equal(ok("-7 % 2"), -1);
    assert_int_equal(ok("7 % -2"), 1);
    assert_int_equal(ok("tx <= 3"), 1);
    assert_int_equal(ok("tx != 3"), 0);
    /* the conditional evaluates only the branch it takes */
    assert_int_equal(ok("tx == 3 ? 1 : 1 / 0"), 1);
    int err;
    eval_str("tx / (ty - 5)", &err);
    assert_int_equal(err, TPX_XE_DIV0);
    eval_str("tx % 0", &err);
    assert_int_equal(err, TPX_XE_DIV0);
    eval_str("4294967296 * 4294967296", &err);
    assert_int_equal(err, TPX_XE_OVERFLOW);
    eval_str("0 - 4294967296 * 4294967296 * 2", &err);
    assert_int_equal(err, TPX_XE_OVERFLOW);
    assert_int_equal(ok("4294967296 * 2147483647"), 4294967296LL * 2147483647LL);
    /* both sides of && are evaluated (they are arguments of a call on the GPU) */
    eval_str("0 && 1 / 0", &err);
    assert_int_equal(err, TPX_XE_DIV0);
}

/* Parse an expression that must fail at column col with msg containing want. */
static void expr_fails(const char *s, int col, const char *want)
{
    ulang_pool p = {0};
    ulang_src src = {s, (int)strlen(s), 0, 1};
    ulang_err e;
    int root = ulang_parse_expr(&p, &src, UL_SEES_ALL, &e);
    ulang_pool_free(&p);
    if (root >= 0 && src.pos < src.len) { /* what a statement does with what is left */
        ulang_unexpected(&src, "an operator", &e);
        root = -1;
    }
    if (root >= 0)
        fail_msg("'%s' parsed", s);
    if (e.col != col || !strstr(e.msg, want))
        fail_msg("'%s': column %d, '%s'", s, e.col, e.msg);
    for (const char *c = e.msg; *c; c++)
        assert_true((unsigned char)*c >= 0x20 && (unsigned char)*c < 0x7f);
}

static void test_expr_errors(void **state)
{
    (void)state;
    expr_fails("tx +", 5, "found the end of the line");
    expr_fails("tx + * 2", 6, "found '*'");
    expr_fails("(tx + 1", 8, "')'");
    expr_fails("tx + foo", 6, "unknown name 'foo'");
    expr_fails("FIXME", 1, "a blank to fill");
    expr_fails("99999999999", 1, "number too large");
    expr_fails("2BX", 2, "runs into a name");
    expr_fails("tx \x1b[31m", 4, "\\x1b");
    expr_fails("tx \xc3\xa9", 4, "\\xc3");
    expr_fails("min(tx)", 7, "','");
    char deep[400];
    memset(deep, '(', 200);
    strcpy(deep + 200, "1");
    expr_fails(deep, 49, "nested too deeply");
}

static int kernel_fails_n(const char *text, size_t len, int line, int col, const char *want)
{
    ukernel k;
    ulang_err e;
    int rc = ukernel_parse(text, len, &k, &e);
    ukernel_free(&k);
    if (rc == 0)
        fail_msg("parsed:\n%s", text);
    if (e.line != line || (col && e.col != col) || !strstr(e.msg, want))
        fail_msg("%d:%d: %s (wanted %d:%d %s)", e.line, e.col, e.msg, line, col, want);
    return 0;
}

static int kernel_fails(const char *text, int line, int col, const char *want)
{
    return kernel_fails_n(text, strlen(text), line, col, want);
}

static void test_kernel_errors(void **state)
{
    (void)state;
    kernel_fails("", 0, 0, "no move");
    kernel_fails("let x = tx\nB[x] = B[x]\n", 2, 0, "moves A into B");
    kernel_fails("B[tx] = A[tx]\nsync\n", 0, 0, "second phase has no move");
    kernel_fails("grid tx, 1\nB[tx] = A[tx]\n", 1, 6, "the grid may use only BX BY W H");
    kernel_fails("shared S[W][BX]\n", 1, 10, "the tile's size may use only BX BY P");
    kernel_fails("B[tx][ty] = A[tx]\n", 1, 6, "flat arrays");
    kernel_fails("shared S[BY][BX]\nS[tx] = A[tx]\n", 2, 7, "two-dimensional");
    kernel_fails("let tx = 1\n", 1, 5, "name is taken");
    kernel_fails("let A = 1\n", 1, 5, "name is taken");
    kernel_fails("B[tx] = A[tx]\nB[ty] = A[ty]\n", 2, 1, "one move");
    kernel_fails("B[tx] = A[tx]\nsync\nB[ty] = A[ty]\nsync\n", 4, 1, "at most two phases");
    kernel_fails("bx' = by\nB[tx] = A[tx]\n", 0, 0, "both bx' and by'");
    kernel_fails("B[tx] = A[FIXME]\n", 1, 11, "a blank to fill");
    kernel_fails("B[tx] = A[tx] garbage\n", 1, 15, "end of the statement");
    /* hostile: escape sequences, NUL, a long line, too many nodes, too much text */
    kernel_fails("B[tx] = A[\x1b]0;x\x07]\n", 1, 11, "\\x1b");
    kernel_fails_n("B[tx] = A[tx\0]\n", 15, 1, 13, "\\x00");
    static char big[UK_MAX_TEXT + 64];
    memset(big, '1', sizeof big - 1);
    kernel_fails(big, 0, 0, "at most 16384");
    char line[700];
    memset(line, ' ', sizeof line - 1);
    line[sizeof line - 1] = '\0';
    kernel_fails(line, 1, UK_MAX_LINE, "line too long");
    static char many[UK_MAX_TEXT];
    strcpy(many, "let a = 1");
    for (int i = 0; i < 30; i++) {
        strcat(many, "\nlet b");
        snprintf(many + strlen(many), 40, "%d = a", i);
        for (int j = 0; j < 75; j++)
            strcat(many, "+1");
    }
    /* 1 node on line 1, then 1 + 2 * 75 per line: the line that passes UL_MAX_NODES */
    kernel_fails(many, 2 + (UL_MAX_NODES - 1) / 151, 0, "too large");
}

static void test_kernel_shape(void **state)
{
    (void)state;
    const char *text = "# tile\nkernel t1\ngrid (W + BX - 1) / BX, (H + BY - 1) / BY\n"
                       "shared S[BY][BX + P]\nreps 2\nlet x = bx * BX + tx // x\n"
                       "if (x < W) S[ty][tx] = A[x];\n__syncthreads();\n"
                       "if x < W: d_out[x] = tile[ty][tx]\n";
    ukernel k;
    ulang_err e;
    if (ukernel_parse(text, strlen(text), &k, &e) != 0)
        fail_msg("%d:%d: %s", e.line, e.col, e.msg);
    assert_string_equal(k.name, "t1");
    assert_int_equal(k.phases, 2);
    assert_int_equal(k.nosync, 0);
    assert_int_equal(k.mv[0].dst.space, TPX_SPACE_S);
    assert_int_equal(k.mv[1].dst.space, TPX_SPACE_B);
    assert_int_equal(k.mv[1].src.space, TPX_SPACE_S);
    tpx_geom g = {100, 50, 32, 8, 0, 0, 1, 0, 1, 0};
    long long gx, gy, rows, cols;
    int err, at;
    ukernel_grid(&k, &g, &gx, &gy, &err, &at);
    assert_int_equal(gx, 4);
    assert_int_equal(gy, 7);
    ukernel_tile(&k, &g, &rows, &cols, &err, &at);
    assert_int_equal(rows, 8);
    assert_int_equal(cols, 33);
    assert_int_equal(ukernel_reps(&k, &g, 0, &err, &at), 2);
    assert_int_equal(ukernel_reps(&k, &g, 1, &err, &at), 1);
    uk_eval ev;
    ukernel_move(&k, &g, cols, 0, 1, 2, 0, 5, 3, &ev);
    assert_int_equal(ev.err, 0);
    assert_int_equal(ev.m.src, 2 * 32 + 5);
    assert_int_equal(ev.m.dst, 3 * 33 + 5);
    assert_int_equal(ev.m.ok, 1);
    ukernel_move(&k, &g, cols, 0, 0, 3, 0, 31, 0, &ev); /* x = 127: the guard fails */
    assert_int_equal(ev.m.ok, 0);
    /* the generated CUDA spells the student's names u_ and the operators as tpx_expr.h's */
    char *cuda = ukernel_cuda(&k);
    assert_non_null(cuda);
    assert_non_null(strstr(cuda, "const long long u_x = tpx_x_add(tpx_x_mul(tpx_bx, tpx_BX"));
    assert_non_null(strstr(cuda, "__syncthreads();"));
    assert_non_null(strstr(cuda, "tpx_r < 2LL"));
    free(cuda);
    ukernel_free(&k);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_precedence),   cmocka_unit_test(test_semantics),
        cmocka_unit_test(test_expr_errors),  cmocka_unit_test(test_kernel_errors),
        cmocka_unit_test(test_kernel_shape),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
