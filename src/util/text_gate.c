/* The gate over stdout and stderr: a stdio cookie stream (glibc's
 * fopencookie) that escapes each character as text_escape does before it
 * reaches the real stream. */
#define _GNU_SOURCE /* fopencookie */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "text.h"

typedef struct gate {
    FILE *under;
    unsigned char carry[4]; /* the start of a UTF-8 sequence cut by the last write */
    size_t ncarry;
} gate;

static FILE *raw_out, *raw_err;

/* Escapes len bytes of s into under; with `final`, a sequence cut at the end
 * is escaped byte by byte, else it is kept in g->carry for the next write. */
static int gate_put(gate *g, const unsigned char *s, size_t len, int final)
{
    while (len) {
        uint32_t cp;
        if (!final && text_utf8_next(s, len, &cp) < 0) {
            memcpy(g->carry, s, len); /* at most 3 bytes */
            g->ncarry = len;
            return 0;
        }
        char out[16];
        size_t used, n = s[0] == '\n' ? (used = 1, out[0] = '\n', 1)
                                      : text_escape(s, len, &used, out);
        if (fwrite(out, 1, n, g->under) != n)
            return -1;
        s += used;
        len -= used;
    }
    return 0;
}

static ssize_t gate_write(void *cookie, const char *buf, size_t size)
{
    gate *g = cookie;
    const unsigned char *s = (const unsigned char *)buf;
    size_t done = 0;
    while (g->ncarry && done < size) { /* complete the sequence the last write cut */
        g->carry[g->ncarry++] = s[done++];
        while (g->ncarry) {
            uint32_t cp;
            int k = text_utf8_next(g->carry, g->ncarry, &cp);
            if (k < 0)
                break; /* still short */
            size_t take = k > 0 ? (size_t)k : 1; /* whole, or its first byte escaped */
            if (gate_put(g, g->carry, take, 1) != 0)
                return -1;
            memmove(g->carry, g->carry + take, g->ncarry - take);
            g->ncarry -= take;
        }
    }
    if (gate_put(g, s + done, size - done, 0) != 0 || fflush(g->under) != 0)
        return -1;
    return (ssize_t)size;
}

static int gate_close(void *cookie)
{
    gate *g = cookie;
    int rc = gate_put(g, g->carry, g->ncarry, 1);
    int err = errno;
    if (fclose(g->under) != 0 && rc == 0) {
        rc = -1;
        err = errno;
    }
    free(g);
    errno = err;
    return rc;
}

/* A gate over under, its state in *out. */
static FILE *gate_stream(FILE *under, gate **out)
{
    gate *g = calloc(1, sizeof *g);
    *out = g;
    if (!g)
        return NULL;
    g->under = under;
    cookie_io_functions_t io = {.write = gate_write, .close = gate_close};
    FILE *f = fopencookie(g, "w", io);
    if (!f) {
        free(g);
        *out = NULL;
    }
    return f;
}

FILE *text_gate_open(FILE *under)
{
    gate *g;
    return gate_stream(under, &g);
}

/* The installed gates' states.  stderr's is never closed, and glibc keeps a
 * cookie stream's pointer to its state in memory that LeakSanitizer does not
 * scan: held here, it is not taken for a leak at exit. */
static gate *installed[2];

FILE *text_raw_stdout(void) { return raw_out ? raw_out : stdout; }
FILE *text_raw_stderr(void) { return raw_err ? raw_err : stderr; }

int text_gate_install(void)
{
    if (raw_out)
        return 0;
    FILE *err = gate_stream(stderr, &installed[0]);
    FILE *out = err ? gate_stream(stdout, &installed[1]) : NULL;
    if (!out) /* out of memory at start: err (if made) is left unused, stderr kept */
        return -1;
    setvbuf(err, NULL, _IONBF, 0);
    setvbuf(out, NULL, isatty(STDOUT_FILENO) ? _IOLBF : _IOFBF, BUFSIZ);
    raw_out = stdout;
    raw_err = stderr;
    stdout = out;
    stderr = err;
    return 0;
}

int text_gate_finish_stdout(void)
{
    errno = 0; /* an error flag set earlier, with no errno of its own: "write error" */
    int bad = ferror(stdout);
    int rc = fflush(stdout) != 0 || bad ? -1 : 0; /* flushed whatever the flag says */
    int err = errno;
    gate *g = installed[1];
    if (raw_out && stdout != raw_out && g && g->ncarry) { /* a sequence cut at the very end */
        if (gate_put(g, g->carry, g->ncarry, 1) != 0 && rc == 0)
            rc = -1, err = errno;
        g->ncarry = 0;
    }
    FILE *raw = text_raw_stdout();
    if ((fflush(raw) != 0 || ferror(raw)) && rc == 0)
        rc = -1, err = errno;
    /* An error that only close(2) reports (NFS) shows on a duplicate's close,
     * and the descriptor stays open. */
    int fd = dup(fileno(raw));
    if (fd >= 0 && close(fd) != 0 && rc == 0)
        rc = -1, err = errno;
    /* Nothing is closed or freed: code that runs after main returns keeps
     * FILE pointers it took earlier (Nsight Compute's injection library and
     * the CUDA runtime, from CUDA's start, when stdout was already the
     * gate) and writes through them at exit.  Closing the gate freed its
     * FILE under them: under ncu 1 tpx in 6 aborted at exit ("malloc():
     * mismatching next->prev_size" in the runtime's exit handler). */
    errno = err;
    return rc;
}
