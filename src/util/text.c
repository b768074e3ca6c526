#include "text.h"

#include <stdio.h>
#include <string.h>

/* Length of a well-formed UTF-8 sequence at s, or 0 (overlong forms,
 * surrogates and values above U+10FFFF are not well formed). */
static size_t utf8_len(const unsigned char *s)
{
    size_t k = s[0] >= 0xF0 ? 4 : s[0] >= 0xE0 ? 3 : 2;
    if (s[0] < 0xC2 || s[0] > 0xF4)
        return 0;
    for (size_t i = 1; i < k; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0; /* also stops at the NUL */
    if ((s[0] == 0xE0 && s[1] < 0xA0) || (s[0] == 0xED && s[1] >= 0xA0) ||
        (s[0] == 0xF0 && s[1] < 0x90) || (s[0] == 0xF4 && s[1] >= 0x90))
        return 0;
    return k;
}

/* The escape for the character at s (k bytes), or "" when it prints as is. */
static void escape_of(const unsigned char *s, size_t *k, char esc[12])
{
    esc[0] = '\0';
    if (s[0] < 0x20 || s[0] == 0x7F) {
        snprintf(esc, 12, "\\x%02x", s[0]);
        *k = 1;
    } else if (s[0] < 0x80) {
        *k = 1;
    } else if ((*k = utf8_len(s)) == 0) {
        snprintf(esc, 12, "\\x%02x", s[0]);
        *k = 1;
    } else if (s[0] == 0xC2 && s[1] < 0xA0) { /* C1 controls, e.g. CSI U+009B */
        snprintf(esc, 12, "\\u%04x", (unsigned)s[1]);
    }
}

char *text_sanitize(char *dst, size_t n, const char *src)
{
    if (n == 0)
        return dst;
    size_t o = 0;
    const unsigned char *s = (const unsigned char *)(src ? src : "");
    while (*s) {
        size_t k;
        char esc[12];
        escape_of(s, &k, esc);
        const char *out = esc[0] ? esc : (const char *)s;
        size_t len = esc[0] ? strlen(esc) : k;
        if (o + len >= n)
            break; /* never half a character or half an escape */
        memcpy(dst + o, out, len);
        o += len;
        s += k;
    }
    dst[o] = '\0';
    return dst;
}

int text_is_clean(const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        size_t k;
        char esc[12];
        escape_of(p, &k, esc);
        if (esc[0])
            return 0;
        p += k;
    }
    return 1;
}
