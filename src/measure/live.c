#include "live.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "launch_memo.h"
#include "predict.h"
#include "sorting.h"
#include "traffic.h"
#include "check_memo.h"

struct tpx_livesrc {
    tpx_runner *runner;
    tpx_profile prof; /* predictions are made for it (the model worker's) */
    worker *model, *gpu;
    tpx_config cur;
    tpx_limits lim;
    int sweeps;
    int have_cur;
    int have_pin;
    tpx_config pin;
    int have_draft;   /* the kernel editor's text, as a config (live_draft) */
    tpx_config draft;
    unsigned seen_model, seen_gpu, seen_request, request;
    tpx_live slots;                 /* live_request's scratch: only the configs */
    tpx_config list[TPX_WANT_MAX];
};

static void slot_set(tpx_slot *s, int ok, const tpx_config *c, const char *why)
{
    memset(s, 0, sizeof *s);
    s->cfg_ok = ok;
    if (ok)
        s->cfg = *c;
    snprintf(s->why, sizeof s->why, "%s", ok ? "" : why);
}

void live_slots(tpx_live *lv, const tpx_config *cur, const tpx_limits *lim)
{
    char why[TPX_MSG];
    tpx_config c;
    slot_set(&lv->cur, 1, cur, "");
    for (int k = 0; k < TPX_K_COUNT; k++) {
        int ok = sweep_bar_config(cur, (tpx_kernel_id)k, lim, &c, why, sizeof why) == 0;
        slot_set(&lv->bar[k], ok, &c, why);
    }
    for (int i = 0; i < TPX_SWEEP_CELLS; i++) {
        int ok = sweep_cell_config(cur, i, lim, &c, why, sizeof why) == 0;
        slot_set(&lv->cell[i], ok, &c, why);
    }
}

/* The profile of r's device, or the chosen / built-in one. */
static void live_profile(tpx_runner *r, tpx_profile *p)
{
    tpx_device d = {0};
    if (r)
        runner_device(r, &d);
    profile_current(&d, p);
}

/* What follows from the launch totals on the profile prof (NULL: none): the
 * prediction, so that views only paint. */
static void model_predict(const tpx_config *c, const tpx_profile *prof, tpx_result *out)
{
    memset(&out->pred, 0, sizeof out->pred);
    if (out->have_traffic && prof)
        predict_config(c, &out->totals, &out->traffic, prof, &out->pred);
    out->have_pred = out->pred.valid; /* the figure the rankings use */
    out->pred_why[0] = '\0';
    if (out->pred.valid) /* the words too: the strip and the views only paint them */
        predict_explain(&out->pred, prof, out->pred_why, sizeof out->pred_why);
    out->pred_gbs = out->pred.valid ? out->pred.gbs : 0;
}

/* A user kernel's check, in words (nothing for a catalog kernel).  1 when
 * cancelled. */
static int model_check(const tpx_config *c, tpx_result *out, const atomic_int *cancel)
{
    out->check = 0;
    out->check_verdict[0] = '\0';
    if (!tpx_is_user(c->kernel))
        return 0;
    ucheck_report r;
    int rc = check_memo_run(c, &r, cancel); /* the current config's marks kept for the Map */
    if (rc == 1)
        return 1;
    out->check = rc != 0 ? 2 : ucheck_ok(&r) ? 1 : -1;
    ucheck_verdict(c, &r, out->check_verdict, sizeof out->check_verdict);
    return 0;
}

/* The launch totals, then what follows from them on the profile ctx (NULL:
 * none): the traffic below L1 and the prediction. */
static int model_fn(void *ctx, const tpx_config *c, tpx_result *out, const atomic_int *cancel,
                    tpx_progress_fn progress, void *pctx)
{
    const tpx_profile *prof = ctx;
    (void)progress, (void)pctx;
    runner_not_measured(&out->m, TPX_ST_NOT_MEASURED, "");
    /* the check first: the Map's marks (the editor's draft's too) wait for it
     * alone, and the memo keeps them even if the totals are then cancelled */
    if (model_check(c, out, cancel) == 1)
        return 1;
    out->model_rc = model_totals(c, &out->totals, cancel);
    if (out->model_rc == 1)
        return 1;
    out->have_traffic = out->model_rc == 0 && prof &&
                        traffic_compute(c, &out->totals, prof->l2_bytes, &out->traffic) == 0;
    model_predict(c, prof, out);
    return 0;
}

/* The same in this thread, the launch from the memo (launch_memo.h): the
 * synchronous fills draw many screens over few configs. */
