/* tpx check: a kernel written in the kernel language (--kernel-file),
 * evaluated on the CPU for every thread of the launch and held to A
 * transposed, before anything runs.  Exit 0: correct; 1: wrong (the
 * findings say where); 2: a command line, a kernel that does not parse, or
 * a size too large to walk. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "json.h"
#include "check_out.h"
#include "report.h"
#include "ucheck.h"
#include "user.h"

const cli_opt cmd_check_opts[] = {
    CLI_CONFIG_OPTS,
    {"json", NULL, "one JSON object on stdout"},
    {NULL, NULL, NULL},
};

static void check_help(void)
{
    printf("usage: tpx check --kernel-file FILE [--block XxY] [--size WxH] [--dtype T]\n"
           "                 [--pad N] [--swizzle] [--tile-dtype T] [--json]\n\n"
           "Your kernel, written in the kernel language (docs/language.md), evaluated on the\n"
           "CPU for every thread of the launch before anything runs: is B exactly A\n"
           "transposed (A copied, for a kernel that says `copy`); the elements of B never\n"
           "written, written twice or wrong; reads and writes out of bounds; reads of the\n"
           "tile no thread wrote; a race on the tile; expressions that divide by zero or\n"
           "overflow.  Each finding names its first thread, move, element and line.\n"
           "Exit code 0: correct, 1: wrong, 2: the command line or the kernel's text.\n\n"
           "options:\n");
    cli_print_options(stdout, cmd_check_opts);
}

int cmd_check(int argc, char **argv)
{
    cli_parsed p;
    int rc = cli_start(argc, argv, cmd_check_opts, "tpx check", check_help, &p);
    if (rc >= 0)
        return rc;
    char msg[TPX_MSG];
    tpx_limits lim = config_default_limits();
    tpx_config c;
    if (!cli_has(&p, "kernel-file")) {
        fprintf(stderr, "tpx check: give your kernel with --kernel-file FILE (tpx list --source "
                        "naive_row prints one to start from) (tpx check --help)\n");
        return CLI_USAGE;
    }
    if (cli_config(&p, &lim, &c, msg, sizeof msg) != 0) {
        fprintf(stderr, "tpx check: %s\n", msg);
        return CLI_USAGE;
    }
    ucheck_report r;
    if (ucheck_run(&c, &r, NULL) != 0) {
        fprintf(stderr, "tpx check: %s\n", r.msg);
        return CLI_USAGE;
    }
    if (cli_has(&p, "json")) {
        json_writer w;
        json_init(&w, stdout, 1);
        json_begin_object(&w, NULL);
        report_config_json(&w, "config", &c);
        check_out_json(&w, "check", &c, &r);
        json_end_object(&w);
        json_finish(&w);
    } else {
        char d[160];
        config_describe(&c, d, sizeof d);
        tpx_geom g = config_geom(&c);
        printf("%s\nlaunch: grid %dx%d of %dx%d threads%s\n", d, g.gx, g.gy, c.bx, c.by,
               config_has_tile(c.kernel) ? ", a shared tile" : "");
        check_out_text(stdout, &c, &r);
    }
    return ucheck_ok(&r) ? CLI_OK : CLI_FAIL;
}
