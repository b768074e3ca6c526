/* Built when the explorer is not (TPX_TUI=OFF, e.g. on a machine without
 * ncurses headers): `tpx` with no subcommand prints the report instead. */
#include <stdio.h>

#include "commands.h"

int cmd_explore(int argc, char **argv)
{
    fprintf(stderr, "tpx: built without the explorer (TPX_TUI=OFF); showing the report\n");
    return cmd_report(argc, argv);
}

int cmd_export(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr,
            "tpx export: built without the explorer (TPX_TUI=OFF), which draws the views\n");
    return 1;
}

int cmd_tour(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "tpx tour: built without the explorer (TPX_TUI=OFF)\n");
    return 1;
}
