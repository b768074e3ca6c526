/* json: a small streaming JSON writer (commas and escaping handled here) and
 * a small reader for the result files tpx saves and loads. */
#ifndef TPX_JSON_H
#define TPX_JSON_H

#include <stdio.h>

#define JSON_MAX_DEPTH 16

typedef struct json_writer {
    FILE *f;
    int depth;
    int count[JSON_MAX_DEPTH]; /* values written at each level */
    int pretty;
} json_writer;

void json_init(json_writer *w, FILE *f, int pretty);
void json_begin_object(json_writer *w, const char *key); /* key NULL inside arrays/top */
void json_end_object(json_writer *w);
void json_begin_array(json_writer *w, const char *key);
void json_end_array(json_writer *w);
void json_string(json_writer *w, const char *key, const char *v);
void json_int(json_writer *w, const char *key, long long v);
void json_uint(json_writer *w, const char *key, unsigned long long v);
void json_double(json_writer *w, const char *key, double v, int decimals);
void json_bool(json_writer *w, const char *key, int v);
void json_null(json_writer *w, const char *key);
/* Ends the document with a newline. */
void json_finish(json_writer *w);

/* ---- reader: a parsed tree ---------------------------------------------- */

typedef enum json_type { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT } json_type;

typedef struct json_value {
    json_type type;
    double num;
    int boolean;
    char *str;                 /* string value */
    char *key;                 /* key when inside an object */
    struct json_value *child;  /* first element / member */
    struct json_value *next;   /* next sibling */
} json_value;

/* Default limits of the reader (json_parse_n): a document larger is refused
 * before it can cost much memory or time.  A result file's reader sets its
 * own, from the most rows a file may hold (results_read.h). */
#define JSON_MAX_BYTES (16 << 20)
#define JSON_MAX_VALUES (1L << 20)
#define JSON_MAX_NESTING 32
#define JSON_MAX_NUMBER_CHARS 64

/* Parses exactly len bytes of strict RFC 8259 JSON (UTF-8; no NaN, no
 * duplicate keys, no \u0000, nothing after the document); NULL and a message
 * with line and column on error.  Free with json_free. */
json_value *json_parse_n(const char *text, size_t len, char *msg, size_t n);
/* The same with the limits given: at most max_bytes of text and max_values
 * values. */
json_value *json_parse_limited(const char *text, size_t len, size_t max_bytes, long max_values,
                               char *msg, size_t n);
/* The same on a NUL-terminated text. */
json_value *json_parse(const char *text, char *msg, size_t n);
void json_free(json_value *v);
const json_value *json_get(const json_value *obj, const char *key);
double json_get_num(const json_value *obj, const char *key, double dflt);
const char *json_get_str(const json_value *obj, const char *key, const char *dflt);
/* A number that is an integer within [lo, hi] (bounds clamped to +-2^53):
 * 0 and *out, else -1.  Range-checked before the cast, which is otherwise
 * undefined for values such as 1e300. */
int json_to_int(const json_value *v, long long lo, long long hi, long long *out);
/* v as a message quotes it: exactly, as few digits as read back as v
 * ("1000000001", "0.1", "4.9406564584124654e-324"), never "1e+09" for a
 * whole number a person would type in full. */
char *json_num_text(double v, char *buf, size_t n);

#endif
