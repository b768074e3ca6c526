/* live: the results that arrive while the UI runs.  Two workers compute them
 * off the key path: the model's launch totals and the runner's measurements,
 * for the current config, every kernel at the current size (the bars) and
 * the current kernel at every block shape (the heatmap).  The UI copies what
 * it shows into a tpx_live snapshot before each frame; views read only that. */
#ifndef TPX_LIVE_H
#define TPX_LIVE_H

#include "profile.h"
#include "sweep.h"
#include "worker.h"

typedef struct tpx_slot {
    int cfg_ok;      /* 0: refused here; why says why */
    char why[TPX_MSG];
    tpx_config cfg;
    int have_model;  /* model.totals / model.model_rc are there */
    tpx_result model;
    int have_meas;   /* meas.m (and its ring) is there */
    tpx_result meas;
    double median;   /* of meas.ring, computed with the snapshot (0 when empty) */
    /* The measurement against the prediction, with the snapshot: have_gap
     * when both are there; gap = measured / predicted - 1 (-0.4: 40 % below). */
    int have_gap;
    double gap;
} tpx_slot;

/* Beyond this relative gap the Bandwidth view says the two disagree. */
#define TPX_PRED_GAP_NOTE 0.25

typedef struct tpx_live {
    tpx_slot cur;
    tpx_slot bar[TPX_K_COUNT];
    tpx_slot cell[TPX_SWEEP_CELLS];
    tpx_slot pin;    /* the config pinned as A for a comparison (cfg_ok = 0: none) */
    int sweeps;      /* bars and cells are being measured too */
    worker_status gpu, model;
    tpx_config gpu_job; /* what the runner is measuring, when gpu.busy */
    tpx_profile prof;   /* the profile the predictions use (name empty until known) */
} tpx_live;

/* Fills the configs of every slot for the current config (no results). */
void live_slots(tpx_live *lv, const tpx_config *cur, const tpx_limits *lim);

/* Computes the slots now, in this thread (tests, benchmarks, replay); the
 * predictions on profile_current() of r's device (r may be NULL).  The
 * current config always; every kernel's bar and every block shape's cell
 * only when `every` (what a Bandwidth view or a tour's claims read: a screen
 * that shows neither need not model the whole catalog). */
void live_fill_sync(tpx_live *lv, const tpx_config *cur, const tpx_limits *lim, tpx_runner *r,
                    int sweeps, int every);

/* Computes the pinned slot now (pin NULL: none), in this thread. */
void live_fill_pin_sync(tpx_live *lv, const tpx_config *pin, tpx_runner *r);

/* Checks the kernel editor's draft (a config of a draft kernel, user.h)
 * now, in this thread, its marks kept (check_memo.h); NULL: nothing. */
void live_fill_draft_sync(const tpx_config *draft);

typedef struct tpx_livesrc tpx_livesrc;

/* Starts the two workers on runner r (which must outlive them).  repeat:
 * measure the current config over and over (a live GPU).  The predictions
 * use profile_current() of r's device (a --profile chosen before wins).
 * NULL on failure. */
tpx_livesrc *live_start(tpx_runner *r, int repeat);
void live_stop(tpx_livesrc *ls);
/* The config changed (or the sweeps were switched on or off): new wants. */
void live_request(tpx_livesrc *ls, const tpx_config *cur, const tpx_limits *lim, int sweeps);
/* The config pinned as A (NULL: none), measured right after the current
 * one; takes effect with the next live_request. */
void live_pin(tpx_livesrc *ls, const tpx_config *pin);
/* The kernel editor's draft as a config (NULL: none): checked by the model
 * worker right after the current config, its marks kept for the Map; takes
 * effect with the next live_request. */
void live_draft(tpx_livesrc *ls, const tpx_config *draft);
/* Forget the current config's measurements and measure again. */
void live_remeasure(tpx_livesrc *ls, const tpx_config *cur);
/* Copies the results into *lv when anything changed since the last call
 * (returns 1), else leaves it and returns 0. */
int live_refresh(tpx_livesrc *ls, tpx_live *lv);

#endif
