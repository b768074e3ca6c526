#include "json.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

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

/* A JSON string that is valid UTF-8 whatever s holds, and safe to print:
 * controls and bidi overrides as \u escapes (the same text once parsed), a
 * byte that is not UTF-8 as the text "\xff" (JSON cannot hold the byte). */
static void put_string(FILE *f, const char *s)
{
    fputc('"', f);
    const unsigned char *p = (const unsigned char *)s;
    size_t left = strlen(s);
    while (left) {
        uint32_t cp = 0;
        int k = text_utf8_next(p, left, &cp);
        if (k <= 0)
            fprintf(f, "\\\\x%02x", p[0]);
        else if (cp == '"' || cp == '\\')
            fprintf(f, "\\%c", (char)cp);
        else if (cp == '\n' || cp == '\t' || cp == '\r')
            fprintf(f, "\\%c", cp == '\n' ? 'n' : cp == '\t' ? 't' : 'r');
        else if (text_cp_unsafe(cp))
            fprintf(f, "\\u%04x", (unsigned)cp);
        else
            fwrite(p, 1, (size_t)k, f);
        k = k > 0 ? k : 1;
        p += k;
        left -= (size_t)k;
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
