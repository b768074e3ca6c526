/* completions: the bash and zsh completion scripts, generated from the
 * subcommands' own option tables (cli_opt) and the catalog, so a new option
 * or kernel completes without a second list to keep.  `tpx completions
 * bash|zsh` prints one; cmake --install installs both. */
#ifndef TPX_COMPLETIONS_H
#define TPX_COMPLETIONS_H

#include <stdio.h>

#include "cli.h"

typedef struct completion_cmd {
    const char *name;    /* "report"; NULL: the explorer (no subcommand) */
    const cli_opt *opts; /* its options */
    const cli_opt *more; /* NULL, or more of them (tpx tour --check's) */
    int files;           /* it takes file names as words of their own (tour) */
} completion_cmd;

/* Writes the script for shell ("bash" or "zsh"): 0, or -1 for another shell. */
int completions_write(FILE *f, const char *shell, const completion_cmd *cmds, int n,
                      const cli_opt *vs_opts);

#endif
