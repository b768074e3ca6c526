/* ucheck's findings in words: what went wrong, where, and what would fix it. */
#include <stdio.h>

#include "ucheck.h"
#include "ulang.h"

static const char *const kind_names[UC_NKINDS] = {
    [UC_EVAL] = "expression fails",
    [UC_OOB_READ] = "read out of bounds",
    [UC_OOB_WRITE] = "write out of bounds",
    [UC_RACE] = "race on the tile",
    [UC_UNINIT] = "tile read before written",
    [UC_WRONG] = "wrong element",
    [UC_TWICE] = "written twice",
    [UC_UNWRITTEN] = "never written",
};

/* "thread (3, 1) of block (0, 2), phase 2, rep 1 (line 7)" */
static void who(const ucheck_at *a, int phases, char *buf, size_t n)
{
    char ph[32] = "";
    if (phases > 1)
        snprintf(ph, sizeof ph, ", phase %d", a->phase + 1);
    snprintf(buf, n, "thread (%d, %d) of block (%d, %d)%s, rep %d (line %d)", a->tx, a->ty,
             a->bx, a->by, ph, a->rep, a->line);
}

static long long elems(const tpx_config *c) { return c->w * c->h; }

int ucheck_explain(const tpx_config *c, const ucheck_report *r, ucheck_kind k, char *buf,
                   size_t n)
{
    if (!r->checked || k >= UC_NKINDS || !r->count[k])
        return 0;
    const ucheck_at *a = &r->first[k];
    char w[128];
    int phases = config_is_reference(c->kernel) ? 1 : tpx_phases(c->kernel);
    who(a, phases, w, sizeof w);
    long long cnt = r->count[k];
    switch (k) {
    case UC_EVAL:
        snprintf(buf, n, "%s at column %d, first in %s (%lld moves)", ulang_err_text((int)a->other),
                 a->node_col, w, cnt);
        break;
    case UC_OOB_READ:
    case UC_OOB_WRITE:
        if (a->space == 'S')
            snprintf(buf, n, "%s %s S[%lld][%lld], outside the %lldx%lld tile (%lld moves): make "
                     "the tile larger or the index smaller", w,
                     k == UC_OOB_READ ? "reads" : "writes", a->row, a->col, r->tile_rows,
                     r->tile_cols, cnt);
        else
            snprintf(buf, n, "%s %s %c[%lld], outside its %lld elements (%lld moves): a guard "
                     "such as `if x < W && y < H` keeps a thread inside", w,
                     k == UC_OOB_READ ? "reads" : "writes", a->space, a->index, elems(c), cnt);
        break;
    case UC_RACE:
        if (a->writes)
            snprintf(buf, n, "%s writes S[%lld][%lld], which thread (%lld, %lld) of the same block "
                     "writes too (%lld times): two threads, one tile element, and which value "
                     "stays is luck", w, a->row, a->col, a->other % c->bx, a->other / c->bx, cnt);
        else
            snprintf(buf, n, "%s reads S[%lld][%lld], which thread (%lld, %lld) of the same block "
                     "wrote with no barrier between (%lld times): put `sync` between the moves",
                     w, a->row, a->col, a->other % c->bx, a->other / c->bx, cnt);
        break;
    case UC_UNINIT:
        snprintf(buf, n, "%s reads S[%lld][%lld], which no thread of its block wrote (%lld "
                 "reads): the second phase must read what the first stored", w, a->row, a->col,
                 cnt);
        break;
    case UC_WRONG:
        snprintf(buf, n, "B[%lld][%lld] gets A[%lld][%lld], but %s belongs there (%lld elements "
                 "wrong), written by %s", a->row, a->col, a->other / c->w, a->other % c->w,
                 tpx_is_copy(c->kernel) ? "the same element of A" : "A's element at the "
                 "swapped row and column", cnt, w);
        break;
    case UC_TWICE:
        snprintf(buf, n, "B[%lld][%lld] is written more than once (%lld elements), again by %s",
                 a->row, a->col, cnt, w);
        break;
    case UC_UNWRITTEN:
        snprintf(buf, n, "no thread writes B[%lld][%lld] (%lld of %lld elements never written): "
                 "does the grid cover the whole matrix, and the guard let every element through?",
                 a->row, a->col, cnt, elems(c));
        break;
    default:
        return 0;
    }
    return 1;
}

void ucheck_verdict(const tpx_config *c, const ucheck_report *r, char *buf, size_t n)
{
    if (!r->checked) {
        snprintf(buf, n, "%s", r->msg);
        return;
    }
    if (ucheck_ok(r)) {
        snprintf(buf, n, "correct: B is %s, every one of its %lld elements written once, nothing "
                 "out of bounds, no race (%lld moves checked)",
                 tpx_is_copy(c->kernel) ? "a copy of A" : "A transposed", elems(c), r->moves);
        return;
    }
    for (int k = 0; k < UC_NKINDS; k++) {
        char why[400];
        if (ucheck_explain(c, r, (ucheck_kind)k, why, sizeof why)) {
            snprintf(buf, n, "wrong: %s: %s", kind_names[k], why);
            return;
        }
    }
}

const char *ucheck_kind_name(ucheck_kind k) { return k < UC_NKINDS ? kind_names[k] : "?"; }
