/* Files written whole or not at all (file_write_atomic), and outputs that
 * name an input (file_same). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "file_write.h"

static char dir[64];

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/tpx_fw.XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

/* ctx: the text to write; "FAIL" writes half of it and fails. */
static int writer(FILE *f, const void *ctx)
{
    const char *text = ctx;
    if (strcmp(text, "FAIL") == 0) {
        fputs("FA", f);
        errno = EIO;
        return -1;
    }
    for (int i = 0; i < 2000; i++) /* 2000 lines: several stdio buffers */
        fputs(text, f);
    return 0;
}

static char *path_of(const char *name)
{
    static char p[4][128];
    static int k;
    k = (k + 1) % 4;
    snprintf(p[k], sizeof p[k], "%s/%s", dir, name);
    return p[k];
}

static long size_of(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 ? (long)st.st_size : -1;
}

/* Files in dir but the ones named (a temporary left behind shows here). */
static int others(const char *a, const char *b)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "ls -A '%s' | grep -v -x -e '%s' -e '%s' | grep -q .", dir, a, b);
    return system(cmd) == 0;
}

static void test_write_and_replace(void **state)
{
    (void)state;
    char msg[256];
    const char *p = path_of("a.txt");
    assert_int_equal(file_write_atomic(p, writer, "line\n", msg, sizeof msg), 0);
    assert_int_equal(size_of(p), 2000 * 5);
    chmod(p, 0640);
    assert_int_equal(file_write_atomic(p, writer, "longer line\n", msg, sizeof msg), 0);
    assert_int_equal(size_of(p), 2000 * 12);
    struct stat st;
    stat(p, &st);
    assert_int_equal(st.st_mode & 0777, 0640); /* a replaced file keeps its mode */
    /* a failing writer leaves the old file as it was, and nothing beside it */
    assert_int_equal(file_write_atomic(p, writer, "FAIL", msg, sizeof msg), -1);
    assert_non_null(strstr(msg, "cannot write"));
    assert_non_null(strstr(msg, "Input/output error"));
    assert_int_equal(size_of(p), 2000 * 12);
    assert_false(others("a.txt", "a.txt"));
}

static void test_refusals(void **state)
{
    (void)state;
    char msg[256];
    assert_int_equal(file_write_atomic(path_of("no/such/dir.txt"), writer, "x\n", msg, sizeof msg),
                     -1);
    assert_non_null(strstr(msg, "No such file or directory"));
    assert_int_equal(file_write_atomic(dir, writer, "x\n", msg, sizeof msg), -1);
    assert_non_null(strstr(msg, "Is a directory"));
    /* devices are written in place, and their errors reported */
    assert_int_equal(file_write_atomic("/dev/null", writer, "x\n", msg, sizeof msg), 0);
    assert_int_equal(file_write_atomic("/dev/full", writer, "x\n", msg, sizeof msg), -1);
    assert_non_null(strstr(msg, "No space left on device"));
}

/* file_write_new: a new file whole; over anything (a file, a dangling
 * link) EEXIST, the old one untouched and nothing left beside it. */
static void test_new_never_replaces(void **state)
{
    (void)state;
    char msg[256];
    const char *p = path_of("n.txt"), *link_path = path_of("dangling");
    assert_int_equal(file_write_new(p, writer, "line\n", msg, sizeof msg), 0);
    assert_int_equal(size_of(p), 2000 * 5);
    errno = 0;
    assert_int_equal(file_write_new(p, writer, "longer line\n", msg, sizeof msg), -1);
    assert_int_equal(errno, EEXIST);
    assert_non_null(strstr(msg, "File exists"));
    assert_int_equal(size_of(p), 2000 * 5);
    assert_int_equal(symlink(path_of("nowhere"), link_path), 0);
    assert_int_equal(file_write_new(link_path, writer, "x\n", msg, sizeof msg), -1);
    assert_int_equal(errno, EEXIST);
    assert_int_equal(size_of(path_of("nowhere")), -1); /* not written through the link */
    assert_int_equal(file_write_new(p, writer, "FAIL", msg, sizeof msg), -1);
    assert_false(others("n.txt", "dangling"));
}

static void test_symlink(void **state)
{
    (void)state;
    char msg[256];
    const char *target = path_of("target.txt"), *link = path_of("link.txt");
    assert_int_equal(file_write_atomic(target, writer, "old\n", msg, sizeof msg), 0);
    assert_int_equal(symlink("target.txt", link), 0);
    assert_int_equal(file_write_atomic(link, writer, "newer\n", msg, sizeof msg), 0);
    struct stat st;
    assert_int_equal(lstat(link, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    assert_int_equal(size_of(target), 2000 * 6);
    assert_false(others("target.txt", "link.txt"));
}

/* ulimit -f: the write fails with EFBIG (SIGXFSZ ignored), the old file stays. */
static void test_size_limit(void **state)
{
    (void)state;
    char msg[256];
    const char *p = path_of("limited.txt");
    assert_int_equal(file_write_atomic(p, writer, "x\n", msg, sizeof msg), 0);
    pid_t pid = fork();
    if (pid == 0) {
        signal(SIGXFSZ, SIG_IGN);
        struct rlimit rl = {2048, 2048};
        setrlimit(RLIMIT_FSIZE, &rl);
        int rc = file_write_atomic(p, writer, "a longer line\n", msg, sizeof msg);
        _exit(rc == -1 && strstr(msg, "File too large") ? 0 : 1);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    assert_int_equal(size_of(p), 2000 * 2);
    assert_false(others("limited.txt", "limited.txt"));
}

static void test_same(void **state)
{
    (void)state;
    char msg[256];
    const char *a = path_of("same.txt");
    assert_int_equal(file_write_atomic(a, writer, "x\n", msg, sizeof msg), 0);
    char other[160], viadot[160];
    snprintf(other, sizeof other, "%s/../%s/./same.txt", dir, strrchr(dir, '/') + 1);
    snprintf(viadot, sizeof viadot, "%s/./new.txt", dir);
    assert_true(file_same(a, other));
    assert_true(file_same(path_of("new.txt"), viadot)); /* neither exists yet */
    assert_false(file_same(a, path_of("new.txt")));
    assert_false(file_same("/dev/null", "/dev/null")); /* a device, not a file to destroy */
    assert_int_equal(symlink("same.txt", path_of("ln.txt")), 0);
    assert_true(file_same(a, path_of("ln.txt")));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_write_and_replace, setup, teardown),
        cmocka_unit_test_setup_teardown(test_refusals, setup, teardown),
        cmocka_unit_test_setup_teardown(test_new_never_replaces, setup, teardown),
        cmocka_unit_test_setup_teardown(test_symlink, setup, teardown),
        cmocka_unit_test_setup_teardown(test_size_limit, setup, teardown),
        cmocka_unit_test_setup_teardown(test_same, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
