#include "file_write.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int fail(const char *path, int err, char *msg, size_t n)
{
    snprintf(msg, n, "cannot write %s: %s", path, strerror(err ? err : EIO));
    errno = err ? err : EIO;
    return -1;
}

/* Runs fn on f and closes f; 0, or -1 with errno. */
static int run_writer(FILE *f, file_write_fn fn, const void *ctx, int sync)
{
    errno = 0;
    int bad = fn(f, ctx) != 0 || ferror(f) || fflush(f) != 0;
    int err = errno;
    if (!bad && sync && fsync(fileno(f)) != 0) {
        bad = 1;
        err = errno;
    }
    if (fclose(f) != 0 && !bad) {
        bad = 1;
        err = errno;
    }
    errno = err ? err : EIO;
    return bad ? -1 : 0;
}

/* A device, a FIFO: written in place, there is nothing to rename. */
static int write_direct(const char *path, file_write_fn fn, const void *ctx, char *msg, size_t n)
{
    FILE *f = fopen(path, "w");
    if (!f || run_writer(f, fn, ctx, 0) != 0)
        return fail(path, errno, msg, n);
    return 0;
}

/* "DIR/" of path ("" for a bare name) into dir. */
static void dir_of(const char *path, char *dir, size_t n)
{
    const char *slash = strrchr(path, '/');
    snprintf(dir, n, "%.*s", slash ? (int)(slash - path + 1) : 0, path);
}

/* A new file beside the target, created exclusively (mode 0666 less the umask). */
static int open_temp(const char *dir, char *tmp, size_t n)
{
    static unsigned counter;
    for (int tries = 0; tries < 100; tries++) {
        if ((size_t)snprintf(tmp, n, "%s.tpx-%ld-%u.tmp", dir, (long)getpid(), counter++) >= n) {
            errno = ENAMETOOLONG;
            return -1;
        }
        int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd >= 0 || errno != EEXIST)
            return fd;
    }
    return -1;
}

/* The rename is on the disk once the directory is. */
static void sync_dir(const char *dir)
{
    int fd = open(dir[0] ? dir : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
}

/* replace 0: the temporary file is linked to the name, which fails with
 * EEXIST when something is there (no check-then-write race). */
static int write_temp(const char *path, file_write_fn fn, const void *ctx, int replace, char *msg,
                      size_t n)
{
    char real[PATH_MAX], dir[PATH_MAX], tmp[PATH_MAX + 32];
    const char *target = path;
    struct stat st;
    if (!replace && lstat(path, &st) == 0)
        return fail(path, EEXIST, msg, n);
    /* through a symlink: the file it names is replaced, the link kept */
    if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode) && realpath(path, real))
        target = real;
    int exists = stat(target, &st) == 0;
    if (exists && S_ISDIR(st.st_mode))
        return fail(path, EISDIR, msg, n);
    if (exists && !S_ISREG(st.st_mode))
        return write_direct(path, fn, ctx, msg, n);
    dir_of(target, dir, sizeof dir);
    int fd = open_temp(dir, tmp, sizeof tmp);
    if (fd < 0)
        return fail(path, errno, msg, n);
    if (exists)
        (void)fchmod(fd, st.st_mode & 07777);
    FILE *f = fdopen(fd, "w");
    if (!f) {
        int err = errno;
        close(fd);
        unlink(tmp);
        return fail(path, err, msg, n);
    }
    if (run_writer(f, fn, ctx, 1) != 0 ||
        (replace ? rename(tmp, target) : link(tmp, target)) != 0) {
        int err = errno;
        unlink(tmp);
        return fail(path, err, msg, n);
    }
    if (!replace)
        unlink(tmp);
    sync_dir(dir);
    return 0;
}

int file_write_atomic(const char *path, file_write_fn fn, const void *ctx, char *msg, size_t n)
{
    return write_temp(path, fn, ctx, 1, msg, n);
}

int file_write_new(const char *path, file_write_fn fn, const void *ctx, char *msg, size_t n)
{
    return write_temp(path, fn, ctx, 0, msg, n);
}

/* The directory resolved, then the last name: "./x/../y.json" -> "/abs/y.json". */
static void canonical(const char *p, char *out, size_t n)
{
    char dir[PATH_MAX], real[PATH_MAX];
    const char *slash = strrchr(p, '/');
    dir_of(p, dir, sizeof dir);
    if (realpath(dir[0] ? dir : ".", real))
        snprintf(out, n, "%s/%s", real, slash ? slash + 1 : p);
    else
        snprintf(out, n, "%s", p);
}

int file_same(const char *a, const char *b)
{
    struct stat sa, sb;
    int ea = stat(a, &sa) == 0, eb = stat(b, &sb) == 0;
    if (ea && eb)
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino && S_ISREG(sa.st_mode);
    if (ea != eb)
        return 0;
    char ca[2 * PATH_MAX], cb[2 * PATH_MAX];
    canonical(a, ca, sizeof ca);
    canonical(b, cb, sizeof cb);
    return strcmp(ca, cb) == 0;
}
