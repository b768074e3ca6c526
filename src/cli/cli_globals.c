#include "cli_globals.h"

#include <stdio.h>
#include <string.h>

static const cli_opt *find(const cli_opt *opts, const char *name, size_t len)
{
    for (const cli_opt *o = opts; o && o->name; o++)
        if (strlen(o->name) == len && strncmp(o->name, name, len) == 0)
            return o;
    return NULL;
}

int cli_global_arg(const char *arg)
{
    if (strcmp(arg, "-o") == 0)
        return 1;
    if (strncmp(arg, "--", 2) != 0)
        return -1;
    const char *name = arg + 2, *eq = strchr(name, '=');
    const cli_opt *o = find(cli_global_opts, name, eq ? (size_t)(eq - name) : strlen(name));
    if (!o || (eq && !o->arg))
        return -1;
    return o->arg && !eq;
}

/* Whether the option at argv[i] is to move (and *value: its value follows). */
static int moves(const char *arg, const cli_opt *cmd, const cli_opt *b, const char *stay,
                 int *value)
{
    if (strcmp(arg, "-o") == 0)
        arg = "--out";
    if (strncmp(arg, "--", 2) != 0)
        return 0;
    const char *name = arg + 2, *eq = strchr(name, '=');
    size_t len = eq ? (size_t)(eq - name) : strlen(name);
    const cli_opt *o = find(cmd, name, len);
    if (!o || find(b, name, len) || (stay && strlen(stay) == len && strncmp(stay, name, len) == 0))
        return 0;
    *value = o->arg && !eq;
    return 1;
}

int cli_hoist_vs(int argc, char **argv, int vs, const cli_opt *cmd, const cli_opt *b,
                 const char *stay, char **out)
{
    int n = 0, v;
    for (int i = 0; i < vs; i++)
        out[n++] = argv[i];
    for (int i = vs + 1; i < argc; i++)
        if (moves(argv[i], cmd, b, stay, &v)) {
            out[n++] = argv[i];
            if (v && i + 1 < argc)
                out[n++] = argv[++i];
        }
    int at = n;
    out[n++] = argv[vs];
    for (int i = vs + 1; i < argc; i++) {
        if (moves(argv[i], cmd, b, stay, &v)) {
            i += v && i + 1 < argc;
            continue;
        }
        out[n++] = argv[i];
    }
    return at;
}

int cli_globals_first(int argc, char **argv, int (*is_sub)(const char *), char **out)
{
    int i = 1, k;
    while (i < argc && (k = cli_global_arg(argv[i])) >= 0)
        i += 1 + (k && i + 1 < argc);
    if (i == 1 || i >= argc || !is_sub(argv[i]))
        return -1;
    int n = 0, sub = i;
    out[n++] = argv[sub];
    int vs = sub + 1;
    while (vs < argc && strcmp(argv[vs], "--vs") != 0)
        vs++;
    for (int j = sub + 1; j < vs; j++)
        out[n++] = argv[j];
    for (int j = 1; j < sub; j++)
        out[n++] = argv[j];
    for (int j = vs; j < argc; j++)
        out[n++] = argv[j];
    return sub;
}
