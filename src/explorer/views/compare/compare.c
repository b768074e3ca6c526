/* Compare: the config pinned as A (key A) beside the current one, B, figure
 * by figure: the model's counts, occupancy and waves, the ranking figure and
 * the measured GB/s with its noise, and the ratio B/A.  What differs is
 * marked, and B's value is green where it is the better one, red where it
 * is worse.  The figures are derived when the results change, never while
 * drawing. */
#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "measure_judge.h"
#include "model.h"
#include "predict.h"
#include "profile.h"
#include "sweep.h"
#include "app_state.h"

enum { CMP_ROWS = 18 };

/* Which way is better for a figure. */
enum { NEUTRAL = 0, HIGHER = 1, LOWER = -1 };

typedef struct cmp_row {
    const char *label;
    int better;
    int has[2];
    double v[2];
    char text[2][40];
    int judged; /* a measured figure: it differs only when `real` (measure_judge) */
    int real;
    int optional; /* left out where the view is too short for it and the lines below */
} cmp_row;

typedef struct cmp_state {
    int n;
    cmp_row row[CMP_ROWS];
    char changed[80]; /* "pad, block" */
    char moved[TPX_MSG]; /* which limit of the prediction moved, "" without both */
    measure_judgement judged; /* the measured GB/s of B against A */
} cmp_state;

static cmp_row *add(cmp_state *st, const char *label, int better)
{
    cmp_row *r = &st->row[st->n++];
    memset(r, 0, sizeof *r);
    r->label = label;
    r->better = better;
    return r;
}

/* How a value is written: decimals and a unit after it. */
static void put(cmp_row *r, int side, int has, double v, int decimals, const char *unit)
{
    r->has[side] = has;
    r->v[side] = v;
    if (has)
        snprintf(r->text[side], sizeof r->text[side], "%.*f%s", decimals, v, unit);
    else
        snprintf(r->text[side], sizeof r->text[side], "-");
}

static const tpx_totals *totals_of(const tpx_slot *s)
{
    return s->cfg_ok && s->have_model && s->model.model_rc == 0 ? &s->model.totals : NULL;
}

/* Sectors per request and efficiency of a global op, for both sides. */
static void global_rows(cmp_state *st, const tpx_slot *s[2], tpx_op op, const char *spr,
                        const char *eff)
{
    cmp_row *a = add(st, spr, LOWER), *b = add(st, eff, HIGHER);
    for (int i = 0; i < 2; i++) {
        const tpx_totals *t = totals_of(s[i]);
        int has = t && t->op[op].insts;
        put(a, i, has, has ? model_sectors_per_request(&t->op[op]) : 0, 2, "");
        put(b, i, has, has ? 100.0 * model_efficiency(&t->op[op]) : 0, 1, "%");
    }
}

static void shared_rows(cmp_state *st, const tpx_slot *s[2], tpx_op op, const char *wf,
                        const char *ways)
{
    cmp_row *a = add(st, wf, LOWER), *b = add(st, ways, LOWER);
    for (int i = 0; i < 2; i++) {
        const tpx_totals *t = totals_of(s[i]);
        int has = t && t->op[op].insts;
        put(a, i, has, has ? (double)t->op[op].wavefronts : 0, 0, "");
        put(b, i, has, has ? model_conflict_ways(&t->op[op]) : 0, 2, "-way");
    }
}

static void launch_rows(cmp_state *st, const tpx_app *a, const tpx_slot *s[2])
{
    cmp_row *occ = add(st, "occupancy", NEUTRAL), *wv = add(st, "waves", NEUTRAL);
    for (int i = 0; i < 2; i++) {
        const tpx_config *c = &s[i]->cfg;
        int has = s[i]->cfg_ok && !config_is_reference(c->kernel);
        tpx_waves w;
        const tpx_measurement *m = &s[i]->meas.m;
        const tpx_occupancy *o = s[i]->have_meas && m->status == TPX_ST_OK && m->occ.valid
                                     ? &m->occ : NULL;
        if (has)
            profile_waves(c, &a->dev, o, &w);
        int max_t = a->dev.valid ? a->dev.max_threads_per_sm : profile_builtin()->max_threads_per_sm;
        double warps = (double)(((long long)c->bx * c->by + 31) / 32);
        double f = o ? o->occupancy : max_t > 0 && has ? w.blocks_per_sm * warps * 32 / max_t : 0;
        put(occ, i, has, 100.0 * f, 0, "%");
        put(wv, i, has, has ? (double)w.count : 0, 0, "");
    }
}