static void model_sync(const tpx_config *c, const tpx_profile *prof, tpx_result *out)
{
    tpx_launch l;
    runner_not_measured(&out->m, TPX_ST_NOT_MEASURED, "");
    launch_memo_get(c, prof ? prof->l2_bytes : -1, &l);
    out->model_rc = l.model_rc;
    out->totals = l.totals;
    out->have_traffic = l.have_traffic && prof;
    if (out->have_traffic)
        out->traffic = l.traffic;
    model_predict(c, prof, out);
    model_check(c, out, NULL);
}

static int gpu_fn(void *ctx, const tpx_config *c, tpx_result *out, const atomic_int *cancel,
                  tpx_progress_fn progress, void *pctx)
{
    tpx_runner *r = ctx;
    tpx_measure_opts o = runner_default_opts();
    runner_measure(r, c, &o, &out->m, cancel, progress, pctx);
    return out->m.status == TPX_ST_CANCELLED || atomic_load(cancel) ? 1 : 0;
}

/* The slots in the order of urgency, for either worker. */
static int want_list(const tpx_live *lv, int sweeps, tpx_config *out)
{
    int n = 0;
    out[n++] = lv->cur.cfg;
    if (lv->pin.cfg_ok)
        out[n++] = lv->pin.cfg;
    if (!sweeps)
        return n;
    for (int k = 0; k < TPX_K_COUNT; k++)
        if (lv->bar[k].cfg_ok)
            out[n++] = lv->bar[k].cfg;
    /* Shapes of a warp or more first: those under a warp are slow to measure
     * at large sizes and rarely the answer, so they come last. */
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < TPX_SWEEP_CELLS && n < TPX_WANT_MAX; i++) {
            const tpx_config *c = &lv->cell[i].cfg;
            if (lv->cell[i].cfg_ok && (c->bx * c->by < 32) == pass)
                out[n++] = *c;
        }
    return n;
}

/* The median of the ring and its gap to the prediction, once per snapshot
 * rather than once per frame. */
static void slot_median(tpx_slot *s)
{
    double v[TPX_RING];
    int n = s->meas.nring < TPX_RING ? s->meas.nring : TPX_RING;
    memcpy(v, s->meas.ring, sizeof(double) * (size_t)(n > 0 ? n : 0));
    s->median = sort_median(v, (size_t)(n > 0 ? n : 0));
    const tpx_prediction *p = &s->model.pred;
    double got = n > 0 ? s->median : s->meas.m.gbs;
    s->have_gap = s->have_model && p->valid && p->gbs > 0 && s->have_meas &&
                  s->meas.m.status == TPX_ST_OK && got > 0;
    s->gap = s->have_gap ? got / p->gbs - 1.0 : 0;
}

static void slot_fill_sync(tpx_slot *s, tpx_runner *r, const tpx_profile *prof, int measure)
{
    if (!s->cfg_ok)
        return;
    model_sync(&s->cfg, prof, &s->model);
    s->have_model = 1;
    if (measure && r) {
        tpx_measure_opts o = runner_default_opts();
        runner_measure(r, &s->cfg, &o, &s->meas.m, NULL, NULL, NULL);
        if (s->meas.m.status == TPX_ST_OK) {
            s->meas.ring[0] = s->meas.m.gbs;
            s->meas.nring = 1;
            s->meas.runs = 1;
        }
        s->have_meas = 1;
        slot_median(s);
    }
}

void live_fill_sync(tpx_live *lv, const tpx_config *cur, const tpx_limits *lim, tpx_runner *r,
                    int sweeps, int every)
{
    memset(&lv->gpu, 0, sizeof lv->gpu);
    memset(&lv->model, 0, sizeof lv->model);
    live_slots(lv, cur, lim);
    lv->sweeps = sweeps;
    live_profile(r, &lv->prof);
    check_memo_want(tpx_is_user(cur->kernel) ? cur : NULL);
    slot_fill_sync(&lv->cur, r, &lv->prof, 1);
    if (!every)
        return;
    for (int k = 0; k < TPX_K_COUNT; k++)
        slot_fill_sync(&lv->bar[k], r, &lv->prof, sweeps);
    for (int i = 0; i < TPX_SWEEP_CELLS; i++)
        slot_fill_sync(&lv->cell[i], r, &lv->prof, sweeps);
}

void live_fill_pin_sync(tpx_live *lv, const tpx_config *pin, tpx_runner *r)
{
    tpx_profile prof;
    live_profile(r, &prof);
    slot_set(&lv->pin, pin != NULL, pin, "nothing pinned");
    if (pin && tpx_is_user(pin->kernel))
        check_memo_want_more(pin); /* A's map shows its marks too */
    slot_fill_sync(&lv->pin, r, &prof, 1);
}

void live_fill_draft_sync(const tpx_config *draft)
{
    ucheck_report r;
    if (!draft)
        return;
    check_memo_want_more(draft);
    check_memo_run(draft, &r, NULL);
}

