#include "tour_claim.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"

static const char *const metric_names[] = {"gbs", "pred", "ld", "st", "wf", "sec"};

/* One reference ("B", "tile_vec.st", "B@8x32", "2.5", "all") of s[0..len). */
static int ref_parse(const char *s, size_t len, tour_ref *r, int all_ok, char *msg, size_t n)
{
    char tok[64], *dot;
    memset(r, 0, sizeof *r);
    if (len == 0 || len >= sizeof tok) {
        snprintf(msg, n, "expected a term (A, B, a kernel id or a number)");
        return -1;
    }
    memcpy(tok, s, len);
    tok[len] = '\0';
    char *end;
    r->num = strtod(tok, &end);
    if (end != tok && *end == '\0') {
        r->kind = TOUR_REF_NUM;
        return 0;
    }
    if ((dot = strchr(tok, '.')) != NULL) {
        *dot++ = '\0';
        size_t m = 0;
        while (m < sizeof metric_names / sizeof *metric_names && strcmp(dot, metric_names[m]) != 0)
            m++;
        if (m == sizeof metric_names / sizeof *metric_names) {
            snprintf(msg, n, "unknown figure '.%s': use .gbs, .pred, .ld, .st, .wf or .sec", dot);
            return -1;
        }
        r->metric = (tour_metric)m;
    }
    char *at = strchr(tok, '@');
    if (at) {
        *at++ = '\0';
        if (strcmp(tok, "B") != 0 || config_parse_block(at, &r->bx, &r->by, msg, n) != 0) {
            if (strcmp(tok, "B") != 0)
                snprintf(msg, n, "'%s@%s': only B takes another block (B@WxH)", tok, at);
            return -1;
        }
        r->kind = TOUR_REF_CELL;
        return 0;
    }
    if (strcmp(tok, "A") == 0 || strcmp(tok, "B") == 0) {
        r->kind = tok[0] == 'A' ? TOUR_REF_A : TOUR_REF_B;
        return 0;
    }
    if (strcmp(tok, "all") == 0 && all_ok) {
        r->kind = TOUR_REF_ALL;
        return 0;
    }
    if ((r->kernel = catalog_find(tok)) < 0) {
        snprintf(msg, n, "'%s' is not A, B, %sa kernel id or a number", tok,
                 all_ok ? "all, " : "");
        return -1;
    }
    r->kind = TOUR_REF_BAR;
    return 0;
}

/* A term: a reference or "X/Y". */
static int term_parse(const char *s, size_t len, tour_term *t, int all_ok, char *msg, size_t n)
{
    while (len && isspace((unsigned char)*s))
        s++, len--;
    while (len && isspace((unsigned char)s[len - 1]))
        len--;
    memset(t, 0, sizeof *t);
    const char *slash = memchr(s, '/', len);
    if (!slash)
        return ref_parse(s, len, &t->num, all_ok, msg, n);
    t->ratio = 1;
    return ref_parse(s, (size_t)(slash - s), &t->num, 0, msg, n) == 0 &&
                   ref_parse(slash + 1, len - (size_t)(slash - s) - 1, &t->den, 0, msg, n) == 0
               ? 0
               : -1;
}

int tour_claim_parse(const char *s, tpx_tour_claim *c, char *msg, size_t n)
{
    static const struct { const char *op; tour_op v; } ops[] = {
        {">=", TOUR_GE}, {"<=", TOUR_LE}, {"==", TOUR_EQ}, {">", TOUR_GT}, {"<", TOUR_LT},
    };
    memset(c, 0, sizeof *c);
    while (isspace((unsigned char)*s))
        s++;
    snprintf(c->text, sizeof c->text, "%s", s);
    for (size_t i = 0; i < sizeof ops / sizeof *ops; i++) {
        const char *at = strstr(s, ops[i].op);
        if (!at)
            continue;
        c->op = ops[i].v;
        const char *rhs = at + strlen(ops[i].op);
        if (term_parse(s, (size_t)(at - s), &c->l, 0, msg, n) != 0 ||
            term_parse(rhs, strlen(rhs), &c->r, 1, msg, n) != 0)
            return -1;
        if (c->l.num.kind == TOUR_REF_NUM && !c->l.ratio) {
            snprintf(msg, n, "'%s': put the figure on the left, the number on the right", s);
            return -1;
        }
        return 0;
    }
    snprintf(msg, n, "'%s' compares nothing: use <, <=, >, >= or ==", s);
    return -1;
}