static void measured_row(cmp_state *st, const tpx_slot *s[2])
{
    cmp_row *r = add(st, "measured GB/s", HIGHER);
    for (int i = 0; i < 2; i++) {
        const tpx_measurement *m = &s[i]->meas.m;
        int ok = s[i]->cfg_ok && s[i]->have_meas && m->status == TPX_ST_OK && m->samples > 0;
        double g = ok && s[i]->meas.nring ? s[i]->median : m->gbs;
        put(r, i, ok, g, 1, "");
        if (ok)
            snprintf(r->text[i], sizeof r->text[i], "%.1f %s%.1f%%", g,
                     glyph_str(TPX_G_PLUSMINUS), 100.0 * m->noise);
        else
            snprintf(r->text[i], sizeof r->text[i], "%s",
                     !s[i]->have_meas ? "measuring" : m->status == TPX_ST_NOT_MEASURED
                                                          ? "unmeasured"
                                                          : runner_status_name(m->status));
    }
    /* SAME inside the runs' noise: no star for what the next run could reverse */
    st->judged = measure_judge(r->has[0] ? r->v[0] : 0, s[0]->meas.m.noise,
                               r->has[1] ? r->v[1] : 0, s[1]->meas.m.noise);
    r->judged = 1;
    r->real = st->judged.verdict == MEASURE_FASTER || st->judged.verdict == MEASURE_SLOWER;
    cmp_row *pm = add(st, "measured % of memcpy", HIGHER);
    for (int i = 0; i < 2; i++) {
        const tpx_measurement *m = &s[i]->meas.m;
        put(pm, i, r->has[i] && m->pct_memcpy >= 0, m->pct_memcpy, 1, "%");
    }
    pm->judged = 1;
    pm->real = r->real;
    pm->optional = 1;
    if (!pm->has[0] && !pm->has[1])
        st->n--; /* unmeasured: the GB/s row says so once */
}

static void changed_fields(cmp_state *st, const tpx_config *x, const tpx_config *y)
{
    const char *names[6];
    int n = 0;
    if (x->kernel != y->kernel)
        names[n++] = "kernel";
    if (x->bx != y->bx || x->by != y->by)
        names[n++] = "block";
    if (x->w != y->w || x->h != y->h)
        names[n++] = "size";
    if (x->dtype != y->dtype)
        names[n++] = "dtype";
    if (x->pad != y->pad)
        names[n++] = "pad";
    if (x->swz != y->swz)
        names[n++] = "swizzle";
    st->changed[0] = '\0';
    for (int i = 0; i < n; i++)
        snprintf(st->changed + strlen(st->changed), sizeof st->changed - strlen(st->changed),
                 "%s%s", i ? ", " : "", names[i]);
}

/* The binding limit of each side's prediction, and what moved from A to B. */
static void limit_rows(cmp_state *st, const tpx_slot *s[2])
{
    cmp_row *r = add(st, "binding limit (predicted)", NEUTRAL);
    for (int i = 0; i < 2; i++) {
        const tpx_prediction *p = &s[i]->model.pred;
        r->has[i] = totals_of(s[i]) && p->valid;
        r->v[i] = 0; /* a name, no ratio: differs() reads the text */
        snprintf(r->text[i], sizeof r->text[i], "%s",
                 r->has[i] ? predict_limiter_short(p->limiter) : "-");
    }
    if (r->has[0] && r->has[1])
        predict_compare(&s[0]->model.pred, &s[1]->model.pred, st->moved, sizeof st->moved);
}

