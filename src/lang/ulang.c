#include "ulang.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Binary operators by precedence, lowest first, as in C (so an expression
 * means what it would mean pasted into CUDA): || && ^ & (== !=) (< <= > >=)
 * (+ -) (* / %).  The conditional ?: sits below all of them. */
typedef struct binop {
    const char *text;
    ulang_op op;
    int prec;
} binop;

static const binop binops[] = {
    {"||", UL_OR, 1},  {"&&", UL_AND, 2}, {"==", UL_EQ, 5}, {"!=", UL_NE, 5},
    {"<=", UL_LE, 6},  {">=", UL_GE, 6},  {"<", UL_LT, 6},  {">", UL_GT, 6},
    {"^", UL_XOR, 3},  {"&", UL_BAND, 4}, {"+", UL_ADD, 7}, {"-", UL_SUB, 7},
    {"*", UL_MUL, 8},  {"/", UL_DIV, 8},  {"%", UL_MOD, 8},
};

static const char *const builtin_names[UL_NBUILTIN] = {
    "tx", "ty", "bx", "by", "BX", "BY", "GX", "GY", "W", "H", "P", "SWZ", "r",
};

const char *ulang_var_name(const ulang_pool *p, int var)
{
    if (var >= 0 && var < UL_NBUILTIN)
        return builtin_names[var];
    if (p && var >= UL_NBUILTIN && var < UL_NBUILTIN + p->nlets)
        return p->let[var - UL_NBUILTIN];
    return "?";
}

void ulang_fail(ulang_err *e, const ulang_src *src, int col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
    va_end(ap);
    e->line = src ? src->line : 0;
    e->col = col;
}

void ulang_pool_free(ulang_pool *p)
{
    free(p->node);
    p->node = NULL;
    p->n = p->cap = 0;
}

void ulang_skip_space(ulang_src *src)
{
    while (src->pos < src->len && (src->s[src->pos] == ' ' || src->s[src->pos] == '\t'))
        src->pos++;
}

