/* text: the one gate between text from outside and the terminal.  A device
 * name, a path, an argument, a line of a file or a directory entry may carry
 * escape sequences or bidi overrides; printed raw they would drive the
 * terminal (clear it, retitle it, hide or reorder text).  What is unsafe is
 * decided here only (text_cp_unsafe); text_sanitize escapes it in a string
 * kept for later, and the gate (text_gate_install) escapes it in every byte
 * tpx writes to stdout and stderr, so no message path can forget it. */
#ifndef TPX_TEXT_H
#define TPX_TEXT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* 1 for a code point that must not reach a terminal raw: C0 controls, DEL,
 * C1 controls (CSI U+009B), the bidi controls (U+061C, U+200E/F,
 * U+202A-U+202E, U+2066-U+2069), U+2028/U+2029 and U+FEFF. */
int text_cp_unsafe(uint32_t cp);

/* The UTF-8 sequence at s (avail bytes): its length and *cp; 0 when it is
 * not well formed (overlong, surrogate, past U+10FFFF, a stray byte), -1
 * when avail ends inside a sequence that is well formed so far. */
int text_utf8_next(const unsigned char *s, size_t avail, uint32_t *cp);

/* The character at s (avail >= 1 bytes) as it may be printed: itself, or
 * its escape ("\x1b" for C0, DEL and bytes that are not UTF-8, "\u202e"
 * above).  Writes out (no NUL), returns its length; *used: bytes of s. */
size_t text_escape(const unsigned char *s, size_t avail, size_t *used, char out[16]);

/* Copies src to dst (n bytes, always NUL-terminated; truncated at a whole
 * character or escape), escaping as text_escape does.  Returns dst. */
char *text_sanitize(char *dst, size_t n, const char *src);
/* 1 when s is valid UTF-8 with no unsafe code point. */
int text_is_clean(const char *s);

/* ---- the gate ---------------------------------------------------------------- */

/* A stream that writes to `under` what it is given, every character passed
 * through text_escape except the newline (a sequence cut between two writes
 * is joined first).  Closing it flushes and closes `under`; a write error of
 * `under` (a full disk, a closed pipe) is the gated stream's error.  NULL
 * when out of memory. */
FILE *text_gate_open(FILE *under);
/* Puts stdout and stderr behind the gate (once, at start); stderr stays
 * unbuffered, stdout line-buffered on a terminal.  0, or -1 (then they are
 * left as they were). */
int text_gate_install(void);
/* The streams under the gate, for the two writers whose control sequences
 * are meant: the terminal backend (curses) and bench's progress line.
 * stdout and stderr themselves before text_gate_install. */
FILE *text_raw_stdout(void);
FILE *text_raw_stderr(void);
/* The end of main's output: stdout flushed through the gate, a UTF-8
 * sequence cut at the end escaped, write and close errors of the descriptor
 * found (-1 and errno); nothing closed or freed, so what writes at exit
 * (a profiler's library) still writes through a live gate. */
int text_gate_finish_stdout(void);

#endif
