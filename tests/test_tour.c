/* The guided tour: the built-in steps parse and are valid configs, the keys
 * walk through them (each step sets its view and config), and a broken tour
 * text is refused with the line that is wrong. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "app.h"
#include "tour.h"

static void test_builtin_steps_are_valid(void **s)
{
    (void)s;
    int n;
    const tpx_tour_step *steps = tour_builtin(&n);
    assert_true(n >= 5);
    tpx_limits lim = config_default_limits();
    char msg[TPX_MSG];
    for (int i = 0; i < n; i++) {
        if (config_validate(&steps[i].cfg, &lim, msg, sizeof msg) != 0)
            fail_msg("tour step %d: %s", i + 1, msg);
        assert_true(steps[i].view >= 0 && steps[i].view < TPX_VIEW_COUNT);
        assert_true(strlen(steps[i].text) > 40);
    }
    /* Every view is visited. */
    for (int v = 0; v < TPX_VIEW_COUNT; v++) {
        int seen = 0;
        for (int i = 0; i < n; i++)
            seen |= steps[i].view == v;
        assert_true(seen);
    }
}

static void test_keys_walk_the_tour(void **s)
{
    (void)s;
    int n;
    const tpx_tour_step *steps = tour_builtin(&n);
    tpx_config c = config_default();
    tpx_limits lim = config_default_limits();
    tpx_device dev = {0};
    tpx_app *a = app_new(&c, &lim, &dev, "test");
    app_resize(a, 120, 40);
    assert_int_equal(app_key(a, '>') & TPX_HANDLED, TPX_HANDLED); /* not touring: not a key */
    assert_int_equal(a->tour, -1);
    assert_non_null(strstr(a->msg, "steps through the tour: T starts it"));
    int bits = app_key(a, 'T');
    assert_int_equal(a->tour, 0);
    for (int i = 0; i < n; i++) {
        app_update(a, bits);
        assert_int_equal(a->tour, i);
        assert_int_equal(a->view, steps[i].view);
        assert_true(worker_same(&a->cfg, &steps[i].cfg));
        assert_false(a->msg_error);
        bits = app_key(a, '>');
    }
    assert_int_equal(a->tour, -1); /* past the last step */
    app_key(a, 'T');
    app_key(a, '<'); /* before the first: stays */
    assert_int_equal(a->tour, 0);
    app_key(a, '>');
    app_update(a, app_key(a, 'j')); /* other keys still work during the tour */
    assert_int_equal(a->sel.warp, 1);
    assert_int_equal(a->tour, 1);
    app_key(a, 'T');
    assert_int_equal(a->tour, -1);
    app_free(a);
}

static void test_broken_tours(void **s)
{
    (void)s;
    tpx_tour_step steps[4];
    char msg[TPX_MSG];
    assert_int_equal(tour_parse("# nothing\n", steps, 4, msg, sizeof msg), 0);
    assert_int_equal(tour_parse("@ view=2 kernel=smem block=32x32\nSome text\nmore.\n", steps, 4,
                                msg, sizeof msg),
                     1);
    assert_string_equal(steps[0].text, "Some text more.");
    assert_int_equal(steps[0].view, 1);
    assert_int_equal(steps[0].cfg.kernel, TPX_K_SMEM);
    assert_int_equal(tour_parse("@ view=9\n", steps, 4, msg, sizeof msg), -1);
    assert_non_null(strstr(msg, "line 1"));
    assert_int_equal(tour_parse("\n@ kernel=fastest\n", steps, 4, msg, sizeof msg), -1);
    assert_non_null(strstr(msg, "line 2: unknown kernel 'fastest'"));
    assert_int_equal(tour_parse("@ colour=red\n", steps, 4, msg, sizeof msg), -1);
    assert_int_equal(tour_parse("@ block=32\n", steps, 4, msg, sizeof msg), -1);
    assert_int_equal(tour_parse("@\n@\n@\n@\n@\n", steps, 4, msg, sizeof msg), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_builtin_steps_are_valid),
        cmocka_unit_test(test_keys_walk_the_tour),
        cmocka_unit_test(test_broken_tours),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
