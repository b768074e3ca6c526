/* measure_stats: what a list of timing samples says (min, median, mean,
 * noise) and when to stop taking them (measuring.md: at least min_samples,
 * then stop when the noise is under max_noise or at the time cap). */
#ifndef TPX_MEASURE_STATS_H
#define TPX_MEASURE_STATS_H

#include "runner.h"

typedef struct stats_summary {
    int n;
    double min, median, mean;
    double q1, q3, max;  /* quartiles (linear interpolation) and maximum */
    double noise; /* relative standard deviation (sample), 0 for fewer than 2 */
} stats_summary;

/* Summary of v[0..n); v is not changed. */
stats_summary stats_summarize(const double *v, int n);

/* 1 when sampling should stop after n samples taking elapsed_s seconds. */
int stats_should_stop(const double *v, int n, double elapsed_s, const tpx_measure_opts *o);

#endif
