/* tpx_render: draws one screen of the explorer headless and prints it as
 * text (src/app/headless.c): for the README's captures and for looking at a
 * screen without a terminal.
 *   tpx_render [config options] [--view 1-6] [--cols W] [--rows H] [--ascii]
 *              [--keys KEYS] [--select BX,BY,WARP] */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "headless.h"

static const cli_opt render_opts[] = {
    CLI_CONFIG_OPTS,
    {"view", "N", "view 1-6 (default 1)"},
    {"cols", "W", "terminal width (default 120)"},
    {"rows", "H", "terminal height (default 40)"},
    {"ascii", NULL, "ASCII glyphs (a non-UTF-8 locale)"},
    {"keys", "KEYS", "keys to type first (\\e Esc, \\n Enter, \\t Tab, \\U \\D \\L \\R arrows)"},
    {"select", "BX,BY,WARP", "the selected warp"},
    {NULL, NULL, NULL},
};

int main(int argc, char **argv)
{
    cli_parsed p;
    char msg[TPX_MSG];
    tpx_headless h = {.view = 0, .cols = 120, .rows = 40};
    tpx_limits lim = config_default_limits();
    if (cli_parse(argc - 1, argv + 1, render_opts, &p, msg, sizeof msg) != 0 ||
        cli_config(&p, &lim, &h.cfg, msg, sizeof msg) != 0) {
        fprintf(stderr, "tpx_render: %s\n", msg);
        return 2;
    }
    if (p.help) {
        cli_print_options(stdout, render_opts);
        return 0;
    }
    if (cli_get(&p, "view"))
        h.view = atoi(cli_get(&p, "view")) - 1;
    if (cli_get(&p, "cols"))
        h.cols = atoi(cli_get(&p, "cols"));
    if (cli_get(&p, "rows"))
        h.rows = atoi(cli_get(&p, "rows"));
    if (cli_get(&p, "select") &&
        sscanf(cli_get(&p, "select"), "%d,%d,%d", &h.sel.bx, &h.sel.by, &h.sel.warp) != 3) {
        fprintf(stderr, "tpx_render: --select wants BX,BY,WARP\n");
        return 2;
    }
    h.ascii = cli_has(&p, "ascii");
    h.keys = cli_get(&p, "keys");
    char *text = headless_render(&h);
    if (!text)
        return 1;
    fputs(text, stdout);
    free(text);
    return 0;
}
