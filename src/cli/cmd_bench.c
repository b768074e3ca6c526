/* tpx bench: measure a sweep of kernels x blocks x sizes x dtypes x pads,
 * with the model's figures beside each row.  Invalid combinations are
 * skipped with a note; faults are reported per config. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "catalog.h"
#include "cli.h"
#include "commands.h"

static const cli_opt bench_opts[] = {
    {"kernel", "LIST", "kernel ids, comma-separated, or all (default)"},
    {"block", "LIST", "block shapes; default 16x16,8x32,32x8,32x32"},
    {"size", "LIST", "matrix sizes WxH (N means NxN); default 4096"},
    {"dtype", "LIST", "element types f32, f64, f16; default f32"},
    {"pad", "LIST", "shared tile paddings (tiled kernels only); default 0"},
    {"swizzle", NULL, "also run each tiled config with an XOR-swizzled tile"},
    {"tile-dtype", "LIST", "shared tile element types (tiled kernels only); default: the dtype"},
    {"hot", NULL, "back-to-back launches instead of flushing the L2 per sample"},
    {"samples", "N", "at least N samples per config (default 10)"},
    {"time-cap", "S", "stop sampling a config after S seconds once it has N (default 1)"},
    {"once", NULL, "expert: launch each config once and verify it, no timing (profilers)"},
    {"json", NULL, "the JSON result document instead of the table"},
    {"csv", NULL, "CSV instead of the table"},
    {"out", "FILE", "write the table, CSV or JSON to FILE instead of stdout"},
    {"save", "FILE", "also write the JSON result document to FILE (tpx can replay it)"},
    {"no-gpu", NULL, "model only: do not look for a GPU"},
    {"device", "N", "CUDA device to measure on (tpx list --devices); default 0"},
    CLI_PROFILE_OPT,
    {NULL, NULL, NULL},
};

static void bench_help(void)
{
    printf("usage: tpx bench [--kernel LIST|all] [--block LIST] [--size LIST] [--dtype LIST]\n"
           "                 [--pad LIST] [--swizzle] [--tile-dtype LIST] [--hot] [--samples N]\n"
           "                 [--time-cap S]\n"
           "                 [--json|--csv] [--out FILE] [--save FILE] [--no-gpu] [--device N]\n"
           "                 [--profile NAME]\n\n"
           "Measures every combination of the lists (comma-separated) on the GPU: each config\n"
           "is verified on random data, then timed with CUDA events (L2 flushed before each\n"
           "sample unless --hot) until the noise is under 0.5%% or the time cap.  Bandwidth is\n"
           "2*W*H*bytes / median time, GB = 1e9 bytes, beside memcpy of the same bytes and the\n"
           "model's sectors per request and shared-memory conflicts.  Combinations a kernel\n"
           "refuses (e.g. smem with 32x8) are skipped with a note; pads apply to the tiled\n"
           "kernels only, and so do tile dtypes (a tile narrower than the data is skipped);\n"
           "memcpy and cublas run once per size and dtype.  Without a GPU the\n"
           "model's figures are shown and nothing is measured.  docs/results-format.md\n"
           "describes the --save file.\n\n"
           "example: tpx bench --kernel all --block 16x16,8x32,32x8,32x32 --size 8192 --pad 0,1\n\n"
           "options:\n");
    cli_print_options(stdout, bench_opts);
}

#define MAX_ITEMS 64

typedef struct sweep {
    int kernels[TPX_K_COUNT], nk;
    int bx[MAX_ITEMS], by[MAX_ITEMS], nb;
    long long w[MAX_ITEMS], h[MAX_ITEMS];
    int ns;
    tpx_dtype dt[TPX_DTYPE_COUNT * 4];
    int nd;
    int pad[MAX_ITEMS], np;
    int swizzle;
    tpx_dtype tdt[TPX_DTYPE_COUNT * 4]; /* --tile-dtype; none: each dtype's own */
    int ntd;
} sweep;

