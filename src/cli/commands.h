/* commands: the subcommands of the tpx binary (argv after the subcommand). */
#ifndef TPX_COMMANDS_H
#define TPX_COMMANDS_H

int cmd_list(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_compare(int argc, char **argv);
/* A view drawn headless, written as SVG or text (needs the explorer). */
int cmd_export(int argc, char **argv);
/* The explorer; argv are the config options. */
int cmd_explore(int argc, char **argv);
/* The explorer on a tour file (tpx tour FILE [options]). */
int cmd_tour(int argc, char **argv);

#endif
