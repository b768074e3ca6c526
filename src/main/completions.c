#include "completions.h"

#include <string.h>

#include "catalog.h"
#include "profile.h"
#include "theme.h"

/* What follows an option: nothing (a flag), one of a few words, a file
 * name, or free text (a block shape, a size: nothing to offer). */
typedef enum { VAL_FLAG, VAL_WORDS, VAL_FILE, VAL_TEXT } val_kind;

/* The words an option's value may be, space-separated, into buf. */
static val_kind value_of(const cli_opt *o, char *buf, size_t n)
{
    buf[0] = '\0';
    if (!o->arg)
        return VAL_FLAG;
    if (strstr(o->arg, "FILE"))
        return VAL_FILE;
    size_t used = 0;
    if (strcmp(o->name, "kernel") == 0) {
        for (int k = 0; k < TPX_K_COUNT && used < n; k++)
            used += (size_t)snprintf(buf + used, n - used, "%s%s", k ? " " : "",
                                     catalog_name((tpx_kernel_id)k));
        if (strcmp(o->arg, "LIST") == 0 && used < n) /* tpx bench --kernel all */
            snprintf(buf + used, n - used, " all");
        return VAL_WORDS;
    }
    if (strcmp(o->name, "dtype") == 0 || strcmp(o->name, "tile-dtype") == 0) {
        snprintf(buf, n, "f32 f64 f16");
        return VAL_WORDS;
    }
    if (strcmp(o->name, "block") == 0 && strcmp(o->arg, "LIST") == 0) {
        snprintf(buf, n, "all"); /* tpx bench --block all; a shape is typed */
        return VAL_WORDS;
    }
    if (strcmp(o->name, "profile") == 0) { /* "a100, h100_sxm, ..." */
        for (const char *p = profile_names_list(); *p && used + 1 < n; p++)
            if (*p != ',')
                buf[used++] = *p;
        buf[used] = '\0';
        return VAL_WORDS;
    }
    if (strcmp(o->name, "theme") == 0) { /* the colour schemes' names */
        for (int s = 0; s < TPX_SCHEME_COUNT && used < n; s++)
            used += (size_t)snprintf(buf + used, n - used, "%s%s", s ? " " : "",
                                     theme_name((tpx_scheme)s));
        return VAL_WORDS;
    }
    return VAL_TEXT;
}

/* "--kernel --block ... --help" */
/* Whether opts has an option of this name. */
static int has_opt(const cli_opt *opts, const char *name)
{
    for (const cli_opt *o = opts; o && o->name; o++)
        if (strcmp(o->name, name) == 0)
            return 1;
    return 0;
}

/* "--kernel --block ... " for the options of opts that `not` lacks. */
static void option_words(FILE *f, const cli_opt *opts, const cli_opt *not)
{
    for (const cli_opt *o = opts; o && o->name; o++)
        if (!has_opt(not, o->name))
            fprintf(f, "--%s ", o->name);
}

/* compare and export take B's options after --vs */
static int takes_vs(const char *label)
{
    return strcmp(label, "compare") == 0 || strcmp(label, "export") == 0;
}

/* How one shell says each kind of completion: a case arm per option taking a
 * value, then the option words (and file names where the command takes them). */
typedef struct shell_fmt {
    const char *empty;                /* the label of no subcommand */
    const char *words, *words_end;    /* around an option's words */
    const char *file;                 /* a file name follows */
    const char *rest, *rest_end, *rest_end_files;
} shell_fmt;

static const shell_fmt bash_fmt = {
    "\"\"", " w=\"", "\" ;;\n", " COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n",
    "        *) w=\"", "\" ;;\n        esac ;;\n", "\"; fs=1 ;;\n        esac ;;\n",
};

static const shell_fmt zsh_fmt = {
    "''", " compadd -- ", "; return ;;\n", " _files; return ;;\n",
    "        esac\n        compadd -- ", " ;;\n", "; _files ;;\n",
};

static void value_arms(FILE *f, const shell_fmt *sh, const cli_opt *opts, const cli_opt *not)
{
    char words[1024];
    for (const cli_opt *o = opts; o && o->name; o++) {
        if (has_opt(not, o->name)) /* the first table's arm answers it */
            continue;
        val_kind k = value_of(o, words, sizeof words);
        if (k == VAL_WORDS)
            fprintf(f, "        --%s)%s%s%s", o->name, sh->words, words, sh->words_end);
        else if (k == VAL_FILE)
            fprintf(f, "        --%s%s)%s", o->name, strcmp(o->name, "out") == 0 ? "|-o" : "",
                    sh->file);
        else if (k == VAL_TEXT)
            fprintf(f, "        --%s) return ;;\n", o->name);
    }
}

