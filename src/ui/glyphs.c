#include "glyphs.h"

#include <stddef.h>

static int utf8_on;

static const uint32_t glyph_cp[TPX_G_COUNT] = {
#define TPX_GLYPH_CP(name, cp, ascii) [TPX_G_##name] = cp,
    TPX_GLYPHS(TPX_GLYPH_CP)
#undef TPX_GLYPH_CP
};

static const char glyph_ascii[TPX_G_COUNT] = {
#define TPX_GLYPH_ASCII(name, cp, ascii) [TPX_G_##name] = ascii,
    TPX_GLYPHS(TPX_GLYPH_ASCII)
#undef TPX_GLYPH_ASCII
};

/* UTF-8 text of each glyph, built once (a table of literals would repeat
 * every codepoint). */
static char glyph_utf8[TPX_G_COUNT][5];

int glyph_encode(uint32_t cp, char *out)
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

void glyphs_set_utf8(int on)
{
    utf8_on = on != 0;
    for (int g = 0; g < TPX_G_COUNT; g++)
        glyph_utf8[g][glyph_encode(utf8_on ? glyph_cp[g] : (uint32_t)glyph_ascii[g],
                                   glyph_utf8[g])] = 0;
}

uint32_t glyph(tpx_glyph g)
{
    if ((unsigned)g >= TPX_G_COUNT)
        return '?';
    return utf8_on ? glyph_cp[g] : (uint32_t)glyph_ascii[g];
}

uint32_t glyph_map(uint32_t cp)
{
    if (cp < 0x80 || utf8_on)
        return cp;
    for (int g = 0; g < TPX_G_COUNT; g++)
        if (glyph_cp[g] == cp)
            return (uint32_t)glyph_ascii[g];
    return '?';
}

const char *glyph_str(tpx_glyph g)
{
    if (!glyph_utf8[0][0])
        glyphs_set_utf8(utf8_on);
    return (unsigned)g < TPX_G_COUNT ? glyph_utf8[g] : "?";
}
