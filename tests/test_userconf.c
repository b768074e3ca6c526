/* The config file (userconf.h): its keys set defaults, and a file that
 * cannot be trusted (an unknown key, a bad value, control characters,
 * bytes that are not UTF-8, a huge line, a NUL byte, a huge file, a
 * directory) gives notes that name the file and line, hold no raw control
 * character, and never stop tpx: what they concern is ignored. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "userconf.h"

static userconf uc;

static void parse(const char *text) { userconf_parse("cfg", text, strlen(text), &uc); }

/* No byte below 0x20 and no DEL in any note: they reach a terminal. */
static void assert_notes_clean(void)
{
    for (int i = 0; i < uc.nnotes; i++)
        for (const unsigned char *p = (const unsigned char *)uc.notes[i]; *p; p++)
            assert_true(*p >= 0x20 && *p != 0x7f);
}

static void test_values(void **state)
{
    (void)state;
    parse("# my defaults\n\n  size = 8192x4096  \ndtype=f16\r\nprofile\t=\th200\n");
    assert_int_equal(uc.nnotes, 0);
    assert_string_equal(userconf_get(&uc, "size"), "8192x4096");
    assert_string_equal(userconf_get(&uc, "dtype"), "f16");
    assert_string_equal(userconf_get(&uc, "profile"), "h200");
    assert_null(userconf_get(&uc, "kernel")); /* no such key: the option keeps its default */
    parse("size = 1024"); /* no newline at the end */
    assert_string_equal(userconf_get(&uc, "size"), "1024");
    parse("");
    assert_int_equal(uc.nnotes, 0);
    assert_null(userconf_get(&uc, "size"));
    assert_string_equal(userconf_keys_list(), "profile, size, dtype, theme");
}

static void test_bad_lines(void **state)
{
    (void)state;
    parse("size = 1024\nbogus = 1\nsize = 2048\ndtype = f99\nnothing here\nprofile = nosuch\n"
          "dtype =\nprofile = h200\n");
    assert_string_equal(userconf_get(&uc, "size"), "1024"); /* the first stays */
    assert_null(userconf_get(&uc, "dtype"));
    assert_string_equal(userconf_get(&uc, "profile"), "h200"); /* after a refused one */
    assert_int_equal(uc.nnotes, 6);
    assert_string_equal(uc.notes[0], "cfg:2: unknown key 'bogus' (keys: profile, size, dtype, theme); "
                                     "ignored");
    assert_string_equal(uc.notes[1], "cfg:3: size is set again (first on line 1); ignored");
    assert_non_null(strstr(uc.notes[2], "cfg:4: dtype: "));
    assert_non_null(strstr(uc.notes[2], "f99"));
    assert_string_equal(uc.notes[3], "cfg:5: 'nothing here' is not 'key = value'; ignored");
    assert_non_null(strstr(uc.notes[4], "cfg:6: profile: "));
    assert_string_equal(uc.notes[5], "cfg:7: dtype '': no value; ignored");
    assert_notes_clean();
}

static void test_hostile(void **state)
{
    (void)state;
    /* an escape sequence, a bidi override, bytes that are not UTF-8 */
    parse("size = 1024\n\x1b]0;pwned\x07\x1b[2J = 1\ndtype = f32\xe2\x80\xae\nprofile = \xff\xfe\n");
    assert_string_equal(userconf_get(&uc, "size"), "1024");
    assert_null(userconf_get(&uc, "dtype"));
    assert_null(userconf_get(&uc, "profile"));
    assert_int_equal(uc.nnotes, 3);
    assert_non_null(strstr(uc.notes[0], "cfg:2: '\\x1b]0;pwned\\x07\\x1b[2J = 1' holds control"));
    assert_non_null(strstr(uc.notes[1], "cfg:3: "));
    assert_non_null(strstr(uc.notes[2], "cfg:4: "));
    assert_notes_clean();
    for (int i = 0; i < uc.nnotes; i++)
        assert_null(strstr(uc.notes[i], "\xe2\x80\xae")); /* the override escaped, not kept */
}

