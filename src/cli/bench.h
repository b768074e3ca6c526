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
    int pred_known;  /* bench_predict_rows: 1 pred_gbs is the prediction, -1 none; 0 not yet */
    double pred_gbs;
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
    char source[128];    /* --replay: the file's name (sanitized), else "" */
    int ranked;          /* rows sorted by measured GB/s, best first */
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
enum { BENCH_RANK_MEASURED, BENCH_RANK_PREDICTED, BENCH_RANK_SCORE };
int bench_best(const bench_result *b, int *ties, int *kind);

/* The model's predicted GB/s for row r on b's device (or the profile
 * without one): 0 with *gbs, or -1 where it has none (a reference, a
 * profile without the figures). */
int bench_predicted(const bench_result *b, const bench_row *r, double *gbs);
/* Computes every row's prediction once (each takes milliseconds), for the
 * writers to read; rows added later are computed when asked. */
void bench_predict_rows(bench_result *b);
/* The measured GB/s over the predicted: 0 with *ratio, or -1 where either
 * is missing. */
int bench_vs_predicted(const bench_result *b, const bench_row *r, double *ratio);

/* The columns every output shares: "32x8" ("-" for a reference), the pad
 * ("swz", "-" without a tile), "f32" or "f32/f64" (data in a wider tile),
 * and the width of the table's dtype column (5, or 7 with a tile dtype). */
void bench_block_text(const bench_row *r, char *buf, size_t n);
void bench_pad_text(const bench_row *r, char *buf, size_t n);
void bench_dtype_text(const bench_row *r, char *buf, size_t n);
int bench_dtype_width(const bench_result *b);

/* b->command ("tpx bench" and argv, shell-quoted, whole words only) and
 * b->date (now, UTC). */
void bench_describe_command(bench_result *b, int argc, char **argv);

void bench_write_table(FILE *f, const bench_result *b);
void bench_write_csv(FILE *f, const bench_result *b);
void bench_write_json(FILE *f, const bench_result *b);

#endif
