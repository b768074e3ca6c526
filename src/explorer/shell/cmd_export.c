/* tpx export: one view drawn headless at a config and written as SVG or as
 * the plain text of the screen, for slides and notes. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "cli_globals.h"
#include "compare.h"
#include "export.h"
#include "file_write.h"
#include "headless.h"
#include "results_find.h"
#include "runner_select.h"
#include "shell.h"
#include "slide.h"
#include "tour.h"
#include "views.h"

const cli_opt cmd_export_opts[] = {
    CLI_CONFIG_OPTS,
    {"view", "NAME", "the view (tpx export --help lists them), or tour; default the first"},
    {"step", "N", "with --view tour: the tour's step N, its view, config and text"},
    {"tour", "FILE", "with --view tour: your tour file (docs/tour-format.md), not the built-in one"},
    {"slide", NULL, "as a slide: light, a title, a legend, no key hints, the whole width"},
    {"title", "TEXT", "the slide's title; default the view and the config"},
    {"device-line", NULL, "keep the device line on a slide"},
    {"out", "FILE", "where to write (also -o FILE); .svg or .txt picks the format"},
    {"format", "F", "svg or txt, whatever the file name says"},
    {"cols", "N", "screen width in columns; default 120"},
    {"rows", "N", "screen height in rows; default 40, for a slide 52 (blank runs then squeezed)"},
    {"ascii", NULL, "ASCII glyphs instead of UTF-8"},
    {"replay", "FILE", "measured numbers from results saved by tpx bench --save"},
    {"no-gpu", NULL, "the model only (what export shows without --replay: it never measures)"},
    CLI_PROFILE_OPT,
    SHELL_THEME_OPT,
    {NULL, NULL, NULL},
};

static void export_help(void)
{
    printf("usage: tpx export --view NAME [config options] -o FILE.svg|FILE.txt [--format F]\n"
           "                  [--cols N] [--rows N] [--ascii] [--replay FILE | --no-gpu]\n"
           "                  [--profile NAME] [--slide [--title TEXT] [--device-line]]\n"
           "       tpx export --view compare [config options of A] ... --vs [options of B]\n"
           "       tpx export --view tour --step N [--tour FILE] [--slide] -o FILE.svg\n\n"
           "Draws one view of the explorer at the config, as the terminal shows it, and\n"
           "writes it as SVG (the same cells on a monospace grid, in the theme's colours,\n"
           "with a legend of the colours used) or as the plain text of the screen.  Without\n"
           "a GPU the numbers are the model's; --replay shows measured ones.\n\n"
           "--slide makes it a slide: a light page, the view and the config as its title,\n"
           "no key hints, config line or tabs, the device line only with --device-line, a\n"
           "legend of exactly the colours on it, and as wide as its longest line.\n"
           "--view tour --step N shows the tour's step N (its view, config and text): the\n"
           "built-in tour's, or with --tour FILE your own's.\n\n"
           "The compare view shows A (the options before --vs) beside B (A changed by the\n"
           "config options after it), as tpx compare does.\n\n"
           "example: tpx export --view banks --kernel smem --block 32x32 -o banks.svg\n"
           "         tpx export --view compare --kernel smem --block 32x32 -o ab.svg \\\n"
           "             --vs --pad 1\n"
           "         tpx export --view tour --step 3 --slide -o step3.svg\n\n"
           "views: %s\n\n"
           "options:\n", views_names_list());
    cli_print_options(stdout, cmd_export_opts);
}

/* Whether the view shows A beside B (it takes --vs). */
static int view_ab(int view)
{
    int n;
    const tpx_view *t = views_table(&n);
    return view >= 0 && view < n && (t[view].flags & TPX_VIEW_AB);
}

/* A screen side from 20 to 1000. */
static int side(const cli_parsed *p, const char *name, int dflt, int *out, char *msg, size_t n)
{
    const char *v = cli_get(p, name);
    *out = dflt;
    if (!v)
        return 0;
    if (config_parse_int(v, name, out, msg, n) != 0)
        return -1;
    if (*out < 20 || *out > 1000) {
        snprintf(msg, n, "%s %s is out of range: use 20 to 1000", name, v);
        return -1;
    }
    return 0;
}

static int tour_step(const cli_parsed *p, tpx_headless *h, const char **out, int *fmt, char *msg,
                     size_t n);

