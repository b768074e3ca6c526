#include "ukernel.h"

#include <string.h>

/* One line's parse: the kernel being built, the cursor, the error. */
typedef struct stmt {
    ukernel *k;
    ulang_src *src;
    ulang_err *e;
    int moves, syncs; /* seen so far */
} stmt;

static int fail(stmt *st, int col, const char *msg)
{
    ulang_fail(st->e, st->src, col, "%s", msg);
    return -1;
}

static int col_of(const ulang_src *src) { return src->pos + 1; }

/* The rest of the line must be empty (a trailing ';' is allowed). */
static int end_of_line(stmt *st)
{
    ulang_take_char(st->src, ';');
    ulang_skip_space(st->src);
    if (st->src->pos < st->src->len) {
        ulang_unexpected(st->src, "the end of the statement", st->e);
        return -1;
    }
    return 0;
}

static int expr(stmt *st, unsigned sees)
{
    return ulang_parse_expr(&st->k->pool, st->src, sees, st->e);
}

/* A name naming an array: A (d_in, in), B (d_out, out) or S (tile). */
static int space_of(const char *name, tpx_space *s)
{
    static const struct { const char *name; tpx_space s; } names[] = {
        {"A", TPX_SPACE_A}, {"d_in", TPX_SPACE_A}, {"in", TPX_SPACE_A},
        {"B", TPX_SPACE_B}, {"d_out", TPX_SPACE_B}, {"out", TPX_SPACE_B},
        {"S", TPX_SPACE_S}, {"tile", TPX_SPACE_S},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(names[i].name, name) == 0) {
            *s = names[i].s;
            return 0;
        }
    return -1;
}

static int bracket(stmt *st, int *node)
{
    if (!ulang_take_char(st->src, '[')) {
        ulang_unexpected(st->src, "'['", st->e);
        return -1;
    }
    *node = expr(st, UL_SEES_ALL);
    if (*node < 0)
        return -1;
    if (!ulang_take_char(st->src, ']')) {
        ulang_unexpected(st->src, "']'", st->e);
        return -1;
    }
    return 0;
}

/* A[i], B[i] or S[row][col]. */
static int parse_ref(stmt *st, uk_ref *r)
{
    char name[UL_MAX_NAME + 1];
    ulang_skip_space(st->src);
    r->at = col_of(st->src);
    r->line = st->src->line;
    if (ulang_take_ident(st->src, name, sizeof name) != 0 || space_of(name, &r->space) != 0) {
        st->src->pos = r->at - 1;
        return fail(st, r->at, "a move is DST[index] = SRC[index] over A (the input), B (the "
                    "output) and S (the shared tile)");
    }
    if (bracket(st, &r->idx) != 0)
        return -1;
    r->col = -1;
    ulang_skip_space(st->src);
    int two = st->src->pos < st->src->len && st->src->s[st->src->pos] == '[';
    if (r->space == TPX_SPACE_S) {
        if (!two)
            return fail(st, col_of(st->src), "S is two-dimensional: write S[row][column]");
        return bracket(st, &r->col);
    }
    if (two)
        return fail(st, col_of(st->src), "A and B are flat arrays: write A[y * W + x], "
                    "B[x * H + y]");
    return 0;
}

static int parse_move(stmt *st, int guard)
{
    if (st->moves >= 2)
        return fail(st, 1, "a kernel has at most two moves, one per phase: use `reps N` and r "
                    "for more elements per thread");
    if (st->moves > st->syncs)
        st->k->nosync = 1; /* the check will say what the missing barrier does */
    uk_move *m = &st->k->mv[st->moves];
    m->guard = guard;
    m->line = st->src->line;
    m->nlets = st->k->nlets;
    if (parse_ref(st, &m->dst) != 0)
        return -1;
    if (!ulang_take_char(st->src, '=')) {
        ulang_unexpected(st->src, "'='", st->e);
        return -1;
    }
    if (parse_ref(st, &m->src) != 0 || end_of_line(st) != 0)
        return -1;
    st->moves++;
    return 0;
}

/* if GUARD: MOVE   or   if (GUARD) MOVE */
static int parse_if(stmt *st)
{
    int g = expr(st, UL_SEES_ALL);
    if (g < 0)
        return -1;
    ulang_take_char(st->src, ':');
    return parse_move(st, g);
}

