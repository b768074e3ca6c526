/* The JSON reader: strict RFC 8259 and bounded, because result files travel
 * between machines and may be hostile.  It reads exactly `len` bytes (never
 * relies on a terminating NUL), refuses what RFC 8259 refuses (NaN, hex,
 * leading zeros or '+', raw control characters, lone surrogates, bad UTF-8),
 * refuses what would make a document ambiguous (duplicate keys, \u0000 inside
 * a C string) and caps depth, size and the number of values so that memory
 * stays proportional to a small file. */
#include "json_parse.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void json_fail(json_parser *p, const char *what)
{
    if (p->failed)
        return;
    p->failed = 1;
    int line = 1, col = 1;
    for (const char *q = p->start; q < p->s && q < p->end; q++) {
        col = *q == '\n' ? 1 : col + 1;
        line += *q == '\n';
    }
    snprintf(p->msg, p->n, "JSON error at line %d, column %d: %s", line, col, what);
}

static int left(const json_parser *p) { return p->s < p->end; }

void json_skip_ws(json_parser *p)
{
    while (left(p) && (*p->s == ' ' || *p->s == '\t' || *p->s == '\n' || *p->s == '\r'))
        p->s++;
}

json_value *json_new_value(json_parser *p, json_type t)
{
    if (++p->values > p->max_values) {
        char what[96];
        snprintf(what, sizeof what, "too many values (more than %ld)", p->max_values);
        json_fail(p, what);
        return NULL;
    }
    json_value *v = calloc(1, sizeof *v);
    if (!v)
        json_fail(p, "out of memory");
    else
        v->type = t;
    return v;
}

/* A growable byte buffer for one string. */
typedef struct sbuf {
    char *b;
    size_t len, cap;
} sbuf;

static int sbuf_put(sbuf *o, const char *bytes, size_t k)
{
    if (o->len + k + 1 > o->cap) {
        size_t cap = o->cap ? o->cap * 2 : 32;
        while (cap < o->len + k + 1)
            cap *= 2;
        char *g = realloc(o->b, cap);
        if (!g)
            return -1;
        o->b = g;
        o->cap = cap;
    }
    memcpy(o->b + o->len, bytes, k);
    o->len += k;
    o->b[o->len] = '\0';
    return 0;
}

static int hex4(json_parser *p, unsigned *out)
{
    if (p->end - p->s < 4)
        return -1;
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        char h = *p->s++;
        unsigned d = h >= '0' && h <= '9'   ? (unsigned)(h - '0')
                     : h >= 'a' && h <= 'f' ? (unsigned)(h - 'a' + 10)
                     : h >= 'A' && h <= 'F' ? (unsigned)(h - 'A' + 10)
                                            : 16u;
        if (d > 15)
            return -1;
        v = v * 16 + d;
    }
    *out = v;
    return 0;
}

