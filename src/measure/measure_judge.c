#include "measure_judge.h"

#include <math.h>
#include <stdio.h>

measure_judgement measure_judge(double gbs_a, double noise_a, double gbs_b, double noise_b)
{
    measure_judgement j = {MEASURE_UNJUDGED, 0.0, 0.0};
    if (!(gbs_a > 0) || !(gbs_b > 0) || !isfinite(gbs_a) || !isfinite(gbs_b))
        return j;
    noise_a = noise_a > 0 && isfinite(noise_a) ? noise_a : 0.0;
    noise_b = noise_b > 0 && isfinite(noise_b) ? noise_b : 0.0;
    j.difference = gbs_b / gbs_a - 1.0;
    j.spread = fmax(2.0 * sqrt(noise_a * noise_a + noise_b * noise_b), MEASURE_JUDGE_FLOOR);
    if (fabs(j.difference) <= j.spread)
        j.verdict = MEASURE_SAME;
    else
        j.verdict = j.difference > 0 ? MEASURE_FASTER : MEASURE_SLOWER;
    return j;
}

measure_judgement measure_judge_runs(const tpx_measurement *a, const tpx_measurement *b)
{
    int ok_a = runner_has_number(a) && a->samples > 0;
    int ok_b = runner_has_number(b) && b->samples > 0;
    return measure_judge(ok_a ? a->gbs : 0, a->noise, ok_b ? b->gbs : 0, b->noise);
}

const char *measure_verdict_name(measure_verdict v)
{
    switch (v) {
    case MEASURE_SAME:
        return "SAME";
    case MEASURE_FASTER:
        return "FASTER";
    case MEASURE_SLOWER:
        return "SLOWER";
    default:
        return "-";
    }
}

const char *measure_verdict_id(measure_verdict v)
{
    static const char *const ids[] = {NULL, "same", "faster", "slower"};
    return v >= MEASURE_UNJUDGED && v <= MEASURE_SLOWER ? ids[v] : NULL;
}

void measure_judgement_describe(const measure_judgement *j, char *buf, unsigned long n)
{
    if (j->verdict == MEASURE_UNJUDGED) {
        snprintf(buf, n, "not judged: a side has no timed, verified measurement");
        return;
    }
    snprintf(buf, n, "%s: %+.1f%% (%s the runs' spread, ±%.1f%%)",
             measure_verdict_name(j->verdict), 100.0 * j->difference,
             j->verdict == MEASURE_SAME ? "inside" : "outside", 100.0 * j->spread);
}