/* ---- evaluation on a snapshot ---- */

/* A figure and where it came from, in words for messages. */
typedef struct tour_val {
    int ok, pred, count; /* known; predicted (not measured); a model count */
    double v;
    char who[320];
} tour_val;

static int slot_measured(const tpx_slot *s)
{
    return s->cfg_ok && s->have_meas && s->meas.m.status == TPX_ST_OK && s->meas.m.samples > 0;
}

static const tpx_slot *ref_slot(const tour_ref *r, const tpx_live *lv)
{
    switch (r->kind) {
    case TOUR_REF_A: return lv->pin.cfg_ok ? &lv->pin : NULL;
    case TOUR_REF_B: return &lv->cur;
    case TOUR_REF_BAR: return lv->bar[r->kernel].cfg_ok ? &lv->bar[r->kernel] : NULL;
    case TOUR_REF_CELL:
        for (int i = 0; i < TPX_SWEEP_CELLS; i++)
            if (lv->cell[i].cfg_ok && lv->cell[i].cfg.bx == r->bx && lv->cell[i].cfg.by == r->by)
                return &lv->cell[i];
        return NULL;
    default: return NULL;
    }
}

/* A model count per request (or per launch for .sec) of slot s. */
static int slot_count(const tpx_slot *s, tour_metric m, double *v)
{
    if (!s->have_model || s->model.model_rc != 0)
        return -1;
    const tpx_cost *op = s->model.totals.op;
    const tpx_cost *c = &op[m == TOUR_M_LD ? TPX_OP_GLD : m == TOUR_M_ST ? TPX_OP_GST : TPX_OP_SLD];
    if (m == TOUR_M_SEC)
        *v = (double)(op[TPX_OP_GLD].sectors + op[TPX_OP_GST].sectors);
    else if (c->insts == 0)
        *v = 0;
    else
        *v = (double)(m == TOUR_M_WF ? c->wavefronts : c->sectors) / (double)c->insts;
    return 0;
}

static void slot_value(const tpx_slot *s, tour_metric m, int pred_only, tour_val *out)
{
    char desc[160];
    memset(out, 0, sizeof *out);
    config_describe(&s->cfg, desc, sizeof desc);
    out->count = m != TOUR_M_GBS && m != TOUR_M_PRED;
    if (out->count) {
        out->ok = slot_count(s, m, &out->v) == 0;
        snprintf(out->who, sizeof out->who, "%s: %s %.4g (the model's count)", desc,
                 metric_names[m], out->v);
        return;
    }
    if (m == TOUR_M_GBS && !pred_only && slot_measured(s)) {
        out->ok = 1;
        out->v = s->meas.nring ? s->median : s->meas.m.gbs;
        snprintf(out->who, sizeof out->who, "%s %.1f GB/s measured", desc, out->v);
        return;
    }
    out->ok = s->have_model && s->model.have_pred && s->model.pred_gbs > 0;
    out->pred = 1;
    out->v = s->model.pred_gbs;
    snprintf(out->who, sizeof out->who, out->ok ? "%s ~%.0f GB/s predicted" : "%s not known",
             desc, out->v);
}

static void ref_value(const tour_ref *r, const tpx_live *lv, int pred_only, tour_val *out)
{
    memset(out, 0, sizeof *out);
    if (r->kind == TOUR_REF_NUM) {
        out->ok = out->count = 1;
        out->v = r->num;
        snprintf(out->who, sizeof out->who, "%g", r->num);
        return;
    }
    const tpx_slot *s = ref_slot(r, lv);
    if (s) {
        slot_value(s, r->metric, pred_only, out);
        return;
    }
    snprintf(out->who, sizeof out->who, "%s is not on this step",
             r->kind == TOUR_REF_A ? "A" : r->kind == TOUR_REF_BAR ? catalog_name(r->kernel)
                                                                     : "that block shape");
}

