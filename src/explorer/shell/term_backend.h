/* term: the terminal backend.  The only part of tpx that talks to curses:
 * it decides UTF-8 and colours once, copies a canvas to the screen, turns
 * curses keys and mouse clicks into keys.h codes, and restores the terminal
 * on every way out: term_open catches every signal that would end tpx
 * (but SIGINT, SIGTERM and SIGHUP, which the caller turns into a clean
 * quit), restores the terminal with term_emergency_restore and re-raises it. */
#ifndef TPX_TERM_H
#define TPX_TERM_H

#include <stddef.h>

#include "canvas.h"

typedef struct tpx_term_info {
    int utf8; /* the locale's codeset is UTF-8 */
    int mono; /* no colours, or NO_COLOR is set */
} tpx_term_info;

/* Calls setlocale(LC_ALL, "") (numbers stay in the C locale) and decides
 * UTF-8 from nl_langinfo(CODESET). */
int term_locale_utf8(void);
/* Opens the terminal.  0, or -1 with a message (terminal untouched). */
int term_open(tpx_term_info *info, char *msg, size_t n);
/* Restores the terminal; safe to call twice. */
void term_close(void);
/* Only async-signal-safe calls: for fatal signals. */
void term_emergency_restore(void);

void term_size(int *w, int *h);
/* Waits up to timeout_ms (0: poll) for a key; TPX_KEY_NONE if none came.
 * TPX_KEY_MOUSE comes with the cell clicked in *mx, *my. */
int term_read(int timeout_ms, int *mx, int *my);
void term_draw(const tpx_canvas *cv);

#endif
