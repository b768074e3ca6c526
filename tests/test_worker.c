/* The workers behind the live figures, with a fake runner: results arrive
 * without the caller waiting, a new config cancels stale work, a live GPU
 * is measured again and again into the ring, failures are kept as failures
 * (never as a number), and the sweeps are measured only when wanted. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fake_runner.h"
#include "live.h"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static tpx_live lv;

/* Waits stretch by TPX_TEST_SLOW (valgrind.sh sets it: the model's work runs
 * some 30 times slower there); a wait ends as soon as what it waits for
 * comes, so the bounds cost nothing when all is well. */
static double slow(void)
{
    const char *e = getenv("TPX_TEST_SLOW");
    double f = e ? atof(e) : 1.0;
    return f >= 1.0 ? f : 1.0;
}

/* Refreshes lv until ok(lv) or the timeout; returns whether it came. */
static int wait_for(tpx_livesrc *ls, int (*ok)(const tpx_live *), double timeout_s)
{
    double end = now_s() + timeout_s * slow();
    while (now_s() < end) {
        live_refresh(ls, &lv);
        if (ok(&lv))
            return 1;
        sleep_ms(5);
    }
    return 0;
}

static tpx_config base(void)
{
    tpx_config c = config_default();
    c.w = c.h = 512;
    return c;
}

static int cur_measured(const tpx_live *l) { return l->cur.have_meas && l->cur.have_model; }
static int ring_of_three(const tpx_live *l) { return l->cur.have_meas && l->cur.meas.nring >= 3; }

static void test_live_figures_arrive(void **s)
{
    (void)s;
    tpx_runner *r = fake_runner(20);
    tpx_limits lim = config_default_limits();
    tpx_livesrc *ls = live_start(r, 1);
    tpx_config c = base();
    /* Asking never waits for the GPU: with a measurement that cannot end
     * (held by a delay of a day), the request returns and nothing is
     * measured yet; lowered to 20 ms, the figure arrives.  (No wall-clock
     * bound: a loaded machine can stop this thread for any time.) */
    atomic_store(&fake_of(r)->delay_ms, 86400000);
    live_request(ls, &c, &lim, 0);
    live_refresh(ls, &lv);
    assert_false(lv.cur.have_meas);
    atomic_store(&fake_of(r)->delay_ms, 20);
    assert_true(wait_for(ls, cur_measured, 5));
    assert_int_equal(lv.cur.meas.m.status, TPX_ST_OK);
    assert_true(lv.cur.meas.m.gbs == fake_gbs(&c));
    assert_int_equal(lv.cur.model.model_rc, 0);
    assert_true(lv.cur.model.totals.op[TPX_OP_GST].sectors > 0);
    /* A live GPU keeps measuring the config: the ring grows. */
    assert_true(wait_for(ls, ring_of_three, 5));
    assert_true(lv.cur.meas.runs >= 3);
    /* Without the Bandwidth view, the sweeps are not measured... */
    assert_false(lv.bar[TPX_K_COPY_ROW].have_meas);
    /* ...but the model does them anyway (cheap). */
    live_stop(ls);
    runner_close(r);
}

static int cur_is_b(const tpx_live *l)
{
    return l->cur.cfg.bx == 16 && l->cur.have_meas;
}

static int busy(const tpx_live *l) { return l->gpu.busy; }

static void test_change_cancels_stale_work(void **s)
{
    (void)s;
    tpx_runner *r = fake_runner(3000); /* a slow measurement */
    tpx_limits lim = config_default_limits();
    tpx_livesrc *ls = live_start(r, 0);
    tpx_config a = base(), b = base();
    b.bx = 16;
    live_request(ls, &a, &lim, 0);
    assert_true(wait_for(ls, busy, 2));
    /* The progress shows while it runs. */
    sleep_ms(100);
    live_refresh(ls, &lv);
    assert_true(lv.gpu.progress > 0 && lv.gpu.progress < 1);
    assert_true(config_same(&lv.gpu_job, &a));
    /* b is asked for while a has most of its 3 s to run: a is cancelled
     * (counted by the fake, which sees the flag before it looks at the
     * delay again), and b, now 20 ms, comes well before a could have. */
    live_request(ls, &b, &lim, 0);
    atomic_store(&fake_of(r)->delay_ms, 20);
    assert_true(wait_for(ls, cur_is_b, 2));
    assert_int_equal(atomic_load(&fake_of(r)->cancelled), 1);
    live_stop(ls);
    runner_close(r);
}

