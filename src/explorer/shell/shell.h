/* shell: the explorer's subcommands of the tpx binary (argv after the
 * subcommand): the explorer on a terminal, its tour, and a view exported. */
#ifndef TPX_SHELL_H
#define TPX_SHELL_H

/* The explorer; argv are the config options. */
int cmd_explore(int argc, char **argv);
/* The explorer on a tour file (tpx tour FILE [options]). */
int cmd_tour(int argc, char **argv);
/* tpx tour [FILE] --check: the tour's claims against every source's
 * numbers (tour_cmd.c); name says which tour in the summary. */
struct tpx_tour_step;
int tour_check_main(const struct tpx_tour_step *steps, int n, const char *name, int argc,
                    char **argv);
/* A view drawn headless, written as SVG or text. */
int cmd_export(int argc, char **argv);

/* Their options, for the shell completions (src/main/completions.c); the
 * tour takes the explorer's. */
#include "cli.h"
extern const cli_opt cmd_explore_opts[], cmd_export_opts[], cmd_tour_check_opts[];

/* --theme: the colour scheme of the explorer and of what export writes
 * (theme.h's schemes; TPX_THEME when not given). */
#define SHELL_THEME_OPT                                                                          \
    {"theme", "NAME", "colours: default, okabe-ito (safe for colour-blind eyes) or mono; "         \
                      "default $TPX_THEME, else default"}

/* Sets the scheme --theme or TPX_THEME names; 0, or -1 with "WHO: why"
 * printed (an unknown name: exit code 2). */
int shell_theme(const cli_parsed *p, const char *who);

#endif
