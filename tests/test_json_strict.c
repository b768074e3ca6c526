/* The JSON reader refuses every malformed or hostile text with a message
 * naming the problem, and reads the edge cases RFC 8259 allows. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"

typedef struct bad_case {
    const char *text;
    size_t len; /* 0: strlen(text) */
    const char *want; /* substring of the message */
} bad_case;

static const bad_case bad[] = {
    {"{\"\\", 0, "ends in a backslash"},
    {"\"\\", 0, "ends in a backslash"},
    {"{\"a\":\"x\\", 0, "ends in a backslash"},
    {"", 0, "unexpected end"},
    {"   ", 0, "unexpected end"},
    {"{", 0, "expected a string"},
    {"[1,", 0, "unexpected end"},
    {"[1 2]", 0, "expected ',' or ']'"},
    {"{\"a\" 1}", 0, "expected ':'"},
    {"{\"a\":1,}", 0, "expected a string"},
    {"[1,]", 0, "not a JSON value"},
    {"NaN", 0, "not a JSON value"},
    {"[Infinity]", 0, "not a JSON value"},
    {"[-Infinity]", 0, "not a JSON value"},
    {"[0x10]", 0, "expected ',' or ']'"},
    {"[+1]", 0, "not a JSON value"},
    {"[01]", 0, "leading zero"},
    {"[-01]", 0, "leading zero"},
    {"[1.]", 0, "no digit after '.'"},
    {"[.5]", 0, "not a JSON value"},
    {"[1e]", 0, "exponent"},
    {"[1e+]", 0, "exponent"},
    {"[1e400]", 0, "out of range"},
    {"[-1e400]", 0, "out of range"},
    {"[1111111111111111111111111111111111111111111111111111111111111111111]", 0, "too long"},
    {"[\"a\tb\"]", 0, "control character"},
    {"[\"a\nb\"]", 0, "control character"},
    {"[\"\\u0000\"]", 0, "NUL"},
    {"[\"\\u12\"]", 0, "four hex digits"},
    {"[\"\\u12g4\"]", 0, "four hex digits"},
    {"[\"\\ud800\"]", 0, "without its low half"},
    {"[\"\\ud800\\u0041\"]", 0, "without its low half"},
    {"[\"\\udc00\"]", 0, "lone low surrogate"},
    {"[\"\\x41\"]", 0, "bad escape"},
    {"[\"\\'\"]", 0, "bad escape"},
    {"[\"\xff\"]", 0, "invalid UTF-8"},
    {"[\"\xc0\xaf\"]", 0, "invalid UTF-8"},      /* overlong '/' */
    {"[\"\xed\xa0\x80\"]", 0, "invalid UTF-8"},  /* an encoded surrogate */
    {"[\"\xe2\x82\"]", 0, "invalid UTF-8"},      /* truncated */
    {"{\"a\":1,\"a\":2}", 0, "duplicate key \"a\""},
    {"{\"b\":1,\"a\":{},\"c\":0,\"a\":[]}", 0, "duplicate key"},
    {"{} x", 0, "trailing characters"},
    {"{}{}", 0, "trailing characters"},
    {"[1] ]", 0, "trailing characters"},
    {"tru", 0, "not a JSON value"},
    {"nul", 0, "not a JSON value"},
    {"[true false]", 0, "expected ',' or ']'"},
    {"\"abc", 0, "unterminated string"},
    {"[\"a\"\v]", 0, "expected ',' or ']'"}, /* \v is not JSON whitespace */
    {"[1]\0", 4, "trailing characters"},     /* a NUL inside the length */
};

static void test_malformed(void **s)
{
    (void)s;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char msg[200] = "";
        size_t len = bad[i].len ? bad[i].len : strlen(bad[i].text);
        /* An exact-size copy: a read past the end shows under ASan/valgrind. */
        char *copy = malloc(len ? len : 1);
        memcpy(copy, bad[i].text, len);
        json_value *v = json_parse_n(copy, len, msg, sizeof msg);
        free(copy);
        if (v || !strstr(msg, bad[i].want))
            fail_msg("case %zu (%s): got \"%s\", want \"%s\"", i, bad[i].text, msg, bad[i].want);
        assert_non_null(strstr(msg, "JSON error at line 1"));
    }
}

