/* tpx list: the kernel catalog, or the GPUs with --devices. */
#include <stdio.h>

#include "catalog.h"
#include "cli.h"
#include "commands.h"
#include "json.h"
#include "report.h"
#include "runner.h"
#include "text.h"

static const cli_opt list_opts[] = {
    {"json", NULL, "one JSON object on stdout"},
    {"devices", NULL, "list the CUDA devices instead of the kernels"},
    {NULL, NULL, NULL},
};

static int list_devices(int as_json)
{
    int n = runner_device_count();
    json_writer w;
    if (as_json) {
        json_init(&w, stdout, 1);
        json_begin_object(&w, NULL);
        json_begin_array(&w, "devices");
    } else if (n == 0) {
        printf("no CUDA device found (tpx works from the model)\n");
    }
    for (int i = 0; i < n; i++) {
        char msg[TPX_MSG];
        tpx_runner *r = runner_open(i, msg, sizeof msg);
        tpx_device d;
        char name[sizeof d.name * 4], why[sizeof msg * 4];
        runner_device(r, &d);
        text_sanitize(name, sizeof name, d.name); /* a driver's string: printed escaped */
        text_sanitize(why, sizeof why, msg);
        if (as_json)
            report_device_json(&w, NULL, &d);
        else if (d.valid)
            printf("%d  %s  sm_%d%d  %d SMs  L2 %.0f MiB  %.1f GiB  peak %.0f GB/s (theoretical)\n",
                   i, name, d.cc_major, d.cc_minor, d.sms, d.l2_bytes / 1048576.0,
                   d.mem_bytes / 1073741824.0,
                   d.peak_gbs);
        else
            printf("%d  unavailable: %s\n", i, why);
        runner_close(r);
    }
    if (as_json) {
        json_end_array(&w);
        json_end_object(&w);
        json_finish(&w);
    }
    return CLI_OK;
}

static void list_help(void)
{
    printf("usage: tpx list [--json] [--devices]\n\nThe kernel catalog: id, title, what it "
           "teaches, where it comes from.\n\noptions:\n");
    cli_print_options(stdout, list_opts);
}

int cmd_list(int argc, char **argv)
{
    cli_parsed p;
    int rc = cli_start(argc, argv, list_opts, "tpx list", list_help, &p);
    if (rc >= 0)
        return rc;
    if (cli_has(&p, "devices"))
        return list_devices(cli_has(&p, "json"));
    if (cli_has(&p, "json")) {
        json_writer w;
        json_init(&w, stdout, 1);
        json_begin_object(&w, NULL);
        json_begin_array(&w, "kernels");
        for (int i = 0; i < TPX_K_COUNT; i++) {
            const tpx_kernel_info *k = catalog_get((tpx_kernel_id)i);
            json_begin_object(&w, NULL);
            json_string(&w, "id", k->name);
            json_string(&w, "title", k->title);
            json_string(&w, "idea", k->idea);
            json_string(&w, "seed", k->seed);
            json_string(&w, "text", k->text);
            json_bool(&w, "modelled", !config_is_reference(k->id));
            json_bool(&w, "shared_tile", config_has_tile(k->id));
            json_end_object(&w);
        }
        json_end_array(&w);
        json_end_object(&w);
        json_finish(&w);
        return CLI_OK;
    }
    for (int i = 0; i < TPX_K_COUNT; i++) {
        const tpx_kernel_info *k = catalog_get((tpx_kernel_id)i);
        printf("%-13s %s  [%s]\n%-13s %s\n", k->name, k->title, k->seed, "", k->idea);
    }
    return CLI_OK;
}
