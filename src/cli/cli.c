#include "cli.h"

#include <string.h>

#include "catalog.h"
#include "profile.h"

static int find_opt(const cli_opt *opts, const char *name, size_t len)
{
    for (int i = 0; opts[i].name && i < CLI_MAX_OPTS; i++)
        if (strlen(opts[i].name) == len && strncmp(opts[i].name, name, len) == 0)
            return i;
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
        if (strncmp(a, "--", 2) != 0 || a[2] == '\0') {
            snprintf(msg, n, "unexpected argument '%s' (options start with --)", a);
            return -1;
        }
        const char *name = a + 2, *eq = strchr(name, '=');
        size_t len = eq ? (size_t)(eq - name) : strlen(name);
        int k = find_opt(opts, name, len);
        if (k < 0) {
            snprintf(msg, n, "unknown option '--%.*s'", (int)len, name);
            return -1;
        }
        if (!opts[k].arg) {
            if (eq) {
                snprintf(msg, n, "option '--%s' takes no value", opts[k].name);
                return -1;
            }
            out->set[k] = 1;
            continue;
        }
        const char *v = eq ? eq + 1 : (i + 1 < argc ? argv[++i] : NULL);
        if (!v || (!eq && strncmp(v, "--", 2) == 0) || *v == '\0') {
            snprintf(msg, n, "option '--%s' needs a value (%s)", opts[k].name, opts[k].arg);
            return -1;
        }
        out->set[k] = 1;
        out->val[k] = v;
    }
    return 0;
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

void cli_print_options(FILE *f, const cli_opt *opts)
{
    for (int i = 0; opts[i].name; i++) {
        char left[48];
        snprintf(left, sizeof left, "--%s%s%s", opts[i].name, opts[i].arg ? " " : "",
                 opts[i].arg ? opts[i].arg : "");
        fprintf(f, "  %-22s %s\n", left, opts[i].help);
    }
    fprintf(f, "  %-22s %s\n", "--help", "show this help");
}

int cli_config(const cli_parsed *p, const tpx_limits *lim, tpx_config *c, char *msg, size_t n)
{
    const char *s;
    *c = config_default();
    if ((s = cli_get(p, "kernel"))) {
        int k = catalog_find(s);
        if (k < 0) {
            snprintf(msg, n, "unknown kernel '%s'; known kernels: %s", s, catalog_names_list());
            return -1;
        }
        c->kernel = (tpx_kernel_id)k;
    }
    if ((s = cli_get(p, "block")) && config_parse_block(s, &c->bx, &c->by, msg, n) != 0)
        return -1;
    if ((s = cli_get(p, "size")) && config_parse_size(s, &c->w, &c->h, msg, n) != 0)
        return -1;
    if ((s = cli_get(p, "dtype")) && config_parse_dtype(s, &c->dtype, msg, n) != 0)
        return -1;
    if ((s = cli_get(p, "pad")) && config_parse_pad(s, &c->pad, msg, n) != 0)
        return -1;
    c->swz = cli_has(p, "swizzle");
    if ((s = cli_get(p, "tile-dtype"))) {
        tpx_dtype t;
        if (config_parse_tile_dtype(s, &t, msg, n) != 0)
            return -1;
        config_set_tile_dtype(c, t);
    }
    return config_validate(c, lim, msg, n);
}

int cli_profile(const cli_parsed *p, char *msg, size_t n)
{
    const char *s = cli_get(p, "profile");
    return s ? profile_select(s, msg, n) : 0;
}
