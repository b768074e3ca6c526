#include "results_check.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

int results_bad(results_ctx *x, const char *path, const char *key, const char *what)
{
    if (!x->failed)
        snprintf(x->msg, x->n, "%s%s%s: %s", path, path[0] && key[0] ? "." : "", key, what);
    x->failed = 1;
    return -1;
}

static const char *type_name(json_type t)
{
    static const char *const names[] = {"null", "a boolean", "a number", "a string", "an array",
                                        "an object"};
    return names[t];
}

/* "expected an integer, found a string" */
static int wrong_type(results_ctx *x, const char *path, const char *key, const char *want,
                      const json_value *v)
{
    char what[96];
    snprintf(what, sizeof what, "expected %s, found %s", want, type_name(v->type));
    return results_bad(x, path, key, what);
}

int results_field(results_ctx *x, const char *path, const json_value *obj, const char *key,
                  int flags, const json_value **out)
{
    const json_value *v = json_get(obj, key);
    *out = NULL;
    if (!v)
        return flags & RC_OPTIONAL ? 0 : results_bad(x, path, key, "missing");
    if (v->type == JSON_NULL && (flags & RC_NULLABLE))
        return 0;
    *out = v;
    return 0;
}

int results_int(results_ctx *x, const char *path, const json_value *obj, const char *key,
                int flags, long long lo, long long hi, long long *out)
{
    const json_value *v;
    if (results_field(x, path, obj, key, flags, &v) != 0 || !v)
        return x->failed ? -1 : 0;
    if (v->type != JSON_NUMBER)
        return wrong_type(x, path, key, "an integer", v);
    if (v->num != floor(v->num))
        return results_bad(x, path, key, "not an integer");
    if (lo == 0 && v->num < 0)
        return results_bad(x, path, key, "negative");
    if (json_to_int(v, lo, hi, out) != 0) {
        char what[96], num[32];
        snprintf(what, sizeof what, "%s is out of range (%lld to %lld)",
                 json_num_text(v->num, num, sizeof num), lo, hi);
        return results_bad(x, path, key, what);
    }
    return 0;
}

int results_num(results_ctx *x, const char *path, const json_value *obj, const char *key,
                int flags, double hi, double *out)
{
    const json_value *v;
    if (results_field(x, path, obj, key, flags, &v) != 0 || !v)
        return x->failed ? -1 : 0;
    if (v->type != JSON_NUMBER)
        return wrong_type(x, path, key, "a number", v);
    if (!isfinite(v->num)) /* the parser refuses these; kept for trees built elsewhere */
        return results_bad(x, path, key, "not finite");
    char num[32], what[128];
    if (fpclassify(v->num) == FP_SUBNORMAL) { /* 4.9e-324 GB/s would print as "0.0", measured */
        snprintf(what, sizeof what, "%s is subnormal: too small to be a figure tpx writes",
                 json_num_text(v->num, num, sizeof num));
        return results_bad(x, path, key, what);
    }
    if ((flags & (RC_POSITIVE | RC_NONNEG)) && v->num < 0)
        return results_bad(x, path, key, "negative");
    if ((flags & RC_POSITIVE) && v->num == 0)
        return results_bad(x, path, key, "zero (must be > 0)");
    if (v->num > hi) {
        char top[32];
        snprintf(what, sizeof what, "%s is implausibly large (at most %s)",
                 json_num_text(v->num, num, sizeof num), json_num_text(hi, top, sizeof top));
        return results_bad(x, path, key, what);
    }
    *out = v->num == 0 ? 0.0 : v->num; /* -0 is 0: never "-0.0 %" */
    return 0;
}

int results_bool(results_ctx *x, const char *path, const json_value *obj, const char *key,
                 int flags, int *out)
{
    const json_value *v;
    if (results_field(x, path, obj, key, flags, &v) != 0 || !v)
        return x->failed ? -1 : 0;
    if (v->type != JSON_BOOL)
        return wrong_type(x, path, key, "true or false", v);
    *out = v->boolean;
    return 0;
}

int results_str(results_ctx *x, const char *path, const json_value *obj, const char *key,
                int flags, size_t max, const char **out)
{
    const json_value *v;
    if (results_field(x, path, obj, key, flags, &v) != 0 || !v)
        return x->failed ? -1 : 0;
    if (v->type != JSON_STRING)
        return wrong_type(x, path, key, "a string", v);
    if (strlen(v->str) > max) {
        char what[64];
        snprintf(what, sizeof what, "too long (at most %zu bytes)", max);
        return results_bad(x, path, key, what);
    }
    *out = v->str;
    return 0;
}

int results_enum(results_ctx *x, const char *path, const json_value *obj, const char *key,
                 int flags, const char *const *names, int count, int *out)
{
    const char *s = NULL;
    if (results_str(x, path, obj, key, flags, 64, &s) != 0 || !s)
        return x->failed ? -1 : 0;
    for (int i = 0; i < count; i++)
        if (strcmp(s, names[i]) == 0) {
            *out = i;
            return 0;
        }
    char what[256];
    int o = snprintf(what, sizeof what, "unknown value (one of");
    for (int i = 0; i < count && o > 0 && (size_t)o < sizeof what; i++)
        o += snprintf(what + o, sizeof what - (size_t)o, " %s", names[i]);
    if (o > 0 && (size_t)o < sizeof what)
        snprintf(what + o, sizeof what - (size_t)o, ")");
    return results_bad(x, path, key, what);
}
