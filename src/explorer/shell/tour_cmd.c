/* tpx tour --check: every claim of a tour ("? B/A >= 2") checked against
 * the numbers the explorer shows at its step, for each source of numbers:
 * a result file (measured where it has the config, the model's prediction
 * where not, as --load shows them) or the model alone.  Each step is shown
 * headless exactly as the tour shows it (its view, its config, A pinned,
 * the bars where a claim needs them) and its claims are read from that
 * screen's snapshot. */
#include <stdio.h>
#include <string.h>

#include "app.h"
#include "cli.h"
#include "profile.h"
#include "results_find.h"
#include "runner_select.h"
#include "shell.h"
#include "tour.h"

const cli_opt cmd_tour_check_opts[] = {
    {"check", NULL, "check the tour's claims instead of opening it"},
    {"load", "LIST", "result files or shipped names (h200,h100); default: every shipped file"},
    {"replay", "LIST", "the same as --load (the name tpx report uses)"},
    {"no-gpu", NULL, "the model alone (with --load: the files and the model)"},
    CLI_PROFILE_OPT,
    {NULL, NULL, NULL},
};

static void check_help(void)
{
    printf("usage: tpx tour [FILE] --check [--load LIST] [--no-gpu] [--profile NAME]\n\n"
           "Checks every claim of the tour (FILE, or the built-in one) against the numbers the\n"
           "explorer shows at its step: from each result file (--load, default every shipped\n"
           "one: measured where the file has the config, predicted where not) and from the\n"
           "model alone.  Prints each claim's verdict with its numbers; exit 1 when one fails.\n\n"
           "options:\n");
    cli_print_options(stdout, cmd_tour_check_opts);
}

typedef struct check_count {
    int holds, fails, unknown;
} check_count;

/* The step's claims on the snapshot a walks to. */
static void check_step(const tpx_tour_step *st, int i, tpx_app *a, const char *src,
                       check_count *cc)
{
    char why[2 * TPX_MSG];
    static const char *const words[] = {"holds", "FAILS", "not known"};
    for (int j = 0; j < st->nclaims; j++) {
        const tpx_tour_claim *c = &st->claims[j];
        tour_verdict v = tour_claim_eval(c, a->live, why, sizeof why);
        cc->holds += v == TOUR_HOLDS;
        cc->fails += v == TOUR_FAILS;
        cc->unknown += v == TOUR_UNKNOWN;
        printf("%s%s: step %d (line %d) '%s' %s: %s\n", v == TOUR_FAILS ? "FAIL " : "", src, i + 1,
               c->line, c->text, words[v], why);
    }
}

/* Walks the tour on runner r as the explorer would, checking each step. */
static int check_source(const tpx_tour_step *steps, int n, tpx_runner *r, const char *src,
                        check_count *cc)
{
    tpx_limits lim;
    tpx_device dev;
    char msg[TPX_MSG];
    runner_limits(r, &lim);
    runner_device(r, &dev);
    if (tour_check(steps, n, &lim, msg, sizeof msg) != 0) {
        fprintf(stderr, "tpx tour: %s: %s\n", src, msg);
        return -1;
    }
    tpx_config c = config_default();
    tpx_app *a = app_new(&c, &lim, &dev, "tour check");
    if (!a)
        return -1;
    app_resize(a, 120, 40);
    int bits = app_tour_start(a, steps, n);
    for (int i = 0; i < n && a->tour == i; i++) {
        app_update(a, bits);
        /* the bars and cells only for a step that reads them (app_wants_sweeps) */
        live_fill_sync(a->live, &a->cfg, &a->lim, r, app_wants_sweeps(a), app_wants_sweeps(a));
        live_fill_pin_sync(a->live, a->pinned ? &a->pin : NULL, r);
        app_update(a, TPX_LIVE);
        check_step(&steps[i], i, a, src, cc);
        bits = app_key(a, '>');
    }
    app_free(a);
    return 0;
}

/* One source: a result file (path) or the model alone (NULL). */
static int check_one(const tpx_tour_step *steps, int n, const char *path, check_count *cc)
{
    char msg[TPX_MSG], src[TPX_MSG];
    int usage = 0;
    tpx_runner *r = runner_from_options(NULL, path == NULL, path, msg, sizeof msg, &usage);
    if (!r) {
        fprintf(stderr, "tpx tour: %s\n", msg);
        return -1;
    }
    const char *slash = path ? strrchr(path, '/') : NULL;
    if (path)
        snprintf(src, sizeof src, "%s", slash ? slash + 1 : path);
    else {
        tpx_device dev;
        tpx_profile prof;
        runner_device(r, &dev);
        profile_current(&dev, &prof); /* the profile the predictions use */
        snprintf(src, sizeof src, "model (%s profile)", prof.name);
    }
    int rc = check_source(steps, n, r, src, cc);
    runner_close(r);
    return rc;
}

int tour_check_main(const tpx_tour_step *steps, int n, const char *name, int argc, char **argv)
{
    cli_parsed p;
    char msg[TPX_MSG];
    int rc = cli_start(argc, argv, cmd_tour_check_opts, "tpx tour", check_help, &p);
    if (rc >= 0)
        return rc;
    if (cli_profile(&p, msg, sizeof msg) != 0) {
        fprintf(stderr, "tpx tour: %s\n", msg);
        return CLI_USAGE;
    }
    static char paths[RESULTS_MAX_SHIPPED][RESULTS_PATH_MAX];
    const char *load = cli_get(&p, "load") ? cli_get(&p, "load") : cli_get(&p, "replay");
    int np = load ? results_find_list(load, paths, RESULTS_MAX_FILES, msg, sizeof msg)
                  : cli_has(&p, "no-gpu") ? 0 : results_shipped(paths, RESULTS_MAX_SHIPPED);
    if (np < 0) {
        fprintf(stderr, "tpx tour: %s\n", msg);
        return CLI_USAGE;
    }
    int model = !load || cli_has(&p, "no-gpu");
    check_count cc = {0, 0, 0};
    int claims = 0;
    for (int i = 0; i < n; i++)
        claims += steps[i].nclaims;
    for (int i = 0; i < np; i++)
        if (check_one(steps, n, paths[i], &cc) != 0)
            return CLI_USAGE;
    if (model && check_one(steps, n, NULL, &cc) != 0)
        return CLI_USAGE;
    printf("%s: %d steps, %d claims, %d sources: %d checks hold, %d fail, %d not known "
           "(a number the source does not have)\n",
           name, n, claims, np + model, cc.holds, cc.fails, cc.unknown);
    return cc.fails ? CLI_FAIL : CLI_OK;
}
