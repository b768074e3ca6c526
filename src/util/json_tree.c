/* The JSON reader's tree: objects and arrays, duplicate keys, the limits on
 * the whole document, and the accessors the result reader uses. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "json_parse.h"

static json_value *parse_value(json_parser *p, int depth);

static int key_cmp(const void *a, const void *b)
{
    const json_value *x = *(const json_value *const *)a, *y = *(const json_value *const *)b;
    return strcmp(x->key, y->key);
}

/* Sorting once per object keeps a file of many keys O(n log n), where a scan
 * per key would let a hostile file cost seconds. Returns a duplicate or NULL. */
static const char *duplicate_key(json_value *obj, int members, int *oom)
{
    if (members < 2)
        return NULL;
    json_value **v = malloc((size_t)members * sizeof *v);
    if (!v) {
        *oom = 1;
        return NULL;
    }
    int i = 0;
    for (json_value *c = obj->child; c; c = c->next)
        v[i++] = c;
    qsort(v, (size_t)members, sizeof *v, key_cmp);
    const char *dup = NULL;
    for (i = 1; i < members && !dup; i++)
        if (strcmp(v[i - 1]->key, v[i]->key) == 0)
            dup = v[i]->key;
    free(v);
    return dup;
}

static int check_keys(json_parser *p, json_value *obj, int members)
{
    int oom = 0;
    const char *dup = duplicate_key(obj, members, &oom);
    if (oom) {
        json_fail(p, "out of memory");
        return -1;
    }
    if (dup) {
        char what[160];
        snprintf(what, sizeof what, "duplicate key \"%.100s\"", dup);
        json_fail(p, what);
        return -1;
    }
    return 0;
}

/* One member's key and colon (objects) and value; NULL on failure. */
static json_value *parse_member(json_parser *p, int depth, int object)
{
    char *key = NULL;
    json_skip_ws(p);
    if (object) {
        key = json_parse_string(p);
        if (!key)
            return NULL;
        json_skip_ws(p);
        if (p->s >= p->end || *p->s != ':') {
            free(key);
            json_fail(p, "expected ':' after a key");
            return NULL;
        }
        p->s++;
    }
    json_value *item = parse_value(p, depth + 1);
    if (!item)
        free(key);
    else
        item->key = key;
    return item;
}

static json_value *parse_container(json_parser *p, int depth, int object)
{
    char close = object ? '}' : ']';
    json_value *v = json_new_value(p, object ? JSON_OBJECT : JSON_ARRAY), **tail;
    if (!v)
        return NULL;
    tail = &v->child;
    p->s++;
    json_skip_ws(p);
    if (p->s < p->end && *p->s == close) {
        p->s++;
        return v;
    }
    for (int members = 1;; members++) {
        json_value *item = parse_member(p, depth, object);
        if (!item)
            break;
        *tail = item;
        tail = &item->next;
        json_skip_ws(p);
        if (p->s < p->end && *p->s == ',') {
            p->s++;
            continue;
        }
        if (p->s < p->end && *p->s == close) {
            p->s++;
            if (object && check_keys(p, v, members) != 0)
                break;
            return v;
        }
        json_fail(p, object ? "expected ',' or '}'" : "expected ',' or ']'");
        break;
    }
    json_free(v);
    return NULL;
}

static json_value *parse_value(json_parser *p, int depth)
{
    json_skip_ws(p);
    if (depth > JSON_MAX_NESTING) {
        json_fail(p, "nested too deeply");
        return NULL;
    }
    if (p->s >= p->end) {
        json_fail(p, "unexpected end of the document");
        return NULL;
    }
    if (*p->s == '{' || *p->s == '[')
        return parse_container(p, depth, *p->s == '{');
    if (*p->s != '"')
        return json_parse_scalar(p);
    char *s = json_parse_string(p);
    if (!s)
        return NULL;
    json_value *v = json_new_value(p, JSON_STRING);
    if (v)
        v->str = s;
    else
        free(s);
    return v;
}

json_value *json_parse_limited(const char *text, size_t len, size_t max_bytes, long max_values,
                               char *msg, size_t n)
{
    json_parser p = {text, text, text + len, msg, n, 0, max_values, 0};
    if (len > max_bytes) {
        snprintf(msg, n, "JSON document too large (%zu bytes; at most %zu)", len, max_bytes);
        return NULL;
    }
    json_value *v = parse_value(&p, 0);
    if (v) {
        json_skip_ws(&p);
        if (p.s != p.end) {
            json_fail(&p, "trailing characters after the document");
            json_free(v);
            return NULL;
        }
    } else if (!p.failed) {
        snprintf(msg, n, "out of memory while parsing JSON");
    }
    return v;
}

json_value *json_parse_n(const char *text, size_t len, char *msg, size_t n)
{
    return json_parse_limited(text, len, JSON_MAX_BYTES, JSON_MAX_VALUES, msg, n);
}

json_value *json_parse(const char *text, char *msg, size_t n)
{
    return json_parse_n(text, strlen(text), msg, n);
}

void json_free(json_value *v)
{
    while (v) {
        json_value *next = v->next;
        json_free(v->child);
        free(v->str);
        free(v->key);
        free(v);
        v = next;
    }
}

const json_value *json_get(const json_value *obj, const char *key)
{
    if (!obj || obj->type != JSON_OBJECT)
        return NULL;
    for (const json_value *c = obj->child; c; c = c->next)
        if (c->key && strcmp(c->key, key) == 0)
            return c;
    return NULL;
}

double json_get_num(const json_value *obj, const char *key, double dflt)
{
    const json_value *v = json_get(obj, key);
    return v && v->type == JSON_NUMBER ? v->num : dflt;
}

const char *json_get_str(const json_value *obj, const char *key, const char *dflt)
{
    const json_value *v = json_get(obj, key);
    return v && v->type == JSON_STRING ? v->str : dflt;
}

int json_to_int(const json_value *v, long long lo, long long hi, long long *out)
{
    /* Compare as doubles first: casting 1e300 to an integer is undefined.
     * Bounds beyond 2^53 are not exact as doubles, so they are clamped. */
    const long long exact = 1LL << 53;
    lo = lo < -exact ? -exact : lo;
    hi = hi > exact ? exact : hi;
    if (!v || v->type != JSON_NUMBER || !isfinite(v->num) || v->num != floor(v->num) ||
        v->num < (double)lo || v->num > (double)hi)
        return -1;
    *out = (long long)v->num;
    return 0;
}

char *json_num_text(double v, char *buf, size_t n)
{
    if (!isfinite(v)) {
        snprintf(buf, n, "%s", isnan(v) ? "nan" : v > 0 ? "inf" : "-inf");
        return buf;
    }
    if (v == floor(v) && fabs(v) < 1e16) { /* a whole number, written in full */
        snprintf(buf, n, "%.0f", v);
        return buf;
    }
    for (int digits = 1; digits <= 17; digits++) { /* the shortest text that reads back as v */
        snprintf(buf, n, "%.*g", digits, v);
        if (strtod(buf, NULL) == v)
            break;
    }
    return buf;
}
