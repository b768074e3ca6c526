/* tpx with no subcommand: the explorer.  Parses the config options, opens
 * the runner, refuses a bad config or a missing terminal with exit code 2
 * before touching the screen, then runs the one main loop: read keys, let
 * the app handle them, rebuild the scene once per change, pass new wants to
 * the workers, and repaint when something changed. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "app.h"
#include "app_open.h"
#include "cli.h"
#include "results_find.h"
#include "runner_replay.h"
#include "runner_select.h"
#include "shell.h"
#include "theme.h"
#include "term_backend.h"
#include "tour.h"
#include "views.h"

const cli_opt cmd_explore_opts[] = {
    CLI_CONFIG_OPTS,
    {"no-gpu", NULL, "model only: do not look for a GPU (measured figures show as not measured)"},
    {"device", "N", "CUDA device to measure on (tpx list --devices); default 0"},
    {"load", "FILE", "show the measurements saved by tpx bench --save (a file, or a shipped name: "
                     "h200, h100; NAME,NAME: several GPUs' bars side by side)"},
    {"replay", "FILE", "the same as --load (the name tpx report uses)"},
    CLI_PROFILE_OPT,
    SHELL_THEME_OPT,
    {NULL, NULL, NULL},
};

static volatile sig_atomic_t quit_signal;

static void on_quit(int sig) { quit_signal = sig; }

static void install_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = on_quit; /* no SA_RESTART: a waiting read returns at once */
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    /* The terminal's own (term_open) restores it on every other signal. */
}

/* The views and the key groups, from their tables, for the help. */
static void tables_help(void)
{
    int nv;
    const tpx_view *v = views_table(&nv);
    printf("views (the key before each opens it):");
    for (int i = 0; i < nv; i++) {
        char key[16];
        keys_name(v[i].key, key, sizeof key);
        printf("%s %s %s", i ? "," : "", key, v[i].title);
    }
    printf("\nkeys (? lists them) in groups:");
    for (int g = 0; g < TPX_KG_COUNT; g++)
        printf("%s %s", g ? "," : "", keys_group_title((tpx_key_group)g));
    printf("\n\n");
}

