#include "results_holds.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"

#define HOLDS_MAX 256 /* distinct values kept per list; more end the list in "..." */

typedef struct pair {
    long long a, b;
} pair;

static int cmp_pair(const void *x, const void *y)
{
    const pair *p = x, *q = y;
    if (p->a != q->a)
        return p->a < q->a ? -1 : 1;
    return (p->b > q->b) - (p->b < q->b);
}

/* Adds (a, b) to v (n of them) unless it is there; *more when v is full. */
static void add(pair *v, int *n, int *more, long long a, long long b)
{
    for (int i = 0; i < *n; i++)
        if (v[i].a == a && v[i].b == b)
            return;
    if (*n >= HOLDS_MAX) {
        *more = 1;
        return;
    }
    v[(*n)++] = (pair){a, b};
}

typedef enum { L_SIZES, L_BLOCKS, L_KERNELS, L_DTYPES, L_PADS, L_COUNT } list_id;

static void item_text(list_id id, const pair *p, char *buf, size_t n)
{
    if (id == L_SIZES || id == L_BLOCKS)
        snprintf(buf, n, "%lldx%lld", p->a, p->b);
    else if (id == L_PADS) { /* b: swizzled, and the tile's dtype + 1 where not the data's */
        char tile[32] = "";
        if (p->b >> 1)
            snprintf(tile, sizeof tile, " in an %s tile",
                     config_dtype_name((tpx_dtype)((p->b >> 1) - 1)));
        if (p->b & 1)
            snprintf(buf, n, "swizzle%s", tile);
        else
            snprintf(buf, n, "%lld%s", p->a, tile);
    }
    else if (id == L_KERNELS)
        snprintf(buf, n, "%s", catalog_name((tpx_kernel_id)p->a));
    else
        snprintf(buf, n, "%s", config_dtype_name((tpx_dtype)p->a));
}

/* Appends s at *used when it fits with room for "...", else marks it full. */
static int append(char *buf, size_t n, size_t *used, const char *s)
{
    size_t len = strlen(s);
    if (*used + len + 5 >= n)
        return -1;
    memcpy(buf + *used, s, len + 1);
    *used += len;
    return 0;
}

static void list_text(list_id id, pair *v, int nv, int more, char *buf, size_t n, size_t *used)
{
    static const char *const names[] = {"sizes ", "blocks ", "kernels ", "dtypes ", "pads "};
    qsort(v, (size_t)nv, sizeof *v, cmp_pair);
    if (*used && append(buf, n, used, "; ") != 0)
        return;
    if (append(buf, n, used, names[id]) != 0)
        return;
    char item[64];
    for (int i = 0; i < nv; i++) {
        item_text(id, &v[i], item, sizeof item);
        if ((i && append(buf, n, used, ", ") != 0) || append(buf, n, used, item) != 0) {
            more = 1;
            break;
        }
    }
    if (nv == 0)
        append(buf, n, used, "none");
    if (more && *used + 4 < n) {
        memcpy(buf + *used, " ...", 5);
        *used += 4;
    }
}

char *results_holds(const results_row *rows, int nrows, results_pick pick, const void *ctx,
                    int what, char *buf, size_t n)
{
    pair v[L_COUNT][HOLDS_MAX]; /* 16 KiB */
    int nv[L_COUNT] = {0}, more[L_COUNT] = {0};
    for (int i = 0; i < nrows; i++) {
        const tpx_config *c = &rows[i].c;
        if (pick && !pick(c, ctx))
            continue;
        add(v[L_SIZES], &nv[L_SIZES], &more[L_SIZES], c->w, c->h);
        if (!config_is_reference(c->kernel))
            add(v[L_BLOCKS], &nv[L_BLOCKS], &more[L_BLOCKS], c->bx, c->by);
        add(v[L_KERNELS], &nv[L_KERNELS], &more[L_KERNELS], c->kernel, 0);
        add(v[L_DTYPES], &nv[L_DTYPES], &more[L_DTYPES], c->dtype, 0);
        if (config_has_tile(c->kernel))
            add(v[L_PADS], &nv[L_PADS], &more[L_PADS], c->swz ? 1 << 20 : c->pad,
                c->swz | (config_tile_differs(c) ? 2 * ((long long)config_tile_dtype(c) + 1) : 0));
    }
    size_t used = 0;
    if (n)
        buf[0] = '\0';
    for (int id = 0; id < L_COUNT && n > 8; id++)
        if (what & (1 << id))
            list_text((list_id)id, v[id], nv[id], more[id], buf, n, &used);
    return buf;
}
