/* cli_globals: the options that belong to the command line rather than to
 * one subcommand (cli_global_opts, cli.h).  Each subcommand's own table says
 * which of them it takes; these functions let them stand anywhere: before
 * the subcommand (tpx --json report ...) and after --vs (moved before it);
 * cli_parse refuses one a subcommand does not take in words that name the
 * subcommands that do. */
#ifndef TPX_CLI_GLOBALS_H
#define TPX_CLI_GLOBALS_H

#include <stddef.h>

#include "cli.h"

/* Whether arg ("--json", "--profile=h200", "-o") is a global option: -1 no,
 * 0 yes and complete, 1 yes and its value is the next argument. */
int cli_global_arg(const char *arg);

/* argv with the options after --vs (at vs) that belong to the command moved
 * before it, into out (argc entries): those of cmd that b does not take,
 * except `stay` (NULL, or an option b's side reads itself).  With their
 * value.  Returns where --vs now is. */
int cli_hoist_vs(int argc, char **argv, int vs, const cli_opt *cmd, const cli_opt *b,
                 const char *stay, char **out);

/* tpx [globals] SUBCOMMAND args: argv (argc) as SUBCOMMAND args, with the
 * globals before the subcommand put after its own options but before any
 * --vs, into out (argc - 1 entries: the subcommand first).  Returns the index
 * in argv of the subcommand word, or -1 when argv[1..] does not start with
 * global options followed by a word that is_sub takes. */
int cli_globals_first(int argc, char **argv, int (*is_sub)(const char *), char **out);

#endif
