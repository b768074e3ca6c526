/* ukernel: a kernel written in tpx's kernel language (docs/language.md),
 * parsed from text into the pool of its expressions, and its moves
 * evaluated for one thread: the same phases-reps-moves shape as a catalog
 * kernel's move function (kernels/tpx_index.h), so the model, the views and
 * the checker take it as they take the catalog's. */
#ifndef TPX_UKERNEL_H
#define TPX_UKERNEL_H

#include <stddef.h>

#include "tpx_traits.h"
#include "ulang.h"

#define UK_MAX_TEXT 16384 /* bytes of a kernel's source */
#define UK_MAX_LINE 512   /* bytes of one line */
#define UK_MAX_REPS 64    /* moves per thread per phase */

/* One side of a move: A[i], B[i] or S[row][col]. */
typedef struct uk_ref {
    tpx_space space;
    int idx;      /* A, B: the index; S: the row */
    int col;      /* S: the column; -1 for A and B */
    int line, at; /* where it is written (1-based line, column) */
} uk_ref;

typedef struct uk_move {
    int guard; /* node, or -1: no guard */
    uk_ref dst, src;
    int nlets; /* the lets written before this move (evaluated first) */
    int line;
} uk_move;

typedef struct uk_let {
    int var, node, line;
} uk_let;

typedef struct ukernel {
    char name[UL_MAX_NAME + 1];
    int copy;            /* `copy`: B = A is the result, not A transposed */
    int grid[2];         /* GX, GY: nodes, or -1 for the default */
    int tile[2];         /* S's rows, columns: nodes, or -1 without a tile */
    int remap[2];        /* bx', by': nodes, or -1 */
    int reps[2];         /* per phase: nodes, or -1 for one */
    int phases;          /* 1 or 2 */
    int nosync;          /* 2 moves with no sync between: a race the check reports */
    uk_move mv[2];
    uk_let let[UL_MAX_LETS];
    int nlets;
    ulang_pool pool;
} ukernel;

/* Parse a kernel; 0, or -1 with the line, column and reason in *e.  The
 * text needs no NUL (len bytes).  Either way ukernel_free releases it. */
int ukernel_parse(const char *text, size_t len, ukernel *k, ulang_err *e);
void ukernel_free(ukernel *k);

/* The variables the dims-only expressions see, from a geometry (tx .. r 0). */
void ukernel_dims(const tpx_geom *g, tpx_xv *v);

/* The grid for a size and block: *gx, *gy (0 and *err with the failing
 * node when an expression fails). */
void ukernel_grid(const ukernel *k, const tpx_geom *g, long long *gx, long long *gy, int *err,
                  int *at);
/* The tile's rows and columns (0 without a tile). */
void ukernel_tile(const ukernel *k, const tpx_geom *g, long long *rows, long long *cols,
                  int *err, int *at);
/* Moves per thread in each phase (the larger of the two, at least 1). */
int ukernel_reps(const ukernel *k, const tpx_geom *g, int phase, int *err, int *at);

/* The tile block (bx, by) works on. */
void ukernel_remap(const ukernel *k, const tpx_geom *g, int bx, int by, long long *tbx,
                   long long *tby, int *err, int *at);

/* A move evaluated for one thread, everything the checker needs. */
typedef struct uk_eval {
    tpx_move m;            /* indices in elements of each space; ok: the guard passed */
    long long srow, scol;  /* the shared side's row and column */
    int err, at;           /* a failed evaluation: TPX_XE_*, the node */
} uk_eval;

/* Move `rep` of `phase` for thread (tx, ty) working on tile (tbx, tby);
 * tile_cols is the shared tile's row length (ukernel_tile). */
void ukernel_move(const ukernel *k, const tpx_geom *g, long long tile_cols, int phase, int rep,
                  long long tbx, long long tby, int tx, int ty, uk_eval *out);

#endif
