/* libFuzzer target: the command-line parser (cli_parse) with every option
 * any subcommand takes, then the config built from them (cli_config).  The
 * input is the argument vector, arguments separated by NUL bytes. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const cli_opt fuzz_opts[] = {
    CLI_CONFIG_OPTS,
    {"json", NULL, ""},      {"csv", NULL, ""},     {"no-gpu", NULL, ""},
    {"device", "N", ""},     {"load", "FILE", ""},  {"replay", "FILE", ""},
    {"hot", NULL, ""},       {"once", NULL, ""},    {"samples", "N", ""},
    {"time-cap", "S", ""},   {"out", "FILE", ""},   {"save", "FILE", ""},
    {"devices", NULL, ""},   {NULL, NULL, NULL},
};

#define MAX_ARGS 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *buf = malloc(size + 1);
    if (!buf)
        abort();
    memcpy(buf, data, size);
    buf[size] = '\0';
    char *argv[MAX_ARGS];
    int argc = 0;
    for (size_t i = 0; i <= size && argc < MAX_ARGS;) {
        argv[argc++] = buf + i;
        i += strlen(buf + i) + 1;
    }
    cli_parsed p;
    char msg[TPX_MSG] = "";
    if (cli_parse(argc, argv, fuzz_opts, &p, msg, sizeof msg) != 0) {
        if (!msg[0])
            abort();
    } else {
        tpx_limits lim = config_default_limits();
        tpx_config c;
        msg[0] = '\0';
        if (cli_config(&p, &lim, &c, msg, sizeof msg) != 0 ? !msg[0]
                                                            : config_validate(&c, &lim, msg,
                                                                              sizeof msg) != 0)
            abort(); /* refused without a reason, or accepted an invalid config */
    }
    free(buf);
    return 0;
}
