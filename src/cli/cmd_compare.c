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
#include "commands.h"
#include "compare.h"
#include "json.h"
#include "model.h"
#include "report.h"
#include "results_find.h"
#include "runner_select.h"
#include "runner.h"

static const cli_opt compare_opts[] = {
    CLI_CONFIG_OPTS,
    {"json", NULL, "one JSON object {a, b, delta} on stdout"},
    {"no-gpu", NULL, "model only: do not look for a GPU"},
    {"device", "N", "CUDA device to measure on (tpx list --devices); default 0"},
    {"hot", NULL, "measure back-to-back launches instead of flushing the L2 per sample"},
    {"replay", "FILE", "answer from results saved by tpx bench --save instead of a GPU"},
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
           "(on a GPU, or from --replay), for A and B, and the ratio B/A; '*' marks a figure\n"
           "that differs.  --json writes {\"a\": ..., \"b\": ..., \"delta\": ...}, where a and b\n"
           "are what tpx report --json writes.\n\n"
           "example: tpx compare --kernel smem --block 32x32 --size 1024 --pad 0 --vs --pad 1\n\n"
           "options of A:\n");
    cli_print_options(stdout, compare_opts);
    printf("\noptions after --vs (B):\n");
    cli_print_options(stdout, compare_vs_opts);
}

static void measure_side(tpx_runner *r, const tpx_measure_opts *o, compare_side *s)
{
    s->modelled = model_totals(&s->c, &s->t, NULL) == 0;
    runner_measure(r, &s->c, o, &s->m, NULL, NULL, NULL);
}

static int side_ok(const compare_side *s)
{
    return s->m.status == TPX_ST_OK || s->m.status == TPX_ST_NOT_MEASURED ||
           s->m.status == TPX_ST_UNAVAILABLE;
}

static int run(const cli_parsed *p, tpx_runner *r, const tpx_config *a, const tpx_config *b)
{
    tpx_measure_opts o = runner_default_opts();
    o.hot = cli_has(p, "hot");
    compare_result res;
    memset(&res, 0, sizeof res);
    res.side[0].c = *a;
    res.side[1].c = *b;
    measure_side(r, &o, &res.side[0]);
    measure_side(r, &o, &res.side[1]);
    runner_device(r, &res.dev); /* after measuring, as tpx report: the clocks of the run */
    profile_current(&res.dev, &res.prof);
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

int cmd_compare(int argc, char **argv)
{
    cli_parsed p;
    char msg[2 * TPX_MSG];
    int vs = compare_split_vs(argc, argv);
    int rc = cli_start(vs < 0 ? argc : vs, argv, compare_opts, "tpx compare", compare_help, &p);
    if (rc >= 0)
        return rc;
    if (cli_profile(&p, msg, sizeof msg) != 0) {
        fprintf(stderr, "tpx compare: %s\n", msg);
        return CLI_USAGE;
    }
    if (vs < 0) {
        fprintf(stderr, "tpx compare: missing --vs: give A's options, then --vs and what B "
                        "changes, e.g. --kernel smem --block 32x32 --vs --pad 1 "
                        "(tpx compare --help)\n");
        return CLI_USAGE;
    }
    int usage;
    char path[1024];
    const char *saved = cli_get(&p, "replay");
    if (saved && results_find(saved, path, sizeof path, msg, sizeof msg) != 0) {
        fprintf(stderr, "tpx compare: %s\n", msg);
        return CLI_USAGE;
    }
    tpx_runner *r = runner_from_options(cli_get(&p, "device"), cli_has(&p, "no-gpu"),
                                        saved ? path : NULL, msg, sizeof msg, &usage);
    if (!r) {
        fprintf(stderr, "tpx compare: %s\n", usage ? msg : "out of memory");
        return usage ? CLI_USAGE : CLI_FAIL;
    }
    tpx_limits lim;
    runner_limits(r, &lim);
    tpx_config a, b;
    int help = 0;
    if (cli_config(&p, &lim, &a, msg, sizeof msg) != 0 ||
        compare_build_b(argc - vs - 1, argv + vs + 1, &a, &lim, &b, &help, msg, sizeof msg) != 0) {
        fprintf(stderr, "tpx compare: %s\n", msg);
        runner_close(r);
        return CLI_USAGE;
    }
    if (help) {
        runner_close(r);
        compare_help();
        return CLI_OK;
    }
    rc = run(&p, r, &a, &b);
    runner_close(r);
    return rc;
}