/* Whether two figures mix a measurement with a prediction: those are never
 * compared (the tour box shows both predicted then, and so does this). */
static int mixed(const tour_val *x, const tour_val *y)
{
    return !x->count && !y->count && x->pred != y->pred;
}

static void term_value(const tour_term *t, const tpx_live *lv, int pred_only, tour_val *out)
{
    ref_value(&t->num, lv, pred_only, out);
    if (!t->ratio)
        return;
    tour_val d;
    ref_value(&t->den, lv, pred_only, &d);
    if (mixed(out, &d) && !pred_only) { /* both predicted, once */
        term_value(t, lv, 1, out);
        return;
    }
    /* Still mixed with predictions only, one side is not known at all (not on
     * this step): the ratio is not known either (recursing again never ended:
     * a stack overflow the key fuzzer found with 'T,>'). */
    char who[sizeof out->who];
    snprintf(who, sizeof who, "%.150s over %.150s", out->who, d.who);
    out->ok = out->ok && d.ok && d.v != 0;
    out->pred |= d.pred;
    out->count = 0;
    out->v = out->ok ? out->v / d.v : 0;
    snprintf(out->who, sizeof out->who, "%s", who);
}

static int compare(double l, tour_op op, double r)
{
    switch (op) {
    case TOUR_LT: return l < r;
    case TOUR_LE: return l <= r;
    case TOUR_GT: return l > r;
    case TOUR_GE: return l >= r;
    default: return l == r;
    }
}

static const char *op_name(tour_op op)
{
    static const char *const names[] = {"<", "<=", ">", ">=", "=="};
    return names[op];
}

/* "X op every transpose kernel": each bar but X's own config; the one that
 * comes closest (or breaks it) is named. */
static tour_verdict eval_all(const tpx_tour_claim *c, const tpx_live *lv, int pred_only,
                             char *why, size_t n)
{
    const tpx_slot *self = c->l.ratio ? NULL : ref_slot(&c->l.num, lv);
    tour_val lv_, *l = &lv_;
    term_value(&c->l, lv, pred_only, l);
    tour_verdict v = TOUR_HOLDS;
    int worst = -1, count = 0;
    double margin = 0;
    for (int k = 0; k < TPX_K_COUNT; k++) {
        const tpx_slot *s = &lv->bar[k];
        if (!s->cfg_ok || config_is_reference((tpx_kernel_id)k) || tpx_is_copy((tpx_kernel_id)k) ||
            (self && config_same(&s->cfg, &self->cfg)))
            continue;
        tour_val r;
        slot_value(s, c->l.num.metric, pred_only, &r);
        if (!pred_only && mixed(l, &r))
            return eval_all(c, lv, 1, why, n);
        if (!r.ok) {
            v = v == TOUR_FAILS ? v : TOUR_UNKNOWN;
            continue;
        }
        count++;
        double m = c->op == TOUR_LT || c->op == TOUR_LE ? r.v - l->v : l->v - r.v;
        if (!compare(l->v, c->op, r.v))
            v = TOUR_FAILS;
        if (worst < 0 || m < margin)
            worst = k, margin = m;
    }
    tour_val w = {0};
    if (worst >= 0)
        slot_value(&lv->bar[worst], c->l.num.metric, pred_only, &w);
    snprintf(why, n, "%s; of %d transpose kernels the closest: %s", l->who, count,
             worst >= 0 ? w.who : "none known");
    /* not known where the left side has no figure (a profile that refuses its config) */
    return count && l->ok ? v : TOUR_UNKNOWN;
}

