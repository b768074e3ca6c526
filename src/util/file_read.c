#include "file_read.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* fstat on the open descriptor, not stat on the path: the file checked is
 * the file read. */
static int check_kind(int fd, const char *path, size_t max, const char *what, char *msg,
                      size_t n)
{
    struct stat st;
    if (fstat(fd, &st) != 0) {
        snprintf(msg, n, "cannot read %s: %s", path, strerror(errno));
        return -1;
    }
    if (S_ISDIR(st.st_mode)) {
        snprintf(msg, n, "%s is a directory, not a %s", path, what);
        return -1;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(msg, n, "%s is not a regular file (a device, FIFO or socket); give a %s", path,
                 what);
        return -1;
    }
    if ((unsigned long long)st.st_size > max) {
        snprintf(msg, n, "%s is too large (%lld bytes; a %s is at most %zu MiB)", path,
                 (long long)st.st_size, what, max >> 20);
        return -1;
    }
    return 0;
}

/* Reads at most max + 1 bytes: a file that grew past the limit after fstat
 * is caught without reading the rest. */
static char *read_all(int fd, const char *path, size_t max, const char *what, size_t *len,
                      char *msg, size_t n)
{
    size_t cap = 1 << 16, got = 0;
    char *buf = malloc(cap);
    while (buf) {
        if (got + 1 >= cap) {
            size_t ncap = cap * 2 > max + 2 ? max + 2 : cap * 2;
            char *g = ncap > cap ? realloc(buf, ncap) : NULL;
            if (!g) {
                free(buf);
                if (got > max)
                    snprintf(msg, n, "%s is too large (a %s is at most %zu MiB)", path, what,
                             max >> 20);
                else
                    snprintf(msg, n, "%s: out of memory", path);
                return NULL;
            }
            buf = g;
            cap = ncap;
        }
        ssize_t r = read(fd, buf + got, cap - got - 1);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            snprintf(msg, n, "cannot read %s: %s", path, strerror(errno));
            free(buf);
            return NULL;
        }
        if (r == 0)
            break;
        got += (size_t)r;
    }
    if (!buf) {
        snprintf(msg, n, "%s: out of memory", path);
        return NULL;
    }
    buf[got] = '\0';
    *len = got;
    return buf;
}

char *file_read_bounded(const char *path, size_t max, const char *what, size_t *len, char *msg,
                        size_t n)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        snprintf(msg, n, "cannot open %s: %s", path, strerror(errno));
        return NULL;
    }
    char *buf = NULL;
    if (check_kind(fd, path, max, what, msg, n) == 0)
        buf = read_all(fd, path, max, what, len, msg, n);
    close(fd);
    return buf;
}
