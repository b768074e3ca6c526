/* slide: the explorer's screen as a teacher puts it on a slide (tpx export
 * --slide, the explorer's S key): no key hints, no config line or tabs (the
 * title says the config), no device line unless asked, a tour step's text
 * above the view instead of its box, and as wide as its longest line, so
 * that nothing is cut at the right edge. */
#ifndef TPX_SLIDE_H
#define TPX_SLIDE_H

#include <stddef.h>

#include "app_state.h"

/* The widest a slide grows to (columns). */
#define TPX_SLIDE_MAX_W 320
/* A slide's rows unless told: tall enough for a 32-row bank grid whole. */
#define TPX_SLIDE_ROWS 52

/* Draws the slide of a's screen into cv (initialised here; the caller frees
 * it): rows high, cols wide or wider up to TPX_SLIDE_MAX_W until no text
 * is cut (the app is resized to it), runs of blank rows kept to one;
 * device: the device line too.  0, or
 * -1 when out of memory. */
int slide_draw(tpx_app *a, int cols, int rows, int device, tpx_canvas *cv);

/* The slide (slide 1) or the screen as the terminal shows it, cols x rows,
 * into cv (initialised here); 0, or -1 when out of memory. */
int slide_or_screen(tpx_app *a, int cols, int rows, int slide, int device, tpx_canvas *cv);

/* The slide's heading: "Banks: smem 32x32 4096x4096 f32 pad 0", or for a
 * tour step "Tour 3/21, Banks: ...". */
void slide_title(const tpx_app *a, char *buf, size_t n);

/* Writes the screen (slide 0: as the terminal shows it, else as a slide) to
 * the first of tpx-[slide-]VIEW-KERNEL.svg, -2.svg, -3.svg ... in dir that
 * does not exist yet, never over a file; path gets the name written (dir
 * joined).  0, or -1 with why in msg. */
int slide_write_new(tpx_app *a, const char *dir, int slide, char *path, size_t pn, char *msg,
                    size_t n);

#endif
