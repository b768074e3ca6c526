/* ucheck: the check of a user kernel (docs/language.md) before anything
 * runs: every move of every thread of the launch evaluated on the CPU for
 * the config's size and block, and the result held to A transposed (or to
 * A, for a kernel that says `copy`): elements of B never written, written
 * twice or with the wrong element, reads and writes out of bounds, reads of
 * the tile that no thread wrote, a race on the tile (a thread reading an
 * element another thread wrote with no barrier between), and expressions
 * that fail (a division by zero, an overflow).  Each finding keeps its
 * first offender: the thread, the move, the element, the line. */
#ifndef TPX_UCHECK_H
#define TPX_UCHECK_H

#include <stdatomic.h>
#include <stddef.h>

#include "config.h"
#include "ukernel.h"

/* Largest matrix the check walks: 2^26 elements (8192 x 8192). */
#define UCHECK_MAX_ELEMS (1LL << 26)

typedef enum ucheck_kind {
    UC_EVAL,      /* an expression failed */
    UC_OOB_WRITE, /* B or S written out of bounds */
    UC_OOB_READ,  /* A or S read out of bounds */
    UC_RACE,      /* the tile shared without a barrier, or written by two threads */
    UC_UNINIT,    /* a tile element read that no thread of the block wrote */
    UC_WRONG,     /* an element of B written with another element of A */
    UC_TWICE,     /* an element of B written more than once */
    UC_UNWRITTEN, /* an element of B never written */
    UC_NKINDS
} ucheck_kind;

/* The first offender of a kind. */
typedef struct ucheck_at {
    int bx, by, tx, ty;    /* the launch block and the thread */
    int phase, rep, line;  /* the move (line of the kernel's source) */
    long long row, col;    /* the element: of B, A or S (by kind) */
    long long index;       /* its index (A, B: elements; S: row * columns + column) */
    long long other;       /* UC_WRONG: the A index written; UC_RACE, UC_TWICE: the other
                            * thread (ty * BX + tx); UC_EVAL: the TPX_XE_* code */
    int node_col;          /* UC_EVAL: the column of the failing operator */
    char space;            /* 'A', 'B' or 'S' */
    int writes;            /* the offending access is a write (else a read) */
} ucheck_at;

typedef struct ucheck_report {
    int checked;                       /* 0: not walked (msg says why) */
    long long count[UC_NKINDS];
    ucheck_at first[UC_NKINDS];
    long long moves;                   /* moves evaluated */
    long long tile_rows, tile_cols;    /* the shared tile (0 without one) */
    char msg[256];
} ucheck_report;

/* Check config c (a valid config of a user kernel). 0 when the walk ran
 * (whatever it found), -1 when it could not (too large, not a user
 * kernel, out of memory; r->msg says), 1 when *cancel (may be NULL; another
 * thread sets it) became non-zero. */
int ucheck_run(const tpx_config *c, ucheck_report *r, const atomic_int *cancel);

/* The same for a kernel not (yet) in the registry: k as parsed, c's kernel
 * ignored (the editor checks the text as it is typed). */
int ucheck_kernel(const ukernel *k, const tpx_config *c, ucheck_report *r,
                  const atomic_int *cancel);

/* What the walk found at an element of B (ucheck_run_marks), bits. */
enum { UC_MARK_UNWRITTEN = 1, UC_MARK_TWICE = 2, UC_MARK_WRONG = 4 };

/* ucheck_run, and where the walk ran (returned 0), *marks gets B's elements'
 * UC_MARK_* bits, W * H bytes in B's order (malloc'd: the caller frees); NULL
 * otherwise.  The Map draws them (ucheck_map.h). */
int ucheck_run_marks(const tpx_config *c, ucheck_report *r, unsigned char **marks,
                     const atomic_int *cancel);
int ucheck_kernel_marks(const ukernel *k, const tpx_config *c, ucheck_report *r,
                        unsigned char **marks, const atomic_int *cancel);

/* Whether the kernel passed: walked and nothing found. */
int ucheck_ok(const ucheck_report *r);

/* "never written", "race on the tile", ... */
const char *ucheck_kind_name(ucheck_kind k);

/* The verdict in one line ("B is A transposed: ...", or the worst finding). */
void ucheck_verdict(const tpx_config *c, const ucheck_report *r, char *buf, size_t n);
/* Finding i (of UC_NKINDS) in words, with its first offender; returns 0 when
 * there is none of that kind. */
int ucheck_explain(const tpx_config *c, const ucheck_report *r, ucheck_kind k, char *buf,
                   size_t n);

#endif
