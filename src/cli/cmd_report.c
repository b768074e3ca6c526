/* tpx report: the model's figures for one config, and a measurement when a
 * GPU is there (unless --no-gpu). */
#include <stdio.h>

#include "cli.h"
#include "commands.h"
#include "json.h"
#include "model.h"
#include "profile.h"
#include "report.h"
#include "results_find.h"
#include "runner.h"
#include "runner_select.h"

static const cli_opt report_opts[] = {
    CLI_CONFIG_OPTS,
    {"json", NULL, "one JSON object on stdout"},
    {"no-gpu", NULL, "model only: do not look for a GPU"},
    {"device", "N", "CUDA device to measure on (tpx list --devices); default 0"},
    {"hot", NULL, "measure back-to-back launches instead of flushing the L2 per sample"},
    {"once", NULL, "expert: launch once and verify, no timing (for ncu, compute-sanitizer)"},
    {"replay", "FILE", "answer from results saved by tpx bench --save instead of a GPU"},
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
    cli_print_options(stdout, report_opts);
}

int cmd_report(int argc, char **argv)
{
    cli_parsed p;
    char msg[TPX_MSG];
    int rc = cli_start(argc, argv, report_opts, "tpx report", report_help, &p);
    if (rc >= 0)
        return rc;
    if (cli_profile(&p, msg, sizeof msg) != 0) {
        fprintf(stderr, "tpx report: %s\n", msg);
        return CLI_USAGE;
    }
    int usage;
    char path[1024];
    const char *saved = cli_get(&p, "replay");
    if (saved && results_find(saved, path, sizeof path, msg, sizeof msg) != 0) {
        fprintf(stderr, "tpx report: %s\n", msg);
        return CLI_USAGE;
    }
    tpx_runner *r = runner_from_options(cli_get(&p, "device"), cli_has(&p, "no-gpu"),
                                        saved ? path : NULL, msg, sizeof msg, &usage);
    if (!r) {
        fprintf(stderr, "tpx report: %s\n", usage ? msg : "out of memory");
        return usage ? CLI_USAGE : CLI_FAIL;
    }
    tpx_limits lim;
    runner_limits(r, &lim);
    tpx_config c;
    if (cli_config(&p, &lim, &c, msg, sizeof msg) != 0) {
        fprintf(stderr, "tpx report: %s\n", msg);
        runner_close(r);
        return CLI_USAGE;
    }
    tpx_totals t;
    int modelled = model_totals(&c, &t, NULL) == 0;
    tpx_measurement m;
    tpx_measure_opts o = runner_default_opts();
    o.hot = cli_has(&p, "hot");
    o.once = cli_has(&p, "once");
    runner_measure(r, &c, &o, &m, NULL, NULL, NULL);
    tpx_device d;
    runner_device(r, &d); /* after measuring: NVML's clocks are those of the run */
    tpx_profile prof;
    profile_current(&d, &prof);

    if (cli_has(&p, "json")) {
        json_writer w;
        json_init(&w, stdout, 1);
        report_json_object(&w, NULL, &c, &d, modelled ? &t : NULL, &m, &prof);
        json_finish(&w);
    } else {
        report_model_table(stdout, &c, modelled ? &t : NULL, &prof);
        report_measured_table(stdout, &m, &d);
    }
    runner_close(r);
    /* A measurement that failed is a failed run; not measuring is not. */
    return (m.status == TPX_ST_OK || m.status == TPX_ST_NOT_MEASURED ||
            m.status == TPX_ST_UNAVAILABLE) ? CLI_OK : CLI_FAIL;
}