/* Splits a comma list and hands each item to `one`; -1 with msg on error. */
static int each_item(const char *list, const char *what, sweep *s,
                     int (*one)(sweep *s, const char *item, char *msg, size_t n), char *msg,
                     size_t n)
{
    char buf[1024];
    if (strlen(list) >= sizeof buf) {
        snprintf(msg, n, "%s list is too long", what);
        return -1;
    }
    strcpy(buf, list);
    char *save = NULL;
    int count = 0;
    for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save), count++)
        if (one(s, t, msg, n) != 0)
            return -1;
    if (count == 0) {
        snprintf(msg, n, "%s list '%s' is empty", what, list);
        return -1;
    }
    return 0;
}

static int full(char *msg, size_t n, const char *what)
{
    snprintf(msg, n, "too many %s (at most %d)", what, MAX_ITEMS);
    return -1;
}

static int add_kernel(sweep *s, const char *t, char *msg, size_t n)
{
    if (strcmp(t, "all") == 0) {
        /* references first, so the table opens with the ceiling */
        s->nk = 0;
        for (int ref = 1; ref >= 0; ref--)
            for (int k = 0; k < TPX_K_COUNT; k++)
                if (config_is_reference((tpx_kernel_id)k) == ref)
                    s->kernels[s->nk++] = k;
        return 0;
    }
    int k = catalog_find(t);
    if (k < 0) {
        snprintf(msg, n, "unknown kernel '%s'; known kernels: %s, or all", t, catalog_names_list());
        return -1;
    }
    for (int i = 0; i < s->nk; i++)
        if (s->kernels[i] == k)
            return 0;
    if (s->nk >= TPX_K_COUNT)
        return 0;
    s->kernels[s->nk++] = k;
    return 0;
}

static int add_block(sweep *s, const char *t, char *msg, size_t n)
{
    if (s->nb >= MAX_ITEMS)
        return full(msg, n, "blocks");
    if (config_parse_block(t, &s->bx[s->nb], &s->by[s->nb], msg, n) != 0)
        return -1;
    s->nb++;
    return 0;
}

static int add_size(sweep *s, const char *t, char *msg, size_t n)
{
    if (s->ns >= MAX_ITEMS)
        return full(msg, n, "sizes");
    if (config_parse_size(t, &s->w[s->ns], &s->h[s->ns], msg, n) != 0)
        return -1;
    s->ns++;
    return 0;
}

static int add_dtype(sweep *s, const char *t, char *msg, size_t n)
{
    if (s->nd >= (int)(sizeof s->dt / sizeof s->dt[0]))
        return full(msg, n, "dtypes");
    return config_parse_dtype(t, &s->dt[s->nd++], msg, n);
}

static int add_tile_dtype(sweep *s, const char *t, char *msg, size_t n)
{
    if (s->ntd >= (int)(sizeof s->tdt / sizeof s->tdt[0]))
        return full(msg, n, "tile dtypes");
    return config_parse_tile_dtype(t, &s->tdt[s->ntd++], msg, n);
}

static int add_pad(sweep *s, const char *t, char *msg, size_t n)
{
    if (s->np >= MAX_ITEMS)
        return full(msg, n, "pads");
    return config_parse_pad(t, &s->pad[s->np++], msg, n);
}

static int parse_sweep(const cli_parsed *p, sweep *s, char *msg, size_t n)
{
    memset(s, 0, sizeof *s);
    const char *v;
    if (each_item((v = cli_get(p, "kernel")) ? v : "all", "kernel", s, add_kernel, msg, n) ||
        each_item((v = cli_get(p, "block")) ? v : "16x16,8x32,32x8,32x32", "block", s, add_block,
                  msg, n) ||
        each_item((v = cli_get(p, "size")) ? v : "4096", "size", s, add_size, msg, n) ||
        each_item((v = cli_get(p, "dtype")) ? v : "f32", "dtype", s, add_dtype, msg, n) ||
        each_item((v = cli_get(p, "pad")) ? v : "0", "pad", s, add_pad, msg, n) ||
        ((v = cli_get(p, "tile-dtype")) &&
         each_item(v, "tile dtype", s, add_tile_dtype, msg, n)))
        return -1;
    s->swizzle = cli_has(p, "swizzle");
    return 0;
}

