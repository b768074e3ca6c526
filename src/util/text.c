#include "text.h"

#include <stdio.h>
#include <string.h>

int text_cp_unsafe(uint32_t cp)
{
    return cp < 0x20 || (cp >= 0x7F && cp < 0xA0) || /* C0, DEL, C1 (CSI U+009B) */
           cp == 0x061C ||                            /* Arabic letter mark */
           cp == 0x200E || cp == 0x200F ||            /* LRM, RLM */
           (cp >= 0x2028 && cp <= 0x202E) ||          /* line/paragraph separators, LRE..RLO */
           (cp >= 0x2066 && cp <= 0x2069) ||          /* LRI, RLI, FSI, PDI */
           cp == 0xFEFF;                              /* byte-order mark: invisible */
}

int text_utf8_next(const unsigned char *s, size_t avail, uint32_t *cp)
{
    if (avail == 0)
        return 0;
    if (s[0] < 0x80) {
        *cp = s[0];
        return 1;
    }
    if (s[0] < 0xC2 || s[0] > 0xF4)
        return 0; /* a continuation byte, an overlong lead, or past U+10FFFF */
    int k = s[0] >= 0xF0 ? 4 : s[0] >= 0xE0 ? 3 : 2;
    uint32_t v = s[0] & (k == 2 ? 0x1F : k == 3 ? 0x0F : 0x07);
    for (int i = 1; i < k; i++) {
        if ((size_t)i >= avail)
            return -1; /* cut short: valid so far */
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        if (i == 1 && ((s[0] == 0xE0 && s[1] < 0xA0) || (s[0] == 0xED && s[1] >= 0xA0) ||
                       (s[0] == 0xF0 && s[1] < 0x90) || (s[0] == 0xF4 && s[1] >= 0x90)))
            return 0; /* overlong, a surrogate, or past U+10FFFF */
        v = (v << 6) | (s[i] & 0x3F);
    }
    *cp = v;
    return k;
}

size_t text_escape(const unsigned char *s, size_t avail, size_t *used, char out[16])
{
    uint32_t cp = 0;
    int k = text_utf8_next(s, avail, &cp);
    if (k <= 0) { /* not UTF-8 (or cut short: the caller decided it ends here) */
        *used = 1;
        return (size_t)snprintf(out, 16, "\\x%02x", s[0]);
    }
    *used = (size_t)k;
    if (!text_cp_unsafe(cp)) {
        memcpy(out, s, (size_t)k);
        return (size_t)k;
    }
    return (size_t)(cp < 0x80 ? snprintf(out, 16, "\\x%02x", (unsigned)cp)
                              : snprintf(out, 16, "\\u%04x", (unsigned)cp));
}

char *text_sanitize(char *dst, size_t n, const char *src)
{
    if (n == 0)
        return dst;
    size_t o = 0;
    const unsigned char *s = (const unsigned char *)(src ? src : "");
    size_t left = strlen((const char *)s);
    while (left) {
        char out[16];
        size_t k, len = text_escape(s, left, &k, out);
        if (o + len >= n)
            break; /* never half a character or half an escape */
        memcpy(dst + o, out, len);
        o += len;
        s += k;
        left -= k;
    }
    dst[o] = '\0';
    return dst;
}

int text_is_clean(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t left = strlen(s);
    while (left) {
        uint32_t cp;
        int k = text_utf8_next(p, left, &cp);
        if (k <= 0 || text_cp_unsafe(cp))
            return 0;
        p += k;
        left -= (size_t)k;
    }
    return 1;
}
