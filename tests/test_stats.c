/* Sample statistics, the stopping rule of measuring.md, and the sort they
 * and the model share. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>

#include "measure_judge.h"
#include "measure_stats.h"
#include "sorting.h"

static void test_summary(void **s)
{
    (void)s;
    const double v[] = {3.0, 1.0, 2.0, 4.0};
    stats_summary r = stats_summarize(v, 4);
    assert_int_equal(r.n, 4);
    assert_true(r.min == 1.0 && r.median == 2.5 && r.mean == 2.5);
    /* sample standard deviation of 1..4 is sqrt(5/3); relative to the mean 2.5 */
    assert_true(fabs(r.noise - sqrt(5.0 / 3.0) / 2.5) < 1e-12);
    assert_true(v[0] == 3.0); /* the input is not sorted in place */
    /* quartiles interpolated on 1,2,3,4: positions 0.75 and 2.25 */
    assert_true(r.q1 == 1.75 && r.q3 == 3.25 && r.max == 4.0);
    const double one[] = {7.0};
    r = stats_summarize(one, 1);
    assert_true(r.median == 7.0 && r.noise == 0.0 && r.q1 == 7.0 && r.q3 == 7.0 && r.max == 7.0);
    r = stats_summarize(v, 3);
    assert_true(r.median == 2.0);
}

static void test_stop(void **s)
{
    (void)s;
    tpx_measure_opts o = runner_default_opts();
    double flat[20], noisy[20];
    for (int i = 0; i < 20; i++) {
        flat[i] = 1.0 + 1e-4 * (i % 2);
        noisy[i] = i % 2 ? 1.0 : 1.5;
    }
    assert_false(stats_should_stop(flat, 9, 10.0, &o));   /* fewer than 10: never */
    assert_true(stats_should_stop(flat, 10, 0.01, &o));   /* quiet: stop at 10 */
    assert_false(stats_should_stop(noisy, 10, 0.5, &o));  /* noisy, under the cap */
    assert_true(stats_should_stop(noisy, 10, 1.0, &o));   /* noisy, at the cap */
    o.max_samples = 12;
    assert_true(stats_should_stop(noisy, 12, 0.1, &o));   /* at most max_samples */
}

/* SAME inside max(2 x the combined noise, 1 %), FASTER or SLOWER outside;
 * a side without a figure is not judged. */
static void test_judge(void **st)
{
    (void)st;
    measure_judgement j = measure_judge(1000, 0.001, 1009, 0.001); /* 0.9 % < the floor */
    assert_int_equal(j.verdict, MEASURE_SAME);
    assert_true(fabs(j.spread - MEASURE_JUDGE_FLOOR) < 1e-12);
    j = measure_judge(1000, 0.001, 1011, 0.001);
    assert_int_equal(j.verdict, MEASURE_FASTER);
    assert_true(fabs(j.difference - 0.011) < 1e-12);
    j = measure_judge(1000, 0.001, 989, 0.001);
    assert_int_equal(j.verdict, MEASURE_SLOWER);
    /* noisy runs: 3 % and 4 % noise make a spread of 2 x 5 % = 10 % */
    j = measure_judge(1000, 0.03, 1090, 0.04);
    assert_int_equal(j.verdict, MEASURE_SAME);
    assert_true(fabs(j.spread - 0.10) < 1e-12);
    j = measure_judge(1000, 0.03, 1110, 0.04);
    assert_int_equal(j.verdict, MEASURE_FASTER);
    /* nothing to judge */
    assert_int_equal(measure_judge(0, 0.01, 1000, 0.01).verdict, MEASURE_UNJUDGED);
    assert_int_equal(measure_judge(1000, 0.01, NAN, 0.01).verdict, MEASURE_UNJUDGED);
    assert_int_equal(measure_judge(1000, NAN, 1000, 0.01).verdict, MEASURE_SAME);
    tpx_measurement a, b;
    runner_not_measured(&a, TPX_ST_NOT_MEASURED, "");
    b = a;
    assert_int_equal(measure_judge_runs(&a, &b).verdict, MEASURE_UNJUDGED);
    assert_string_equal(measure_verdict_name(MEASURE_UNJUDGED), "-");
}

/* sort_ll against qsort on the inputs a quicksort fears: sorted, reversed,
 * all equal, few values, organ pipes, negatives, and the sizes about its
 * cut-over to insertion (32) and the model's warp (64). */
static void test_sort_ll(void **s)
{
    (void)s;
    enum { MAX = 2100 };
    static long long a[MAX], b[MAX];
    unsigned x = 12345;
    for (int t = 0; t < 700; t++) {
        int n = t < 100 ? t : (int)(x % MAX), mode = t % 7;
        for (int i = 0; i < n; i++) {
            x = x * 1103515245u + 12345u;
            long long r = (long long)(x >> 8);
            a[i] = mode == 0 ? i : mode == 1 ? n - i : mode == 2 ? 5 : mode == 3 ? r % 3
                   : mode == 4 ? (i < n / 2 ? i : n - i) : mode == 5 ? r - (1LL << 23) : r;
            b[i] = a[i];
        }
        sort_ll(a, (size_t)n);
        qsort(b, (size_t)n, sizeof b[0], sort_cmp_ll);
        if (n > 0)
            assert_memory_equal(a, b, sizeof a[0] * (size_t)n);
    }
    long long d[] = {4, -1, 4, 9, -1, 0};
    assert_int_equal(sort_distinct_ll(d, 6), 4);
    assert_true(d[0] == -1 && d[1] == 0 && d[2] == 4 && d[3] == 9);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_summary),
        cmocka_unit_test(test_stop),
        cmocka_unit_test(test_judge),
        cmocka_unit_test(test_sort_ll),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
