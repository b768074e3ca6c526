/* smem_table: parsing probe-table rows and pricing them with the model. */
#include "smem_table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

/* The n-th comma-separated field of line into out; returns 0 if present. */
static int field(const char *line, int n, char *out, size_t size)
{
    const char *p = line;
    for (int i = 0; i < n; i++) {
        p = strchr(p, ',');
        if (!p)
            return -1;
        p++;
    }
    size_t len = strcspn(p, ",\r\n");
    if (len >= size)
        return -1;
    memcpy(out, p, len);
    out[len] = '\0';
    return 0;
}

int smem_table_column(const char *header, const char *name)
{
    char f[64];
    for (int i = 0; field(header, i, f, sizeof f) == 0; i++)
        if (strcmp(f, name) == 0)
            return i;
    return -1;
}

static int parse_addrs(const char *s, smem_row *r, char *err, size_t n)
{
    int lane = 0;
    while (*s) {
        char *end;
        if (*s == ' ') {
            s++;
            continue;
        }
        if (lane == 32) {
            snprintf(err, n, "more than 32 addresses");
            return -1;
        }
        if (*s == '-') {
            r->addr[lane++] = -1;
            s++;
            continue;
        }
        long long a = strtoll(s, &end, 10);
        if (end == s || a < 0 || a % r->width) {
            snprintf(err, n, "lane %d: address must be a multiple of %d", lane, r->width);
            return -1;
        }
        r->addr[lane++] = a;
        s = end;
    }
    if (lane != 32) {
        snprintf(err, n, "%d addresses, want 32", lane);
        return -1;
    }
    return 0;
}

int smem_table_parse(const char *line, int value_col, smem_row *r, char *err, size_t n)
{
    char w[16], op[8], addrs[32 * 8], v[32];
    memset(r, 0, sizeof *r);
    if (field(line, 0, r->pattern, sizeof r->pattern) || field(line, 1, w, sizeof w) ||
        field(line, 2, op, sizeof op) || field(line, 3, addrs, sizeof addrs)) {
        snprintf(err, n, "want pattern,width,op,addrs,...");
        return -1;
    }
    r->width = atoi(w);
    if (r->width != 2 && r->width != 4 && r->width != 8 && r->width != 16) {
        snprintf(err, n, "width '%s': want 2, 4, 8 or 16", w);
        return -1;
    }
    if (strcmp(op, "ld") && strcmp(op, "st")) {
        snprintf(err, n, "op '%s': want ld or st", op);
        return -1;
    }
    r->store = strcmp(op, "st") == 0;
    if (parse_addrs(addrs, r, err, n))
        return -1;
    if (value_col >= 0 && field(line, value_col, v, sizeof v) == 0 && v[0]) {
        char *end;
        r->value = strtoll(v, &end, 10);
        if (*end) {
            snprintf(err, n, "value '%s' is not a count", v);
            return -1;
        }
        r->has_value = 1;
    }
    return 0;
}

int smem_table_model(const smem_row *r)
{
    tpx_inst in;
    memset(&in, 0, sizeof in);
    in.op = r->store ? TPX_OP_SST : TPX_OP_SLD;
    in.space = TPX_SPACE_S;
    in.lanes = 32;
    for (int l = 0; l < 32; l++)
        if (r->addr[l] >= 0) {
            in.active |= 1u << l;
            in.idx[l] = r->addr[l] / r->width;
        }
    tpx_bank_detail d;
    model_bank_detail(&in, (size_t)r->width, &d);
    return d.wavefronts;
}