static void cmp_change(tpx_app *a, void *vst, int bits)
{
    (void)bits;
    cmp_state *st = vst;
    st->n = 0;
    st->moved[0] = '\0';
    if (!a->pinned)
        return;
    const tpx_slot *s[2] = {&a->live->pin, &a->live->cur};
    global_rows(st, s, TPX_OP_GLD, "global load sectors/request", "global load efficiency");
    global_rows(st, s, TPX_OP_GST, "global store sectors/request", "global store efficiency");
    if (config_has_tile(a->pin.kernel) || config_has_tile(a->cfg.kernel)) {
        shared_rows(st, s, TPX_OP_SLD, "shared load wavefronts", "shared load conflict");
        shared_rows(st, s, TPX_OP_SST, "shared store wavefronts", "shared store conflict");
    }
    launch_rows(st, a, s);
    cmp_row *pr = add(st, "predicted GB/s", HIGHER);
    for (int i = 0; i < 2; i++) {
        int has = totals_of(s[i]) && s[i]->model.have_pred;
        put(pr, i, has, has ? s[i]->model.pred_gbs : 0, 1, "");
    }
    if (!pr->has[0] && !pr->has[1])
        st->n--; /* the model predicts neither: no row */
    else
        limit_rows(st, s);
    cmp_row *r = add(st, "model figure (ranking)", HIGHER);
    for (int i = 0; i < 2; i++) {
        const tpx_totals *t = totals_of(s[i]);
        put(r, i, t != NULL, t ? 100.0 * sweep_model_score(t) : 0, 1, "%");
    }
    measured_row(st, s);
    changed_fields(st, &a->pin, &a->cfg);
}

static int differs(const cmp_row *r)
{
    if (r->judged && r->has[0] && r->has[1])
        return r->real;
    return r->has[0] != r->has[1] || strcmp(r->text[0], r->text[1]) != 0;
}

static tpx_role b_role(const cmp_row *r)
{
    if (!r->has[0] || !r->has[1] || r->better == NEUTRAL || r->v[0] == r->v[1] ||
        (r->judged && !r->real))
        return TPX_R_NORMAL;
    return (r->v[1] > r->v[0]) == (r->better == HIGHER) ? TPX_R_GOOD : TPX_R_BAD;
}

/* Draws the rows (without the optional ones when `tight`); how many. */
static int draw_rows(const cmp_state *st, tpx_canvas *cv, tpx_rect r, int y, int tight)
{
    int lw = 30, cw = 18, shown = 0;
    canvas_printf(cv, r.x + 3, y, r.w - 3, TPX_R_TITLE, "%-*s %*s %*s %8s", lw, "figure", cw,
                  "A", cw, "B", "B/A");
    for (int i = 0; i < st->n && y + 1 < r.y + r.h - 2; i++) {
        const cmp_row *row = &st->row[i];
        if (tight && row->optional)
            continue;
        y++;
        shown++;
        int d = differs(row), x = r.x + 1;
        canvas_text(cv, x, y, 2, TPX_R_WARN, d ? "*" : " ");
        x += 2;
        x += canvas_printf(cv, x, y, r.x + r.w - x, d ? TPX_R_TITLE : TPX_R_NORMAL, "%-*s ", lw,
                           row->label);
        x += canvas_printf(cv, x, y, r.x + r.w - x, TPX_R_NORMAL, "%*s ", cw, row->text[0]);
        x += canvas_printf(cv, x, y, r.x + r.w - x, b_role(row), "%*s ", cw, row->text[1]);
        if (row->has[0] && row->has[1] && row->v[0] != 0)
            canvas_printf(cv, x, y, r.x + r.w - x, d ? TPX_R_TITLE : TPX_R_DIM, "%8.2f",
                          row->v[1] / row->v[0]);
        else
            canvas_printf(cv, x, y, r.x + r.w - x, TPX_R_DIM, "%8s", "-");
    }
    return shown;
}

