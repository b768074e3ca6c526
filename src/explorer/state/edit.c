#include "edit.h"

#include <stdio.h>
#include <string.h>

#include "catalog.h"

int edit_apply(tpx_config *c, const tpx_config *cand, const tpx_limits *lim, char *msg, size_t n)
{
    if (config_validate(cand, lim, msg, n) != 0)
        return -1;
    *c = *cand;
    return 0;
}

int edit_kernel(tpx_config *c, int k, const tpx_limits *lim, char *msg, size_t n)
{
    if (k < 0 || (k >= TPX_K_COUNT && !catalog_get((tpx_kernel_id)k))) {
        snprintf(msg, n, "no kernel number %d", k);
        return -1;
    }
    tpx_config cand = *c;
    cand.kernel = (tpx_kernel_id)k;
    if (!config_has_tile(cand.kernel))
        cand.pad = cand.swz = cand.tile_dtype = 0; /* they only mean something for a tile */
    return edit_apply(c, &cand, lim, msg, n);
}

int edit_kernel_step(tpx_config *c, int dir, const tpx_limits *lim, char *msg, size_t n)
{
    char skipped[TPX_MSG] = "", why[TPX_MSG];
    int k = c->kernel;
    for (int tries = 1; tries < TPX_K_COUNT; tries++) {
        k = (k + (dir >= 0 ? 1 : TPX_K_COUNT - 1)) % TPX_K_COUNT;
        if (edit_kernel(c, k, lim, why, sizeof why) == 0) {
            if (skipped[0])
                snprintf(msg, n, "skipped %s (they refuse %dx%d; K lists every kernel)", skipped,
                         c->bx, c->by);
            else
                msg[0] = '\0';
            return 0;
        }
        size_t len = strlen(skipped);
        snprintf(skipped + len, sizeof skipped - len, "%s%s", len ? ", " : "", catalog_name(k));
    }
    snprintf(msg, n, "no other kernel accepts %dx%d", c->bx, c->by);
    return -1;
}

/* Whether c's kernel takes square blocks only: it refuses 32x16 and 16x32
 * but takes 32x32 (asked of the rules, not a list of names). */
static int square_only(const tpx_config *c, const tpx_limits *lim)
{
    static const int shapes[3][2] = {{32, 16}, {16, 32}, {32, 32}};
    char why[TPX_MSG];
    int ok[3];
    for (int i = 0; i < 3; i++) {
        tpx_config t = *c;
        t.bx = shapes[i][0];
        t.by = shapes[i][1];
        t.pad = t.swz = 0;
        ok[i] = config_validate(&t, lim, why, sizeof why) == 0;
    }
    return !ok[0] && !ok[1] && ok[2];
}

int edit_block_scale(tpx_config *c, int axis, int up, const tpx_limits *lim, char *msg, size_t n)
{
    tpx_config cand = *c;
    int *v = axis ? &cand.by : &cand.bx;
    if (!up && *v == 1) {
        snprintf(msg, n, "B%c is already 1", axis ? 'Y' : 'X');
        return -1;
    }
    if (up && *v > (1 << 20)) {
        snprintf(msg, n, "B%c %d is already too large", axis ? 'Y' : 'X', *v);
        return -1;
    }
    *v = up ? *v * 2 : *v / 2;
    if (edit_apply(c, &cand, lim, msg, n) == 0)
        return 0;
    /* A kernel that takes only square blocks (smem): scale both sides. */
    tpx_config sq = *c;
    char why[TPX_MSG];
    if (c->bx != c->by || (!up && c->bx == 1) || !square_only(c, lim))
        return -1;
    sq.bx = sq.by = up ? c->bx * 2 : c->bx / 2;
    if (config_validate(&sq, lim, why, sizeof why) != 0)
        return -1;
    *c = sq;
    snprintf(msg, n, "%s takes square blocks only: both sides scaled, %dx%d",
             catalog_name(c->kernel), c->bx, c->by);
    return 0;
}

int edit_block_text(tpx_config *c, const char *bx, const char *by, const tpx_limits *lim, char *msg,
                    size_t n)
{
    tpx_config cand = *c;
    if (config_parse_int(bx, "BX", &cand.bx, msg, n) != 0 ||
        config_parse_int(by, "BY", &cand.by, msg, n) != 0)
        return -1;
    return edit_apply(c, &cand, lim, msg, n);
}

int edit_size_text(tpx_config *c, const char *s, const tpx_limits *lim, char *msg, size_t n)
{
    tpx_config cand = *c;
    if (config_parse_size(s, &cand.w, &cand.h, msg, n) != 0)
        return -1;
    return edit_apply(c, &cand, lim, msg, n);
}

int edit_dtype_next(tpx_config *c, const tpx_limits *lim, char *msg, size_t n)
{
    tpx_config cand = *c;
    cand.dtype = (tpx_dtype)((c->dtype + 1) % TPX_DTYPE_COUNT);
    /* a tile of its own type stays while the new data fits in it; otherwise
     * the tile follows the data */
    int keep = config_tile_differs(c) && config_tile_esize(c) >= config_esize(cand.dtype);
    config_set_tile_dtype(&cand, keep ? config_tile_dtype(c) : cand.dtype);
    return edit_apply(c, &cand, lim, msg, n);
}

int edit_tile_dtype_next(tpx_config *c, const tpx_limits *lim, char *msg, size_t n)
{
    tpx_config cand = *c;
    size_t cur = config_tile_esize(c), best = 0;
    tpx_dtype next = c->dtype; /* after the widest: back to the data's own type */
    for (int t = 0; t < TPX_DTYPE_COUNT; t++) {
        size_t e = config_esize((tpx_dtype)t);
        if (e > cur && (best == 0 || e < best)) {
            best = e;
            next = (tpx_dtype)t;
        }
    }
    if (next == config_tile_dtype(c)) {
        snprintf(msg, n, "%s data has no wider tile type to stage it in",
                 config_dtype_name(c->dtype));
        return -1;
    }
    config_set_tile_dtype(&cand, next);
    return edit_apply(c, &cand, lim, msg, n);
}

int edit_pad_toggle(tpx_config *c, const tpx_limits *lim, char *msg, size_t n)
{
    tpx_config cand = *c;
    cand.pad = c->pad == 0 ? 1 : 0;
    return edit_apply(c, &cand, lim, msg, n);
}

int edit_pad_text(tpx_config *c, const char *s, const tpx_limits *lim, char *msg, size_t n)
{
    tpx_config cand = *c;
    if (config_parse_pad(s, &cand.pad, msg, n) != 0)
        return -1;
    return edit_apply(c, &cand, lim, msg, n);
}

int edit_swizzle_toggle(tpx_config *c, const tpx_limits *lim, char *msg, size_t n)
{
    tpx_config cand = *c;
    cand.swz = !c->swz;
    return edit_apply(c, &cand, lim, msg, n);
}

int edit_size_presets(const char *const **out)
{
    /* Powers of two, a non-square shape, and sizes that are not multiples
     * of any block (partial tiles and partial warps). */
    static const char *const presets[] = {"1024",      "2048",      "4096", "8192",
                                          "16384",     "4096x3072", "1000", "8192x33"};
    *out = presets;
    return (int)(sizeof presets / sizeof presets[0]);
}