static int cur_has_result(const tpx_live *l) { return l->cur.have_meas; }

static void test_failures_stay_failures(void **s)
{
    (void)s;
    tpx_runner *r = fake_runner(5);
    fake_of(r)->fail_kernel = TPX_K_NAIVE_ROW;
    fake_of(r)->fail_status = TPX_ST_VERIFY_FAILED;
    tpx_limits lim = config_default_limits();
    tpx_livesrc *ls = live_start(r, 1);
    tpx_config c = base();
    live_request(ls, &c, &lim, 0);
    assert_true(wait_for(ls, cur_has_result, 2));
    assert_int_equal(lv.cur.meas.m.status, TPX_ST_VERIFY_FAILED);
    assert_int_equal(lv.cur.meas.nring, 0); /* no number joins the ring */
    sleep_ms(100);
    assert_int_equal(atomic_load(&fake_of(r)->calls), 1); /* not repeated */
    live_stop(ls);
    runner_close(r);
}

static int sweeps_done(const tpx_live *l)
{
    for (int k = 0; k < TPX_K_COUNT; k++)
        if (l->bar[k].cfg_ok && !l->bar[k].have_meas)
            return 0;
    for (int i = 0; i < TPX_SWEEP_CELLS; i++)
        if (l->cell[i].cfg_ok && (!l->cell[i].have_meas || !l->cell[i].have_model))
            return 0;
    return 1;
}

static void test_sweeps_when_wanted(void **s)
{
    (void)s;
    tpx_runner *r = fake_runner(1);
    tpx_limits lim = config_default_limits();
    tpx_livesrc *ls = live_start(r, 0);
    tpx_config c = base();
    live_request(ls, &c, &lim, 1);
    assert_true(wait_for(ls, sweeps_done, 10));
    assert_true(lv.sweeps);
    int cells = 0;
    for (int i = 0; i < TPX_SWEEP_CELLS; i++)
        if (lv.cell[i].cfg_ok) {
            cells++;
            assert_true(lv.cell[i].meas.m.gbs == fake_gbs(&lv.cell[i].cfg));
        }
    assert_true(cells > 40);
    /* smem refuses 32x8: its bar uses its usual 32x32. */
    assert_true(lv.bar[TPX_K_SMEM].cfg_ok);
    assert_int_equal(lv.bar[TPX_K_SMEM].cfg.by, 32);
    live_stop(ls);
    runner_close(r);
}

static void test_remeasure_and_stop_while_busy(void **s)
{
    (void)s;
    tpx_runner *r = fake_runner(10);
    tpx_limits lim = config_default_limits();
    tpx_livesrc *ls = live_start(r, 0);
    tpx_config c = base();
    live_request(ls, &c, &lim, 0);
    assert_true(wait_for(ls, cur_has_result, 2));
    int calls = atomic_load(&fake_of(r)->calls);
    live_remeasure(ls, &c);
    live_refresh(ls, &lv);
    assert_true(wait_for(ls, cur_has_result, 2));
    sleep_ms(50);
    assert_int_equal(atomic_load(&fake_of(r)->calls), calls + 1);
    /* Stopping in the middle of a long measurement cancels it. */
    atomic_store(&fake_of(r)->delay_ms, 5000);
    live_remeasure(ls, &c);
    sleep_ms(50);
    double t0 = now_s();
    live_stop(ls);
    assert_true(now_s() - t0 < 1.0 * slow());
    runner_close(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_live_figures_arrive),
        cmocka_unit_test(test_change_cancels_stale_work),
        cmocka_unit_test(test_failures_stay_failures),
        cmocka_unit_test(test_sweeps_when_wanted),
        cmocka_unit_test(test_remeasure_and_stop_while_busy),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
