/*
 * config_parse.c: a config's fields from the words a user typed (--dtype,
 * --block, --size, --pad), each refused with a message that says why, and
 * a config back in those words (config_describe).
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"

int config_parse_dtype(const char *s, tpx_dtype *out, char *msg, size_t n)
{
    for (int i = 0; i < TPX_DTYPE_COUNT; i++) {
        if (s && strcmp(s, config_dtype_name((tpx_dtype)i)) == 0) {
            *out = (tpx_dtype)i;
            return 0;
        }
    }
    snprintf(msg, n, "unknown dtype '%s': use f32, f64 or f16", s ? s : "");
    return -1;
}

int config_parse_tile_dtype(const char *s, tpx_dtype *out, char *msg, size_t n)
{
    if (config_parse_dtype(s, out, msg, n) == 0)
        return 0;
    snprintf(msg, n, "unknown tile dtype '%s': use f32, f64 or f16", s ? s : "");
    return -1;
}

/* Reads decimal digits at *p into *v; refuses empty, signs and overflow. */
static int parse_count(const char **p, long long max, long long *v)
{
    const char *s = *p;
    long long x = 0;
    if (!isdigit((unsigned char)*s))
        return -1;
    while (isdigit((unsigned char)*s)) {
        int d = *s - '0';
        if (x > (max - d) / 10)
            return -2; /* overflow: more than max */
        x = x * 10 + d;
        s++;
    }
    *p = s;
    *v = x;
    return 0;
}

int config_parse_int(const char *s, const char *what, int *out, char *msg, size_t n)
{
    const char *p = s ? s : "";
    long long v;
    int r = parse_count(&p, INT_MAX, &v);
    if (r == 0 && *p == '\0') {
        *out = (int)v;
        return 0;
    }
    if (r == -2)
        snprintf(msg, n, "%s '%s' is too large", what, s);
    else
        snprintf(msg, n, "%s '%s' is not a non-negative whole number", what, s ? s : "");
    return -1;
}

/* "AxB" (or a single number N meaning NxN when square_ok) into two counts. */
static int parse_pair(const char *s, const char *what, long long max, int square_ok,
                      long long *a, long long *b, char *msg, size_t n)
{
    const char *p = s ? s : "";
    int r = parse_count(&p, max, a);
    if (r == 0 && *p == '\0' && square_ok) {
        *b = *a;
    } else if (r == 0 && (*p == 'x' || *p == 'X')) {
        p++;
        r = parse_count(&p, max, b);
        if (r == 0 && *p != '\0')
            r = -1;
    } else if (r == 0) {
        r = -1;
    }
    if (r == -2) {
        snprintf(msg, n, "%s '%s' is too large (at most %lld per side)", what, s, max);
        return -1;
    }
    if (r != 0) {
        snprintf(msg, n, "%s '%s' is malformed: expected %s", what, s ? s : "",
                 square_ok ? "WxH (e.g. 4096x3072) or N for NxN" : "XxY (e.g. 32x8)");
        return -1;
    }
    if (*a == 0 || *b == 0) {
        snprintf(msg, n, "%s '%s' has a zero side: both sides must be at least 1", what, s);
        return -1;
    }
    return 0;
}

int config_parse_block(const char *s, int *bx, int *by, char *msg, size_t n)
{
    long long a, b;
    if (parse_pair(s, "block", 1LL << 30, 0, &a, &b, msg, n) != 0)
        return -1;
    *bx = (int)a;
    *by = (int)b;
    return 0;
}

int config_parse_size(const char *s, long long *w, long long *h, char *msg, size_t n)
{
    if (parse_pair(s, "size", 1LL << 40, 1, w, h, msg, n) != 0)
        return -1;
    return 0;
}

int config_parse_pad(const char *s, int *pad, char *msg, size_t n)
{
    if (config_parse_int(s, "pad", pad, msg, n) != 0)
        return -1;
    if (*pad > TPX_MAX_PAD) {
        snprintf(msg, n, "pad %d is too large: use 0 to %d elements (1 is the usual cure)",
                 *pad, TPX_MAX_PAD);
        return -1;
    }
    return 0;
}

void config_describe(const tpx_config *c, char *buf, size_t n)
{
    snprintf(buf, n, "%s %dx%d %lldx%lld %s pad %d%s%s%s", catalog_name(c->kernel), c->bx, c->by,
             c->w, c->h, config_dtype_name(c->dtype), c->pad, c->swz ? " swizzle" : "",
             config_tile_differs(c) ? " tile " : "",
             config_tile_differs(c) ? config_dtype_name(config_tile_dtype(c)) : "");
}
