#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "file_read.h"
#include "profile.h"
#include "userconf.h"
#include "user.h"

static int find_opt(const cli_opt *opts, const char *name, size_t len)
{
    for (int i = 0; opts[i].name && i < CLI_MAX_OPTS; i++)
        if (strlen(opts[i].name) == len && strncmp(opts[i].name, name, len) == 0)
            return i;
    return -1;
}

/* ---- the global options (cli_globals.h moves them; here they are refused) --- */

const cli_opt cli_global_opts[] = {
    {"json", NULL, "JSON output"},
    {"csv", NULL, "CSV output"},
    {"no-gpu", NULL, "the model only"},
    {"profile", "NAME", "a device profile"},
    {"replay", "FILE", "results saved by tpx bench --save"},
    {"out", "FILE", "where to write"},
    {"no-config", NULL, "no config file"},
    {"theme", "NAME", "the colour scheme"},
    {NULL, NULL, NULL},
};

static const cli_command *commands;
static int ncommands;

void cli_commands_set(const cli_command *cmds, int n)
{
    commands = cmds;
    ncommands = n;
}

/* Whether opts (NULL: none) has the option name (len bytes). */
static int has_opt(const cli_opt *opts, const char *name, size_t len)
{
    return opts && find_opt(opts, name, len) >= 0;
}

int cli_global_refusal(const char *name, size_t len, char *msg, size_t n)
{
    int k = find_opt(cli_global_opts, name, len);
    const cli_opt *g = k >= 0 ? &cli_global_opts[k] : NULL;
    if (!g)
        return -1;
    size_t used = (size_t)snprintf(msg, n, "option '--%s' (%s) does not apply here", g->name,
                                   g->help);
    int named = 0;
    for (int i = 0; i < ncommands && used < n; i++) {
        const cli_command *c = &commands[i];
        if (!has_opt(c->opts, name, len) && !has_opt(c->more, name, len))
            continue;
        used += (size_t)snprintf(msg + used, n - used, "%stpx %s",
                                 named ? ", " : "; it is an option of ",
                                 c->name ? c->name : "(the explorer)");
        named++;
    }
    return 0;
}

/* Options that contradict each other wherever both exist, with why; last-wins
 * would silently drop one of them. */
static const char *const cli_conflicts[][3] = {
    {"load", "replay", "both name a results file; give one"},
    {"no-gpu", "load", "--no-gpu shows nothing measured, --load shows saved measurements"},
    {"no-gpu", "replay", "--no-gpu shows nothing measured, --replay shows saved measurements"},
    {"no-gpu", "device", "--no-gpu uses no device"},
    {"device", "load", "a loaded file is not measured on a device"},
    {"device", "replay", "a replayed file is not measured on a device"},
    {"json", "csv", "choose one output format"},
    {"hot", "once", "--once launches once and times nothing"},
};

static int check_conflicts(const cli_parsed *p, char *msg, size_t n)
{
    for (size_t i = 0; i < sizeof cli_conflicts / sizeof cli_conflicts[0]; i++) {
        const char *a = cli_conflicts[i][0], *b = cli_conflicts[i][1];
        if (cli_has(p, a) && cli_has(p, b)) {
            snprintf(msg, n, "options '--%s' and '--%s' cannot be used together (%s)", a, b,
                     cli_conflicts[i][2]);
            return -1;
        }
    }
    return 0;
}

static int given_twice(const cli_opt *o, const char *old, const char *v, char *msg, size_t n)
{
    if (o->arg)
        snprintf(msg, n, "option '--%s' given twice ('%s' and '%s'); give it once", o->name, old,
                 v);
    else
        snprintf(msg, n, "option '--%s' given twice; give it once", o->name);
    return -1;
}

