/* commands: the subcommands of the tpx binary that need no explorer (argv
 * after the subcommand); the explorer's are in src/explorer/shell/shell.h. */
#ifndef TPX_COMMANDS_H
#define TPX_COMMANDS_H

int cmd_list(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_compare(int argc, char **argv);

#endif