/* globals: the command reads the config file (takes --no-config, as its
 * --help says); B's options after --vs do not. */
static void arm(FILE *f, const shell_fmt *sh, const char *label, const completion_cmd *c,
                const char *extra, int globals)
{
    fprintf(f, "    %s)\n        case $prev in\n", label);
    value_arms(f, sh, c->opts, NULL);
    value_arms(f, sh, c->more, c->opts);
    fprintf(f, "%s%s", sh->rest, extra);
    option_words(f, c->opts, NULL);
    option_words(f, c->more, c->opts);
    fprintf(f, "%s%s--help", takes_vs(label) ? "--vs " : "",
            globals && c->opts && c->opts->name ? "--no-config " : "");
    fputs(c->files ? sh->rest_end_files : sh->rest_end, f);
}

/* An arm for each command, and for B's options after --vs. */
static void arms(FILE *f, const shell_fmt *sh, const completion_cmd *cmds, int n,
                 const cli_opt *vs_opts, const char *subs)
{
    for (int i = 0; i < n; i++)
        arm(f, sh, cmds[i].name ? cmds[i].name : sh->empty, &cmds[i], cmds[i].name ? "" : subs, 1);
    const completion_cmd vs = {"compare_vs", vs_opts, NULL, 0};
    arm(f, sh, vs.name, &vs, "", 0);
}

/* "list report ... " and "list|report|..." */
static void names(const completion_cmd *cmds, int n, char *words, char *alts, size_t size)
{
    size_t w = 0, a = 0;
    words[0] = alts[0] = '\0';
    for (int i = 0; i < n; i++)
        if (cmds[i].name && w < size && a < size) {
            w += (size_t)snprintf(words + w, size - w, "%s ", cmds[i].name);
            a += (size_t)snprintf(alts + a, size - a, "%s%s", a ? "|" : "", cmds[i].name);
        }
}

static void bash(FILE *f, const completion_cmd *cmds, int n, const cli_opt *vs_opts)
{
    char subs[256], alts[256];
    names(cmds, n, subs, alts, sizeof subs);
    fprintf(f, "# bash completion for tpx, generated by `tpx completions bash` from tpx's own\n"
               "# option tables and kernel catalog (installed by cmake --install; or:\n"
               "# source <(tpx completions bash)).\n"
               "_tpx()\n{\n"
               "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
               "    local sub= w= fs= i\n"
               "    for ((i = 1; i < COMP_CWORD; i++)); do\n"
               "        case ${COMP_WORDS[i]} in\n"
               "        --vs) [ \"$sub\" = compare ] || [ \"$sub\" = export ] && sub=compare_vs ;;\n"
               "        %s) [ -n \"$sub\" ] || sub=${COMP_WORDS[i]} ;;\n"
               "        esac\n    done\n    case $sub in\n", alts);
    arms(f, &bash_fmt, cmds, n, vs_opts, subs);
    fprintf(f, "    esac\n"
               "    COMPREPLY=($(compgen -W \"$w\" -- \"$cur\"))\n"
               "    [ -z \"$fs\" ] || COMPREPLY+=($(compgen -f -- \"$cur\"))\n"
               "}\n"
               "complete -F _tpx tpx\n");
}

static void zsh(FILE *f, const completion_cmd *cmds, int n, const cli_opt *vs_opts)
{
    char subs[256], alts[256];
    names(cmds, n, subs, alts, sizeof subs);
    fprintf(f, "#compdef tpx\n"
               "# zsh completion for tpx, generated by `tpx completions zsh` from tpx's own\n"
               "# option tables and kernel catalog (installed by cmake --install as _tpx).\n"
               "_tpx() {\n"
               "    local prev=${words[CURRENT-1]} sub= i\n"
               "    for ((i = 2; i < CURRENT; i++)); do\n"
               "        case ${words[i]} in\n"
               "        --vs) [[ $sub == compare || $sub == export ]] && sub=compare_vs ;;\n"
               "        %s) [[ -n $sub ]] || sub=${words[i]} ;;\n"
               "        esac\n    done\n    case $sub in\n", alts);
    arms(f, &zsh_fmt, cmds, n, vs_opts, subs);
    fprintf(f, "    esac\n}\n_tpx \"$@\"\n");
}

int completions_write(FILE *f, const char *shell, const completion_cmd *cmds, int n,
                      const cli_opt *vs_opts)
{
    if (strcmp(shell, "bash") == 0)
        bash(f, cmds, n, vs_opts);
    else if (strcmp(shell, "zsh") == 0)
        zsh(f, cmds, n, vs_opts);
    else
        return -1;
    return 0;
}
