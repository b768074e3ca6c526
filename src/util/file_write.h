/* file_write: a file tpx writes (--out, --save, export -o) appears whole or
 * not at all.  It is written to a temporary file in the same directory,
 * flushed to the disk and renamed over the target, so a reader beside the
 * writer, two writers at once, a full disk or a file size limit (ulimit -f)
 * never leave half a file.  Paths that are not regular files (/dev/null,
 * /dev/stdout, a FIFO) are written directly: there is nothing to rename. */
#ifndef TPX_FILE_WRITE_H
#define TPX_FILE_WRITE_H

#include <stddef.h>
#include <stdio.h>

/* Writes the document to f; 0, or -1 when it could not (errno set).  A
 * stream error (ferror) counts as a failure too. */
typedef int (*file_write_fn)(FILE *f, const void *ctx);

/* Writes path whole through fn; 0, or -1 with "cannot write PATH: reason"
 * in msg and nothing left behind: the old file, if any, is as it was.  A
 * new file gets 0666 less the umask, a replaced one keeps its mode.  The
 * caller ignores SIGXFSZ (main does), so that a file size limit is a
 * write error (EFBIG) rather than the end of the process mid-file. */
int file_write_atomic(const char *path, file_write_fn fn, const void *ctx, char *msg, size_t n);

/* The same for a file that must not exist yet: -1 with errno EEXIST (and
 * nothing written) when path names anything, even a link or a device. */
int file_write_new(const char *path, file_write_fn fn, const void *ctx, char *msg, size_t n);

/* 1 when a and b name one file: the same inode where both exist, else the
 * same path once its directory is resolved (symlinks, "..", "./").  Two
 * names of one device (/dev/null twice) are not "one file": writing a
 * device twice destroys nothing. */
int file_same(const char *a, const char *b);

#endif