/* The options besides the view (-o is --out); 0, or -1 with why. */
static int common_options(const cli_parsed *p, tpx_headless *h, const char **out, int *fmt,
                          char *msg, size_t n)
{
    if (side(p, "cols", 120, &h->cols, msg, n) != 0 ||
        side(p, "rows", cli_has(p, "slide") ? TPX_SLIDE_ROWS : 40, &h->rows, msg, n) != 0)
        return -1;
    if (!cli_has(p, "slide") && (cli_get(p, "title") || cli_has(p, "device-line"))) {
        snprintf(msg, n, "%s belongs to --slide", cli_get(p, "title") ? "--title" : "--device-line");
        return -1;
    }
    h->ascii = cli_has(p, "ascii");
    *out = cli_get(p, "out");
    if (!*out) {
        snprintf(msg, n, "say where to write: -o FILE.svg or -o FILE.txt");
        return -1;
    }
    const char *v = cli_get(p, "format");
    *fmt = v ? export_format_parse(v) : export_format_of_path(*out);
    if (*fmt < 0) {
        snprintf(msg, n, v ? "unknown format '%s': use svg or txt"
                           : "cannot tell the format from '%s': end it in .svg or .txt, or add "
                             "--format svg|txt",
                 v ? v : *out);
        return -1;
    }
    return 0;
}

/* The options (-o is --out) into h and where to write; 0, or -1 with why. */
static int read_options(const cli_parsed *p, tpx_headless *h, const char **out, int *fmt,
                        char *msg, size_t n)
{
    const char *v = cli_get(p, "view");
    h->view = v ? views_find(v) : 0;
    if (v && strcmp(v, "tour") == 0)
        return tour_step(p, h, out, fmt, msg, n);
    if (h->view < 0) {
        snprintf(msg, n, "unknown view '%s': use %s or tour", v, views_names_list());
        return -1;
    }
    if (cli_get(p, "step") || cli_get(p, "tour")) {
        snprintf(msg, n, "--%s belongs to --view tour", cli_get(p, "step") ? "step" : "tour");
        return -1;
    }
    return common_options(p, h, out, fmt, msg, n);
}

/* --view tour --step N [--tour FILE]: the tour, and the keys that walk it to step N. */
static int tour_step(const cli_parsed *p, tpx_headless *h, const char **out, int *fmt, char *msg,
                     size_t n)
{
    static char keys[TPX_TOUR_MAX + 2];
    static tpx_tour_step steps[TPX_TOUR_MAX];
    int nsteps, step = 0, nviews;
    const char *file = cli_get(p, "tour");
    views_table(&nviews);
    if (file && (nsteps = tour_load(file, steps, TPX_TOUR_MAX, nviews, msg, n)) < 0)
        return -1;
    if (!file)
        tour_builtin(&nsteps);
    const char *v = cli_get(p, "step");
    if (!v) {
        snprintf(msg, n, "--view tour needs --step N (1 to %d)", nsteps);
        return -1;
    }
    if (config_parse_int(v, "step", &step, msg, n) != 0)
        return -1;
    if (step < 1 || step > nsteps) {
        snprintf(msg, n, "step %s is out of range: the tour has steps 1 to %d", v, nsteps);
        return -1;
    }
    keys[0] = 'T'; /* the built-in tour's key; a file's tour is started before the keys */
    memset(keys + 1, '>', (size_t)step - 1);
    keys[step] = '\0';
    h->keys = file ? keys + 1 : keys;
    h->tour = file ? steps : NULL;
    h->tour_n = nsteps;
    h->view = 0;
    return common_options(p, h, out, fmt, msg, n);
}

/* pin: A for the compare view (NULL for the others). */
/* --vs and what follows: B for the compare view, refused for the others. */
static int ab_options(const tpx_headless *h, int nb, char **bargs, const tpx_config *a,
                      const tpx_limits *lim, tpx_config *b, int *help, char *msg, size_t n)
{
    char ab[96];
    views_join(ab, sizeof ab, TPX_VIEW_AB, " or ");
    if (!view_ab(h->view)) {
        if (nb >= 0) {
            snprintf(msg, n, "--vs belongs to --view %s", ab);
            return -1;
        }
        return 0;
    }
    if (nb < 0) {
        int nv;
        snprintf(msg, n, "--view %s needs --vs and what B changes, e.g. --vs --pad 1",
                 views_table(&nv)[h->view].name);
        return -1;
    }
    return compare_build_b(nb, bargs, a, lim, b, help, msg, n);
}