static int parse_opts(const cli_parsed *p, tpx_measure_opts *o, char *msg, size_t n)
{
    *o = runner_default_opts();
    o->hot = cli_has(p, "hot");
    o->once = cli_has(p, "once");
    const char *v;
    if ((v = cli_get(p, "samples"))) {
        if (config_parse_int(v, "samples", &o->min_samples, msg, n) != 0)
            return -1;
        if (o->min_samples < 1 || o->min_samples > o->max_samples) {
            snprintf(msg, n, "samples %s is out of range: use 1 to %d", v, o->max_samples);
            return -1;
        }
    }
    if ((v = cli_get(p, "time-cap"))) {
        char *end;
        double t = strtod(v, &end);
        if (*end || end == v || !(t > 0 && t <= 3600)) {
            snprintf(msg, n, "time-cap '%s' is not a number of seconds between 0 and 3600", v);
            return -1;
        }
        o->time_cap_s = t;
    }
    return 0;
}

typedef struct progress_ctx {
    int on, i, n;
    char what[160];
} progress_ctx;

static void show_progress(void *vp, double f)
{
    progress_ctx *pc = vp;
    fprintf(stderr, "\r\033[K[%d/%d] %s %3.0f%%", pc->i, pc->n, pc->what, 100.0 * f);
    fflush(stderr);
}

/* One config: validated, modelled, measured; a row or a skip note. */
static int run_one(tpx_runner *r, const tpx_limits *lim, const tpx_measure_opts *o,
                   const tpx_config *c, progress_ctx *pc, bench_result *b)
{
    char msg[TPX_MSG];
    if (config_validate(c, lim, msg, sizeof msg) != 0)
        return bench_add_skip(b, c, msg);
    bench_row row;
    memset(&row, 0, sizeof row);
    row.c = *c;
    row.modelled = model_totals(c, &row.t, NULL) == 0;
    pc->i++;
    config_describe(c, pc->what, sizeof pc->what);
    if (pc->on)
        show_progress(pc, 0.0);
    r->measure(r, c, o, &row.m, NULL, pc->on ? show_progress : NULL, pc);
    return bench_add_row(b, &row);
}

/* The tiled variants of one config: each pad, swizzle (with pad 0), tile dtype. */
static int run_tiled(tpx_runner *r, const tpx_limits *lim, const sweep *s,
                     const tpx_measure_opts *o, int count_only, progress_ctx *pc,
                     bench_result *b, tpx_config c)
{
    int total = 0;
    for (int ti = 0; ti < (s->ntd ? s->ntd : 1); ti++)
        for (int pi = 0; pi < s->np; pi++)
            for (int z = 0; z <= (s->swizzle && s->pad[pi] == 0); z++) {
                config_set_tile_dtype(&c, s->ntd ? s->tdt[ti] : c.dtype);
                c.pad = s->pad[pi];
                c.swz = z;
                total++;
                if (!count_only && run_one(r, lim, o, &c, pc, b) != 0)
                    return -1;
            }
    return total;
}

/* Every config of the sweep, in order; refs once per size and dtype. */
static int run_sweep(tpx_runner *r, const sweep *s, const tpx_measure_opts *o, int count_only,
                     progress_ctx *pc, bench_result *b)
{
    tpx_limits lim;
    r->limits(r, &lim);
    int total = 0;
    for (int si = 0; si < s->ns; si++)
        for (int di = 0; di < s->nd; di++)
            for (int ki = 0; ki < s->nk; ki++) {
                tpx_kernel_id k = (tpx_kernel_id)s->kernels[ki];
                int ref = config_is_reference(k);
                for (int bi = 0; bi < (ref ? 1 : s->nb); bi++) {
                    tpx_config c = config_default();
                    c.kernel = k;
                    c.w = s->w[si];
                    c.h = s->h[si];
                    c.dtype = s->dt[di];
                    c.bx = ref ? 32 : s->bx[bi];
                    c.by = ref ? 8 : s->by[bi];
                    int n = 1;
                    if (config_has_tile(k))
                        n = run_tiled(r, &lim, s, o, count_only, pc, b, c);
                    else if (!count_only && run_one(r, &lim, o, &c, pc, b) != 0)
                        return -1;
                    if (n < 0)
                        return -1;
                    total += n;
                }
            }
    return total;
}

