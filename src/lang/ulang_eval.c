#include "ulang.h"

/* One row per operator: its C spelling and the function of tpx_expr.h that
 * gives its meaning (the evaluator below and the generated CUDA call it). */
typedef struct opinfo {
    const char *text, *fn;
    int checked; /* takes the error flag */
} opinfo;

static const opinfo ops[UL_NOPS] = {
    [UL_ADD] = {"+", "tpx_x_add", 1},  [UL_SUB] = {"-", "tpx_x_sub", 1},
    [UL_MUL] = {"*", "tpx_x_mul", 1},  [UL_DIV] = {"/", "tpx_x_div", 1},
    [UL_MOD] = {"%", "tpx_x_mod", 1},  [UL_MIN] = {"min", "tpx_x_min", 0},
    [UL_MAX] = {"max", "tpx_x_max", 0}, [UL_XOR] = {"^", "tpx_x_xor", 0},
    [UL_BAND] = {"&", "tpx_x_band", 0}, [UL_LT] = {"<", "tpx_x_lt", 0},
    [UL_LE] = {"<=", "tpx_x_le", 0},   [UL_GT] = {">", "tpx_x_gt", 0},
    [UL_GE] = {">=", "tpx_x_ge", 0},   [UL_EQ] = {"==", "tpx_x_eq", 0},
    [UL_NE] = {"!=", "tpx_x_ne", 0},   [UL_AND] = {"&&", "tpx_x_and", 0},
    [UL_OR] = {"||", "tpx_x_or", 0},   [UL_NEG] = {"-", "tpx_x_neg", 1},
    [UL_NOT] = {"!", "tpx_x_not", 0},
};

const char *ulang_op_text(ulang_op op) { return op < UL_NOPS ? ops[op].text : "?"; }
const char *ulang_op_fn(ulang_op op) { return op < UL_NOPS ? ops[op].fn : "?"; }
int ulang_op_checked(ulang_op op) { return op < UL_NOPS && ops[op].checked; }

const char *ulang_err_text(int code)
{
    switch (code) {
    case TPX_XE_DIV0: return "division by zero";
    case TPX_XE_OVERFLOW: return "overflow (a value beyond 64-bit integers)";
    default: return "no error";
    }
}

static tpx_xv apply_bin(ulang_op op, tpx_xv a, tpx_xv b, int *err)
{
    switch (op) {
    case UL_ADD: return tpx_x_add(a, b, err);
    case UL_SUB: return tpx_x_sub(a, b, err);
    case UL_MUL: return tpx_x_mul(a, b, err);
    case UL_DIV: return tpx_x_div(a, b, err);
    case UL_MOD: return tpx_x_mod(a, b, err);
    case UL_MIN: return tpx_x_min(a, b);
    case UL_MAX: return tpx_x_max(a, b);
    case UL_XOR: return tpx_x_xor(a, b);
    case UL_BAND: return tpx_x_band(a, b);
    case UL_LT: return tpx_x_lt(a, b);
    case UL_LE: return tpx_x_le(a, b);
    case UL_GT: return tpx_x_gt(a, b);
    case UL_GE: return tpx_x_ge(a, b);
    case UL_EQ: return tpx_x_eq(a, b);
    case UL_NE: return tpx_x_ne(a, b);
    case UL_AND: return tpx_x_and(a, b);
    case UL_OR: return tpx_x_or(a, b);
    default: return 0;
    }
}

/* The recursion is as deep as the tree: at most UL_MAX_DEPTH for nesting,
 * and UL_MAX_NODES for a left chain (a + b + c ...), some dozens of bytes of stack each. */
static tpx_xv eval(const ulang_pool *p, int i, const tpx_xv *v, int *err, int *at)
{
    const ulang_node *n = &p->node[i];
    int before = *err;
    tpx_xv r = 0;
    switch ((ulang_kind)n->kind) {
    case UL_NUM: return n->num;
    case UL_VAR: return v[n->a];
    case UL_UN: {
        tpx_xv a = eval(p, n->a, v, err, at);
        r = n->op == UL_NEG ? tpx_x_neg(a, err) : tpx_x_not(a);
        break;
    }
    case UL_BIN: {
        tpx_xv a = eval(p, n->a, v, err, at), b = eval(p, n->b, v, err, at);
        r = apply_bin((ulang_op)n->op, a, b, err);
        break;
    }
    case UL_SEL:
        /* only the branch taken, as C's ?: in the generated source */
        r = eval(p, n->a, v, err, at) ? eval(p, n->b, v, err, at) : eval(p, n->c, v, err, at);
        break;
    }
    if (!before && *err && *at < 0)
        *at = i;
    return r;
}

tpx_xv ulang_eval(const ulang_pool *p, int root, const tpx_xv *v, int *err, int *at)
{
    *err = 0;
    *at = -1;
    return eval(p, root, v, err, at);
}