int cli_parse(int argc, char **argv, const cli_opt *opts, cli_parsed *out, char *msg, size_t n)
{
    memset(out, 0, sizeof *out);
    out->opts = opts;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            out->help = 1;
            continue;
        }
        if (strcmp(a, "--no-config") == 0) { /* every command reads the config file */
            out->no_config = 1;
            continue;
        }
        if (strcmp(a, "-o") == 0) { /* the short name of --out, wherever --out is taken */
            if (find_opt(opts, "out", 3) < 0) {
                cli_global_refusal("out", 3, msg, n);
                return -1;
            }
            a = "--out";
        }
        if (strncmp(a, "--", 2) != 0 || a[2] == '\0') {
            snprintf(msg, n, "unexpected argument '%s' (options start with --)", a);
            return -1;
        }
        const char *name = a + 2, *eq = strchr(name, '=');
        size_t len = eq ? (size_t)(eq - name) : strlen(name);
        int k = find_opt(opts, name, len);
        if (k < 0) {
            if (cli_global_refusal(name, len, msg, n) != 0)
                snprintf(msg, n, "unknown option '--%.*s'", (int)len, name);
            return -1;
        }
        if (!opts[k].arg) {
            if (eq) {
                snprintf(msg, n, "option '--%s' takes no value (given '%s')", opts[k].name, eq + 1);
                return -1;
            }
            if (out->set[k])
                return given_twice(&opts[k], NULL, NULL, msg, n);
            out->set[k] = 1;
            continue;
        }
        const char *v = eq ? eq + 1 : (i + 1 < argc ? argv[++i] : NULL);
        if (!v || (!eq && strncmp(v, "--", 2) == 0) || *v == '\0') {
            snprintf(msg, n, "option '--%s' needs a value (%s)", opts[k].name, opts[k].arg);
            return -1;
        }
        if (out->set[k])
            return given_twice(&opts[k], out->val[k], v, msg, n);
        out->set[k] = 1;
        out->val[k] = v;
    }
    return check_conflicts(out, msg, n);
}

/* The config file, read once per process; its notes on stderr. */
static const userconf *config_file(void)
{
    static userconf uc;
    static int read;
    char path[4096];
    if (read++)
        return &uc;
    if (userconf_path(path, sizeof path))
        userconf_read(path, &uc);
    for (int i = 0; i < uc.nnotes; i++)
        fprintf(stderr, "tpx: config %s\n", uc.notes[i]);
    if (uc.more)
        fprintf(stderr, "tpx: config: %d more problem%s like these\n", uc.more, uc.more > 1 ? "s" : "");
    return &uc;
}

/* The config file's values for the options p's table has and argv lacks. */
static void config_defaults(cli_parsed *p)
{
    const userconf *uc = config_file();
    for (int i = 0; p->opts[i].name && i < CLI_MAX_OPTS; i++) {
        const char *v = p->opts[i].arg ? userconf_get(uc, p->opts[i].name) : NULL;
        if (v && !p->set[i]) {
            p->set[i] = 2;
            p->val[i] = v;
        }
    }
}

int cli_start(int argc, char **argv, const cli_opt *opts, const char *who, void (*help)(void),
              cli_parsed *out)
{
    char msg[TPX_MSG];
    if (cli_parse(argc, argv, opts, out, msg, sizeof msg) != 0) {
        fprintf(stderr, "%s: %s (%s --help)\n", who, msg, who);
        return CLI_USAGE;
    }
    if (out->help) {
        help();
        return CLI_OK;
    }
    if (!out->no_config)
        config_defaults(out);
    return -1;
}

const char *cli_get(const cli_parsed *p, const char *name)
{
    int k = find_opt(p->opts, name, strlen(name));
    return k >= 0 && p->set[k] ? p->val[k] : NULL;
}

int cli_has(const cli_parsed *p, const char *name)
{
    int k = find_opt(p->opts, name, strlen(name));
    return k >= 0 && p->set[k];
}

int cli_given(const cli_parsed *p, const char *name)
{
    int k = find_opt(p->opts, name, strlen(name));
    return k >= 0 && p->set[k] == 1;
}

void cli_print_options(FILE *f, const cli_opt *opts)
{
    for (int i = 0; opts[i].name; i++) {
        char left[48];
        snprintf(left, sizeof left, "--%s%s%s", opts[i].name, opts[i].arg ? " " : "",
                 opts[i].arg ? opts[i].arg : "");
        fprintf(f, "  %-22s %s\n", left, opts[i].help);
    }
    fprintf(f, "  %-22s %s\n", "--no-config", "ignore the config file (~/.config/tpx/config)");
    fprintf(f, "  %-22s %s\n", "--help", "show this help");
}