static int parse_let(stmt *st)
{
    ukernel *k = st->k;
    char name[UL_MAX_NAME + 1];
    int col = col_of(st->src) + 1;
    if (ulang_take_ident(st->src, name, sizeof name) != 0)
        return fail(st, col, "let NAME = expression (a name of at most 24 letters, digits, _)");
    if (k->nlets >= UL_MAX_LETS)
        return fail(st, col, "too many lets (at most 32)");
    tpx_space sp;
    if (ulang_find_var(&k->pool, name) >= 0 || !strcmp(name, "FIXME") || space_of(name, &sp) == 0 || !strcmp(name, "min") || !strcmp(name, "max"))
        return fail(st, col, "that name is taken: pick another for the let");
    if (!ulang_take_char(st->src, '='))
        return ulang_unexpected(st->src, "'='", st->e), -1;
    int node = expr(st, UL_SEES_ALL);
    if (node < 0 || end_of_line(st) != 0)
        return -1;
    strcpy(k->pool.let[k->pool.nlets], name);
    k->let[k->nlets] = (uk_let){UL_NBUILTIN + k->pool.nlets, node, st->src->line};
    k->pool.nlets++;
    k->nlets++;
    return 0;
}

/* grid GX, GY */
static int parse_grid(stmt *st)
{
    if (st->k->grid[0] >= 0)
        return fail(st, 1, "the grid is declared twice");
    if ((st->k->grid[0] = expr(st, UL_SEES_GRID)) < 0)
        return -1;
    if (!ulang_take_char(st->src, ','))
        return ulang_unexpected(st->src, "',' between GX and GY", st->e), -1;
    if ((st->k->grid[1] = expr(st, UL_SEES_GRID)) < 0)
        return -1;
    return end_of_line(st);
}

/* shared S[rows][cols] */
static int parse_shared(stmt *st)
{
    char name[UL_MAX_NAME + 1];
    tpx_space sp;
    int col = col_of(st->src) + 1;
    if (st->k->tile[0] >= 0)
        return fail(st, 1, "the shared tile is declared twice");
    if (ulang_take_ident(st->src, name, sizeof name) != 0 || space_of(name, &sp) != 0 ||
        sp != TPX_SPACE_S)
        return fail(st, col, "shared S[rows][columns]: the tile is called S");
    for (int i = 0; i < 2; i++) {
        if (!ulang_take_char(st->src, '['))
            return ulang_unexpected(st->src, "'['", st->e), -1;
        if ((st->k->tile[i] = expr(st, UL_SEES_TILE)) < 0)
            return -1;
        if (!ulang_take_char(st->src, ']'))
            return ulang_unexpected(st->src, "']'", st->e), -1;
    }
    return end_of_line(st);
}

/* bx' = ... or by' = ... */
static int parse_remap(stmt *st, int axis)
{
    if (st->k->remap[axis] >= 0)
        return fail(st, 1, axis ? "by' is declared twice" : "bx' is declared twice");
    if (st->moves > 0)
        return fail(st, 1, "the block order (bx', by') comes before the moves");
    if (!ulang_take_char(st->src, '='))
        return ulang_unexpected(st->src, "'='", st->e), -1;
    if ((st->k->remap[axis] = expr(st, UL_SEES_BLOCK)) < 0)
        return -1;
    return end_of_line(st);
}

static int parse_reps(stmt *st)
{
    int ph = st->syncs;
    if (st->k->reps[ph] >= 0)
        return fail(st, 1, "reps is declared twice in this phase");
    if (st->moves > st->syncs)
        return fail(st, 1, "reps comes before the phase's move");
    if ((st->k->reps[ph] = expr(st, UL_SEES_DIMS)) < 0)
        return -1;
    return end_of_line(st);
}

static int parse_sync(stmt *st)
{
    if (ulang_take_char(st->src, '(') && !ulang_take_char(st->src, ')'))
        return ulang_unexpected(st->src, "')'", st->e), -1;
    if (st->syncs >= 1)
        return fail(st, 1, "a kernel has at most two phases (one sync)");
    if (st->moves == 0)
        return fail(st, 1, "sync before any move: the first phase needs its move");
    st->syncs++;
    return end_of_line(st);
}

static int parse_name_line(stmt *st)
{
    char name[UL_MAX_NAME + 1];
    ulang_skip_space(st->src);
    if (ulang_take_ident(st->src, name, sizeof name) != 0) {
        ulang_unexpected(st->src, "the kernel's name (letters, digits and _, at most 24)", st->e);
        return -1;
    }
    strcpy(st->k->name, name);
    return end_of_line(st);
}