/* A user kernel's marks for the Map come with its check (check_memo.h):
 * the current config's, the pinned A's and the editor's draft's.  A config
 * checked before whose map the memo has let go is checked again. */
static void want_marks(tpx_livesrc *ls, const tpx_config *cur)
{
    tpx_config list[3];
    int n = 0;
    if (tpx_is_user(cur->kernel))
        list[n++] = *cur;
    if (ls->have_pin && tpx_is_user(ls->pin.kernel))
        list[n++] = ls->pin;
    if (ls->have_draft)
        list[n++] = ls->draft;
    check_memo_want_set(list, n);
    for (int i = 0; i < n; i++) {
        if (check_memo_has(&list[i]))
            continue;
        tpx_result *had = malloc(sizeof *had);
        if (had && worker_get(ls->model, &list[i], had))
            worker_forget(ls->model, &list[i]);
        free(had);
    }
}

tpx_livesrc *live_start(tpx_runner *r, int repeat)
{
    tpx_livesrc *ls = calloc(1, sizeof *ls);
    if (!ls)
        return NULL;
    ls->runner = r;
    live_profile(r, &ls->prof);
    ls->model = worker_start(model_fn, &ls->prof, 0);
    ls->gpu = worker_start(gpu_fn, r, repeat);
    if (!ls->model || !ls->gpu) {
        live_stop(ls);
        return NULL;
    }
    return ls;
}

void live_stop(tpx_livesrc *ls)
{
    if (!ls)
        return;
    worker_stop(ls->gpu);
    worker_stop(ls->model);
    free(ls);
}

void live_request(tpx_livesrc *ls, const tpx_config *cur, const tpx_limits *lim, int sweeps)
{
    ls->cur = *cur;
    ls->lim = *lim;
    ls->sweeps = sweeps;
    ls->have_cur = 1;
    ls->request++;
    live_slots(&ls->slots, cur, lim);
    slot_set(&ls->slots.pin, ls->have_pin, &ls->pin, "nothing pinned");
    want_marks(ls, cur);
    /* The model is cheap: it always does the bars and the heatmap; the
     * editor's draft right after the current config (the GPU never runs it) */
    int n = want_list(&ls->slots, 1, ls->list);
    if (ls->have_draft) {
        n = n < TPX_WANT_MAX ? n : TPX_WANT_MAX - 1;
        memmove(ls->list + 2, ls->list + 1, sizeof ls->list[0] * (size_t)(n - 1));
        ls->list[1] = ls->draft;
        n++;
    }
    worker_want(ls->model, ls->list, n);
    worker_want(ls->gpu, ls->list, want_list(&ls->slots, sweeps, ls->list));
}

void live_pin(tpx_livesrc *ls, const tpx_config *pin)
{
    ls->have_pin = pin != NULL;
    if (pin)
        ls->pin = *pin;
}

void live_draft(tpx_livesrc *ls, const tpx_config *draft)
{
    ls->have_draft = draft != NULL;
    if (draft)
        ls->draft = *draft;
}

void live_remeasure(tpx_livesrc *ls, const tpx_config *cur)
{
    worker_forget(ls->gpu, cur);
}

static void slot_get(tpx_livesrc *ls, tpx_slot *s)
{
    if (!s->cfg_ok)
        return;
    s->have_model = worker_get(ls->model, &s->cfg, &s->model);
    s->have_meas = worker_get(ls->gpu, &s->cfg, &s->meas);
    slot_median(s);
}

int live_refresh(tpx_livesrc *ls, tpx_live *lv)
{
    worker_status gs, ms;
    worker_status_get(ls->gpu, &gs);
    worker_status_get(ls->model, &ms);
    if (!ls->have_cur ||
        (gs.version == ls->seen_gpu && ms.version == ls->seen_model && ls->request == ls->seen_request))
        return 0;
    ls->seen_gpu = gs.version;
    ls->seen_model = ms.version;
    ls->seen_request = ls->request;
    live_slots(lv, &ls->cur, &ls->lim);
    lv->sweeps = ls->sweeps;
    lv->gpu = gs;
    lv->model = ms;
    lv->gpu_job = gs.cfg;
    lv->prof = ls->prof;
    slot_get(ls, &lv->cur);
    slot_set(&lv->pin, ls->have_pin, &ls->pin, "nothing pinned");
    slot_get(ls, &lv->pin);
    for (int k = 0; k < TPX_K_COUNT; k++)
        slot_get(ls, &lv->bar[k]);
    for (int i = 0; i < TPX_SWEEP_CELLS; i++)
        slot_get(ls, &lv->cell[i]);
    return 1;
}
