/* text: making strings from files safe to print.  A device name or a note in
 * a result file may carry escape sequences; printed raw they would drive the
 * terminal (clear it, retitle it, hide text), so every printer that shows
 * text from a file passes it through text_sanitize first. */
#ifndef TPX_TEXT_H
#define TPX_TEXT_H

#include <stddef.h>

/* Copies src to dst (n bytes, always NUL-terminated; truncated at a whole
 * character), writing control characters (C0, DEL, C1) and bytes that are
 * not UTF-8 as visible escapes: "\x1b", "\u009b".  Returns dst. */
char *text_sanitize(char *dst, size_t n, const char *src);
/* 1 when s holds no control character and is valid UTF-8. */
int text_is_clean(const char *s);

#endif