static int parse_stmt(stmt *st)
{
    ulang_src *s = st->src;
    if (ulang_take_word(s, "if"))
        return parse_if(st);
    if (ulang_take_word(s, "let"))
        return parse_let(st);
    if (ulang_take_word(s, "grid"))
        return parse_grid(st);
    if (ulang_take_word(s, "shared"))
        return parse_shared(st);
    if (ulang_take_word(s, "reps"))
        return parse_reps(st);
    if (ulang_take_word(s, "sync") || ulang_take_word(s, "__syncthreads"))
        return parse_sync(st);
    if (ulang_take_word(s, "kernel"))
        return parse_name_line(st);
    if (ulang_take_word(s, "copy"))
        return st->k->copy = 1, end_of_line(st);
    for (int axis = 0; axis < 2; axis++) {
        const char *w = axis ? "by'" : "bx'";
        ulang_skip_space(s);
        if (s->len - s->pos >= 3 && memcmp(s->s + s->pos, w, 3) == 0) {
            s->pos += 3;
            return parse_remap(st, axis);
        }
    }
    return parse_move(st, -1);
}

/* The whole kernel's shape once every line is read. */
static int check_shape(stmt *st)
{
    ukernel *k = st->k;
    ulang_src end = {"", 0, 0, 0};
    st->src = &end;
    if (st->moves == 0)
        return fail(st, 0, "no move: write one, e.g. if x < W && y < H: B[x * H + y] = A[y * W "
                    "+ x]");
    if (st->syncs == st->moves)
        return fail(st, 0, "sync at the end: the second phase has no move");
    k->phases = st->moves;
    if (k->nosync && (k->mv[0].dst.space != TPX_SPACE_S || k->mv[1].src.space != TPX_SPACE_S)) {
        end.line = k->mv[1].line;
        return fail(st, 1, "a phase holds one move: use `reps N` and r for more elements per "
                    "thread (or sync between a move into S and one out of it)");
    }
    static const tpx_space want[2][2][2] = {
        {{TPX_SPACE_A, TPX_SPACE_B}, {TPX_SPACE_A, TPX_SPACE_B}},
        {{TPX_SPACE_A, TPX_SPACE_S}, {TPX_SPACE_S, TPX_SPACE_B}},
    };
    static const char *const says[2][2] = {
        {"a one-phase kernel moves A into B: B[...] = A[...]", ""},
        {"the first phase moves A into the tile: S[...][...] = A[...]",
         "the second phase moves the tile into B: B[...] = S[...][...]"},
    };
    for (int p = 0; p < k->phases; p++) {
        const uk_move *m = &k->mv[p];
        if (m->src.space != want[k->phases - 1][p][0] || m->dst.space != want[k->phases - 1][p][1]) {
            end.line = m->line;
            return fail(st, m->dst.at, says[k->phases - 1][p]);
        }
    }
    if (k->phases == 2 && k->tile[0] < 0)
        return fail(st, 0, "the tile S is not declared: add shared S[rows][columns] (e.g. "
                    "shared S[BY][BX + P])");
    if (k->phases == 1 && k->tile[0] >= 0)
        return fail(st, 0, "a shared tile without a second phase: move A into S, sync, then S "
                    "into B");
    if ((k->remap[0] < 0) != (k->remap[1] < 0))
        return fail(st, 0, "the block order needs both bx' and by'");
    return 0;
}

void ukernel_free(ukernel *k) { ulang_pool_free(&k->pool); }

int ukernel_parse(const char *text, size_t len, ukernel *k, ulang_err *e)
{
    memset(k, 0, sizeof *k);
    memset(e, 0, sizeof *e);
    k->grid[0] = k->grid[1] = k->tile[0] = k->tile[1] = -1;
    k->remap[0] = k->remap[1] = k->reps[0] = k->reps[1] = -1;
    strcpy(k->name, "user");
    if (len > UK_MAX_TEXT) {
        ulang_fail(e, NULL, 0, "the kernel is %zu bytes; at most %d are read", len, UK_MAX_TEXT);
        return -1;
    }
    stmt st = {k, NULL, e, 0, 0};
    size_t at = 0;
    for (int line = 1; at < len; line++) {
        size_t end = at;
        while (end < len && text[end] != '\n')
            end++;
        size_t n = end - at, body = n;
        for (size_t i = 0; i < n; i++)
            if (text[at + i] == '#' || (text[at + i] == '/' && i + 1 < n && text[at + i + 1] == '/')) {
                body = i; /* a comment to the end of the line */
                break;
            }
        while (body > 0 && (text[at + body - 1] == '\r' || text[at + body - 1] == ' '))
            body--;
        ulang_src src = {text + at, (int)body, 0, line};
        st.src = &src;
        if (n > UK_MAX_LINE)
            return fail(&st, UK_MAX_LINE, "line too long: at most 512 bytes"), -1;
        ulang_skip_space(&src);
        if (src.pos < src.len && parse_stmt(&st) != 0)
            return -1;
        at = end + 1;
    }
    return check_shape(&st);
}