static int is_ident_start(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
static int is_ident(int c) { return is_ident_start(c) || (c >= '0' && c <= '9'); }
static int peek(const ulang_src *src, int k)
{
    return src->pos + k < src->len ? (unsigned char)src->s[src->pos + k] : -1;
}

int ulang_take_word(ulang_src *src, const char *word)
{
    ulang_skip_space(src);
    int n = (int)strlen(word);
    if (src->len - src->pos < n || memcmp(src->s + src->pos, word, (size_t)n) != 0)
        return 0;
    if (is_ident(peek(src, n)))
        return 0;
    src->pos += n;
    return 1;
}

int ulang_take_char(ulang_src *src, char ch)
{
    ulang_skip_space(src);
    if (peek(src, 0) != (unsigned char)ch)
        return 0;
    src->pos++;
    return 1;
}

int ulang_take_ident(ulang_src *src, char *out, size_t n)
{
    ulang_skip_space(src);
    int start = src->pos;
    if (!is_ident_start(peek(src, 0)))
        return -1;
    while (is_ident(peek(src, 0)))
        src->pos++;
    size_t len = (size_t)(src->pos - start);
    if (len >= n) {
        src->pos = start;
        return -1;
    }
    memcpy(out, src->s + start, len);
    out[len] = '\0';
    return 0;
}

void ulang_unexpected(const ulang_src *src, const char *wanted, ulang_err *e)
{
    int c = peek(src, 0), col = src->pos + 1;
    if (c < 0)
        ulang_fail(e, src, col, "%s expected, found the end of the line", wanted);
    else if (c >= 0x21 && c < 0x7f)
        ulang_fail(e, src, col, "%s expected, found '%c'", wanted, c);
    else
        ulang_fail(e, src, col, "%s expected, found the byte \\x%02x (the language is ASCII)",
                   wanted, c);
}

/* ---- the parser --------------------------------------------------------- */

typedef struct parser {
    ulang_pool *p;
    ulang_src *src;
    unsigned sees;
    ulang_err *e;
    int depth;
} parser;

static int add_node(parser *ps, ulang_kind kind, int op, int col, int a, int b, int c)
{
    ulang_pool *p = ps->p;
    if (p->n >= UL_MAX_NODES) {
        ulang_fail(ps->e, ps->src, col, "the kernel is too large: more than %d operators and "
                   "operands in all", UL_MAX_NODES);
        return -1;
    }
    if (p->n >= p->cap) {
        int cap = p->cap ? 2 * p->cap : 64;
        ulang_node *nn = realloc(p->node, sizeof *nn * (size_t)cap);
        if (!nn) {
            ulang_fail(ps->e, ps->src, col, "out of memory");
            return -1;
        }
        p->node = nn;
        p->cap = cap;
    }
    ulang_node *nd = &ps->p->node[ps->p->n];
    memset(nd, 0, sizeof *nd);
    nd->kind = (unsigned char)kind;
    nd->op = (unsigned char)op;
    nd->col = (short)(col > 32767 ? 32767 : col);
    nd->line = ps->src->line;
    nd->a = a;
    nd->b = b;
    nd->c = c;
    return ps->p->n++;
}

static int parse_cond(parser *ps);

/* One level deeper into an expression: refused past UL_MAX_DEPTH (the
 * parser and the evaluator recurse, so the depth bounds their stacks). */
static int deeper(parser *ps, int col)
{
    if (++ps->depth <= UL_MAX_DEPTH)
        return 0;
    ulang_fail(ps->e, ps->src, col, "expression nested too deeply (more than %d levels)",
               UL_MAX_DEPTH);
    return -1;
}

static int parse_number(parser *ps)
{
    int col = ps->src->pos + 1;
    tpx_xv v = 0;
    while (peek(ps->src, 0) >= '0' && peek(ps->src, 0) <= '9') {
        v = v * 10 + (peek(ps->src, 0) - '0');
        ps->src->pos++;
        if (v > UL_MAX_NUM) {
            ulang_fail(ps->e, ps->src, col, "number too large: literals go up to 2^32 (%lld)",
                       UL_MAX_NUM);
            return -1;
        }
    }
    if (is_ident(peek(ps->src, 0))) {
        ulang_fail(ps->e, ps->src, ps->src->pos + 1, "a number runs into a name: put an "
                   "operator between them (e.g. 2 * BX)");
        return -1;
    }
    int n = add_node(ps, UL_NUM, 0, col, 0, 0, 0);
    if (n >= 0)
        ps->p->node[n].num = v;
    return n;
}

int ulang_find_var(const ulang_pool *p, const char *name)
{
    for (int i = 0; i < UL_NBUILTIN; i++)
        if (strcmp(builtin_names[i], name) == 0)
            return i;
    for (int i = 0; i < p->nlets; i++)
        if (strcmp(p->let[i], name) == 0)
            return UL_NBUILTIN + i;
    return -1;
}

/* min(a, b) and max(a, b) */
static int parse_call(parser *ps, ulang_op op, int col)
{
    if (!ulang_take_char(ps->src, '(')) {
        ulang_unexpected(ps->src, "'(' after min or max", ps->e);
        return -1;
    }
    int a = parse_cond(ps);
    if (a < 0)
        return -1;
    if (!ulang_take_char(ps->src, ',')) {
        ulang_unexpected(ps->src, "',' between the two arguments", ps->e);
        return -1;
    }
    int b = parse_cond(ps);
    if (b < 0)
        return -1;
    if (!ulang_take_char(ps->src, ')')) {
        ulang_unexpected(ps->src, "')' closing the call", ps->e);
        return -1;
    }
    return add_node(ps, UL_BIN, op, col, a, b, 0);
}

static int parse_name(parser *ps)
{
    int col = ps->src->pos + 1;
    char name[UL_MAX_NAME + 1];
    if (ulang_take_ident(ps->src, name, sizeof name) != 0) {
        ulang_fail(ps->e, ps->src, col, "name too long: at most %d characters", UL_MAX_NAME);
        return -1;
    }
    if (strcmp(name, "min") == 0 || strcmp(name, "max") == 0)
        return parse_call(ps, name[1] == 'i' ? UL_MIN : UL_MAX, col);
    if (strcmp(name, "FIXME") == 0) {
        ulang_fail(ps->e, ps->src, col, "a blank to fill: replace FIXME with an index expression");
        return -1;
    }
    int v = ulang_find_var(ps->p, name);
    if (v < 0) {
        ulang_fail(ps->e, ps->src, col, "unknown name '%s': the names are tx ty bx by BX BY GX "
                   "GY W H P SWZ r, min, max, and the lets defined above", name);
        return -1;
    }
    if (v < UL_NBUILTIN && !(ps->sees & (1u << v))) {
        ulang_fail(ps->e, ps->src, col, "'%s' has no value here: %s", name,
                   ps->sees == UL_SEES_GRID   ? "the grid may use only BX BY W H"
                   : ps->sees == UL_SEES_TILE ? "the tile's size may use only BX BY P"
                   : ps->sees == UL_SEES_DIMS ? "reps may use only BX BY W H P SWZ"
                                              : "the block order may use only bx by GX GY BX "
                                                "BY W H P SWZ");
        return -1;
    }
    return add_node(ps, UL_VAR, 0, col, v, 0, 0);
}

static int parse_unary(parser *ps)
{
    ulang_skip_space(ps->src);
    int col = ps->src->pos + 1, c = peek(ps->src, 0);
    if (deeper(ps, col) != 0)
        return -1;
    int r;
    if (c == '-' || c == '!') {
        ps->src->pos++;
        int a = parse_unary(ps);
        r = a < 0 ? -1 : add_node(ps, UL_UN, c == '-' ? UL_NEG : UL_NOT, col, a, 0, 0);
    } else if (c == '(') {
        ps->src->pos++;
        r = parse_cond(ps);
        if (r >= 0 && !ulang_take_char(ps->src, ')')) {
            ulang_unexpected(ps->src, "')'", ps->e);
            r = -1;
        }
    } else if (c >= '0' && c <= '9') {
        r = parse_number(ps);
    } else if (is_ident_start(c)) {
        r = parse_name(ps);
    } else {
        ulang_unexpected(ps->src, "a number, a name or '('", ps->e);
        r = -1;
    }
    ps->depth--;
    return r;
}

/* The binary operator at the cursor (the longest that matches: '&&' is not
 * '&' twice), or NULL when there is none or it binds less than min_prec. */
static const binop *peek_binop(ulang_src *src, int min_prec)
{
    ulang_skip_space(src);
    const binop *best = NULL;
    for (size_t i = 0; i < sizeof binops / sizeof binops[0]; i++) {
        const binop *b = &binops[i];
        size_t n = strlen(b->text);
        if ((size_t)(src->len - src->pos) >= n && memcmp(src->s + src->pos, b->text, n) == 0 &&
            (!best || n > strlen(best->text)))
            best = b;
    }
    return best && best->prec >= min_prec ? best : NULL;
}

static int parse_binary(parser *ps, int min_prec)
{
    int lhs = parse_unary(ps);
    const binop *b;
    while (lhs >= 0 && (b = peek_binop(ps->src, min_prec)) != NULL) {
        int col = ps->src->pos + 1;
        ps->src->pos += (int)strlen(b->text);
        if (deeper(ps, col) != 0)
            return -1;
        int rhs = parse_binary(ps, b->prec + 1);
        ps->depth--;
        lhs = rhs < 0 ? -1 : add_node(ps, UL_BIN, b->op, col, lhs, rhs, 0);
    }
    return lhs;
}

static int parse_cond(parser *ps)
{
    int c = parse_binary(ps, 1);
    if (c < 0 || !ulang_take_char(ps->src, '?'))
        return c;
    int col = ps->src->pos;
    if (deeper(ps, col) != 0)
        return -1;
    int a = parse_cond(ps);
    if (a >= 0 && !ulang_take_char(ps->src, ':')) {
        ulang_unexpected(ps->src, "':' of the conditional", ps->e);
        a = -1;
    }
    int b = a < 0 ? -1 : parse_cond(ps);
    ps->depth--;
    return b < 0 ? -1 : add_node(ps, UL_SEL, 0, col, c, a, b);
}

int ulang_parse_expr(ulang_pool *p, ulang_src *src, unsigned sees, ulang_err *e)
{
    parser ps = {p, src, sees, e, 0};
    return parse_cond(&ps);
}