int cli_kernel_file(const char *path, char *msg, size_t n)
{
    size_t len;
    char why[TPX_MSG];
    /* up to 1 MiB read, so that a kernel over UK_MAX_TEXT is refused in its own words */
    char *text = file_read_bounded(path, (size_t)1 << 20, "kernel file", &len, why, sizeof why);
    if (!text) {
        snprintf(msg, n, "--kernel-file: %s", why);
        return -1;
    }
    int id = user_add(text, len, path, msg, n);
    free(text);
    return id;
}

int cli_config_apply(const cli_parsed *p, tpx_config *c, char *msg, size_t n)
{
    const char *s;
    if (cli_has(p, "kernel") && cli_has(p, "kernel-file")) {
        snprintf(msg, n, "--kernel and --kernel-file name two kernels: give one");
        return -1;
    }
    const char *file = cli_get(p, "kernel-file");
    if ((s = cli_get(p, "kernel")) || file) {
        int k = file ? cli_kernel_file(file, msg, n) : catalog_find(s);
        if (k < 0 && file)
            return -1;
        if (k < 0) {
            snprintf(msg, n, "unknown kernel '%s'; known kernels: %s", s, catalog_names_list());
            return -1;
        }
        c->kernel = (tpx_kernel_id)k;
        /* a tile's pad and swizzle do not carry over to a kernel without one */
        if (!config_has_tile(c->kernel) && !cli_has(p, "pad"))
            c->pad = 0;
        if (!config_has_tile(c->kernel) && !cli_has(p, "swizzle"))
            c->swz = 0;
        if (!config_has_tile(c->kernel) && !cli_has(p, "tile-dtype"))
            c->tile_dtype = 0;
    }
    if ((s = cli_get(p, "block")) && config_parse_block(s, &c->bx, &c->by, msg, n) != 0)
        return -1;
    if ((s = cli_get(p, "size")) && config_parse_size(s, &c->w, &c->h, msg, n) != 0)
        return -1;
    if ((s = cli_get(p, "dtype")) && config_parse_dtype(s, &c->dtype, msg, n) != 0)
        return -1;
    if ((s = cli_get(p, "pad")) && config_parse_pad(s, &c->pad, msg, n) != 0)
        return -1;
    if (cli_has(p, "swizzle"))
        c->swz = 1;
    if (cli_has(p, "no-swizzle"))
        c->swz = 0;
    if ((s = cli_get(p, "tile-dtype"))) {
        tpx_dtype t;
        if (config_parse_tile_dtype(s, &t, msg, n) != 0)
            return -1;
        config_set_tile_dtype(c, t);
    }
    return 0;
}

int cli_fit_block(tpx_config *c, const tpx_limits *lim, char *msg, size_t n)
{
    if (config_validate(c, lim, msg, n) == 0)
        return 0;
    /* The blocks the kernels usually run with, the default first. */
    static const int blocks[][2] = {{32, 8}, {32, 32}, {16, 16}, {32, 16}, {16, 8}, {8, 8}};
    char why[TPX_MSG];
    for (size_t i = 0; i < sizeof blocks / sizeof blocks[0]; i++) {
        tpx_config t = *c;
        t.bx = blocks[i][0];
        t.by = blocks[i][1];
        if (config_validate(&t, lim, why, sizeof why) == 0) {
            *c = t;
            return 0;
        }
    }
    return -1; /* msg says why the block asked for is refused */
}

int cli_config(const cli_parsed *p, const tpx_limits *lim, tpx_config *c, char *msg, size_t n)
{
    *c = config_default();
    if (cli_config_apply(p, c, msg, n) != 0)
        return -1;
    /* no --block: the kernel's usual block rather than a refusal */
    return cli_has(p, "block") ? config_validate(c, lim, msg, n) : cli_fit_block(c, lim, msg, n);
}

int cli_profile(const cli_parsed *p, char *msg, size_t n)
{
    const char *s = cli_get(p, "profile");
    return s ? profile_select(s, msg, n) : 0;
}
