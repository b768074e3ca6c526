/* commands: the subcommands of the tpx binary that need no explorer (argv
 * after the subcommand); the explorer's are in src/explorer/shell/shell.h. */
#ifndef TPX_COMMANDS_H
#define TPX_COMMANDS_H

int cmd_list(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_compare(int argc, char **argv);

/* Their options, for the shell completions (src/main/completions.c). */
#include "cli.h"
extern const cli_opt cmd_list_opts[], cmd_report_opts[], cmd_check_opts[], cmd_bench_opts[],
    cmd_compare_opts[];

#endif
