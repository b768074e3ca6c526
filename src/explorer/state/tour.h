/* tour: the guided tour's steps (assets/tour.txt): a view and a config to
 * show, and what to look at. */
#ifndef TPX_TOUR_H
#define TPX_TOUR_H

#include <stddef.h>

#include "config.h"
#include "tour_claim.h"

#define TPX_TOUR_MAX 32
#define TPX_TOUR_LINE_MAX 4096 /* bytes of a line, its end included */
#define TPX_TOUR_CLAIMS 8 /* claims a step may make */
#define TPX_TOUR_EVIDENCE 4 /* evidence lines of a step */

#include "app_state.h"

typedef struct tpx_tour_step {
    int view;        /* 0-based */
    tpx_config cfg;
    int zoom;        /* Map zoom, -1 to leave it */
    int pinned;      /* an A/B step: pin is A (cfg with the a.* settings), cfg is B */
    tpx_config pin;
    char text[640];
    int line;        /* of its "@" line, for messages */
    /* What the step says about its numbers ("? B/A >= 2"), checked by
     * tpx tour --check and the tests; sweeps: a claim or a {figure} of the
     * text needs every kernel's bar or block shape (the Bandwidth view's). */
    tpx_tour_claim claims[TPX_TOUR_CLAIMS];
    int nclaims;
    int sweeps;
    /* What the step points at on the screen ("! load:  32 wavefronts"): the
     * box docks where none of it is, and the tests hold it visible. */
    char evidence[TPX_TOUR_EVIDENCE][80];
    int nevidence;
} tpx_tour_step;

/* Parses a tour text into steps (at most max), whose views are 1 to views;
 * returns how many, or -1 with a message naming the line.  A text without a
 * file names no kernel file (kernel-file= is refused). */
int tour_parse(const char *text, tpx_tour_step *steps, int max, int views, char *msg, size_t n);

/* Reads and parses a tour file (tpx tour FILE): its step count (> 0), or -1
 * with a message naming the file: not a regular file, a read error, a line
 * tour_parse refuses, no steps.  A step's kernel-file=PATH is read relative
 * to the file's folder and added to the user kernels (user.h). */
int tour_load(const char *path, tpx_tour_step *steps, int max, int views, char *msg, size_t n);

/* The built-in tour (parsed once); *n gets the number of steps. */
const tpx_tour_step *tour_builtin(int *n);

/* The steps the app tours: a file's when set, else the built-in ones. */
const tpx_tour_step *tour_steps(const tpx_app *a, int *n);

/* Each step's configs (B, and A for an A/B step) valid within lim: 0, or -1
 * with a message naming the step and its line. */
int tour_check(const tpx_tour_step *steps, int n, const tpx_limits *lim, char *msg, size_t len);

#endif
