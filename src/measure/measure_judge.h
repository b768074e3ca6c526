/* measure_judge: is B's measured bandwidth really different from A's, or
 * inside the runs' noise?  One test for tpx compare, the Compare view and
 * tpx compare's two-file mode, documented in docs/measuring.md ("Calling a
 * difference"): the difference B/A - 1 is a real one when it exceeds the
 * spread, twice the two runs' combined relative noise (the standard
 * deviation of the samples over their mean, sqrt(nA^2 + nB^2)) and never
 * less than MEASURE_JUDGE_FLOOR: two H200 runs of the same 50 configs
 * (bench/results/h200-8192-f32.json against h200.json) differed by up to
 * 0.72 %, and twice the noise alone called 3 of those 50 differences. */
#ifndef TPX_MEASURE_JUDGE_H
#define TPX_MEASURE_JUDGE_H

#include "runner.h"

#define MEASURE_JUDGE_FLOOR 0.01

typedef enum measure_verdict {
    MEASURE_UNJUDGED, /* a side has no timed, verified figure */
    MEASURE_SAME,
    MEASURE_FASTER, /* B is faster than A */
    MEASURE_SLOWER,
} measure_verdict;

typedef struct measure_judgement {
    measure_verdict verdict;
    double difference; /* B's GB/s over A's, minus 1 */
    double spread;     /* what the difference must exceed, as a fraction */
} measure_judgement;

/* From each side's GB/s and relative noise (gbs <= 0: no figure). */
measure_judgement measure_judge(double gbs_a, double noise_a, double gbs_b, double noise_b);
/* From two measurements: judged only when both are timed and verified. */
measure_judgement measure_judge_runs(const tpx_measurement *a, const tpx_measurement *b);
/* "SAME", "FASTER", "SLOWER", or "-" unjudged. */
const char *measure_verdict_name(measure_verdict v);
/* As JSON writes it: "same", "faster", "slower", or NULL unjudged. */
const char *measure_verdict_id(measure_verdict v);
/* "FASTER: +12.3 % (outside the runs' spread, ±1.7 %)", "SAME: -0.1 % (inside
 * the runs' spread, ±1.7 %)", or "not judged: ..." */
void measure_judgement_describe(const measure_judgement *j, char *buf, unsigned long n);

#endif
