/* worker: a thread that computes results for configs off the key path.
 *
 * The UI says what it wants, most urgent first (worker_want); the worker
 * computes the first wanted config that has no result yet, stores the result
 * in a small cache, and moves on.  A new want list cancels the job in hand
 * unless the new list still wants it.  With `repeat`, once everything wanted
 * is there, the worker measures the first wanted config again and again,
 * keeping a ring of its recent figures (the live sparkline).
 *
 * tpx runs two: one for the model's launch totals, one for the runner's
 * measurements (which block up to a second each). */
#ifndef TPX_WORKER_H
#define TPX_WORKER_H

#include "model.h"
#include "predict.h"
#include "runner.h"
#include "traffic.h"

#define TPX_RING 32
#define TPX_WANT_MAX 160

typedef struct tpx_result {
    int model_rc;    /* model: 0, or -1 for a reference (not modelled) */
    tpx_totals totals;
    /* With the totals (model_rc 0), off the key path too: the traffic below
     * L1 and the predicted bandwidth on the session's profile (live.h). */
    int have_traffic;
    tpx_traffic traffic;
    tpx_prediction pred; /* pred.valid = 0: no prediction (nothing may be shown) */
    int have_pred;   /* model: pred_gbs holds the predicted GB/s (predict.h) */
    double pred_gbs;
    char pred_why[TPX_MSG]; /* the binding limit in words (predict_explain), "" without */
    /* A kernel of the kernel language: its check (ucheck.h), off the key path
     * too.  check 0: none (a catalog kernel); 1 correct; -1 wrong; 2 not
     * walked (too large); verdict in words either way. */
    int check;
    char check_verdict[TPX_MSG];
    tpx_measurement m;
    int nring;       /* GB/s of the measurements of this config, oldest first */
    double ring[TPX_RING];
    long long runs;  /* how many measurements went into the ring, in all */
} tpx_result;

/* Computes one result.  Returns 0 to keep *out, 1 when cancelled. */
typedef int (*worker_fn)(void *ctx, const tpx_config *c, tpx_result *out,
                         const atomic_int *cancel, tpx_progress_fn progress, void *pctx);

typedef struct worker worker;

typedef struct worker_status {
    int busy;           /* a job is running */
    tpx_config cfg;     /* which */
    double progress;    /* 0..1, as the job last reported */
    int pending;        /* wanted configs without a result */
    unsigned version;   /* changes whenever a result or the progress does */
} worker_status;

/* NULL when the thread cannot be started. */
worker *worker_start(worker_fn fn, void *ctx, int repeat);
/* Cancels the job in hand, waits for the thread, frees everything. */
void worker_stop(worker *w);

void worker_want(worker *w, const tpx_config *list, int n);
/* Copies the result for c into *out; 1 if there is one, else 0. */
int worker_get(worker *w, const tpx_config *c, tpx_result *out);
/* Drops the result for c (and cancels it if in hand), so it is done again. */
void worker_forget(worker *w, const tpx_config *c);
void worker_status_get(worker *w, worker_status *st);

#endif