/* Where the measured numbers come from, in words. */
static void source_line(const tpx_app *a, tpx_canvas *cv, tpx_rect r, int y)
{
    char where[200];
    app_measured_where(a, where, sizeof where);
    if (app_recorded(a))
        canvas_printf(cv, r.x + 1, y, r.w - 1, TPX_R_DIM, "measured: %s%s%s, not live", where,
                      a->source[0] ? " in " : "", a->source);
    else if (a->dev.valid)
        canvas_printf(cv, r.x + 1, y, r.w - 1, TPX_R_DIM, "measured: live on %s", a->dev.name);
    else
        canvas_printf(cv, r.x + 1, y, r.w - 1, TPX_R_DIM, "measured: nothing (%s)",
                      a->why_no_gpu[0] ? a->why_no_gpu : "no GPU");
}

static void cmp_draw(const tpx_app *a, const void *vst, tpx_canvas *cv, tpx_rect r)
{
    const cmp_state *st = vst;
    if (!a->pinned) {
        canvas_wrap(cv, rect_make(r.x + 1, r.y + 1, r.w - 2, r.h - 1), TPX_R_NORMAL,
                    "Nothing is pinned yet.  Press A to pin this config as A, then change the "
                    "config with the usual keys (p pad, x/y block, K kernel, ...): that is B. "
                    "This view shows A and B side by side, what differs, and the ratios B/A.");
        return;
    }
    char da[160], db[160];
    config_describe(&a->pin, da, sizeof da);
    config_describe(&a->cfg, db, sizeof db);
    canvas_printf(cv, r.x + 1, r.y, r.w - 1, TPX_R_NORMAL, "A (pinned)   %s", da);
    canvas_printf(cv, r.x + 1, r.y + 1, r.w - 1, TPX_R_NORMAL, "B (current)  %s", db);
    if (st->changed[0])
        canvas_printf(cv, r.x + 1, r.y + 2, r.w - 1, TPX_R_WARN, "B changes: %s", st->changed);
    else
        canvas_text(cv, r.x + 1, r.y + 2, r.w - 1, TPX_R_DIM,
                    "B is the same config as A: change something");
    /* the lines under the table, each where the view has room for it: a
     * short view (the tour's) leaves out the optional rows first */
    int end = r.y + r.h;
    int n = draw_rows(st, cv, r, r.y + 4, r.y + 7 + st->n >= end);
    if (st->moved[0] && r.y + 6 + n < end) /* the model's answer to "why is B faster" */
        canvas_printf(cv, r.x + 1, r.y + 6 + n, r.w - 1, TPX_R_NORMAL, "the model: %s",
                      st->moved);
    if (r.y + 7 + n < end)
        source_line(a, cv, r, r.y + 7 + n);
    const measure_judgement *j = &st->judged;
    if (j->verdict != MEASURE_UNJUDGED && r.y + 8 + n < end)
        canvas_printf(cv, r.x + 1, r.y + 8 + n, r.w - 1,
                      j->verdict == MEASURE_SAME ? TPX_R_DIM : TPX_R_TITLE,
                      "measured, B against A: %s, %+.1f%% (%s the runs' spread, %s%.1f%%)",
                      measure_verdict_name(j->verdict), 100.0 * j->difference,
                      j->verdict == MEASURE_SAME ? "inside" : "outside",
                      glyph_str(TPX_G_PLUSMINUS), 100.0 * j->spread);
}

static void cmp_caption(const tpx_app *a, const void *vst, char *buf, size_t n)
{
    const cmp_state *st = vst;
    if (!a->pinned)
        snprintf(buf, n, a->slide ? "A/B: no config pinned as A"
                                  : "A/B: press A to pin this config as A, then change it");
    else
        snprintf(buf, n, "A (pinned) against B (current)%s%s; * marks what differs, "
                 "green where B is better", st->changed[0] ? ": B changes " : "", st->changed);
}

const tpx_view_ops compare_view = {
    .st_size = sizeof(cmp_state),
    .caption = cmp_caption,
    .draw = cmp_draw,
    .on_change = cmp_change,
};
