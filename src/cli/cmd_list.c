/* tpx list: the kernel catalog, or the GPUs with --devices. */
#include <stdio.h>

#include <stdlib.h>
#include <string.h>

#include "assets.h"
#include "catalog.h"
#include "cli.h"
#include "commands.h"
#include "json.h"
#include "origin.h"
#include "report.h"
#include "runner.h"
#include "text.h"
#include "ukernel_cuda.h"
#include "user.h"

const cli_opt cmd_list_opts[] = {
    {"json", NULL, "one JSON object on stdout"},
    {"devices", NULL, "list the CUDA devices instead of the kernels"},
    {"source", "ID", "the kernel ID written in the kernel language (docs/language.md), then "
                     "the CUDA tpx generates from it; ID may be an exercise (exercise, "
                     "exercise_tile) or a --kernel-file FILE"},
    {"kernel-file", "FILE", "with --source: your kernel instead of the catalog's"},
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

/* The kernel's text and the CUDA generated from it, as `tpx list --source`
 * prints them (and the explorer's K). */
static int print_source(int id)
{
    char *cuda = ukernel_cuda(user_kernel(id));
    if (!cuda) {
        fprintf(stderr, "tpx list: out of memory\n");
        return CLI_FAIL;
    }
    const char *text = user_text(id);
    size_t len = strlen(text);
    /* the CUDA as comments, so that what is printed is a kernel file as it is */
    printf("%s%s\n# ---- the CUDA tpx generates from it (NVRTC, kernels/tpx_expr.h in front) ----\n",
           text, len && text[len - 1] != '\n' ? "\n" : "");
    for (char *line = cuda, *nl; *line; line = nl + 1) {
        nl = strchr(line, '\n');
        if (!nl)
            nl = line + strlen(line) - 1;
        printf("# %.*s\n", (int)(nl - line + (*nl != '\n')), line);
    }
    free(cuda);
    return CLI_OK;
}

static int list_source(const char *name, const char *file)
{
    char msg[TPX_MSG], path[96];
    if (file && name) {
        fprintf(stderr, "tpx list: --source and --kernel-file name two kernels: give one\n");
        return CLI_USAGE;
    }
    if (file) {
        int id = cli_kernel_file(file, msg, sizeof msg);
        if (id < 0) {
            fprintf(stderr, "tpx list: %s\n", msg);
            return CLI_USAGE;
        }
        return print_source(id);
    }
    int k = catalog_find(name);
    if (k >= 0 && config_is_reference((tpx_kernel_id)k)) {
        fprintf(stderr, "tpx list: %s is a reference, measured and not written as a kernel; "
                        "--source takes a kernel (%s)\n", name, catalog_names_list());
        return CLI_USAGE;
    }
    const char *why = k >= 0 ? catalog_no_source((tpx_kernel_id)k) : NULL;
    if (why) {
        tpx_traits tr = tpx_traits_of((tpx_kernel_id)k);
        const char *arith = tr.tile == TPX_TILE_STRIP          ? "tpx_svec.h"
                           : (tr.flags & TPX_KF_GATHER) != 0 ? "tpx_tgat.h"
                                                             : "tpx_tsec.h";
        fprintf(stderr, "tpx list: %s has no source in the kernel language: %s; its index "
                        "arithmetic is kernels/%s (docs/kernels.md)\n", name, why, arith);
        return CLI_USAGE;
    }
    size_t len;
    snprintf(path, sizeof path, "kernels/%.60s.tpxk", name);
    const char *text = strchr(name, '/') ? NULL : assets_get(path, &len);
    if (!text) {
        fprintf(stderr, "tpx list: no kernel '%s' to show; --source takes a kernel of the "
                        "catalog (tpx list) or an exercise (exercise, exercise_tile)\n", name);
        return CLI_USAGE;
    }
    /* the exercises have blanks to fill: printed as they are, without CUDA */
    int id = user_add(text, len, path, msg, sizeof msg);
    if (id < 0) {
        printf("%s", text);
        return CLI_OK;
    }
    return print_source(id);
}

static void list_help(void)
{
    printf("usage: tpx list [--json] [--devices] [--source ID | --kernel-file FILE]\n\n"
           "The kernel catalog: id, title, what it teaches, where it comes from.\n\noptions:\n");
    cli_print_options(stdout, cmd_list_opts);
}

int cmd_list(int argc, char **argv)
{
    cli_parsed p;
    char origin[512]; /* where a kernel comes from, in words */
    int rc = cli_start(argc, argv, cmd_list_opts, "tpx list", list_help, &p);
    if (rc >= 0)
        return rc;
    if (cli_has(&p, "devices"))
        return list_devices(cli_has(&p, "json"));
    if (cli_has(&p, "source") || cli_has(&p, "kernel-file"))
        return list_source(cli_get(&p, "source"), cli_get(&p, "kernel-file"));
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
            origin_words(k->seed, origin, sizeof origin);
            json_string(&w, "origin", origin);
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
        origin_words(k->seed, origin, sizeof origin);
        printf("%-13s %s\n%-13s %s\n%-13s from %s\n", k->name, k->title, "", k->idea, "", origin);
    }
    return CLI_OK;
}
