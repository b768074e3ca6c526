/* Every config tpx refuses with a suggestion ("e.g. 2x2 or 2x1", "try 16x16
 * or 16x8", "or smem with 32x32 or 8x8") suggests configs it accepts: each
 * refusal of every kernel, over block shapes powers of two and not, each
 * dtype, pad 0 and 1, with and without the swizzle, is read for its
 * suggestions, and each is validated in turn (with the user's other options:
 * a suggestion is what to change, the rest stays). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "config.h"

static int checked, refused, bad;

/* The kernel named just before " with " ending at `at`, or -1. */
static int kernel_before_with(const char *msg, const char *at)
{
    const char *w = at - 6;
    if (w < msg || strncmp(w, " with ", 6) != 0)
        return -1;
    const char *s = w;
    while (s > msg && (s[-1] == '_' || (s[-1] >= 'a' && s[-1] <= 'z') || (s[-1] >= '0' && s[-1] <= '9')))
        s--;
    char name[32];
    snprintf(name, sizeof name, "%.*s", (int)(w - s), s);
    return catalog_find(name);
}

static void expect_valid(const tpx_config *c, const tpx_limits *lim, const char *why,
                         const tpx_config *from)
{
    char msg[512];
    checked++;
    if (config_validate(c, lim, msg, sizeof msg) != 0) {
        char a[160], b[160];
        config_describe(from, a, sizeof a);
        config_describe(c, b, sizeof b);
        if (bad++ < 20 || getenv("TPX_ALL_SUGGESTIONS"))
            print_error("%s is refused with\n  '%s'\nwhose suggestion %s is refused too:\n  '%s'\n",
                        a, why, b, msg);
    }
}

/* Each suggestion in msg, the refusal of c. */
static void check_suggestions(const tpx_config *c, const tpx_limits *lim, const char *msg)
{
    const char *p = msg;
    int x, y, len;
    /* block shapes: "AxB", for c's kernel or the one named before " with " */
    for (; *p; p++) {
        if (p > msg && (p[-1] >= '0' && p[-1] <= '9'))
            continue;
        if (sscanf(p, "%dx%d%n", &x, &y, &len) != 2 || (p[len] >= '0' && p[len] <= '9'))
            continue;
        const char *after_eg = strstr(msg, "e.g.");
        const char *after_try = strstr(msg, "try ");
        const char *first = after_eg && (!after_try || after_eg < after_try) ? after_eg : after_try;
        if (!first || p < first)
            continue; /* the config itself, quoted before the suggestion */
        tpx_config s = *c;
        int k = kernel_before_with(msg, p);
        if (k >= 0) /* the user's other options stay as given */
            s.kernel = (tpx_kernel_id)k;
        s.bx = x, s.by = y;
        expect_valid(&s, lim, msg, c);
        p += len - 1;
    }
}

static void test_every_suggestion_is_valid(void **st)
{
    (void)st;
    static const int sides[] = {1, 2, 4, 6, 8, 12, 16, 24, 32, 40, 48, 64, 96, 128, 256, 512, 1024};
    const int ns = (int)(sizeof sides / sizeof sides[0]);
    tpx_limits lim = config_default_limits();
    for (int k = 0; k < TPX_K_COUNT; k++)
        for (int i = 0; i < ns; i++)
            for (int j = 0; j < ns; j++)
                for (int d = 0; d < TPX_DTYPE_COUNT; d++)
                    for (int v = 0; v < 3; v++) { /* pad 0, pad 1, swizzle */
                        if ((long long)sides[i] * sides[j] > 1024)
                            continue;
                        tpx_config c = config_default();
                        c.kernel = (tpx_kernel_id)k;
                        c.bx = sides[i], c.by = sides[j];
                        c.w = c.h = 1024;
                        c.dtype = (tpx_dtype)d;
                        c.pad = v == 1;
                        c.swz = v == 2;
                        char msg[512];
                        if (config_validate(&c, &lim, msg, sizeof msg) == 0)
                            continue;
                        refused++;
                        check_suggestions(&c, &lim, msg);
                    }
    print_message("%d refusals, %d suggestions checked\n", refused, checked);
    assert_true(checked > 100);
    if (bad)
        fail_msg("%d suggestions of %d are refused themselves", bad, checked);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_suggestion_is_valid),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
