/* tpx compare: two configs side by side.  A is built from the options before
 * --vs, B is A changed by the config options after it.  Both sides are
 * written by the same writer as `tpx report --json`, and the figures compared
 * are read back from that JSON by path, so whatever the report gains (a
 * predicted GB/s, say) the comparison shows without a second code path. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "cli.h"
#include "cli_globals.h"
#include "commands.h"
#include "compare.h"
#include "compare_files.h"
#include "json.h"
#include "model.h"
#include "report.h"
#include "results_find.h"
#include "runner.h"
#include "runner_select.h"

const cli_opt cmd_compare_opts[] = {
    CLI_CONFIG_OPTS,
    {"json", NULL, "one JSON object {a, b, delta} on stdout"},
    {"no-gpu", NULL, "model only: do not look for a GPU"},
    {"device", "N", "CUDA device to measure on (tpx list --devices); default 0"},
    {"hot", NULL, "measure back-to-back launches instead of flushing the L2 per sample"},
    {"replay", "FILE", "answer from results saved by tpx bench --save instead of a GPU; "
                       "A,B: A from one file, B from the other (two GPUs)"},
    CLI_PROFILE_OPT,
    {NULL, NULL, NULL},
};

static void compare_help(void)
{
    printf("usage: tpx compare [config options of A] [--json] [--no-gpu] [--device N] [--hot]\n"
           "                   [--replay FILE] [--profile NAME] --vs [config options of B]\n\n"
           "Compares two configs: A from the options before --vs, B is A with the options\n"
           "after --vs applied.  Shows each figure of the access model (sectors per request,\n"
           "efficiency, shared wavefronts and n-way conflicts, occupancy and waves, the\n"
           "predicted GB/s where the model has one) and the measured GB/s with its noise\n"
           "(on a GPU, or from --replay) and its %% of memcpy, for A and B, and the ratio B/A;\n"
           "'*' marks a figure that differs, a measured one only beyond the runs' spread\n"
           "(twice their combined noise, at least 1%%: SAME, FASTER or SLOWER); then the\n"
           "limit that binds each side's prediction and which limit moved, in words.\n"
           "--json writes {\"a\": ..., \"b\": ..., \"delta\": ...}, where a and b are what\n"
           "tpx report --json writes, delta.limit the limits and delta.measured the verdict.\n"
           "The command's own options (--json, --no-gpu, --hot, --device, --profile) may\n"
           "come before or after --vs.\n\n"
           "Two GPUs: --replay h100,h200 measures A on the first file and B on the second\n"
           "(--vs optional), as does --replay h100 ... --vs --replay h200.\n\n"
           "Two result files and no config option (--replay OLD --vs --replay NEW):\n"
           "every config timed in both, NEW against OLD, then a summary; exit 3 when a\n"
           "config got SLOWER, 0 when none did, 1 when the files share none.\n\n"
           "example: tpx compare --kernel smem --block 32x32 --size 1024 --pad 0 --vs --pad 1\n"
           "         tpx compare --replay h100 --kernel tile_rows --size 8192 \\\n"
           "             --vs --replay h200\n\n"
           "options of A:\n");
    cli_print_options(stdout, cmd_compare_opts);
    printf("\noptions after --vs (B):\n");
    cli_print_options(stdout, compare_vs_opts);
}

static void measure_side(tpx_runner *r, const tpx_measure_opts *o, compare_side *s)
{
    s->modelled = model_totals(&s->c, &s->t, NULL) == 0;
    runner_measure(r, &s->c, o, &s->m, NULL, NULL, NULL);
    runner_device(r, &s->dev); /* after measuring, as tpx report: the clocks of the run */
    profile_current(&s->dev, &s->prof);
    s->has_dev = 1;
}

static int side_ok(const compare_side *s)
{
    return s->m.status == TPX_ST_OK || s->m.status == TPX_ST_NOT_MEASURED ||
           s->m.status == TPX_ST_UNAVAILABLE;
}

/* r[0] measures A, r[1] B (the same runner, or two GPUs' result files). */
static int run(const cli_parsed *p, tpx_runner *const r[2], const tpx_config *a,
               const tpx_config *b)
{
    tpx_measure_opts o = runner_default_opts();
    o.hot = cli_has(p, "hot");
    compare_result res;
    memset(&res, 0, sizeof res);
    res.side[0].c = *a;
    res.side[1].c = *b;
    measure_side(r[0], &o, &res.side[0]);
    measure_side(r[1], &o, &res.side[1]);
    res.dev = res.side[0].dev;
    res.prof = res.side[0].prof;
    if (compare_figures(&res) != 0) {
        fprintf(stderr, "tpx compare: out of memory\n");
        return CLI_FAIL;
    }
    if (cli_has(p, "json"))
        compare_write_json(stdout, &res);
    else
        compare_write_table(stdout, &res);
    compare_free(&res);
    return side_ok(&res.side[0]) && side_ok(&res.side[1]) ? CLI_OK : CLI_FAIL;
}

/* Takes "--replay FILE" (or --replay=FILE) out of B's options: B measured
 * on another GPU's results.  NULL when absent; *bad when given without a
 * value or twice. */
static const char *take_b_replay(int *argc, char **argv, int *bad)
{
    const char *v = NULL;
    *bad = 0;
    for (int i = 0; i < *argc; i++) {
        int eq = strncmp(argv[i], "--replay=", 9) == 0, take = eq ? 1 : 2;
        if (!eq && strcmp(argv[i], "--replay") != 0)
            continue;
        if (v || (!eq && (i + 1 >= *argc || strncmp(argv[i + 1], "--", 2) == 0))) {
            *bad = 1;
            return NULL;
        }
        v = eq ? argv[i] + 9 : argv[i + 1];
        memmove(&argv[i], &argv[i + take], (size_t)(*argc - i - take) * sizeof *argv);
        *argc -= take;
        i--;
    }
    return v;
}