static void describe_command(int argc, char **argv, bench_result *b)
{
    size_t used = (size_t)snprintf(b->command, sizeof b->command, "tpx bench");
    for (int i = 0; i < argc && used < sizeof b->command; i++)
        used += (size_t)snprintf(b->command + used, sizeof b->command - used, " %s", argv[i]);
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(b->date, sizeof b->date, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

static int write_to(const char *path, const bench_result *b,
                    void (*writer)(FILE *, const bench_result *))
{
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        return -1;
    }
    writer(f, b);
    if (fclose(f) != 0) {
        perror(path);
        return -1;
    }
    return 0;
}

int cmd_bench(int argc, char **argv)
{
    cli_parsed p;
    char msg[TPX_MSG];
    int rc = cli_start(argc, argv, bench_opts, "tpx bench", bench_help, &p);
    if (rc >= 0)
        return rc;
    sweep s;
    tpx_measure_opts o;
    if (parse_sweep(&p, &s, msg, sizeof msg) != 0 || parse_opts(&p, &o, msg, sizeof msg) != 0) {
        fprintf(stderr, "tpx bench: %s\n", msg);
        return CLI_USAGE;
    }
    if (cli_profile(&p, msg, sizeof msg) != 0) {
        fprintf(stderr, "tpx bench: %s\n", msg);
        return CLI_USAGE;
    }
    if (cli_has(&p, "json") && cli_has(&p, "csv")) {
        fprintf(stderr, "tpx bench: choose one of --json and --csv\n");
        return CLI_USAGE;
    }
    int usage;
    tpx_runner *r = runner_from_options(cli_get(&p, "device"), cli_has(&p, "no-gpu"), NULL, msg,
                                        sizeof msg, &usage);
    if (!r) {
        fprintf(stderr, "tpx bench: %s\n", usage ? msg : "out of memory");
        return usage ? CLI_USAGE : CLI_FAIL;
    }
    bench_result b;
    memset(&b, 0, sizeof b);
    r->device(r, &b.dev);
    b.runner = r->name;
    b.hot = o.hot;
    b.once = o.once;
    describe_command(argc, argv, &b);
    progress_ctx pc = {isatty(STDERR_FILENO) && b.dev.valid, 0, 0, ""};
    pc.n = run_sweep(r, &s, &o, 1, &pc, &b);
    rc = run_sweep(r, &s, &o, 0, &pc, &b) < 0 ? CLI_FAIL : CLI_OK;
    if (pc.on)
        fprintf(stderr, "\r\033[K");
    r->device(r, &b.dev); /* again: the clocks (NVML) as they were while measuring */
    runner_close(r);
    if (rc != CLI_OK)
        fprintf(stderr, "tpx bench: out of memory\n");

    void (*writer)(FILE *, const bench_result *) =
        cli_has(&p, "json") ? bench_write_json : cli_has(&p, "csv") ? bench_write_csv
                                                                      : bench_write_table;
    const char *out = cli_get(&p, "out");
    if (out ? write_to(out, &b, writer) != 0 : (writer(stdout, &b), 0))
        rc = CLI_FAIL;
    if (cli_get(&p, "save") && write_to(cli_get(&p, "save"), &b, bench_write_json) != 0)
        rc = CLI_FAIL;
    if (writer == bench_write_csv || (writer == bench_write_json && !out))
        for (int i = 0; i < b.nskip; i++)
            fprintf(stderr, "tpx bench: skipped %s: %s\n", b.skips[i].what, b.skips[i].why);
    /* A config that ran and failed fails the run; not measuring does not. */
    for (int i = 0; i < b.n; i++)
        if (b.rows[i].m.status == TPX_ST_VERIFY_FAILED || b.rows[i].m.status == TPX_ST_LAUNCH_ERROR)
            rc = CLI_FAIL;
    bench_free(&b);
    return rc;
}
