/* cli: option tables, parsing of "--name value" / "--name=value", and usage
 * text generated from the same tables, so help and parser cannot disagree. */
#ifndef TPX_CLI_H
#define TPX_CLI_H

#include <stdio.h>

#include "config.h"

#define CLI_MAX_OPTS 32

typedef struct cli_opt {
    const char *name; /* without the dashes */
    const char *arg;  /* placeholder for the value, NULL for a flag */
    const char *help;
} cli_opt;

typedef struct cli_parsed {
    const cli_opt *opts; /* terminated by a {NULL} entry */
    const char *val[CLI_MAX_OPTS];
    int set[CLI_MAX_OPTS]; /* 1 given on the command line, 2 the config file's default */
    int help;            /* --help or -h was given */
    int no_config;       /* --no-config: no defaults from the config file */
} cli_parsed;

/* Exit codes: 0 fine, 1 a run failed, 2 the command line was wrong. */
enum { CLI_OK = 0, CLI_FAIL = 1, CLI_USAGE = 2 };

/* Parses argv[0..argc) against opts. 0, or -1 with a message. */
int cli_parse(int argc, char **argv, const cli_opt *opts, cli_parsed *out, char *msg, size_t n);
/* The start of every subcommand: parses argv against opts; on an error
 * prints "WHO: message (WHO --help)" to stderr, on --help calls help();
 * then, unless --no-config, the config file's defaults (userconf.h) for the
 * options of opts the command line did not give.
 * Returns -1 to go on, else the exit code (CLI_USAGE or CLI_OK). */
int cli_start(int argc, char **argv, const cli_opt *opts, const char *who, void (*help)(void),
              cli_parsed *out);
const char *cli_get(const cli_parsed *p, const char *name);
int cli_has(const cli_parsed *p, const char *name);
/* Whether the command line gave it (not the config file). */
int cli_given(const cli_parsed *p, const char *name);
void cli_print_options(FILE *f, const cli_opt *opts);

/* The options that belong to the command line rather than to one
 * subcommand (--json, --csv, --no-gpu, --profile, --replay, --out/-o):
 * cli_globals.h lets them stand anywhere. */
extern const cli_opt cli_global_opts[];

/* The subcommands and their tables, for the refusals ("--csv: an option of
 * tpx bench"); set once by main. */
typedef struct cli_command {
    const char *name;
    const cli_opt *opts, *more; /* more: NULL, or a second table */
} cli_command;
void cli_commands_set(const cli_command *cmds, int n);

/* Why the option name (len bytes) is refused where it is not taken: a
 * global one names the subcommands that take it.  0 with msg, or -1 when it
 * is no global option. */
int cli_global_refusal(const char *name, size_t len, char *msg, size_t n);

/* The options every config-taking command shares, as table rows. */
#define CLI_CONFIG_OPTS                                                                          \
    {"kernel", "ID", "kernel id (tpx list); default naive_row"},                                 \
    {"kernel-file", "FILE", "your kernel, written in the kernel language (docs/language.md)"},    \
    {"block", "XxY", "block shape, e.g. 32x8; default 32x8"},                                     \
    {"size", "WxH", "matrix A: W columns, H rows (N means NxN); default 4096x4096"},              \
    {"dtype", "T", "element type: f32 (default), f64 or f16"},                                    \
    {"pad", "N", "shared tile row padding in elements (tiled kernels); default 0"},               \
    {"swizzle", NULL, "XOR-swizzle the shared tile instead of padding (tiled kernels)"},          \
    {"tile-dtype", "T", "shared tile element type f32, f64 or f16, at least the dtype's width "  \
                        "(tiled kernels); default: the dtype"}

/* The --profile option (a device profile for predictions without a GPU). */
#define CLI_PROFILE_OPT                                                                          \
    {"profile", "NAME", "device profile without a GPU: a100, h100_sxm (default), h200, rtx3080, t4"}

/* Selects the profile named by --profile, if given.  0, or -1 with a
 * message listing the known names. */
int cli_profile(const cli_parsed *p, char *msg, size_t n);

/* Builds a config from the shared options (defaults where absent) and
 * validates it against lim. 0, or -1 with a message. */
int cli_config(const cli_parsed *p, const tpx_limits *lim, tpx_config *c, char *msg, size_t n);
/* c, or c with the first of the usual blocks (32x8, 32x32, 16x16, ...)
 * that its kernel takes, for a command line that named no block.  0, or -1
 * with why c's block is refused. */
int cli_fit_block(tpx_config *c, const tpx_limits *lim, char *msg, size_t n);
/* The kernel of a --kernel-file: read (at most UK_MAX_TEXT bytes), parsed
 * and added to the registry; its id, or -1 with "FILE:LINE:COL: why". */
int cli_kernel_file(const char *path, char *msg, size_t n);
/* Applies the config options that p holds onto c (others keep c's values;
 * --no-swizzle clears swizzle where the table has it); no validation.
 * 0, or -1 with a message for a value that does not parse. */
int cli_config_apply(const cli_parsed *p, tpx_config *c, char *msg, size_t n);

#endif