/* The result files --replay A[,B] and --vs --replay B name, in paths: how
 * many (0 without --replay), or -1 with why. */
static int saved_paths(const cli_parsed *p, const char *b_saved,
                       char paths[][RESULTS_PATH_MAX], char *msg, size_t mn)
{
    const char *saved = cli_get(p, "replay");
    int n = saved ? results_find_list(saved, paths, 2, msg, mn) : 0;
    if (n < 0 || !b_saved)
        return n;
    if (n == 2) {
        snprintf(msg, mn, "B's results are named twice (--replay A,B and --vs --replay)");
        return -1;
    }
    if (!saved) {
        snprintf(msg, mn, "--vs --replay needs A's results too: --replay FILE before --vs");
        return -1;
    }
    return results_find(b_saved, paths[1], RESULTS_PATH_MAX, msg, mn) == 0 ? 2 : -1;
}

/* The runners of A and B: one per file of paths (n of them), else one runner
 * (GPU or model) for both.  0, or the exit code. */
static int open_runners(const cli_parsed *p, char paths[][RESULTS_PATH_MAX], int n,
                        tpx_runner *r[2])
{
    char msg[TPX_MSG];
    r[1] = NULL;
    for (int i = 0; i < (n > 1 ? 2 : 1); i++) {
        int usage;
        r[i] = runner_from_options(cli_get(p, "device"), cli_has(p, "no-gpu"),
                                   n ? paths[i] : NULL, msg, sizeof msg, &usage);
        if (!r[i]) {
            fprintf(stderr, "tpx compare: %s\n", usage ? msg : "out of memory");
            if (i)
                runner_close(r[0]);
            return usage ? CLI_USAGE : CLI_FAIL;
        }
    }
    return 0;
}

/* Whether A's options name any part of a config. */
static int names_config(const cli_parsed *p)
{
    static const char *const parts[] = {"kernel", "block", "size", "dtype",
                                        "pad",    "swizzle", "tile-dtype"};
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
        if (cli_given(p, parts[i])) /* the config file's size is no config named */
            return 1;
    return 0;
}

static void close_runners(tpx_runner *r[2])
{
    if (r[1] != r[0])
        runner_close(r[1]);
    runner_close(r[0]);
}

int cmd_compare(int argc, char **argv)
{
    cli_parsed p;
    char msg[2 * TPX_MSG];
    int vs = compare_split_vs(argc, argv);
    char *moved[argc > 0 ? argc : 1];
    if (vs >= 0) {
        /* the command's options after --vs are the command's (B's --replay stays B's) */
        vs = cli_hoist_vs(argc, argv, vs, cmd_compare_opts, compare_vs_opts, "replay", moved);
        argv = moved;
    }
    int rc = cli_start(vs < 0 ? argc : vs, argv, cmd_compare_opts, "tpx compare", compare_help, &p);
    if (rc >= 0)
        return rc;
    if (cli_profile(&p, msg, sizeof msg) != 0) {
        fprintf(stderr, "tpx compare: %s\n", msg);
        return CLI_USAGE;
    }
    const char *saved = cli_get(&p, "replay");
    if (vs < 0 && !(saved && strchr(saved, ','))) {
        fprintf(stderr, "tpx compare: missing --vs: give A's options, then --vs and what B "
                        "changes, e.g. --kernel smem --block 32x32 --vs --pad 1 "
                        "(tpx compare --help)\n");
        return CLI_USAGE;
    }
    int nb = vs < 0 ? 0 : argc - vs - 1, bad;
    char **bargs = vs < 0 ? argv + argc : argv + vs + 1;
    const char *b_saved = take_b_replay(&nb, bargs, &bad);
    if (bad) {
        fprintf(stderr, "tpx compare: after --vs, --replay takes one file, once\n");
        return CLI_USAGE;
    }
    static char paths[RESULTS_MAX_FILES][RESULTS_PATH_MAX];
    int nfiles = saved_paths(&p, b_saved, paths, msg, sizeof msg);
    if (nfiles < 0) {
        fprintf(stderr, "tpx compare: %s\n", msg);
        return CLI_USAGE;
    }
    /* two files and no config: every config they share (compare_files.h) */
    if (nfiles == 2 && nb == 0 && !names_config(&p)) {
        if (cli_has(&p, "hot") || cli_has(&p, "device") || cli_has(&p, "no-gpu")) {
            fprintf(stderr, "tpx compare: two result files are compared as recorded: "
                            "--hot, --device and --no-gpu do not apply\n");
            return CLI_USAGE;
        }
        return compare_files(paths[0], paths[1], cli_has(&p, "json"), stdout);
    }
    tpx_runner *r[2];
    if ((rc = open_runners(&p, paths, nfiles, r)) != 0)
        return rc;
    if (!r[1])
        r[1] = r[0];
    tpx_limits lim;
    runner_limits(r[0], &lim);
    tpx_config a, b;
    int help = 0;
    /* B = A on the other GPU when only the files differ */
    if (cli_config(&p, &lim, &a, msg, sizeof msg) != 0 ||
        ((nb || r[1] == r[0]) &&
         compare_build_b(nb, bargs, &a, &lim, &b, &help, msg, sizeof msg) != 0)) {
        fprintf(stderr, "tpx compare: %s\n", msg);
        close_runners(r);
        return CLI_USAGE;
    }
    if (!nb && r[1] != r[0])
        b = a;
    if (help) {
        close_runners(r);
        compare_help();
        return CLI_OK;
    }
    rc = run(&p, r, &a, &b);
    close_runners(r);
    return rc;
}