tour_verdict tour_claim_eval(const tpx_tour_claim *c, const tpx_live *lv, char *why, size_t n)
{
    tour_val l, r;
    term_value(&c->l, lv, 0, &l);
    if (!l.ok) {
        snprintf(why, n, "%s", l.who);
        return TOUR_UNKNOWN;
    }
    if (c->r.num.kind == TOUR_REF_ALL)
        return eval_all(c, lv, 0, why, n);
    term_value(&c->r, lv, 0, &r);
    if (mixed(&l, &r)) {
        term_value(&c->l, lv, 1, &l);
        term_value(&c->r, lv, 1, &r);
    }
    if (!l.ok || !r.ok) {
        snprintf(why, n, "%s", l.ok ? r.who : l.who);
        return TOUR_UNKNOWN;
    }
    /* the left side's figure against the right's, then where each came from */
    snprintf(why, n, "%.4g %s %.4g? %s%s%s", l.v, op_name(c->op), r.v, l.who,
             c->r.num.kind == TOUR_REF_NUM && !c->r.ratio ? "" : "; ",
             c->r.num.kind == TOUR_REF_NUM && !c->r.ratio ? "" : r.who);
    return compare(l.v, c->op, r.v) ? TOUR_HOLDS : TOUR_FAILS;
}

static int ref_sweeps(const tour_ref *r)
{
    return r->kind == TOUR_REF_BAR || r->kind == TOUR_REF_CELL || r->kind == TOUR_REF_ALL;
}

static int term_sweeps(const tour_term *t)
{
    return ref_sweeps(&t->num) || (t->ratio && ref_sweeps(&t->den));
}

int tour_claim_sweeps(const tpx_tour_claim *c) { return term_sweeps(&c->l) || term_sweeps(&c->r); }

/* ---- figures in the text ---- */

/* A count as a reader writes it: 32, 0.5, 75,497,472. */
static int count_text(double v, char *out, size_t n)
{
    if (v < 10000 || v != (double)(long long)v)
        return snprintf(out, n, "%.4g", v);
    char digits[32], grouped[48];
    int len = snprintf(digits, sizeof digits, "%lld", (long long)v), j = 0;
    for (int i = 0; i < len; i++) {
        if (i && (len - i) % 3 == 0)
            grouped[j++] = ',';
        grouped[j++] = digits[i];
    }
    grouped[j] = '\0';
    return snprintf(out, n, "%s", grouped);
}

/* Copies text to out with each {...} filled in from lv (out NULL: only
 * checks them); *sweeps |= whether one needs the sweeps. */
static int each_figure(const char *text, char *out, size_t n, const tpx_live *lv, int *sweeps,
                       char *msg, size_t mn)
{
    size_t used = 0;
    if (out && n)
        out[0] = '\0';
    for (const char *p = text; *p;) {
        const char *open = strchr(p, '{');
        size_t plain = open ? (size_t)(open - p) : strlen(p);
        if (out && used < n)
            used += (size_t)snprintf(out + used, n - used, "%.*s", (int)plain, p);
        if (!open)
            break;
        const char *close = strchr(open, '}');
        tour_term t;
        if (!close) {
            snprintf(msg, mn, "'{' without its '}'");
            return -1;
        }
        if (term_parse(open + 1, (size_t)(close - open - 1), &t, 0, msg, mn) != 0)
            return -1;
        if (sweeps)
            *sweeps |= term_sweeps(&t);
        if (out && used < n) {
            tour_val v;
            term_value(&t, lv, 0, &v);
            const char *tilde = v.pred ? "~" : "";
            if (!v.ok)
                used += (size_t)snprintf(out + used, n - used, "(not yet known)");
            else if (v.count)
                used += (size_t)count_text(v.v, out + used, n - used);
            else if (t.ratio)
                used += (size_t)snprintf(out + used, n - used, "%s%.2f", tilde, v.v);
            else
                used += (size_t)snprintf(out + used, n - used, v.pred ? "~%.0f GB/s predicted"
                                                                      : "%.1f GB/s", v.v);
        }
        p = close + 1;
    }
    return 0;
}

int tour_text_check(const char *text, int *sweeps, char *msg, size_t n)
{
    return each_figure(text, NULL, 0, NULL, sweeps, msg, n);
}

void tour_text_expand(const char *text, const tpx_live *lv, char *out, size_t n)
{
    char msg[128];
    if (each_figure(text, out, n, lv, NULL, msg, sizeof msg) != 0)
        snprintf(out, n, "%s", text); /* checked when the tour was read: cannot happen */
}