static void usage(void)
{
    printf("usage: tpx [options]\n\n"
           "Opens the explorer at the given config (the terminal must be a TTY).  For scripts:\n"
           "tpx report, tpx list, tpx bench.\n\n");
    tables_help();
    printf("options:\n");
    cli_print_options(stdout, cmd_explore_opts);
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Opens the runner the options ask for; NULL with a message (*usage: the
 * options were wrong). */
/* --load h200,h100: every file's runner, for the Bandwidth view's bars. */
static tpx_gpus loaded;

static void close_gpus(void)
{
    for (int i = 0; i < loaded.n; i++)
        runner_close(loaded.r[i]);
    loaded.n = 0;
}

/* Opens a runner per file of a list of several; 0, or -1 with why. */
static int open_gpus(char paths[][RESULTS_PATH_MAX], int nf, char *why, size_t n)
{
    for (int i = 0; i < nf && nf > 1; i++) {
        loaded.r[i] = runner_replay(paths[i], why, n);
        if (!loaded.r[i]) {
            close_gpus();
            return -1;
        }
        loaded.n = i + 1;
    }
    return 0;
}

static tpx_runner *open_runner(const cli_parsed *p, char *why, size_t n, int *usage)
{
    const char *saved = cli_get(p, "load") ? cli_get(p, "load") : cli_get(p, "replay");
    static char paths[TPX_GPUS_MAX][RESULTS_PATH_MAX];
    int nf = saved ? results_find_list(saved, paths, TPX_GPUS_MAX, why, n) : 0;
    if (nf < 0) {
        *usage = 1;
        return NULL;
    }
    snprintf(why, n, "%s", cli_has(p, "no-gpu") ? "--no-gpu" : "");
    /* the first file drives the explorer; with several, each shows its bars */
    tpx_runner *r = runner_from_options(cli_get(p, "device"), cli_has(p, "no-gpu"),
                                        nf ? paths[0] : NULL, why, n, usage);
    if (r && open_gpus(paths, nf, why, n) != 0) {
        runner_close(r);
        *usage = 1;
        return NULL;
    }
    if (!r && !why[0])
        snprintf(why, n, "out of memory");
    return r;
}

/* Paints the frame at the terminal's size; -1 when out of memory. */
static int paint(tpx_app *a, tpx_canvas *cv)
{
    int w, h;
    term_size(&w, &h);
    app_resize(a, w, h);
    if (cv->w != w || cv->h != h) {
        canvas_free(cv);
        if (canvas_init(cv, w, h) != 0)
            return -1;
    }
    app_draw(a, cv);
    term_draw(cv);
    return 0;
}

/* Every key already typed, handled before painting again; the bits. */
static int read_keys(tpx_app *a)
{
    int mx = 0, my = 0, key = term_read(50, &mx, &my), res = 0;
    for (int burst = 0; key != TPX_KEY_NONE && burst < 64; burst++) {
        res |= key == TPX_KEY_MOUSE ? app_click(a, a->screen_w, a->screen_h, mx, my)
                                    : app_key(a, key);
        if (res & (TPX_QUIT | TPX_RECALC))
            break;
        key = term_read(0, &mx, &my);
    }
    return res;
}

/* The main loop; returns the exit code.  Handlers return what changed; only
 * here is it acted on: the scene rebuilt, the workers given new wants. */
static int loop(tpx_app *a, tpx_livesrc *ls)
{
    tpx_canvas cv = {0, 0, NULL, 0};
    int res = TPX_REDRAW, rc = CLI_OK;
    double next_tick = now_s() + 0.4;
    live_pin(ls, a->pinned ? &a->pin : NULL);
    live_request(ls, &a->cfg, &a->lim, app_wants_sweeps(a));
    while (!quit_signal) {
        if (live_refresh(ls, a->live))
            res |= TPX_LIVE | TPX_REDRAW;
        if (app_update(a, res) != 0 || ((res & TPX_REDRAW) && paint(a, &cv) != 0)) {
            rc = CLI_FAIL;
            break;
        }
        res = read_keys(a);
        if (res & TPX_QUIT)
            break;
        if (now_s() >= next_tick) { /* before the wants: a pause may give a new draft */
            next_tick = now_s() + 0.4;
            res |= app_tick(a);
        }
        if (res & (TPX_CONFIG | TPX_SWEEPS | TPX_DRAFT)) {
            live_pin(ls, a->pinned ? &a->pin : NULL);
            live_draft(ls, a->have_draft ? &a->draft : NULL);
            live_request(ls, &a->cfg, &a->lim, app_wants_sweeps(a));
        }
        if (res & TPX_REMEASURE)
            live_remeasure(ls, &a->cfg);
        if (res)
            res |= TPX_REDRAW;
    }
    canvas_free(&cv);
    return rc;
}

/* --load opens at a config the file has (app_open_at), keeping what the
 * command line named (the defaults and the config file's are not named). */
static void open_at_loaded(const cli_parsed *p, tpx_runner *r, const tpx_limits *lim,
                           tpx_config *c, char *note, size_t n)
{
    unsigned keep = (cli_given(p, "kernel") || cli_given(p, "kernel-file") ? TPX_KEEP_KERNEL : 0) |
                    (cli_given(p, "block") ? TPX_KEEP_BLOCK : 0) |
                    (cli_given(p, "size") ? TPX_KEEP_SIZE : 0) |
                    (cli_given(p, "dtype") ? TPX_KEEP_DTYPE : 0) |
                    (cli_given(p, "pad") || cli_given(p, "swizzle") || cli_given(p, "tile-dtype")
                         ? TPX_KEEP_TILE
                         : 0);
    app_open_at(r, keep, lim, c, note, n);
}

/* The app and its workers on runner r; NULL (r closed, message said) on
 * failure (the code is then CLI_FAIL). */
static tpx_app *start(const cli_parsed *p, tpx_runner *r, const tpx_config *c,
                      const tpx_limits *lim, const char *why, tpx_livesrc **ls)
{
    tpx_device dev;
    runner_device(r, &dev);
    tpx_config at = *c;
    char note[2 * TPX_MSG];
    open_at_loaded(p, r, lim, &at, note, sizeof note);
    tpx_app *a = app_new(&at, lim, &dev, dev.valid ? "" : why);
    if (a && note[0])
        app_say(a, 0, "%s", note);
    const char *saved = cli_get(p, "load") ? cli_get(p, "load") : cli_get(p, "replay");
    if (a && saved)
        snprintf(a->source, sizeof a->source, "%s", saved);
    if (a && loaded.n > 1) {
        a->gpus = &loaded;
        app_update(a, TPX_CONFIG);
    }
    *ls = a ? live_start(r, runner_is_live(r)) : NULL;
    if (!a || !*ls) {
        fprintf(stderr, "tpx: out of memory or threads\n");
        app_free(a);
        runner_close(r);
        close_gpus();
        return NULL;
    }
    return a;
}

/* The explorer; with steps, touring them from the first (tpx tour). */
/* The screen's part: open the terminal, run the loop, close everything,
 * and report a terminating signal as the signal. */
static int run_explorer(const cli_parsed *p, tpx_runner *r, const char *why,
                        const tpx_config *c, const tpx_limits *lim, const tpx_tour_step *steps,
                        int nsteps)
{
    char msg[TPX_MSG];
    int rc;
    tpx_livesrc *ls;
    tpx_app *a = start(p, r, c, lim, why, &ls);
    if (!a)
        return CLI_FAIL;
    if (steps)
        app_update(a, app_tour_start(a, steps, nsteps));
    glyphs_set_utf8(term_locale_utf8());
    tpx_term_info ti;
    if (term_open(&ti, msg, sizeof msg) != 0) {
        fprintf(stderr, "tpx: %s\n", msg);
        rc = CLI_USAGE;
    } else {
        install_signals();
        rc = loop(a, ls);
        term_close();
        if (rc == CLI_FAIL)
            fprintf(stderr, "tpx: out of memory\n");
    }
    live_stop(ls);
    app_free(a);
    runner_close(r);
    close_gpus();
    /* Ctrl-C is a way to quit; being terminated is reported as usual: the
     * signal, now that everything is closed, with its default action. */
    if (quit_signal && quit_signal != SIGINT) {
        signal(quit_signal, SIG_DFL);
        raise(quit_signal);
        rc = 128 + quit_signal;
    }
    return rc;
}

static int explore_main(int argc, char **argv, const tpx_tour_step *steps, int nsteps)
{
    cli_parsed p;
    char msg[TPX_MSG], why[TPX_MSG]; /* why: without a GPU, the reason the device line gives */
    int rc = cli_start(argc, argv, cmd_explore_opts, "tpx", usage, &p);
    if (rc >= 0)
        return rc;
    if (shell_theme(&p, "tpx") != 0)
        return CLI_USAGE;
    /* The predictions' profile: an unknown name is refused before anything opens. */
    if (cli_profile(&p, msg, sizeof msg) != 0) {
        fprintf(stderr, "tpx: %s\n", msg);
        return CLI_USAGE;
    }
    int bad_options = 0;
    tpx_runner *r = open_runner(&p, why, sizeof why, &bad_options);
    if (!r) {
        fprintf(stderr, "tpx: %s\n", why);
        return bad_options ? CLI_USAGE : CLI_FAIL;
    }
    tpx_limits lim;
    tpx_config c;
    runner_limits(r, &lim);
    if (cli_config(&p, &lim, &c, msg, sizeof msg) != 0 ||
        (steps && tour_check(steps, nsteps, &lim, msg, sizeof msg) != 0)) {
        fprintf(stderr, "tpx: %s\n", msg);
        runner_close(r);
        close_gpus();
        return CLI_USAGE;
    }
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
        fprintf(stderr, "tpx: the explorer needs a terminal (stdin and stdout must be a TTY); "
                        "for scripts use tpx report, tpx list or tpx bench\n");
        runner_close(r);
        close_gpus();
        return CLI_USAGE;
    }
    return run_explorer(&p, r, why, &c, &lim, steps, nsteps);
}

