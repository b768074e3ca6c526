/* bench: the results of a `tpx bench` sweep, and their output as a table,
 * CSV, or the JSON result document (docs/results-format.md) that
 * runner_replay loads on a machine without a GPU. */
#ifndef TPX_BENCH_H
#define TPX_BENCH_H

#include <stdio.h>

#include "model.h"
#include "runner.h"

typedef struct bench_row {
    tpx_config c;
    int modelled; /* 0 for the references */
    tpx_totals t;
    tpx_measurement m;
} bench_row;

typedef struct bench_skip {
    char what[160];
    char why[TPX_MSG];
} bench_skip;

typedef struct bench_result {
    bench_row *rows;
    int n, cap;
    bench_skip *skips;
    int nskip, skipcap;
    tpx_device dev;
    const char *runner;  /* "cuda", "model-only", ... */
    int hot, once;
    char command[1024];
    char date[32];       /* UTC, ISO 8601 */
} bench_result;

/* Append a row or a skip note; 0, or -1 when out of memory. */
int bench_add_row(bench_result *b, const bench_row *r);
int bench_add_skip(bench_result *b, const tpx_config *c, const char *why);
void bench_free(bench_result *b);

/* The best row: by measured GB/s when any row was timed (among those), else
 * by the model's predicted GB/s for the device (or its profile) when it
 * predicts every modelled row, else by its ranking figure
 * (sweep_model_score); *kind says which (0, 1, 2).  -1 when none; *ties
 * counts the other rows with the same value. */
int bench_best(const bench_result *b, int *ties, int *kind);

void bench_write_table(FILE *f, const bench_result *b);
void bench_write_csv(FILE *f, const bench_result *b);
void bench_write_json(FILE *f, const bench_result *b);

#endif
