/* The JSON writer escapes and separates correctly, and the reader reads back
 * what the writer wrote. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"

static char *write_sample(int pretty)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    json_writer w;
    json_init(&w, f, pretty);
    json_begin_object(&w, NULL);
    json_string(&w, "name", "a \"quoted\"\\ line\nwith\ttab");
    json_int(&w, "n", -42);
    json_uint(&w, "big", 18446744073709551615ULL);
    json_double(&w, "x", 3.25, 2);
    json_double(&w, "nan", NAN, 2);
    json_bool(&w, "yes", 1);
    json_null(&w, "nothing");
    json_begin_array(&w, "list");
    json_int(&w, NULL, 1);
    json_begin_object(&w, NULL);
    json_end_object(&w);
    json_begin_array(&w, NULL);
    json_end_array(&w);
    json_end_array(&w);
    json_end_object(&w);
    json_finish(&w);
    fclose(f);
    return buf;
}

static void test_roundtrip(void **s)
{
    (void)s;
    for (int pretty = 0; pretty < 2; pretty++) {
        char *text = write_sample(pretty);
        char msg[128];
        json_value *v = json_parse(text, msg, sizeof msg);
        if (!v)
            fail_msg("%s in %s", msg, text);
        assert_string_equal(json_get_str(v, "name", ""), "a \"quoted\"\\ line\nwith\ttab");
        assert_true(json_get_num(v, "n", 0) == -42);
        assert_true(json_get_num(v, "x", 0) == 3.25);
        assert_int_equal(json_get(v, "nan")->type, JSON_NULL);
        assert_int_equal(json_get(v, "yes")->boolean, 1);
        const json_value *list = json_get(v, "list");
        assert_int_equal(list->type, JSON_ARRAY);
        assert_true(list->child->num == 1);
        assert_int_equal(list->child->next->type, JSON_OBJECT);
        assert_null(json_get(v, "absent"));
        json_free(v);
        free(text);
    }
}

static void test_compact_form(void **s)
{
    (void)s;
    char *text = write_sample(0);
    assert_non_null(strstr(text, "\"n\":-42,\"big\":18446744073709551615,\"x\":3.25,\"nan\":null"));
    assert_non_null(strstr(text, "\"list\":[1,{},[]]}"));
    free(text);
}

static void test_errors(void **s)
{
    (void)s;
    const char *bad[] = {"", "{", "{\"a\" 1}", "[1,]", "{\"a\":1} x", "\"open", "[1 2]", "nul"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char msg[128] = "";
        json_value *v = json_parse(bad[i], msg, sizeof msg);
        assert_null(v);
        assert_non_null(strstr(msg, "JSON error at line"));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_roundtrip),
        cmocka_unit_test(test_compact_form),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
