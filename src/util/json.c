#include "json.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- writer --------------------------------------------------------------- */

void json_init(json_writer *w, FILE *f, int pretty)
{
    memset(w, 0, sizeof *w);
    w->f = f;
    w->pretty = pretty;
}

static void indent(json_writer *w)
{
    if (!w->pretty)
        return;
    fputc('\n', w->f);
    for (int i = 0; i < w->depth; i++)
        fputs("  ", w->f);
}

static void put_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '"': fputs("\\\"", f); break;
        case '\\': fputs("\\\\", f); break;
        case '\n': fputs("\\n", f); break;
        case '\t': fputs("\\t", f); break;
        case '\r': fputs("\\r", f); break;
        default:
            if (*p < 0x20)
                fprintf(f, "\\u%04x", *p);
            else
                fputc(*p, f);
        }
    }
    fputc('"', f);
}

/* Separator, indentation and key before a value. */
static void begin_value(json_writer *w, const char *key)
{
    if (w->depth > 0) {
        if (w->count[w->depth]++ > 0)
            fputc(',', w->f);
        indent(w);
    }
    if (key) {
        put_string(w->f, key);
        fputs(w->pretty ? ": " : ":", w->f);
    }
}

static void open_level(json_writer *w, const char *key, char c)
{
    begin_value(w, key);
    fputc(c, w->f);
    if (w->depth + 1 < JSON_MAX_DEPTH)
        w->depth++;
    w->count[w->depth] = 0;
}

static void close_level(json_writer *w, char c)
{
    int had = w->count[w->depth];
    if (w->depth > 0)
        w->depth--;
    if (had)
        indent(w);
    fputc(c, w->f);
}

void json_begin_object(json_writer *w, const char *key) { open_level(w, key, '{'); }
void json_end_object(json_writer *w) { close_level(w, '}'); }
void json_begin_array(json_writer *w, const char *key) { open_level(w, key, '['); }
void json_end_array(json_writer *w) { close_level(w, ']'); }

void json_string(json_writer *w, const char *key, const char *v)
{
    begin_value(w, key);
    if (v)
        put_string(w->f, v);
    else
        fputs("null", w->f);
}

void json_int(json_writer *w, const char *key, long long v)
{
    begin_value(w, key);
    fprintf(w->f, "%lld", v);
}

void json_uint(json_writer *w, const char *key, unsigned long long v)
{
    begin_value(w, key);
    fprintf(w->f, "%llu", v);
}

void json_double(json_writer *w, const char *key, double v, int decimals)
{
    begin_value(w, key);
    if (isfinite(v))
        fprintf(w->f, "%.*f", decimals, v);
    else
        fputs("null", w->f); /* JSON has no NaN or infinity */
}

void json_bool(json_writer *w, const char *key, int v)
{
    begin_value(w, key);
    fputs(v ? "true" : "false", w->f);
}

void json_null(json_writer *w, const char *key)
{
    begin_value(w, key);
    fputs("null", w->f);
}

void json_finish(json_writer *w) { fputc('\n', w->f); }

/* ---- reader ----------------------------------------------------------------- */

typedef struct parser {
    const char *s, *start;
    char *msg;
    size_t n;
    int failed;
} parser;

static void fail(parser *p, const char *what)
{
    if (p->failed)
        return;
    p->failed = 1;
    int line = 1;
    for (const char *q = p->start; q < p->s; q++)
        line += *q == '\n';
    snprintf(p->msg, p->n, "JSON error at line %d: %s", line, what);
}

static void skip_ws(parser *p)
{
    while (isspace((unsigned char)*p->s))
        p->s++;
}

static json_value *new_value(json_type t)
{
    json_value *v = calloc(1, sizeof *v);
    if (v)
        v->type = t;
    return v;
}

