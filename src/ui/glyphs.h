/* glyphs: the non-ASCII characters tpx draws, each with its ASCII fallback.
 * Whether the terminal gets UTF-8 is decided once at start (from the locale);
 * the canvas then maps every codepoint through this table, so a view may
 * write "×" or a block glyph and still be right on an ASCII terminal. */
#ifndef TPX_GLYPHS_H
#define TPX_GLYPHS_H

#include <stdint.h>

/* X(name, codepoint, ASCII fallback) */
#define TPX_GLYPHS(X)                                                                            \
    X(FULL, 0x2588, '#')     /* full block */                                                    \
    X(LIGHT, 0x2591, '-')    /* light shade */                                                   \
    X(MEDIUM, 0x2592, '=')   /* medium shade */                                                  \
    X(DARK, 0x2593, '%')     /* dark shade */                                                    \
    X(DOT, 0x00B7, '.')      /* middle dot */                                                    \
    X(HLINE, 0x2500, '-')                                                                        \
    X(VLINE, 0x2502, '|')                                                                        \
    X(TL, 0x250C, '+')                                                                           \
    X(TR, 0x2510, '+')                                                                           \
    X(BL, 0x2514, '+')                                                                           \
    X(BR, 0x2518, '+')                                                                           \
    X(SPARK1, 0x2581, '_')   /* sparkline, lowest ... highest */                                 \
    X(SPARK2, 0x2582, '.')                                                                       \
    X(SPARK3, 0x2583, ',')                                                                       \
    X(SPARK4, 0x2584, '-')                                                                       \
    X(SPARK5, 0x2585, '=')                                                                       \
    X(SPARK6, 0x2586, '+')                                                                       \
    X(SPARK7, 0x2587, '*')                                                                       \
    X(SPARK8, 0x2588, '#')                                                                       \
    X(TIMES, 0x00D7, 'x')                                                                        \
    X(CHECK, 0x2713, '+')                                                                        \
    X(CROSS, 0x2717, 'X')                                                                        \
    X(DARROW, 0x2193, 'v')                                                                       \
    X(ELLIPSIS, 0x2026, '~')                                                                     \
    X(MARK, 0x25B8, '>')     /* the selected line of a list */                                   \
    X(PLUSMINUS, 0x00B1, '~')                                                                    \
    X(WRONG, 0x2717, '*')    /* the Map: an element of B written with another element */

typedef enum tpx_glyph {
#define TPX_GLYPH_ENUM(name, cp, ascii) TPX_G_##name,
    TPX_GLYPHS(TPX_GLYPH_ENUM)
#undef TPX_GLYPH_ENUM
    TPX_G_COUNT
} tpx_glyph;

/* Decided once at start; tests switch it. */
void glyphs_set_utf8(int on);

/* The codepoint to draw for a glyph under the current decision. */
uint32_t glyph(tpx_glyph g);
/* Any codepoint as it may be drawn: itself, or its ASCII fallback ('?' if
 * the table has none) when the terminal is not UTF-8. */
uint32_t glyph_map(uint32_t cp);
/* Writes the UTF-8 bytes of cp (no terminating NUL); returns how many (1-4). */
int glyph_encode(uint32_t cp, char *out);
/* The UTF-8 encoding of a glyph under the current decision, for strings. */
const char *glyph_str(tpx_glyph g);

#endif
