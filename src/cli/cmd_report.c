/* tpx report: the model's figures for one config, and a measurement when a
 * GPU is there (unless --no-gpu). */
#include <stdio.h>

#include "check_out.h"
#include "cli.h"
#include "commands.h"
#include "json.h"
#include "model.h"
#include "profile.h"
#include "report.h"
#include "results_find.h"
#include "runner.h"
#include "runner_select.h"

const cli_opt cmd_report_opts[] = {
    CLI_CONFIG_OPTS,
    {"json", NULL, "one JSON object on stdout"},
    {"no-gpu", NULL, "model only: do not look for a GPU"},
    {"device", "N", "CUDA device to measure on (tpx list --devices); default 0"},
    {"hot", NULL, "measure back-to-back launches instead of flushing the L2 per sample"},
    {"once", NULL, "expert: launch once and verify, no timing (for ncu, compute-sanitizer)"},
    {"replay", "FILE", "answer from results saved by tpx bench --save instead of a GPU (a file or "
                       "a shipped name; NAME,NAME for one report per GPU)"},
    CLI_PROFILE_OPT,
    {NULL, NULL, NULL},
};

static void report_help(void)
{
    printf("usage: tpx report [--kernel ID] [--block XxY] [--size WxH] [--dtype T] [--pad N]\n"
           "                  [--swizzle] [--tile-dtype T] [--json] [--no-gpu] [--device N]\n"
           "                  [--hot] [--once]\n"
           "                  [--replay FILE] [--profile NAME]\n\n"
           "The access model's figures for one launch: global requests, 32-byte sectors and\n"
           "128-byte lines; shared requests and wavefronts; sectors per request, efficiency\n"
           "and n-way conflicts; the sectors that reach L2 and DRAM and a predicted bandwidth\n"
           "for the GPU (or the --profile without one).  With a GPU the config is also run,\n"
           "verified and timed.\n\n"
           "options:\n");
    cli_print_options(stdout, cmd_report_opts);
}

/* The report of config c on runner r; json: into w, else text on stdout.
 * The exit code. */
static int report_one(const cli_parsed *p, tpx_runner *r, const tpx_config *c, json_writer *w)
{
    tpx_totals t;
    int modelled = model_totals(c, &t, NULL) == 0;
    tpx_measurement m;
    tpx_measure_opts o = runner_default_opts();
    o.hot = cli_has(p, "hot");
    o.once = cli_has(p, "once");
    runner_measure(r, c, &o, &m, NULL, NULL, NULL);
    tpx_device d;
    runner_device(r, &d); /* after measuring: NVML's clocks are those of the run */
    tpx_profile prof;
    profile_current(&d, &prof);
    if (w) {
        report_json_object(w, NULL, c, &d, modelled ? &t : NULL, &m, &prof);
    } else {
        report_model_table(stdout, c, modelled ? &t : NULL, &prof);
        if (tpx_is_user(c->kernel)) {
            ucheck_report cr;
            ucheck_run(c, &cr, NULL);
            printf("\n");
            check_out_text(stdout, c, &cr);
        }
        report_measured_table(stdout, &m, &d);
    }
    /* A measurement that failed is a failed run; not measuring is not. */
    return (m.status == TPX_ST_OK || m.status == TPX_ST_NOT_MEASURED ||
            m.status == TPX_ST_UNAVAILABLE) ? CLI_OK : CLI_FAIL;
}

static void close_all(tpx_runner **r, int n)
{
    for (int i = 0; i < n; i++)
        runner_close(r[i]);
}

/* Opens a runner per path (paths NULL: the GPU or the model) and checks the
 * config on each, before anything is printed.  n, or -1 with *rc. */
static int open_all(const cli_parsed *p, char paths[][RESULTS_PATH_MAX], int n, tpx_runner **r,
                    tpx_config *c, int *rc)
{
    char msg[TPX_MSG];
    for (int i = 0; i < n; i++) {
        int usage;
        r[i] = runner_from_options(cli_get(p, "device"), cli_has(p, "no-gpu"),
                                   paths ? paths[i] : NULL, msg, sizeof msg, &usage);
        tpx_limits lim;
        if (r[i])
            runner_limits(r[i], &lim);
        if (!r[i] || cli_config(p, &lim, &c[i], msg, sizeof msg) != 0) {
            usage = r[i] ? 1 : usage;
            fprintf(stderr, "tpx report: %s\n", usage ? msg : "out of memory");
            close_all(r, r[i] ? i + 1 : i);
            *rc = usage ? CLI_USAGE : CLI_FAIL;
            return -1;
        }
    }
    return n;
}

int cmd_report(int argc, char **argv)
{
    cli_parsed p;
    char msg[TPX_MSG];
    int rc = cli_start(argc, argv, cmd_report_opts, "tpx report", report_help, &p);
    if (rc >= 0)
        return rc;
    if (cli_profile(&p, msg, sizeof msg) != 0) {
        fprintf(stderr, "tpx report: %s\n", msg);
        return CLI_USAGE;
    }
    static char paths[RESULTS_MAX_FILES][RESULTS_PATH_MAX];
    const char *saved = cli_get(&p, "replay");
    int n = saved ? results_find_list(saved, paths, RESULTS_MAX_FILES, msg, sizeof msg) : 1;
    if (n < 0) {
        fprintf(stderr, "tpx report: %s\n", msg);
        return CLI_USAGE;
    }
    tpx_runner *r[RESULTS_MAX_FILES];
    tpx_config c[RESULTS_MAX_FILES];
    if (open_all(&p, saved ? paths : NULL, n, r, c, &rc) < 0)
        return rc;
    /* Several files (one per GPU): a report for each, in the order named;
     * --json writes them as an array. */
    json_writer w;
    int json = cli_has(&p, "json"), many = n > 1;
    if (json) {
        json_init(&w, stdout, 1);
        if (many)
            json_begin_array(&w, NULL);
    }
    rc = CLI_OK;
    for (int i = 0; i < n; i++) {
        if (many && !json) {
            tpx_device d;
            runner_device(r[i], &d);
            printf("%s== %s%s%s ==\n", i ? "\n" : "", d.name, d.recorded[0] ? ", recorded " : "",
                   d.recorded);
        }
        if (report_one(&p, r[i], &c[i], json ? &w : NULL) != CLI_OK)
            rc = CLI_FAIL;
    }
    if (json) {
        if (many)
            json_end_array(&w);
        json_finish(&w);
    }
    close_all(r, n);
    return rc;
}
