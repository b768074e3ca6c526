/* json_parse: the parser's state and its lexical pieces (json_read.c), shared
 * with the tree builder (json_tree.c).  Internal to src/util. */
#ifndef TPX_JSON_PARSE_H
#define TPX_JSON_PARSE_H

#include <stddef.h>

#include "json.h"

typedef struct json_parser {
    const char *s, *start, *end; /* next byte, first byte, one past the last */
    char *msg;
    size_t n;
    long values; /* values created so far, against max_values */
    long max_values;
    int failed;
} json_parser;

/* The first failure wins: its message, with line and column, goes to msg. */
void json_fail(json_parser *p, const char *what);
void json_skip_ws(json_parser *p);
json_value *json_new_value(json_parser *p, json_type t);
/* A string at p->s, as a NUL-terminated UTF-8 copy; NULL on failure. */
char *json_parse_string(json_parser *p);
/* A number, true, false or null. */
json_value *json_parse_scalar(json_parser *p);

#endif
