/* The guided tour: the built-in steps parse and are valid configs, the keys
 * walk through them (each step sets its view and config), every step of the
 * built-in tour and of a teacher's file renders with its numbers, and a
 * broken tour text is refused with the line that is wrong. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app.h"
#include "fake_runner.h"
#include "headless.h"
#include "runner_replay.h"
#include "tour.h"
#include "user.h"
#include "views.h"

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
    /* A/B steps pin a valid A too */
    assert_int_equal(tour_check(steps, n, &lim, msg, sizeof msg), 0);
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
        assert_true(config_same(&a->cfg, &steps[i].cfg));
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
    assert_int_equal(tour_parse("# nothing\n", steps, 4, TPX_VIEW_COUNT, msg, sizeof msg), 0);
    assert_int_equal(tour_parse("@ view=2 kernel=smem block=32x32\nSome text\nmore.\n", steps, 4,
                                TPX_VIEW_COUNT, msg, sizeof msg),
                     1);
    assert_string_equal(steps[0].text, "Some text more.");
    assert_int_equal(steps[0].view, 1);
    assert_int_equal(steps[0].cfg.kernel, TPX_K_SMEM);
    assert_int_equal(tour_parse("@ view=9\n", steps, 4, TPX_VIEW_COUNT, msg, sizeof msg), -1);
    assert_non_null(strstr(msg, "line 1"));
    assert_int_equal(tour_parse("\n@ kernel=fastest\n", steps, 4, TPX_VIEW_COUNT, msg, sizeof msg),
                     -1);
    assert_non_null(strstr(msg, "line 2 (step 1): unknown kernel 'fastest'"));
    assert_int_equal(tour_parse("@ colour=red\n", steps, 4, TPX_VIEW_COUNT, msg, sizeof msg), -1);
    assert_int_equal(tour_parse("@ block=32\n", steps, 4, TPX_VIEW_COUNT, msg, sizeof msg), -1);
    assert_int_equal(tour_parse("@\n@\n@\n@\n@\n", steps, 4, TPX_VIEW_COUNT, msg, sizeof msg), -1);
}

/* What a text editor may leave in a tour: CRLF line ends, a UTF-8 byte-order
 * mark, lines of any length; and what a person may mistype: a setting given
 * twice is refused (the last one would silently win), and so is a text over
 * what a step holds. */
static void test_reader_edges(void **s)
{
    (void)s;
    static tpx_tour_step steps[4];
    char msg[TPX_MSG];
    const char *crlf = "# x\r\n@ view=2 kernel=smem block=32x32\r\nSome text\r\nmore.\r\n";
    assert_int_equal(tour_parse(crlf, steps, 4, TPX_VIEW_COUNT, msg, sizeof msg), 1);
    assert_string_equal(steps[0].text, "Some text more.");
    assert_int_equal(steps[0].cfg.bx, 32);
    assert_int_equal(steps[0].cfg.by, 32);
    assert_int_equal(tour_parse("\xef\xbb\xbf@ view=3 kernel=tile_rows\nt\n", steps, 4,
                                TPX_VIEW_COUNT, msg, sizeof msg),
                     1);
    assert_int_equal(steps[0].view, 2);
    assert_int_equal(steps[0].cfg.kernel, TPX_K_TILE_ROWS);
    /* settings past byte 255 of the line are read, not dropped */
    char line[600];
    snprintf(line, sizeof line, "@ view=2%300s kernel=smem block=16x16\nt\n", "");
    assert_int_equal(tour_parse(line, steps, 4, TPX_VIEW_COUNT, msg, sizeof msg), 1);
    assert_int_equal(steps[0].cfg.kernel, TPX_K_SMEM);
    assert_int_equal(steps[0].cfg.bx, 16);
    /* a setting twice: refused with the step and the setting named */
    assert_int_equal(tour_parse("@ view=1\nt\n@ view=2 pad=1 kernel=smem pad=0\n", steps, 4,
                                TPX_VIEW_COUNT, msg, sizeof msg),
                     -1);
    assert_non_null(strstr(msg, "tour line 3 (step 2): 'pad' given twice (pad=1 and pad=0)"));
    assert_int_equal(tour_parse("@ view=6 kernel=smem a.pad=1 a.pad=0\n", steps, 4,
                                TPX_VIEW_COUNT, msg, sizeof msg),
                     -1);
    assert_non_null(strstr(msg, "tour line 1 (step 1): 'a.pad' given twice"));
    assert_int_equal(tour_parse("@ view=6 kernel=smem pad=1 a.pad=0\nt\n", steps, 4,
                                TPX_VIEW_COUNT, msg, sizeof msg),
                     1); /* B's pad and A's: two settings */
    /* a text longer than a step holds: refused, not cut */
    char big[2000];
    int o = snprintf(big, sizeof big, "@ view=1\n");
    for (int i = 0; i < 40; i++)
        o += snprintf(big + o, sizeof big - (size_t)o, "twenty characters ..\n");
    assert_int_equal(tour_parse(big, steps, 4, TPX_VIEW_COUNT, msg, sizeof msg), -1);
    assert_non_null(strstr(msg, "(step 1): its text is longer than"));
}

