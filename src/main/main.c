/* tpx: a terminal explorer for CUDA matrix-transpose kernels. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "cli_globals.h"
#include "commands.h"
#include "compare.h"
#include "completions.h"
#include "text.h"
#include "version.h"

#ifdef TPX_WITH_EXPLORER
#include "shell.h"
#else
/* Built without the explorer (TPX_TUI=OFF, e.g. on a machine without
 * ncurses headers): `tpx` with no subcommand prints the report instead. */
static int cmd_explore(int argc, char **argv)
{
    fprintf(stderr, "tpx: built without the explorer (TPX_TUI=OFF); showing the report\n");
    return cmd_report(argc, argv);
}

static int cmd_export(int argc, char **argv)
{
    (void)argc, (void)argv;
    fprintf(stderr,
            "tpx export: built without the explorer (TPX_TUI=OFF), which draws the views\n");
    return 1;
}

static int cmd_tour(int argc, char **argv)
{
    (void)argc, (void)argv;
    fprintf(stderr, "tpx tour: built without the explorer (TPX_TUI=OFF)\n");
    return 1;
}

/* without the explorer, tpx alone is tpx report */
#define cmd_explore_opts cmd_report_opts
static const cli_opt cmd_export_opts[] = {{NULL, NULL, NULL}};
#define cmd_tour_check_opts NULL
#endif

static int cmd_completions(int argc, char **argv);

typedef struct subcommand {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
    const cli_opt *opts, *more; /* for the completions (more: NULL, or a second table) */
    int files;                  /* takes file names of its own (the completions offer files) */
} subcommand;

static const cli_opt no_opts[] = {{NULL, NULL, NULL}};

static const subcommand subcommands[] = {
    {"list", cmd_list, "the kernel catalog (and GPUs with --devices)", cmd_list_opts, NULL, 0},
    {"report", cmd_report, "model figures (and a measurement on a GPU) for one config",
     cmd_report_opts, NULL, 0},
    {"check", cmd_check, "your kernel (--kernel-file) checked on the CPU before it runs",
     cmd_check_opts, NULL, 0},
    {"bench", cmd_bench, "measure a sweep of kernels x blocks x sizes x dtypes", cmd_bench_opts,
     NULL, 0},
    {"compare", cmd_compare, "two configs side by side, or two result files config by config",
     cmd_compare_opts, NULL, 0},
    {"export", cmd_export, "one view of the explorer written as SVG or text", cmd_export_opts,
     NULL, 0},
    {"tour", cmd_tour, "the guided tour, or a tour file of your own; --check checks its claims",
     cmd_explore_opts, cmd_tour_check_opts, 1},
    {"completions", cmd_completions, "the bash or zsh completion script (tpx completions bash)",
     no_opts, NULL, 0},
};
#define N_SUBCOMMANDS ((int)(sizeof subcommands / sizeof subcommands[0]))

/* tpx completions bash|zsh: generated from the tables above. */
static int cmd_completions(int argc, char **argv)
{
    completion_cmd cmds[N_SUBCOMMANDS + 1];
    cmds[0] = (completion_cmd){NULL, cmd_explore_opts, NULL, 0};
    for (int i = 0; i < N_SUBCOMMANDS; i++)
        cmds[i + 1] = (completion_cmd){subcommands[i].name, subcommands[i].opts,
                                       subcommands[i].more, subcommands[i].files};
    if (argc == 1 && (strcmp(argv[0], "--help") == 0 || strcmp(argv[0], "-h") == 0)) {
        printf("usage: tpx completions bash|zsh\n\nPrints the completion script for the "
               "shell, generated from tpx's option\ntables and kernel catalog: "
               "source <(tpx completions bash), or install it\n(CMake's install step "
               "installs both).\n");
        return CLI_OK;
    }
    if (argc != 1 || completions_write(stdout, argv[0], cmds, N_SUBCOMMANDS + 1,
                                       compare_vs_opts) != 0) {
        fprintf(stderr, "tpx completions: name the shell: bash or zsh\n");
        return CLI_USAGE;
    }
    return CLI_OK;
}

static void usage(FILE *f)
{
    fprintf(f, "tpx %s: see how CUDA transpose kernels touch memory\n\n", TPX_VERSION);
    /* the explorer's options are its table's (tpx --no-gpu --help prints them), not a list here */
    fprintf(f, "usage: tpx [options]              the explorer (tpx --no-gpu --help lists its "
               "options)\n"
               "       tpx SUBCOMMAND [options]   (tpx SUBCOMMAND --help for its options)\n\n");
    fprintf(f, "With no subcommand tpx opens the explorer at the given config (? in it lists "
               "the keys).\n\nsubcommands:\n");
    for (size_t i = 0; i < (size_t)N_SUBCOMMANDS; i++)
        fprintf(f, "  %-8s %s\n", subcommands[i].name, subcommands[i].summary);
    fprintf(f, "\noptions:\n  --help     this text\n  --version  the version\n");
}

