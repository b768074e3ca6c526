/* Subcommands whose issues are still open. */
#include <stdio.h>

#include "cli.h"
#include "commands.h"

int cmd_bench(int argc, char **argv)
{
    (void)argc, (void)argv;
    fprintf(stderr, "tpx bench: not built yet\n");
    return CLI_FAIL;
}

int cmd_explore(int argc, char **argv)
{
    /* Until the explorer exists, show the report of the requested config. */
    return cmd_report(argc, argv);
}