static size_t utf8_encode(unsigned cp, char *o)
{
    if (cp < 0x80) {
        o[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        o[0] = (char)(0xC0 | (cp >> 6));
        o[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        o[0] = (char)(0xE0 | (cp >> 12));
        o[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        o[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    o[0] = (char)(0xF0 | (cp >> 18));
    o[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    o[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    o[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* \uXXXX, with a surrogate pair when XXXX is a high surrogate; NULL is refused
 * because every string becomes a C string. Returns an error text or NULL. */
static const char *unicode_escape(json_parser *p, unsigned *cp)
{
    if (hex4(p, cp) != 0)
        return "bad \\u escape (four hex digits expected)";
    if (*cp == 0)
        return "\\u0000 (NUL) in a string";
    if (*cp >= 0xDC00 && *cp <= 0xDFFF)
        return "lone low surrogate in a \\u escape";
    if (*cp >= 0xD800 && *cp <= 0xDBFF) {
        unsigned lo;
        if (p->end - p->s < 2 || p->s[0] != '\\' || p->s[1] != 'u')
            return "high surrogate without its low half";
        p->s += 2;
        if (hex4(p, &lo) != 0 || lo < 0xDC00 || lo > 0xDFFF)
            return "high surrogate without its low half";
        *cp = 0x10000 + ((*cp - 0xD800) << 10) + (lo - 0xDC00);
    }
    return NULL;
}

/* The length of one well-formed UTF-8 sequence at s (RFC 3629: no overlong
 * forms, no surrogates, nothing above U+10FFFF), or 0. */
static size_t utf8_valid(const unsigned char *s, const unsigned char *end)
{
    size_t k = s[0] >= 0xF0 ? 4 : s[0] >= 0xE0 ? 3 : 2;
    if (s[0] < 0xC2 || s[0] > 0xF4 || (size_t)(end - s) < k)
        return 0;
    for (size_t i = 1; i < k; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    if ((s[0] == 0xE0 && s[1] < 0xA0) || (s[0] == 0xED && s[1] >= 0xA0) ||
        (s[0] == 0xF0 && s[1] < 0x90) || (s[0] == 0xF4 && s[1] >= 0x90))
        return 0;
    return k;
}

/* One escape after the backslash; 0, or -1 with the parser failed. */
static int string_escape(json_parser *p, sbuf *o)
{
    if (!left(p)) {
        json_fail(p, "unterminated string (ends in a backslash)");
        return -1;
    }
    char e = *p->s++, c;
    switch (e) {
    case 'n': c = '\n'; break;
    case 't': c = '\t'; break;
    case 'r': c = '\r'; break;
    case 'b': c = '\b'; break;
    case 'f': c = '\f'; break;
    case '"': case '\\': case '/': c = e; break;
    case 'u': {
        unsigned cp;
        char u[4];
        const char *err = unicode_escape(p, &cp);
        if (err) {
            json_fail(p, err);
            return -1;
        }
        return sbuf_put(o, u, utf8_encode(cp, u)) == 0 ? 0 : (json_fail(p, "out of memory"), -1);
    }
    default:
        json_fail(p, "bad escape in a string");
        return -1;
    }
    return sbuf_put(o, &c, 1) == 0 ? 0 : (json_fail(p, "out of memory"), -1);
}

char *json_parse_string(json_parser *p)
{
    if (!left(p) || *p->s != '"') {
        json_fail(p, "expected a string");
        return NULL;
    }
    p->s++;
    sbuf o = {0};
    if (sbuf_put(&o, "", 0) != 0) {
        json_fail(p, "out of memory");
        return NULL;
    }
    while (!p->failed) {
        if (!left(p)) {
            json_fail(p, "unterminated string");
            break;
        }
        unsigned char c = (unsigned char)*p->s;
        if (c == '"') {
            p->s++;
            return o.b;
        }
        if (c == '\\') {
            p->s++;
            string_escape(p, &o);
            continue;
        }
        size_t k = 1;
        if (c < 0x20)
            json_fail(p, "control character in a string (escape it)");
        else if (c >= 0x80 && (k = utf8_valid((const unsigned char *)p->s,
                                               (const unsigned char *)p->end)) == 0)
            json_fail(p, "invalid UTF-8 in a string");
        else if (sbuf_put(&o, p->s, k) != 0)
            json_fail(p, "out of memory");
        p->s += k;
    }
    free(o.b);
    return NULL;
}

static int is_digit(char c) { return c >= '0' && c <= '9'; }

/* RFC 8259: -? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?, and finite. */
static json_value *parse_number(json_parser *p)
{
    const char *q = p->s;
    if (q < p->end && *q == '-')
        q++;
    if (q >= p->end || !is_digit(*q)) {
        json_fail(p, "unexpected character (not a JSON value)");
        return NULL;
    }
    if (*q == '0' && q + 1 < p->end && is_digit(q[1])) {
        json_fail(p, "number with a leading zero");
        return NULL;
    }
    while (q < p->end && is_digit(*q))
        q++;
    if (q < p->end && *q == '.') {
        if (++q >= p->end || !is_digit(*q)) {
            json_fail(p, "number with no digit after '.'");
            return NULL;
        }
        while (q < p->end && is_digit(*q))
            q++;
    }
    if (q < p->end && (*q == 'e' || *q == 'E')) {
        if (++q < p->end && (*q == '+' || *q == '-'))
            q++;
        if (q >= p->end || !is_digit(*q)) {
            json_fail(p, "number with no digit in its exponent");
            return NULL;
        }
        while (q < p->end && is_digit(*q))
            q++;
    }
    char buf[JSON_MAX_NUMBER_CHARS + 1];
    size_t len = (size_t)(q - p->s);
    if (len > JSON_MAX_NUMBER_CHARS) {
        json_fail(p, "number too long");
        return NULL;
    }
    memcpy(buf, p->s, len);
    buf[len] = '\0';
    double d = strtod(buf, NULL);
    if (!isfinite(d)) {
        json_fail(p, "number out of range");
        return NULL;
    }
    p->s = q;
    json_value *v = json_new_value(p, JSON_NUMBER);
    if (v)
        v->num = d;
    return v;
}

json_value *json_parse_scalar(json_parser *p)
{
    static const struct { const char *word; json_type t; int b; } lits[] = {
        {"true", JSON_BOOL, 1}, {"false", JSON_BOOL, 0}, {"null", JSON_NULL, 0}};
    for (size_t i = 0; i < sizeof lits / sizeof lits[0]; i++) {
        size_t k = strlen(lits[i].word);
        if ((size_t)(p->end - p->s) >= k && memcmp(p->s, lits[i].word, k) == 0) {
            p->s += k;
            json_value *v = json_new_value(p, lits[i].t);
            if (v)
                v->boolean = lits[i].b;
            return v;
        }
    }
    return parse_number(p);
}