int cmd_explore(int argc, char **argv) { return explore_main(argc, argv, NULL, 0); }

int shell_theme(const cli_parsed *p, const char *who)
{
    char msg[TPX_MSG];
    /* the command line, then TPX_THEME, then the config file's theme line */
    const char *given = cli_given(p, "theme") ? cli_get(p, "theme") : NULL;
    if (theme_choose(given, given ? NULL : cli_get(p, "theme"), msg, sizeof msg) == 0)
        return 0;
    fprintf(stderr, "%s: %s\n", who, msg);
    return -1;
}

static void tour_help(void)
{
    printf("usage: tpx tour [FILE] [explorer options]\n"
           "       tpx tour [FILE] --check [--load LIST] [--no-gpu] [--profile NAME]\n\n"
           "Opens the explorer on the tour in FILE, or on the built-in one (T in the explorer)\n"
           "without a FILE.  A tour is steps, each a line \"@ key=value ...\" (view, kernel,\n"
           "block, size, dtype, pad, swizzle, zoom, and a.KEY=VALUE for the A of an A/B step),\n"
           "a paragraph of text whose {figures} are filled in from the step's numbers, and\n"
           "claims (\"? B/A >= 2\") that --check holds against the numbers of every shipped\n"
           "result file and the model; docs/tour-format.md describes it.  A bad line is\n"
           "refused with its number.\n\n"
           "example: tpx tour my-lesson.txt --load h200.json\n"
           "         tpx tour --check\n");
}

int cmd_tour(int argc, char **argv)
{
    if (argc >= 1 && (strcmp(argv[0], "--help") == 0 || strcmp(argv[0], "-h") == 0)) {
        tour_help();
        return CLI_OK;
    }
    int check = 0;
    for (int i = 0; i < argc; i++)
        check |= strcmp(argv[i], "--check") == 0;
    if (argc < 1 || argv[0][0] == '-') { /* no file: the built-in tour */
        int n;
        const tpx_tour_step *builtin = tour_builtin(&n);
        return check ? tour_check_main(builtin, n, "the built-in tour", argc, argv)
                     : explore_main(argc, argv, builtin, n);
    }
    char msg[2 * TPX_MSG];
    static tpx_tour_step steps[TPX_TOUR_MAX];
    int nviews;
    views_table(&nviews);
    int n = tour_load(argv[0], steps, TPX_TOUR_MAX, nviews, msg, sizeof msg);
    if (n < 0) {
        fprintf(stderr, "tpx tour: %s\n", msg);
        return CLI_USAGE;
    }
    return check ? tour_check_main(steps, n, argv[0], argc - 1, argv + 1)
                 : explore_main(argc - 1, argv + 1, steps, n);
}
