#include "bench_sweep.h"

#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "sweep.h"

/* Splits a comma list and hands each item to `one`; -1 with msg on error. */
static int each_item(const char *list, const char *what, bench_sweep *s,
                     int (*one)(bench_sweep *s, const char *item, char *msg, size_t n), char *msg,
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

static int add_kernel(bench_sweep *s, const char *t, char *msg, size_t n)
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

/* A shape once, however often "all" and the list name it. */
static int push_block(bench_sweep *s, int bx, int by, char *msg, size_t n)
{
    for (int i = 0; i < s->nb; i++)
        if (s->bx[i] == bx && s->by[i] == by)
            return 0;
    if (s->nb >= MAX_ITEMS)
        return full(msg, n, "blocks");
    s->bx[s->nb] = bx;
    s->by[s->nb] = by;
    s->nb++;
    return 0;
}

static int add_block(bench_sweep *s, const char *t, char *msg, size_t n)
{
    int bx[MAX_ITEMS], by[MAX_ITEMS];
    if (strcmp(t, "all") == 0) {
        int k = sweep_all_blocks(bx, by, MAX_ITEMS);
        for (int i = 0; i < k; i++)
            if (push_block(s, bx[i], by[i], msg, n) != 0)
                return -1;
        return 0;
    }
    if (config_parse_block(t, &bx[0], &by[0], msg, n) != 0)
        return -1;
    return push_block(s, bx[0], by[0], msg, n);
}

/* Sizes, dtypes and pads are swept once however often the lists name them
 * ("64,64x64": one size), as kernels and blocks are: in the order first named. */
static int add_size(bench_sweep *s, const char *t, char *msg, size_t n)
{
    long long w, h;
    if (config_parse_size(t, &w, &h, msg, n) != 0)
        return -1;
    for (int i = 0; i < s->ns; i++)
        if (s->w[i] == w && s->h[i] == h)
            return 0;
    if (s->ns >= MAX_ITEMS)
        return full(msg, n, "sizes");
    s->w[s->ns] = w;
    s->h[s->ns++] = h;
    return 0;
}

/* A dtype into list (of *count, at most max) unless there already. */
static int push_dtype(tpx_dtype *list, int *count, int max, tpx_dtype t)
{
    for (int i = 0; i < *count; i++)
        if (list[i] == t)
            return 0;
    if (*count >= max)
        return -1;
    list[(*count)++] = t;
    return 0;
}

static int add_dtype(bench_sweep *s, const char *t, char *msg, size_t n)
{
    tpx_dtype d;
    if (config_parse_dtype(t, &d, msg, n) != 0)
        return -1;
    return push_dtype(s->dt, &s->nd, TPX_DTYPE_COUNT, d) == 0 ? 0 : full(msg, n, "dtypes");
}

static int add_tile_dtype(bench_sweep *s, const char *t, char *msg, size_t n)
{
    tpx_dtype d;
    if (config_parse_tile_dtype(t, &d, msg, n) != 0)
        return -1;
    return push_dtype(s->tdt, &s->ntd, TPX_DTYPE_COUNT, d) == 0 ? 0
                                                                : full(msg, n, "tile dtypes");
}

/* A pad, or a range "A..B" of them. */
static int add_pad(bench_sweep *s, const char *t, char *msg, size_t n)
{
    const char *dots = strstr(t, "..");
    char lo_text[32];
    int lo, hi;
    if (!dots)
        lo_text[0] = '\0';
    else if ((size_t)(dots - t) >= sizeof lo_text) {
        snprintf(msg, n, "pad range '%s' is not A..B", t);
        return -1;
    } else
        snprintf(lo_text, sizeof lo_text, "%.*s", (int)(dots - t), t);
    if (config_parse_pad(dots ? lo_text : t, &lo, msg, n) != 0 ||
        config_parse_pad(dots ? dots + 2 : t, &hi, msg, n) != 0)
        return -1;
    if (hi < lo) {
        snprintf(msg, n, "pad range '%s' runs backwards; write %d..%d", t, hi, lo);
        return -1;
    }
    for (int p = lo; p <= hi; p++) {
        int seen = 0;
        for (int i = 0; i < s->np; i++)
            seen |= s->pad[i] == p;
        if (seen)
            continue;
        if (s->np >= MAX_ITEMS)
            return full(msg, n, "pads");
        s->pad[s->np++] = p;
    }
    return 0;
}

int bench_sweep_parse(const cli_parsed *p, bench_sweep *s, char *msg, size_t n)
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