static char *parse_string_raw(parser *p)
{
    if (*p->s != '"') {
        fail(p, "expected a string");
        return NULL;
    }
    p->s++;
    size_t cap = 32, len = 0;
    char *out = malloc(cap);
    while (out && *p->s && *p->s != '"') {
        char c = *p->s++;
        if (c == '\\') {
            char e = *p->s++;
            switch (e) {
            case 'n': c = '\n'; break;
            case 't': c = '\t'; break;
            case 'r': c = '\r'; break;
            case 'b': c = '\b'; break;
            case 'f': c = '\f'; break;
            case 'u': { /* keep ASCII; anything else becomes '?' */
                unsigned v = 0;
                for (int i = 0; i < 4; i++) {
                    if (!isxdigit((unsigned char)*p->s)) {
                        fail(p, "bad \\u escape");
                        free(out);
                        return NULL;
                    }
                    char h = *p->s++;
                    v = v * 16 + (unsigned)(isdigit((unsigned char)h) ? h - '0' : (tolower(h) - 'a' + 10));
                }
                c = v < 0x80 ? (char)v : '?';
                break;
            }
            case '"': case '\\': case '/': c = e; break;
            default:
                fail(p, "bad escape");
                free(out);
                return NULL;
            }
        }
        if (len + 2 > cap) {
            cap *= 2;
            char *grown = realloc(out, cap);
            if (!grown) {
                free(out);
                return NULL;
            }
            out = grown;
        }
        out[len++] = c;
    }
    if (!out || *p->s != '"') {
        free(out);
        fail(p, "unterminated string");
        return NULL;
    }
    p->s++;
    out[len] = '\0';
    return out;
}

static json_value *parse_value(parser *p, int depth);

static json_value *parse_container(parser *p, int depth, int object)
{
    json_value *v = new_value(object ? JSON_OBJECT : JSON_ARRAY), **tail;
    if (!v)
        return NULL;
    tail = &v->child;
    p->s++;
    skip_ws(p);
    if (*p->s == (object ? '}' : ']')) {
        p->s++;
        return v;
    }
    for (;;) {
        char *key = NULL;
        skip_ws(p);
        if (object) {
            key = parse_string_raw(p);
            skip_ws(p);
            if (!key || *p->s != ':') {
                free(key);
                fail(p, "expected ':' after a key");
                json_free(v);
                return NULL;
            }
            p->s++;
        }
        json_value *item = parse_value(p, depth + 1);
        if (!item) {
            free(key);
            json_free(v);
            return NULL;
        }
        item->key = key;
        *tail = item;
        tail = &item->next;
        skip_ws(p);
        if (*p->s == ',') {
            p->s++;
            continue;
        }
        if (*p->s == (object ? '}' : ']')) {
            p->s++;
            return v;
        }
        fail(p, object ? "expected ',' or '}'" : "expected ',' or ']'");
        json_free(v);
        return NULL;
    }
}

static json_value *parse_value(parser *p, int depth)
{
    skip_ws(p);
    if (depth > 64) {
        fail(p, "nested too deeply");
        return NULL;
    }
    json_value *v = NULL;
    if (*p->s == '{' || *p->s == '[')
        return parse_container(p, depth, *p->s == '{');
    if (*p->s == '"') {
        char *s = parse_string_raw(p);
        if (!s)
            return NULL;
        v = new_value(JSON_STRING);
        if (v)
            v->str = s;
        else
            free(s);
        return v;
    }
    if (strncmp(p->s, "true", 4) == 0 || strncmp(p->s, "false", 5) == 0) {
        v = new_value(JSON_BOOL);
        if (v)
            v->boolean = *p->s == 't';
        p->s += *p->s == 't' ? 4 : 5;
        return v;
    }
    if (strncmp(p->s, "null", 4) == 0) {
        p->s += 4;
        return new_value(JSON_NULL);
    }
    char *end;
    double d = strtod(p->s, &end);
    if (end == p->s) {
        fail(p, "unexpected character");
        return NULL;
    }
    p->s = end;
    v = new_value(JSON_NUMBER);
    if (v)
        v->num = d;
    return v;
}

json_value *json_parse(const char *text, char *msg, size_t n)
{
    parser p = {text, text, msg, n, 0};
    json_value *v = parse_value(&p, 0);
    if (v) {
        skip_ws(&p);
        if (*p.s != '\0') {
            fail(&p, "trailing characters after the document");
            json_free(v);
            return NULL;
        }
    } else if (!p.failed) {
        snprintf(msg, n, "out of memory while parsing JSON");
    }
    return v;
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
