/* tpx_render: draws one screen of the explorer headless and prints it as
 * text: the golden screen tests, the README's captures and the docs use it.
 *   tpx_render [config options] [--view 1-5] [--cols W] [--rows H] [--ascii]
 *              [--keys KEYS] [--select BX,BY,WARP]
 * --keys are typed before drawing ("\e" Esc, "\n" Enter, "\t" Tab,
 * "\U" "\D" "\L" "\R" arrows).  Results come from the model, computed before
 * drawing, as the explorer shows them without a GPU. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "cli.h"

static const cli_opt render_opts[] = {
    CLI_CONFIG_OPTS,
    {"view", "N", "view 1-5 (default 1)"},
    {"cols", "W", "terminal width (default 120)"},
    {"rows", "H", "terminal height (default 40)"},
    {"ascii", NULL, "ASCII glyphs (a non-UTF-8 locale)"},
    {"keys", "KEYS", "keys to type first"},
    {"select", "BX,BY,WARP", "the selected warp"},
    {NULL, NULL, NULL},
};

static int next_key(const char **p)
{
    const char *s = *p;
    if (s[0] != '\\' || !s[1]) {
        *p = s + 1;
        return (unsigned char)s[0];
    }
    *p = s + 2;
    switch (s[1]) {
    case 'e': return TPX_KEY_ESC;
    case 'n': return TPX_KEY_ENTER;
    case 't': return TPX_KEY_TAB;
    case 'U': return TPX_KEY_UP;
    case 'D': return TPX_KEY_DOWN;
    case 'L': return TPX_KEY_LEFT;
    case 'R': return TPX_KEY_RIGHT;
    case 'b': return TPX_KEY_BACKSPACE;
    default: return (unsigned char)s[1];
    }
}

int main(int argc, char **argv)
{
    cli_parsed p;
    char msg[TPX_MSG];
    if (cli_parse(argc - 1, argv + 1, render_opts, &p, msg, sizeof msg) != 0) {
        fprintf(stderr, "tpx_render: %s\n", msg);
        return 2;
    }
    tpx_limits lim = config_default_limits();
    tpx_config c;
    if (cli_config(&p, &lim, &c, msg, sizeof msg) != 0) {
        fprintf(stderr, "tpx_render: %s\n", msg);
        return 2;
    }
    int view = cli_get(&p, "view") ? atoi(cli_get(&p, "view")) : 1;
    int cols = cli_get(&p, "cols") ? atoi(cli_get(&p, "cols")) : 120;
    int rows = cli_get(&p, "rows") ? atoi(cli_get(&p, "rows")) : 40;
    glyphs_set_utf8(!cli_has(&p, "ascii"));
    tpx_runner *r = runner_model_only("tpx_render");
    tpx_device dev;
    r->device(r, &dev);
    tpx_app *a = app_new(&c, &lim, &dev, r->name, "headless render");
    app_resize(a, cols, rows);
    a->view = view >= 1 && view <= TPX_VIEW_COUNT ? view - 1 : 0;
    if (cli_get(&p, "select"))
        sscanf(cli_get(&p, "select"), "%d,%d,%d", &a->sel.bx, &a->sel.by, &a->sel.warp);
    app_recalc(a);
    for (const char *k = cli_get(&p, "keys"); k && *k;) {
        if (app_key(a, next_key(&k)) & TPX_QUIT)
            break;
        app_recalc(a);
    }
    live_fill_sync(a->live, &a->cfg, &lim, r, a->view == TPX_VIEW_BW);
    tpx_canvas cv;
    if (canvas_init(&cv, cols, rows) != 0)
        return 1;
    app_draw(a, &cv);
    char *text = canvas_dump(&cv);
    fputs(text, stdout);
    free(text);
    canvas_free(&cv);
    app_free(a);
    runner_close(r);
    return 0;
}
