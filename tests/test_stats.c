/* Sample statistics and the stopping rule of measuring.md. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>

#include "measure_stats.h"

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_summary),
        cmocka_unit_test(test_stop),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