static void test_depth_and_size_limits(void **s)
{
    (void)s;
    char msg[200];
    char deep[2 * (JSON_MAX_NESTING + 2) + 1];
    int d = JSON_MAX_NESTING + 2;
    memset(deep, '[', (size_t)d);
    memset(deep + d, ']', (size_t)d);
    deep[2 * d] = '\0';
    assert_null(json_parse(deep, msg, sizeof msg));
    assert_non_null(strstr(msg, "nested too deeply"));
    d = JSON_MAX_NESTING; /* exactly at the limit: read */
    deep[d] = '\0';
    memset(deep, '[', (size_t)d);
    memset(deep + d, ']', (size_t)d);
    deep[2 * d] = '\0';
    json_value *v = json_parse(deep, msg, sizeof msg);
    assert_non_null(v);
    json_free(v);

    /* Too many values: a dense array is refused before it costs much memory. */
    size_t n = (size_t)JSON_MAX_VALUES + 2, len = 2 * n + 1;
    char *big = malloc(len + 1);
    big[0] = '[';
    for (size_t i = 0; i < n; i++) {
        big[1 + 2 * i] = '0';
        big[2 + 2 * i] = ',';
    }
    big[len - 1] = ']';
    big[len] = '\0';
    assert_null(json_parse_n(big, len, msg, sizeof msg));
    assert_non_null(strstr(msg, "too many values"));
    assert_null(json_parse_n(big, (size_t)JSON_MAX_BYTES + 1, msg, sizeof msg) );
    free(big);
}

static void test_line_and_column(void **s)
{
    (void)s;
    char msg[200];
    assert_null(json_parse("{\n  \"a\": 01\n}", msg, sizeof msg));
    assert_non_null(strstr(msg, "line 2, column 8"));
}

static void test_valid_edges(void **s)
{
    (void)s;
    char msg[200];
    const char *text = "{\"zero\":0,\"neg\":-0,\"e\":1E+2,\"f\":-1.5e-3,\"tiny\":1e-400,"
                       "\"big\":1.7976931348623157e308,\"u\":\"\\u00e9\\ud83d\\ude00\\/\","
                       "\"raw\":\"\xc3\xa9\xf0\x9f\x98\x80\",\"esc\":\"\\u001b[2J\","
                       "\"empty\":{},\"list\":[],\"t\":true,\"n\":null,\"\":\"empty key\"}";
    json_value *v = json_parse(text, msg, sizeof msg);
    if (!v)
        fail_msg("%s", msg);
    assert_true(json_get_num(v, "e", 0) == 100.0);
    assert_true(json_get_num(v, "f", 0) == -0.0015);
    assert_true(json_get_num(v, "tiny", 1) == 0.0);
    assert_true(json_get_num(v, "big", 0) > 1e308);
    assert_string_equal(json_get_str(v, "u", ""), "\xc3\xa9\xf0\x9f\x98\x80/");
    assert_string_equal(json_get_str(v, "raw", ""), "\xc3\xa9\xf0\x9f\x98\x80");
    assert_string_equal(json_get_str(v, "esc", ""), "\x1b[2J"); /* read; escaped when printed */
    assert_string_equal(json_get_str(v, "", ""), "empty key");
    long long i;
    assert_int_equal(json_to_int(json_get(v, "e"), 0, 1000, &i), 0);
    assert_int_equal(i, 100);
    assert_int_equal(json_to_int(json_get(v, "big"), 0, 1LL << 62, &i), -1); /* no UB cast */
    assert_int_equal(json_to_int(json_get(v, "f"), -10, 10, &i), -1);       /* not whole */
    assert_int_equal(json_to_int(json_get(v, "n"), 0, 10, &i), -1);
    json_free(v);
    const char *scalars[] = {"0", "-0.0e0", "\"\"", "true", "null", " \t\r\n[] \n"};
    for (size_t k = 0; k < sizeof scalars / sizeof scalars[0]; k++) {
        v = json_parse(scalars[k], msg, sizeof msg);
        if (!v)
            fail_msg("%s: %s", scalars[k], msg);
        json_free(v);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_malformed),
        cmocka_unit_test(test_depth_and_size_limits),
        cmocka_unit_test(test_line_and_column),
        cmocka_unit_test(test_valid_edges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
