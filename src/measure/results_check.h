/* results_check: the field checks of the result-file schema
 * (docs/results-format.md).  Each names the offending field by its path,
 * "results[3].measured.gbs: negative", so a refused file says what to fix. */
#ifndef TPX_RESULTS_CHECK_H
#define TPX_RESULTS_CHECK_H

#include <stddef.h>

#include "json.h"

typedef struct results_ctx {
    char *msg;
    size_t n;
    int failed;
} results_ctx;

/* What a field may be. */
enum {
    RC_OPTIONAL = 1,  /* may be absent (then *out keeps its default) */
    RC_NULLABLE = 2,  /* may be null (same) */
    RC_POSITIVE = 4,  /* numbers: > 0 */
    RC_NONNEG = 8,    /* numbers: >= 0 */
};

/* "path.key: what" into ctx (the first failure wins); always -1. */
int results_bad(results_ctx *x, const char *path, const char *key, const char *what);
/* The member key of obj, NULL when absent (or null with RC_NULLABLE);
 * -1 when absent and required. */
int results_field(results_ctx *x, const char *path, const json_value *obj, const char *key,
                  int flags, const json_value **out);

int results_int(results_ctx *x, const char *path, const json_value *obj, const char *key,
                int flags, long long lo, long long hi, long long *out);
int results_num(results_ctx *x, const char *path, const json_value *obj, const char *key,
                int flags, double hi, double *out);
int results_bool(results_ctx *x, const char *path, const json_value *obj, const char *key,
                 int flags, int *out);
/* A string of at most max bytes; *out points into the tree. */
int results_str(results_ctx *x, const char *path, const json_value *obj, const char *key,
                int flags, size_t max, const char **out);
/* A string that is one of names[0..count); its index in *out. */
int results_enum(results_ctx *x, const char *path, const json_value *obj, const char *key,
                 int flags, const char *const *names, int count, int *out);

#endif
