/* ucheck_map: the check of a user kernel (ucheck.h) kept for the Map view:
 * the report (counts over the whole matrix, first offenders) and, for every
 * element of B, what the walk found there (UC_MARK_* bits), with coarser
 * levels (level k: the OR over each aligned 2^k x 2^k square) so that a cell
 * standing for many elements is marked when any of them is, at any zoom, in
 * a few lookups.  Built once off the key path (the model worker), then only
 * read; shared by reference between the memo and the scene. */
#ifndef TPX_UCHECK_MAP_H
#define TPX_UCHECK_MAP_H

#include <stdatomic.h>

#include "ucheck.h"

#define UCHECK_MAP_LEVELS 28 /* 2^27 > the 2^26 elements the check walks */

typedef struct ucheck_map {
    atomic_int refs;
    tpx_config cfg;
    ucheck_report rep;
    long long rows, cols; /* B */
    int copy;             /* B is A copied (a `copy` kernel), not transposed */
    int nlev;
    long long lr[UCHECK_MAP_LEVELS], lc[UCHECK_MAP_LEVELS]; /* each level's rows, columns */
    unsigned char *lev[UCHECK_MAP_LEVELS];
} ucheck_map;

/* Checks c (a user kernel's valid config) and keeps the result.  NULL when
 * cancelled or out of memory (*rc 1 or -1); otherwise *rc is ucheck_run's
 * and the map holds the report, with marks only where the walk ran (nlev 0
 * otherwise).  One reference, the caller's. */
ucheck_map *ucheck_map_build(const tpx_config *c, const atomic_int *cancel, int *rc);
/* The same over marks already walked (taken: freed here), for the tests;
 * marks may be NULL. */
ucheck_map *ucheck_map_adopt(const tpx_config *c, const ucheck_report *r, unsigned char *marks);

ucheck_map *ucheck_map_ref(ucheck_map *m);
/* Drops a reference (m may be NULL); the last frees it. */
void ucheck_map_release(ucheck_map *m);

/* The UC_MARK_* bits of the elements of B in rows [r, r + s) and columns
 * [c, c + s) (s >= 1; clipped to B), OR-ed; 0 outside B or without marks.
 * One lookup for a cell aligned to a power-of-two size, as the Map's are. */
unsigned ucheck_map_at(const ucheck_map *m, long long r, long long c, long long s);

/* The same bits for the elements of A in rows [r, r + s) and columns
 * [c, c + s) of A: each carries the mark of its place in B (A's (y, x) is
 * B's (x, y), the same place for a copy), so A shows the elements whose
 * value did not reach B (wrong, unwritten) or reached it twice.  A's cell is
 * B's transposed, so it is one lookup as well. */
unsigned ucheck_map_at_a(const ucheck_map *m, long long r, long long c, long long s);

/* B's row and column of element index i. */
void ucheck_map_rc(const ucheck_map *m, long long i, long long *r, long long *c);

#endif
