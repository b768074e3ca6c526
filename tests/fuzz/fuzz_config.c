/* libFuzzer target: the config parsers (config_parse_*) and validation.
 * The first byte picks the parser, the rest is the text.  Beyond "no
 * crash": whatever a parser accepts must print back to text that it
 * accepts again with the same value, and a refusal must say why. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"

static char *as_text(const uint8_t *d, size_t n)
{
    char *s = malloc(n + 1);
    if (!s)
        abort();
    memcpy(s, d, n);
    s[n] = '\0';
    return s;
}

static void check_size(const char *s)
{
    long long w, h, w2, h2;
    char msg[TPX_MSG] = "", again[64];
    if (config_parse_size(s, &w, &h, msg, sizeof msg) != 0) {
        if (!msg[0])
            abort(); /* a refusal without a reason */
        return;
    }
    if (w <= 0 || h <= 0)
        abort();
    snprintf(again, sizeof again, "%lldx%lld", w, h);
    if (config_parse_size(again, &w2, &h2, msg, sizeof msg) != 0 || w2 != w || h2 != h)
        abort();
}

static void check_block(const char *s)
{
    int bx, by, bx2, by2;
    char msg[TPX_MSG] = "", again[64];
    if (config_parse_block(s, &bx, &by, msg, sizeof msg) != 0) {
        if (!msg[0])
            abort();
        return;
    }
    if (bx <= 0 || by <= 0)
        abort();
    snprintf(again, sizeof again, "%dx%d", bx, by);
    if (config_parse_block(again, &bx2, &by2, msg, sizeof msg) != 0 || bx2 != bx || by2 != by)
        abort();
    /* Any block through validation: a verdict, never a crash. */
    tpx_config c = config_default();
    tpx_limits lim = config_default_limits();
    c.bx = bx;
    c.by = by;
    for (int k = 0; k < TPX_K_COUNT; k++) {
        c.kernel = (tpx_kernel_id)k;
        if (config_validate(&c, &lim, msg, sizeof msg) != 0 && !msg[0])
            abort();
    }
}

static void check_int(const char *s, int pad)
{
    int v;
    char msg[TPX_MSG] = "";
    int rc = pad ? config_parse_pad(s, &v, msg, sizeof msg)
                 : config_parse_int(s, "value", &v, msg, sizeof msg);
    if (rc != 0) {
        if (!msg[0])
            abort();
        return;
    }
    if (v < 0 || (pad && v > TPX_MAX_PAD))
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    char *s = as_text(data + 1, size - 1);
    tpx_dtype t;
    char msg[TPX_MSG];
    switch (data[0] % 5) {
    case 0: check_size(s); break;
    case 1: check_block(s); break;
    case 2: check_int(s, 1); break;
    case 3: check_int(s, 0); break;
    default:
        if (config_parse_dtype(s, &t, msg, sizeof msg) == 0 && (int)t >= TPX_DTYPE_COUNT)
            abort();
        break;
    }
    free(s);
    return 0;
}