/* The screen (or, with --slide, the slide) of the app at h, written to out. */
static int render(const tpx_headless *h, const tpx_config *pin, tpx_runner *r, const cli_parsed *p,
                  const char *out, int fmt, char *msg, size_t n)
{
    tpx_app *a = headless_app_pinned(h, pin, r);
    tpx_canvas cv;
    int slide = cli_has(p, "slide");
    if (!a || slide_or_screen(a, h->cols, h->rows, slide, cli_has(p, "device-line"), &cv) != 0) {
        app_free(a);
        snprintf(msg, n, "out of memory");
        return -1;
    }
    char title[400];
    slide_title(a, title, sizeof title);
    if (cli_get(p, "title"))
        snprintf(title, sizeof title, "%s", cli_get(p, "title"));
    tpx_export_doc d = {&cv, (tpx_export_format)fmt, title, slide};
    int rc = export_doc_file(out, &d, 0, msg, n);
    canvas_free(&cv);
    app_free(a);
    return rc;
}

int cmd_export(int argc, char **argv)
{
    char *args[256];
    if (argc > 256) {
        fprintf(stderr, "tpx export: too many arguments\n");
        return CLI_USAGE;
    }
    for (int i = 0; i < argc; i++)
        args[i] = strcmp(argv[i], "-o") == 0 ? (char *)"--out" : argv[i];
    cli_parsed p;
    char msg[2 * TPX_MSG];
    int vs = compare_split_vs(argc, args);
    char *moved[256];
    if (vs >= 0) { /* the command's options after --vs (-o, --view, ...) are the command's */
        vs = cli_hoist_vs(argc, args, vs, cmd_export_opts, compare_vs_opts, NULL, moved);
        memcpy(args, moved, (size_t)argc * sizeof *args);
    }
    int rc = cli_start(vs < 0 ? argc : vs, args, cmd_export_opts, "tpx export", export_help, &p);
    if (rc >= 0)
        return rc;
    tpx_headless h;
    memset(&h, 0, sizeof h);
    const char *out;
    int fmt, usage = 0;
    if (shell_theme(&p, "tpx export") != 0)
        return CLI_USAGE;
    if (read_options(&p, &h, &out, &fmt, msg, sizeof msg) != 0 ||
        cli_profile(&p, msg, sizeof msg) != 0) {
        fprintf(stderr, "tpx export: %s\n", msg);
        return CLI_USAGE;
    }
    char path[RESULTS_PATH_MAX];
    const char *saved = cli_get(&p, "replay");
    if (saved && results_find(saved, path, sizeof path, msg, sizeof msg) != 0) {
        fprintf(stderr, "tpx export: %s\n", msg);
        return CLI_USAGE;
    }
    if (saved && file_same(out, path)) {
        fprintf(stderr, "tpx export: --out %s is the --replay file: writing the view there would "
                        "destroy the results it shows; give another file\n", out);
        return CLI_USAGE;
    }
    tpx_runner *r = runner_from_options(NULL, !saved, saved ? path : NULL, msg, sizeof msg, &usage);
    if (!r) {
        fprintf(stderr, "tpx export: %s\n", usage ? msg : "out of memory");
        return usage ? CLI_USAGE : CLI_FAIL;
    }
    tpx_limits lim;
    runner_limits(r, &lim);
    tpx_config a, b;
    int help = 0; /* --help after --vs: the help was shown already or is not wanted */
    if (cli_config(&p, &lim, &a, msg, sizeof msg) != 0 ||
        ab_options(&h, vs < 0 ? -1 : argc - vs - 1, args + (vs + 1), &a, &lim, &b, &help, msg,
                   sizeof msg) != 0) {
        fprintf(stderr, "tpx export: %s\n", msg);
        runner_close(r);
        return CLI_USAGE;
    }
    h.cfg = view_ab(h.view) ? b : a;
    rc = render(&h, view_ab(h.view) ? &a : NULL, r, &p, out, fmt, msg, sizeof msg) == 0
             ? CLI_OK
             : CLI_FAIL;
    if (rc != CLI_OK)
        fprintf(stderr, "tpx export: %s\n", msg);
    else
        printf("wrote %s\n", out);
    runner_close(r);
    return rc;
}
