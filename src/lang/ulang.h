/* ulang: the expressions of the kernel language (docs/language.md): a lexer
 * and a precedence-climbing parser into a pool of nodes, and the evaluator.
 * Every operator's meaning is in kernels/tpx_expr.h, shared with the CUDA
 * source generated from the same nodes (ukernel_cuda.c).  Nothing here
 * trusts its input: sizes, depth and counts are bounded, every refusal
 * names the column, and no byte of the input is echoed raw. */
#ifndef TPX_ULANG_H
#define TPX_ULANG_H

#include <stddef.h>

#include "tpx_expr.h"

#define UL_MSG 256
#define UL_MAX_NODES 4096 /* nodes of one kernel, all expressions together */
#define UL_MAX_DEPTH 48   /* nesting of one expression */
#define UL_MAX_NAME 24    /* characters of a let's or a kernel's name */
#define UL_MAX_LETS 32
#define UL_MAX_NUM 4294967296LL /* largest literal: 2^32 */

/* The variables: the built-in ones first, then one slot per `let`. */
typedef enum ulang_var {
    UL_TX, UL_TY,   /* threadIdx */
    UL_BX, UL_BY,   /* blockIdx (after a block-order remap: the tile) */
    UL_DBX, UL_DBY, /* blockDim: BX, BY */
    UL_GX, UL_GY,   /* gridDim: GX, GY */
    UL_W, UL_H,     /* A is H rows of W columns */
    UL_P, UL_SWZ,   /* the config's padding and swizzle (0 or 1) */
    UL_R,           /* the repetition, 0 .. reps - 1 */
    UL_NBUILTIN
} ulang_var;
#define UL_NVARS (UL_NBUILTIN + UL_MAX_LETS)

/* Which built-ins an expression may read, by where it stands. */
#define UL_SEES_DIMS ((1u << UL_DBX) | (1u << UL_DBY) | (1u << UL_W) | (1u << UL_H) | \
                      (1u << UL_P) | (1u << UL_SWZ))
#define UL_SEES_GRID ((1u << UL_DBX) | (1u << UL_DBY) | (1u << UL_W) | (1u << UL_H))
#define UL_SEES_TILE ((1u << UL_DBX) | (1u << UL_DBY) | (1u << UL_P))
#define UL_SEES_BLOCK (UL_SEES_DIMS | (1u << UL_BX) | (1u << UL_BY) | (1u << UL_GX) | \
                       (1u << UL_GY))
#define UL_SEES_ALL 0xffffffffu

typedef enum ulang_kind { UL_NUM, UL_VAR, UL_UN, UL_BIN, UL_SEL } ulang_kind;

/* Operators: the index is the function of tpx_expr.h that gives its meaning. */
typedef enum ulang_op {
    UL_ADD, UL_SUB, UL_MUL, UL_DIV, UL_MOD, UL_MIN, UL_MAX, UL_XOR, UL_BAND, UL_LT, UL_LE,
    UL_GT, UL_GE, UL_EQ, UL_NE, UL_AND, UL_OR, UL_NEG, UL_NOT, UL_NOPS
} ulang_op;

typedef struct ulang_node {
    unsigned char kind, op; /* ulang_kind; ulang_op for UL_UN, UL_BIN */
    short col;              /* 1-based column of the operator or operand */
    int line;
    int a, b, c;            /* children (node indices); a = the variable for UL_VAR */
    tpx_xv num;
} ulang_node;

/* The pool of one kernel's expressions and the names of its lets. */
typedef struct ulang_pool {
    ulang_node *node; /* grown as needed, at most UL_MAX_NODES */
    int n, cap;
    char let[UL_MAX_LETS][UL_MAX_NAME + 1];
    int nlets;
} ulang_pool;

/* Where parsing failed: 1-based line and column, and why. */
typedef struct ulang_err {
    int line, col;
    char msg[UL_MSG];
} ulang_err;

/* A cursor over one line of source. */
typedef struct ulang_src {
    const char *s; /* the line (not NUL-terminated: len bytes) */
    int len, pos, line;
} ulang_src;

/* Free a pool's nodes (the pool itself is the caller's). */
void ulang_pool_free(ulang_pool *p);

/* Parse an expression at src->pos that may read the variables in `sees`
 * (bits of ulang_var; lets always); returns its root or -1 with *e set. */
int ulang_parse_expr(ulang_pool *p, ulang_src *src, unsigned sees, ulang_err *e);

/* Lexer helpers the statement parser shares. */
void ulang_skip_space(ulang_src *src);
/* Whether the next characters are `word` followed by a non-identifier character. */
int ulang_take_word(ulang_src *src, const char *word);
/* Whether the next character is `ch` (then skipped). */
int ulang_take_char(ulang_src *src, char ch);
/* An identifier into out (at most UL_MAX_NAME); 0, or -1 when there is none. */
int ulang_take_ident(ulang_src *src, char *out, size_t n);
/* "unexpected 'x'" / "unexpected byte \xNN" / "unexpected end of line" for the
 * character at src->pos, never the raw byte. */
void ulang_unexpected(const ulang_src *src, const char *wanted, ulang_err *e);
void ulang_fail(ulang_err *e, const ulang_src *src, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Evaluate node `root` with the variables v[]; on a failure (a division by
 * zero, an overflow) *err is its TPX_XE_* code and *at the failing node. */
tpx_xv ulang_eval(const ulang_pool *p, int root, const tpx_xv *v, int *err, int *at);

/* The variable a name means (a built-in or a let), or -1. */
int ulang_find_var(const ulang_pool *p, const char *name);
/* Name of a variable (a built-in's or a let's). */
const char *ulang_var_name(const ulang_pool *p, int var);
/* The C spelling of an operator, and the tpx_expr.h function that means it. */
const char *ulang_op_text(ulang_op op);
const char *ulang_op_fn(ulang_op op);
/* Whether the operator's function takes the error flag. */
int ulang_op_checked(ulang_op op);
/* "division by zero", "overflow (beyond 64-bit integers)" */
const char *ulang_err_text(int code);

#endif
