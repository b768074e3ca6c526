/* tour_claim: what a tour step says about its numbers, in a form a program
 * checks, and the figures its text quotes.  Both are read from the live
 * snapshot, the same numbers the explorer shows at that step: a measured
 * GB/s where there is one (live, or from a loaded file), else the model's
 * prediction; the model's exact counts for sectors and wavefronts.
 *
 *   ? B/A >= 2            a claim line of a step (docs/tour-format.md)
 *   ? copy_vec >= all     'all': every transpose kernel's bar at this size
 *   ... a ratio of {B/A}  a figure in the text, filled in when drawn
 *
 * A term is A or B (the step's pinned and current config), a kernel id (its
 * bar in the Bandwidth view: the step's size, its block where the kernel
 * takes it), or B@WxH (the step's kernel at another block: a heatmap cell),
 * followed by an optional figure: .gbs (the default), .pred (the model's
 * GB/s), .ld / .st (global load / store sectors per request), .wf (shared
 * load wavefronts per request), .sec (global sectors of the whole launch). */
#ifndef TPX_TOUR_CLAIM_H
#define TPX_TOUR_CLAIM_H

#include <stddef.h>

#include "live.h"

typedef enum tour_ref_kind {
    TOUR_REF_NUM,  /* a number typed in the claim */
    TOUR_REF_A,
    TOUR_REF_B,
    TOUR_REF_BAR,  /* a kernel's bar */
    TOUR_REF_CELL, /* B at another block shape */
    TOUR_REF_ALL,  /* every transpose kernel's bar (claims only) */
} tour_ref_kind;

typedef enum tour_metric {
    TOUR_M_GBS,
    TOUR_M_PRED,
    TOUR_M_LD,
    TOUR_M_ST,
    TOUR_M_WF,
    TOUR_M_SEC,
} tour_metric;

typedef struct tour_ref {
    tour_ref_kind kind;
    tour_metric metric;
    int kernel;  /* BAR */
    int bx, by;  /* CELL */
    double num;  /* NUM */
} tour_ref;

/* A term: a reference, or one over another (B/A). */
typedef struct tour_term {
    tour_ref num, den;
    int ratio;
} tour_term;

typedef enum tour_op { TOUR_LT, TOUR_LE, TOUR_GT, TOUR_GE, TOUR_EQ } tour_op;

typedef struct tpx_tour_claim {
    tour_term l, r;
    tour_op op;
    int line;       /* of its "?" line */
    char text[96];  /* as written, for messages */
} tpx_tour_claim;

/* What a claim came to on a snapshot. */
typedef enum tour_verdict { TOUR_HOLDS, TOUR_FAILS, TOUR_UNKNOWN } tour_verdict;

/* Parses a claim ("B/A >= 2"); 0, or -1 with why in msg. */
int tour_claim_parse(const char *s, tpx_tour_claim *c, char *msg, size_t n);

/* Checks c on lv; the numbers it compared, in words, into why (for
 * messages: "B/A = 2.88: A naive_row 32x8 523.3 GB/s measured, ..."). */
tour_verdict tour_claim_eval(const tpx_tour_claim *c, const tpx_live *lv, char *why, size_t n);

/* Whether c needs the sweeps (bars or heatmap cells) filled in. */
int tour_claim_sweeps(const tpx_tour_claim *c);

/* Checks the {...} figures of a step's text: 0, or -1 with why (an unknown
 * term, an unclosed brace); *sweeps |= whether one needs the sweeps. */
int tour_text_check(const char *text, int *sweeps, char *msg, size_t n);

/* The text with its {...} figures filled in from lv: a measured GB/s as
 * "1506.6 GB/s", a predicted one as "~1742 GB/s predicted", a ratio as
 * "2.88x", a count as "32"; "(not yet known)" until the number arrives. */
void tour_text_expand(const char *text, const tpx_live *lv, char *out, size_t n);

#endif