static void test_huge_line_and_binary(void **state)
{
    (void)state;
    size_t n = 100000;
    char *text = malloc(n + 32);
    assert_non_null(text);
    memset(text, 'a', n);
    memcpy(text + n, "\nsize = 512\n", 13);
    userconf_parse("cfg", text, strlen(text), &uc);
    assert_int_equal(uc.nnotes, 1);
    assert_string_equal(uc.notes[0], "cfg:1: longer than 1024 bytes; ignored");
    assert_string_equal(userconf_get(&uc, "size"), "512"); /* the next line still counts */
    /* a NUL: not a text file, nothing of it used */
    memcpy(text, "size = 512\n\0dtype = f16\n", 24);
    userconf_parse("cfg", text, 24, &uc);
    assert_int_equal(uc.nnotes, 1);
    assert_non_null(strstr(uc.notes[0], "cfg: holds a NUL byte"));
    assert_null(userconf_get(&uc, "size"));
    /* many bad lines: a few notes, then a count */
    for (size_t i = 0; i < 2000; i++)
        text[i] = i % 2 ? '\n' : '\x80';
    userconf_parse("cfg", text, 2000, &uc);
    assert_int_equal(uc.nnotes, USERCONF_MAX_NOTES);
    assert_int_equal(uc.more, 1000 - USERCONF_MAX_NOTES);
    assert_notes_clean();
    free(text);
}

/* A long value is quoted in part, never cut inside a character. */
static void test_quote_cut(void **state)
{
    (void)state;
    char text[256] = "";
    for (int i = 0; i < 30; i++)
        strcat(text, "\xc3\xa9"); /* é, two bytes each */
    strcat(text, "\n");
    parse(text);
    assert_int_equal(uc.nnotes, 1);
    assert_non_null(strstr(uc.notes[0], "...' is not 'key = value'"));
    assert_non_null(strstr(uc.notes[0], "'\xc3\xa9"));
    assert_null(strstr(uc.notes[0], "\\x")); /* no half character escaped */
}

static void test_files(void **state)
{
    (void)state;
    char dir[] = "/tmp/test_userconf.XXXXXX", path[256], big[256];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/none", dir);
    userconf_read(path, &uc); /* missing: no config, no note */
    assert_int_equal(uc.nnotes, 0);
    userconf_read(dir, &uc); /* a directory */
    assert_int_equal(uc.nnotes, 1);
    assert_non_null(strstr(uc.notes[0], "directory"));
    snprintf(big, sizeof big, "%s/big", dir);
    FILE *f = fopen(big, "w");
    assert_non_null(f);
    for (int i = 0; i < 10000; i++)
        fputs("size = 1024\n", f);
    fclose(f);
    userconf_read(big, &uc);
    assert_int_equal(uc.nnotes, 1);
    assert_non_null(strstr(uc.notes[0], "120000 bytes, more than a config file's 65536; ignored"));
    assert_null(userconf_get(&uc, "size"));
    unlink(big);
    rmdir(dir);
}

static void test_path(void **state)
{
    (void)state;
    char buf[256];
    setenv("XDG_CONFIG_HOME", "/x/conf", 1);
    setenv("HOME", "/home/me", 1);
    assert_string_equal(userconf_path(buf, sizeof buf), "/x/conf/tpx/config");
    setenv("XDG_CONFIG_HOME", "relative", 1); /* the XDG spec: a relative path is ignored */
    assert_string_equal(userconf_path(buf, sizeof buf), "/home/me/.config/tpx/config");
    unsetenv("XDG_CONFIG_HOME");
    assert_string_equal(userconf_path(buf, sizeof buf), "/home/me/.config/tpx/config");
    unsetenv("HOME");
    assert_null(userconf_path(buf, sizeof buf));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_values),         cmocka_unit_test(test_bad_lines),
        cmocka_unit_test(test_hostile),        cmocka_unit_test(test_huge_line_and_binary),
        cmocka_unit_test(test_quote_cut),      cmocka_unit_test(test_files),
        cmocka_unit_test(test_path),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
