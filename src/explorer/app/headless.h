/* headless: one screen of the explorer drawn without a terminal, as text.
 * The screen tests, tests/tpx_render (README captures) and the redraw
 * benchmark use it.  Results come from the model (and the runner given),
 * computed before drawing, as the explorer shows them once they arrive. */
#ifndef TPX_HEADLESS_H
#define TPX_HEADLESS_H

#include "app.h"

typedef struct tpx_headless {
    tpx_config cfg;
    int view;          /* 0-based */
    int cols, rows;
    int ascii;         /* ASCII glyphs instead of UTF-8 */
    const char *keys;  /* typed first: "\e" Esc, "\n" Enter, "\t" Tab, "\U\D\L\R" arrows, "\b" Backspace,
                        * "\p" a pause (the ticks of headless_pause) */
    tpx_sel sel;
    /* A tour to start before the keys are typed (NULL: none; "T" in keys
     * starts the built-in one); it must outlive the app. */
    const struct tpx_tour_step *tour;
    int tour_n;
} tpx_headless;

/* The screen as malloc'd UTF-8 text; NULL when out of memory. */
char *headless_render(const tpx_headless *h);
/* The same with runner r's results (r stays open), the device line naming
 * source (a replayed file; NULL: none). */
char *headless_render_with(const tpx_headless *h, tpx_runner *r, const char *source);

/* An app at the headless config with every result filled in (caller frees
 * with app_free); the keys are typed. */
tpx_app *headless_app(const tpx_headless *h, tpx_runner *r);

/* The same with pin (NULL: none) pinned as A, as the A key does. */
tpx_app *headless_app_pinned(const tpx_headless *h, const tpx_config *pin, tpx_runner *r);

/* Next key of a headless key string (the escapes above; TPX_KEY_NONE for
 * "\p"). */
int headless_next_key(const char **p);

/* A pause in typing, as the explorer's ticks make it (the kernel editor
 * hands its draft on), with the draft's check done in this thread as the
 * model worker would do it. */
void headless_pause(tpx_app *a);

#endif