/* Every command's output goes through stdout's buffer: a full disk or a
 * closed pipe shows only when it is flushed and closed, so check there,
 * once, for every path (help and version included). */
static int finish_stdout(int rc)
{
    if (text_gate_finish_stdout() == 0) /* its flush and error checks, gate or not */
        return rc;
    int err = errno;
    fprintf(stderr, "tpx: cannot write the output: %s\n", err ? strerror(err) : "write error");
    return rc == CLI_OK ? CLI_FAIL : rc;
}

/* --version (or -V) anywhere on the line wins over everything else, as in
 * most Unix tools: `tpx report --kernel x --version` prints the version. */
static int wants_version(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--version") == 0 || strcmp(argv[i], "-V") == 0)
            return 1;
    return 0;
}

static int is_subcommand(const char *word)
{
    for (int i = 0; i < N_SUBCOMMANDS; i++)
        if (strcmp(word, subcommands[i].name) == 0)
            return 1;
    return 0;
}

/* The refusals of an option a subcommand does not take name those that do. */
static void register_commands(void)
{
    static cli_command cmds[N_SUBCOMMANDS + 1];
    cmds[0] = (cli_command){NULL, cmd_explore_opts, NULL};
    for (int i = 0; i < N_SUBCOMMANDS; i++)
        cmds[i + 1] = (cli_command){subcommands[i].name, subcommands[i].opts, subcommands[i].more};
    cli_commands_set(cmds, N_SUBCOMMANDS + 1);
}

/* tpx --kernel smem report: a subcommand after an option that is not a
 * global one would reach the explorer as a stray word; say where it goes.
 * 1 when said. */
static int subcommand_late(int argc, char **argv)
{
    for (int j = 2; j < argc; j++) {
        if (!is_subcommand(argv[j]))
            continue;
        const char *prev = argv[j - 1];
        size_t len = strcspn(prev + 2, "=");
        int value = 0; /* argv[j] is the value of the option before it */
        for (const cli_opt *o = cmd_explore_opts; strncmp(prev, "--", 2) == 0 && o->name; o++)
            value |= o->arg && !strchr(prev, '=') && strlen(o->name) == len &&
                     strncmp(o->name, prev + 2, len) == 0;
        if (value)
            continue;
        fprintf(stderr, "tpx: the subcommand '%s' comes first: tpx %s [options]; only the "
                        "global options (", argv[j], argv[j]);
        for (const cli_opt *o = cli_global_opts; o->name; o++)
            fprintf(stderr, "%s--%s", o == cli_global_opts ? "" : ", ", o->name);
        fprintf(stderr, ") may stand before it\n");
        return 1;
    }
    return 0;
}

static int run(int argc, char **argv)
{
    register_commands();
    if (wants_version(argc, argv)) {
        printf("tpx %s\n", TPX_VERSION);
        return fflush(stdout) == 0 && !ferror(stdout) ? CLI_OK : CLI_FAIL;
    }
    if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
                      strcmp(argv[1], "help") == 0)) {
        usage(stdout);
        return CLI_OK;
    }
    /* tpx --json report ...: the global options before the subcommand are its */
    char *moved[argc > 0 ? argc : 1];
    moved[0] = argv[0];
    if (cli_globals_first(argc, argv, is_subcommand, moved + 1) > 0)
        argv = moved;
    if (argc >= 2 && argv[1][0] != '-') {
        for (size_t i = 0; i < (size_t)N_SUBCOMMANDS; i++)
            if (strcmp(argv[1], subcommands[i].name) == 0)
                return subcommands[i].run(argc - 2, argv + 2);
        fprintf(stderr, "tpx: unknown subcommand '%s' (try:", argv[1]);
        for (size_t i = 0; i < (size_t)N_SUBCOMMANDS; i++)
            fprintf(stderr, "%s %s", i ? "," : "", subcommands[i].name);
        fprintf(stderr, "; tpx --help)\n");
        return CLI_USAGE;
    }
    if (subcommand_late(argc, argv))
        return CLI_USAGE;
    return cmd_explore(argc - 1, argv + 1);
}

int main(int argc, char **argv)
{
    /* Everything tpx prints passes the gate: text from outside (argv, paths,
     * files, names) shows its control characters escaped. */
    text_gate_install();
    /* A file size limit (ulimit -f) is a write error with a message, not
     * the end of the process in the middle of a file. */
    signal(SIGXFSZ, SIG_IGN);
    return finish_stdout(run(argc, argv));
}