/* Every step of a tour, rendered: its number, its view, the line with its
 * numbers (measured by the fake runner), and A pinned for an A/B step. */
static void walk_and_render(const tpx_tour_step *steps, int n)
{
    tpx_runner *r = fake_runner(0);
    tpx_limits lim;
    tpx_device dev;
    runner_limits(r, &lim);
    runner_device(r, &dev);
    tpx_config c = config_default();
    tpx_app *a = app_new(&c, &lim, &dev, "");
    app_resize(a, 120, 40);
    int bits = app_tour_start(a, steps, n);
    tpx_canvas cv;
    assert_int_equal(canvas_init(&cv, 120, 40), 0);
    for (int i = 0; i < n; i++) {
        app_update(a, bits);
        live_fill_sync(a->live, &a->cfg, &a->lim, r, app_wants_sweeps(a), 1);
        live_fill_pin_sync(a->live, a->pinned ? &a->pin : NULL, r);
        app_update(a, TPX_LIVE);
        assert_int_equal(a->tour, i);
        assert_int_equal(a->view, steps[i].view);
        assert_false(a->msg_error);
        app_draw(a, &cv);
        char *text = canvas_dump(&cv), want[64];
        snprintf(want, sizeof want, "tour %d/%d", i + 1, n);
        if (!strstr(text, want))
            fail_msg("step %d: no '%s' on\n%s", i + 1, want, text);
        if (steps[i].pinned) {
            assert_true(a->pinned);
            assert_true(config_same(&a->pin, &steps[i].pin));
            assert_non_null(strstr(text, "A (pinned)"));
        }
        int reference = config_is_reference(a->cfg.kernel);
        const char *nums = steps[i].pinned ? "measured: A " : "measured: ";
        if (!reference && !strstr(text, nums))
            fail_msg("step %d: no '%s' line on\n%s", i + 1, nums, text);
        free(text);
        bits = app_key(a, '>');
    }
    assert_int_equal(a->tour, -1);
    canvas_free(&cv);
    app_free(a);
    runner_close(r);
}

static void test_every_step_renders(void **s)
{
    (void)s;
    int n;
    const tpx_tour_step *steps = tour_builtin(&n);
    walk_and_render(steps, n);
    /* the numbers with nothing measured: the model's prediction */
    tpx_headless h = {.cols = 120, .rows = 40, .keys = "T"};
    h.cfg = config_default();
    char *text = headless_render(&h);
    assert_non_null(strstr(text, "not measured; the model predicts "));
    free(text);
    h.keys = "T>"; /* an A/B step: both, and the ratio */
    text = headless_render(&h);
    const char *line = strstr(text, "not measured; the model predicts A ");
    assert_non_null(line);
    assert_non_null(strstr(line, ", B/A "));
    free(text);
}

