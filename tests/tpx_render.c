/* tpx_render: draws one screen of the explorer headless and prints it as
 * text (src/explorer/app/headless.c): for the README's captures and for looking at a
 * screen without a terminal.
 *   tpx_render [config options] [--view 1-6] [--cols W] [--rows H] [--ascii]
 *              [--keys KEYS] [--select BX,BY,WARP] [--load FILE] [--profile NAME] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "headless.h"
#include "runner_select.h"

static const cli_opt render_opts[] = {
    CLI_CONFIG_OPTS,
    {"view", "N", "view 1-6 (default 1)"},
    {"cols", "W", "terminal width (default 120)"},
    {"rows", "H", "terminal height (default 40)"},
    {"ascii", NULL, "ASCII glyphs (a non-UTF-8 locale)"},
    {"keys", "KEYS", "keys to type first (\\e Esc, \\n Enter, \\t Tab, \\U \\D \\L \\R arrows)"},
    {"select", "BX,BY,WARP", "the selected warp"},
    {"load", "FILE", "measurements saved by tpx bench --save, replayed"},
    CLI_PROFILE_OPT,
    {NULL, NULL, NULL},
};

/* The screen with the measurements of a saved file, as `tpx --load` shows it. */
static char *render_loaded(const tpx_headless *h, const char *path)
{
    char msg[TPX_MSG] = "";
    int usage = 0;
    tpx_runner *r = runner_from_options(NULL, 0, path, msg, sizeof msg, &usage);
    if (!r) {
        fprintf(stderr, "tpx_render: %s\n", msg);
        return NULL;
    }
    const char *slash = strrchr(path, '/');
    char *text = headless_render_with(h, r, slash ? slash + 1 : path);
    runner_close(r);
    return text;
}

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
    if (cli_profile(&p, msg, sizeof msg) != 0) {
        fprintf(stderr, "tpx_render: %s\n", msg);
        return 2;
    }
    char *text = cli_get(&p, "load") ? render_loaded(&h, cli_get(&p, "load")) : headless_render(&h);
    if (!text)
        return 1;
    fputs(text, stdout);
    free(text);
    return 0;
}
