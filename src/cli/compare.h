/* compare: A and B side by side.  Each side is modelled and measured by the
 * caller; compare_figures reads the figures back from each side's
 * `tpx report --json` object, by path, and works out what differs and the
 * ratios B/A.  Writers for the table and the JSON of `tpx compare`. */
#ifndef TPX_COMPARE_H
#define TPX_COMPARE_H

#include <stdio.h>

#include "measure_judge.h"
#include "model.h"
#include "predict.h"
#include "profile.h"
#include "runner.h"

typedef struct compare_side {
    tpx_config c;
    int modelled; /* 0 for the references */
    tpx_totals t;
    tpx_measurement m;
    /* The side's GPU and its profile: A and B differ when they are measured
     * on two GPUs (two result files); compare_figures copies dev/prof
     * into a side with none. */
    int has_dev;
    tpx_device dev;
    tpx_profile prof;
} compare_side;

typedef struct compare_figure {
    const char *id;    /* "global_load.sectors_per_request", ... */
    const char *label; /* for the table */
    int decimals, pct, in_table;
    int present[2];    /* 0: the side has no such figure (unmeasured, not modelled) */
    double v[2];
    int has_ratio;     /* both present and A non-zero */
    double ratio;      /* B / A */
    int differs;
} compare_figure;

#define COMPARE_MAX_FIGURES 16
#define COMPARE_MAX_FIELDS 7

typedef struct compare_result {
    tpx_device dev;
    tpx_profile prof; /* the device profile the predictions are made for */
    compare_side side[2]; /* A, B */
    compare_figure fig[COMPARE_MAX_FIGURES];
    int nfig;
    const char *changed[COMPARE_MAX_FIELDS]; /* config fields that differ */
    /* the measured GB/s of B against A: SAME inside the runs' noise (measure_judge) */
    measure_judgement judged;
    int nchanged;
    /* Each side's prediction on its profile (valid = 0: none) and, with both,
     * which limit moved, in words (predict_compare). */
    tpx_prediction pred[2];
    char moved[TPX_MSG];
} compare_result;

/* Fills fig[] and changed[] from side[] and dev.  0, or -1 out of memory. */
int compare_figures(compare_result *r);
/* Whether A and B are measured on two different GPUs. */
int compare_two_gpus(const compare_result *r);
/* The figure with this id, or NULL when neither side has it. */
const compare_figure *compare_find(const compare_result *r, const char *id);
void compare_write_table(FILE *f, const compare_result *r);
void compare_write_json(FILE *f, const compare_result *r);
void compare_free(compare_result *r);

#include "cli.h"

/* The options B takes after --vs: the config options and --no-swizzle. */
extern const cli_opt compare_vs_opts[];
/* Where "--vs" is in argv, or -1. */
int compare_split_vs(int argc, char **argv);
/* B from A and the options after --vs (argv, argc of them), validated
 * against lim; *help when --help was among them.  0, or -1 with why. */
int compare_build_b(int argc, char **argv, const tpx_config *a, const tpx_limits *lim,
                    tpx_config *b, int *help, char *msg, size_t n);

#endif