static void test_fixture_file(void **s)
{
    (void)s;
    FILE *f = fopen(TPX_TOUR_FIXTURE, "r");
    assert_non_null(f);
    static char text[8192];
    size_t len = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[len] = '\0';
    static tpx_tour_step steps[TPX_TOUR_MAX];
    char msg[TPX_MSG];
    int n = tour_parse(text, steps, TPX_TOUR_MAX, TPX_VIEW_COUNT, msg, sizeof msg);
    assert_int_equal(n, 4);
    tpx_limits lim = config_default_limits();
    assert_int_equal(tour_check(steps, n, &lim, msg, sizeof msg), 0);
    assert_int_equal(steps[1].line, 6);
    assert_true(steps[3].pinned && steps[3].cfg.swz && !steps[3].pin.swz && steps[3].pin.pad == 1);
    walk_and_render(steps, n);
}

static void test_ab_lines(void **s)
{
    (void)s;
    tpx_tour_step steps[2];
    char msg[TPX_MSG];
    tpx_limits lim = config_default_limits();
    assert_int_equal(tour_parse("@ view=6 kernel=smem block=32x32 a.view=2\n", steps, 2,
                                TPX_VIEW_COUNT, msg, sizeof msg),
                     -1);
    assert_non_null(strstr(msg, "tour line 1 (step 1): 'a.view=2': A takes config settings only"));
    assert_int_equal(tour_parse("# x\n@ view=6 kernel=smem block=32x32 a.block=32x8\nt\n", steps,
                                2, TPX_VIEW_COUNT, msg, sizeof msg),
                     1);
    assert_int_equal(tour_check(steps, 1, &lim, msg, sizeof msg), -1);
    assert_non_null(strstr(msg, "tour line 2 (step 1): its A (a.*) is refused: smem needs"));
}

/* Whether a step speaks of GB/s: a claim or a {figure} of its text that is
 * not one of the model's counts (.ld, .st, .wf, .sec). */
static int speaks_of_gbs(const tpx_tour_step *st)
{
    for (int j = 0; j < st->nclaims; j++)
        if (st->claims[j].l.num.metric <= TOUR_M_PRED)
            return 1;
    for (const char *p = strchr(st->text, '{'); p; p = strchr(p + 1, '{')) {
        size_t len = strcspn(p, "}");
        const char *dot = memchr(p, '.', len);
        if (!dot || strncmp(dot, ".gbs", 4) == 0 || strncmp(dot, ".pred", 5) == 0)
            return 1;
    }
    return 0;
}

/* Every built-in step (and its A) that speaks of GB/s has a verified
 * measurement in each shipped result file: the tour's box shows recorded
 * numbers, never "not measured", on a machine without a GPU given --load
 * h200 or h100.  (A step about the model's counts alone may show a config
 * no GPU run has, with its predicted GB/s marked as such.) */
static void test_steps_measured_in_shipped_files(void **s)
{
    (void)s;
    int n;
    const tpx_tour_step *steps = tour_builtin(&n);
    const char *names[] = {"h200", "h100"};
    tpx_measure_opts o = runner_default_opts();
    for (size_t f = 0; f < sizeof names / sizeof names[0]; f++) {
        char path[1024], msg[TPX_MSG], desc[160];
        snprintf(path, sizeof path, "%s/%s.json", TPX_RESULTS_DIR, names[f]);
        tpx_runner *r = runner_replay(path, msg, sizeof msg);
        if (!r)
            fail_msg("%s: %s", path, msg);
        for (int i = 0; i < n; i++)
            for (int side = 0; side < (1 + steps[i].pinned) * speaks_of_gbs(&steps[i]); side++) {
                const tpx_config *c = side ? &steps[i].pin : &steps[i].cfg;
                tpx_measurement m;
                runner_measure(r, c, &o, &m, NULL, NULL, NULL);
                config_describe(c, desc, sizeof desc);
                if (!runner_has_number(&m) || !m.verified)
                    fail_msg("tour step %d (line %d): %s.json has no verified %s (%s)", i + 1,
                             steps[i].line, names[f], desc, runner_status_name(m.status));
            }
        runner_close(r);
    }
}


static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

