#include "measure_stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sorting.h"

/* The p-quantile of sorted[0..n), interpolated between neighbours. */
static double quantile(const double *sorted, int n, double p)
{
    double at = p * (n - 1);
    int lo = (int)at;
    return lo + 1 < n ? sorted[lo] + (at - lo) * (sorted[lo + 1] - sorted[lo]) : sorted[lo];
}

stats_summary stats_summarize(const double *v, int n)
{
    stats_summary s;
    memset(&s, 0, sizeof s);
    s.n = n;
    if (n <= 0)
        return s;
    double *sorted = malloc(sizeof *sorted * (size_t)n);
    if (!sorted)
        return s;
    memcpy(sorted, v, sizeof *sorted * (size_t)n);
    s.median = sort_median(sorted, (size_t)n);
    s.min = sorted[0];
    s.max = sorted[n - 1];
    s.q1 = quantile(sorted, n, 0.25);
    s.q3 = quantile(sorted, n, 0.75);
    double sum = 0, sq = 0;
    for (int i = 0; i < n; i++)
        sum += sorted[i];
    s.mean = sum / n;
    for (int i = 0; i < n; i++)
        sq += (sorted[i] - s.mean) * (sorted[i] - s.mean);
    s.noise = n > 1 && s.mean > 0 ? sqrt(sq / (n - 1)) / s.mean : 0.0;
    free(sorted);
    return s;
}

int stats_should_stop(const double *v, int n, double elapsed_s, const tpx_measure_opts *o)
{
    if (n >= o->max_samples)
        return 1;
    if (n < o->min_samples)
        return 0;
    if (elapsed_s >= o->time_cap_s)
        return 1;
    return stats_summarize(v, n).noise < o->max_noise;
}
