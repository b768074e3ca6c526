/* file_read: reading a file given on the command line (--load, --replay, a tour)
 * without trusting it: regular files only, never blocking (a FIFO), and never
 * more than a size limit (/dev/zero, a 50 MB file) held in memory. */
#ifndef TPX_FILE_READ_H
#define TPX_FILE_READ_H

#include <stddef.h>

/* The whole file, NUL-terminated, its length in *len; NULL and a message
 * naming the path ("is a directory, not a WHAT", "not a regular file", "too
 * large", "cannot read PATH: Input/output error") otherwise.  what: the kind
 * of file wanted, "result file".  Free with free(). */
char *file_read_bounded(const char *path, size_t max, const char *what, size_t *len, char *msg,
                        size_t n);

#endif