/* kernel-file=PATH: a user kernel, relative to the tour file's folder (not
 * the current directory), for B or for A; refused with the path's reason
 * when missing, unparsable, a directory, named beside kernel=, or in a
 * tour text with no file. */
static void test_kernel_files(void **s)
{
    (void)s;
    tpx_tour_step steps[4];
    char msg[TPX_MSG], dir[] = "/tmp/tpx_tour_kf.XXXXXX", path[256], tour[256];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/mine.tpxk", dir);
    write_file(path, "kernel tour_mine\nlet x = bx * BX + tx\nlet y = by * BY + ty\n"
                     "if x < W && y < H: B[x * H + y] = A[y * W + x]\n");
    snprintf(path, sizeof path, "%s/bad.tpxk", dir);
    write_file(path, "kernel tour_bad\nB[tx = A[tx]\n");
    snprintf(tour, sizeof tour, "%s/t.txt", dir);
    write_file(tour, "@ view=1 kernel-file=mine.tpxk size=256\nMine.\n"
                     "@ view=6 kernel=naive_row a.kernel-file=mine.tpxk\nTwins.\n");
    assert_int_equal(tour_load(tour, steps, 4, TPX_VIEW_COUNT, msg, sizeof msg), 2);
    int id = user_find("tour_mine");
    assert_true(id >= 0);
    assert_int_equal(steps[0].cfg.kernel, id);
    assert_int_equal(steps[1].cfg.kernel, TPX_K_NAIVE_ROW);
    assert_true(steps[1].pinned);
    assert_int_equal(steps[1].pin.kernel, id);
    tpx_limits lim = config_default_limits();
    assert_int_equal(tour_check(steps, 2, &lim, msg, sizeof msg), 0);
    static const struct {
        const char *step, *want;
    } bad[] = {
        {"@ view=1 kernel-file=nope.tpxk", "tour line 1 (step 1): kernel-file: cannot open "},
        {"@ view=1 kernel-file=bad.tpxk", "bad.tpxk:2:6: ']' expected"},
        {"@ view=1 kernel-file=.", "is a directory"},
        {"@ view=1 kernel-file=", "names no file"},
        {"@ view=1 kernel=smem kernel-file=mine.tpxk", "'kernel' and 'kernel-file' name two"},
        {"@ view=6 a.kernel=smem a.kernel-file=mine.tpxk", "'a.kernel' and 'a.kernel-file'"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char text[256];
        snprintf(text, sizeof text, "%s\nx\n", bad[i].step);
        write_file(tour, text);
        assert_int_equal(tour_load(tour, steps, 4, TPX_VIEW_COUNT, msg, sizeof msg), -1);
        if (!strstr(msg, bad[i].want))
            fail_msg("%s: '%s' lacks '%s'", bad[i].step, msg, bad[i].want);
    }
    /* the missing file's path is the one beside the tour, not the cwd's */
    write_file(tour, "@ view=1 kernel-file=nope.tpxk\nx\n");
    tour_load(tour, steps, 4, TPX_VIEW_COUNT, msg, sizeof msg);
    snprintf(path, sizeof path, "%s/nope.tpxk", dir);
    assert_non_null(strstr(msg, path));
    /* a tour text alone (the built-in tour, the fuzzer) opens no file */
    assert_int_equal(tour_parse("@ view=1 kernel-file=/etc/passwd\n", steps, 4, TPX_VIEW_COUNT,
                                msg, sizeof msg), -1);
    assert_non_null(strstr(msg, "only a tour file names kernel files"));
    const char *files[] = {"mine.tpxk", "bad.tpxk", "t.txt"};
    for (size_t i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        remove(path);
    }
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reader_edges),
        cmocka_unit_test(test_builtin_steps_are_valid),
        cmocka_unit_test(test_keys_walk_the_tour),
        cmocka_unit_test(test_broken_tours),
        cmocka_unit_test(test_every_step_renders),
        cmocka_unit_test(test_fixture_file),
        cmocka_unit_test(test_ab_lines),
        cmocka_unit_test(test_kernel_files),
        cmocka_unit_test(test_steps_measured_in_shipped_files),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
