/* tpx bench: not built yet (the GPU issue). */
#include <stdio.h>

#include "cli.h"
#include "commands.h"

int cmd_bench(int argc, char **argv)
{
    (void)argc, (void)argv;
    fprintf(stderr, "tpx bench: not built yet\n");
    return CLI_FAIL;
}
