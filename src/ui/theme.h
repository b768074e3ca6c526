/* theme: the colour meanings (roles) views paint with, and the one table of
 * scheme x meaning that turns them into colours.  Views name a role, never a
 * colour; the terminal backend and the SVG export ask the theme how to show
 * it.  A colour means one thing: every role that carries a meaning on its
 * own (a load, a store, wasted bytes, a bank conflict, ...) has a colour no
 * other such role has, in every scheme (tests/test_theme.c checks it).
 *
 * Schemes: the default, okabe-ito (Okabe and Ito's palette, told apart with
 * every common colour-vision deficiency), and mono (attributes only: used
 * when the terminal has no colours or NO_COLOR is set).  --theme and
 * TPX_THEME choose one. */
#ifndef TPX_THEME_H
#define TPX_THEME_H

#include <stddef.h>

/* Attribute bits, mapped to curses attributes by the backend. */
enum { TPX_A_BOLD = 1, TPX_A_REVERSE = 2, TPX_A_UNDERLINE = 4, TPX_A_DIM = 8 };

/* C(name, 8-colour ANSI number, xterm 256-colour number, on a dark
 * background, on a light one (slides)).  DEFAULT is the terminal's own. */
#define TPX_COLOURS(C)                                                                           \
    C(DEFAULT, -1, -1, "#d8d8d8", "#1a1a1a")                                                     \
    C(BLACK, 0, 16, "#1d1f21", "#000000")                                                        \
    C(WHITE, 7, 252, "#c5c8c6", "#ffffff")                                                       \
    C(SILVER, 7, 250, "#c5c8c6", "#d4d4d4") /* the selection's background */                     \
    C(RED, 1, 160, "#e06c6c", "#c62828")                                                         \
    C(GREEN, 2, 34, "#8fbf5f", "#2e7d32")                                                        \
    C(YELLOW, 3, 178, "#e5c07b", "#9a7400")                                                      \
    C(BLUE, 4, 33, "#61afef", "#1565c0")                                                         \
    C(MAGENTA, 5, 134, "#c678dd", "#8e24aa")                                                     \
    C(CYAN, 6, 37, "#56b6c2", "#00838f")                                                         \
    C(ORANGE, 3, 208, "#f0955a", "#e65100")                                                      \
    C(PINK, 5, 205, "#ff79c6", "#d81b60")                                                        \
    /* the warps' fills: pale, so the digit on them stays readable */                            \
    C(P0, 4, 153, "#aec7e8", "#aec7e8")                                                          \
    C(P1, 3, 223, "#ffcf9e", "#ffcf9e")                                                          \
    C(P2, 2, 151, "#a8dfa0", "#a8dfa0")                                                          \
    C(P3, 5, 183, "#d6c4e6", "#d6c4e6")                                                          \
    C(P4, 6, 195, "#c7eef2", "#c7eef2")                                                          \
    C(P5, 1, 217, "#f7b6b2", "#f7b6b2")                                                          \
    /* GB/s, low to high: one neutral ramp, light to dark on a slide (dim to
     * bright on a terminal), so magnitude never borrows a meaning's hue */  \
    C(RAMP0, 7, 240, "#5c666c", "#a7b4bb")                                                       \
    C(RAMP1, 7, 244, "#7f8c93", "#7d8d96")                                                       \
    C(RAMP2, 7, 248, "#a3b0b7", "#566872")                                                       \
    C(RAMP3, 7, 252, "#c9d3d8", "#34444d")                                                       \
    C(RAMP4, 7, 255,  "#f2f5f7", "#101b21")                                                      \
    /* Okabe and Ito (2008); yellow darkened on white, where it is text */                       \
    C(OI_ORANGE, 3, 214, "#e69f00", "#e69f00")                                                   \
    C(OI_SKY, 6, 74, "#56b4e9", "#56b4e9")                                                       \
    C(OI_GREEN, 2, 36, "#009e73", "#009e73")                                                     \
    C(OI_YELLOW, 3, 227, "#f0e442", "#b3a600")                                                   \
    C(OI_BLUE, 4, 25, "#3a9ad9", "#0072b2")                                                      \
    C(OI_VERMILLION, 1, 166, "#d55e00", "#d55e00")                                               \
    C(OI_PURPLE, 5, 175, "#cc79a7", "#cc79a7")

typedef enum tpx_colour {
#define TPX_COLOUR_ENUM(name, ansi, x256, dark, light) TPX_C_##name,
    TPX_COLOURS(TPX_COLOUR_ENUM)
#undef TPX_COLOUR_ENUM
    TPX_C_COUNT
} tpx_colour;

/* X(role, default fg, bg, okabe-ito fg, bg, colour attrs, mono attrs, what it
 * means in the legend (NULL: chrome, no meaning of its own)).  Roles with
 * the same words share a legend entry (a scale, a palette). */
#define TPX_ROLES(X)                                                                             \
    X(NORMAL, DEFAULT, DEFAULT, DEFAULT, DEFAULT, 0, 0, NULL)                                    \
    X(DIM, DEFAULT, DEFAULT, DEFAULT, DEFAULT, TPX_A_DIM, TPX_A_DIM, NULL)                       \
    X(TITLE, DEFAULT, DEFAULT, DEFAULT, DEFAULT, TPX_A_BOLD, TPX_A_BOLD, NULL)                   \
    X(BAR, BLACK, CYAN, BLACK, OI_SKY, 0, TPX_A_REVERSE, NULL) /* device and config lines */     \
    X(BAR_KEY, BLACK, CYAN, BLACK, OI_SKY, TPX_A_BOLD, TPX_A_REVERSE | TPX_A_BOLD, NULL)         \
    X(TAB, DEFAULT, DEFAULT, DEFAULT, DEFAULT, 0, 0, NULL)                                       \
    X(TAB_ACTIVE, BLACK, YELLOW, BLACK, OI_YELLOW, TPX_A_BOLD, TPX_A_REVERSE | TPX_A_BOLD, NULL) \
    X(CAPTION, DEFAULT, DEFAULT, DEFAULT, DEFAULT, TPX_A_BOLD, TPX_A_BOLD, NULL)                 \
    X(KEY, DEFAULT, DEFAULT, DEFAULT, DEFAULT, TPX_A_BOLD, TPX_A_BOLD, NULL)                     \
    X(GOOD, GREEN, DEFAULT, OI_GREEN, DEFAULT, TPX_A_BOLD, TPX_A_BOLD,                           \
      "better, verified, conflict-free")                                                         \
    X(BAD, RED, DEFAULT, OI_VERMILLION, DEFAULT, TPX_A_BOLD, TPX_A_BOLD | TPX_A_UNDERLINE,       \
      "bank conflict, failed or worse")                                                          \
    X(WARN, YELLOW, DEFAULT, OI_YELLOW, DEFAULT, 0, TPX_A_UNDERLINE, "note, middling")           \
    X(ERROR, WHITE, RED, WHITE, OI_VERMILLION, TPX_A_BOLD, TPX_A_REVERSE | TPX_A_BOLD, NULL)     \
    X(SELECT, BLACK, SILVER, BLACK, SILVER, TPX_A_BOLD, TPX_A_REVERSE | TPX_A_BOLD,              \
      "selected: this warp, block or config")                                                    \
    X(STORE, MAGENTA, DEFAULT, OI_PURPLE, DEFAULT, TPX_A_BOLD, TPX_A_UNDERLINE, "store")         \
    X(LOAD, BLUE, DEFAULT, OI_BLUE, DEFAULT, TPX_A_BOLD, TPX_A_BOLD, "load")                     \
    X(PAD, DEFAULT, DEFAULT, DEFAULT, DEFAULT, TPX_A_DIM, TPX_A_DIM, NULL)                       \
    X(USED, CYAN, DEFAULT, OI_SKY, DEFAULT, TPX_A_BOLD, TPX_A_BOLD, "bytes a lane asked for")    \
    X(WASTE, ORANGE, DEFAULT, OI_ORANGE, DEFAULT, 0, 0, "bytes moved but not used")             \
    X(WAVE, PINK, DEFAULT, DEFAULT, DEFAULT, TPX_A_BOLD, TPX_A_REVERSE, "blocks resident now")   \
    X(PAL0, BLACK, P0, BLACK, P0, 0, 0, "one colour per warp, block or thread (the digit)")      \
    X(PAL1, BLACK, P1, BLACK, P1, 0, 0, "one colour per warp, block or thread (the digit)")      \
    X(PAL2, BLACK, P2, BLACK, P2, 0, 0, "one colour per warp, block or thread (the digit)")      \
    X(PAL3, BLACK, P3, BLACK, P3, 0, 0, "one colour per warp, block or thread (the digit)")      \
    X(PAL4, BLACK, P4, BLACK, P4, 0, 0, "one colour per warp, block or thread (the digit)")      \
    X(PAL5, BLACK, P5, BLACK, P5, 0, 0, "one colour per warp, block or thread (the digit)")      \
    X(HEAT0, RAMP0, DEFAULT, RAMP0, DEFAULT, 0, TPX_A_DIM, "GB/s, lowest to highest")             \
    X(HEAT1, RAMP1, DEFAULT, RAMP1, DEFAULT, 0, 0, "GB/s, lowest to highest")                     \
    X(HEAT2, RAMP2, DEFAULT, RAMP2, DEFAULT, 0, 0, "GB/s, lowest to highest")                     \
    X(HEAT3, RAMP3, DEFAULT, RAMP3, DEFAULT, TPX_A_BOLD, TPX_A_BOLD, "GB/s, lowest to highest")   \
    X(HEAT4, RAMP4, DEFAULT, RAMP4, DEFAULT, TPX_A_BOLD, TPX_A_BOLD, "GB/s, lowest to highest")

typedef enum tpx_role {
#define TPX_ROLE_ENUM(name, fg, bg, ofg, obg, attr, mono, what) TPX_R_##name,
    TPX_ROLES(TPX_ROLE_ENUM)
#undef TPX_ROLE_ENUM
    TPX_R_COUNT
} tpx_role;

#define TPX_PALETTE 6 /* PAL0 .. PAL5 */
#define TPX_HEATS 5   /* HEAT0 .. HEAT4 */

/* S(scheme, its name for --theme and TPX_THEME, what it is) */
#define TPX_SCHEMES(S)                                                                           \
    S(DEFAULT, "default", "the default colours")                                                 \
    S(OKABE_ITO, "okabe-ito", "Okabe and Ito's palette, safe for colour-blind eyes")             \
    S(MONO, "mono", "no colours: bold, underline, dim and reverse only")

typedef enum tpx_scheme {
#define TPX_SCHEME_ENUM(name, word, what) TPX_SCHEME_##name,
    TPX_SCHEMES(TPX_SCHEME_ENUM)
#undef TPX_SCHEME_ENUM
    TPX_SCHEME_COUNT
} tpx_scheme;

typedef struct tpx_style {
    int fg, bg; /* terminal colour numbers, -1 for the default */
    int attrs;  /* TPX_A_* bits */
} tpx_style;

/* The scheme in use (the default until set); every view and export shows it. */
void theme_set(tpx_scheme s);
tpx_scheme theme_get(void);
/* The scheme a name means, or -1. */
int theme_parse(const char *name);
const char *theme_name(tpx_scheme s);
/* "default, okabe-ito or mono". */
const char *theme_names_list(void);
/* The scheme --theme (option, when given), else TPX_THEME, else the config
 * file (file: its theme line, or NULL) asks for, set; 0, or -1 with why in
 * msg (an unknown name, and from where). */
int theme_choose(const char *option, const char *file, char *msg, size_t n);

/* How to show a role on a terminal with 8 colours (colours256 = 0) or 256,
 * in the scheme in use, or monochrome (mono = 1, or the mono scheme). */
tpx_style theme_term(tpx_role r, int mono, int colours256);
/* The 8-colour form of the scheme in use (mono = 1: monochrome). */
tpx_style theme_spec(tpx_role r, int mono);

/* The role's colours as SVG shows them ("#rrggbb"), on a dark background
 * (the terminal's look) or a light one (slides); bg NULL: the background. */
typedef struct tpx_svg_look {
    const char *fg, *bg;
    int attrs;
} tpx_svg_look;
tpx_svg_look theme_svg(tpx_role r, int light);
/* The page's own colours. */
const char *theme_svg_page(int light);
/* What the role means in a legend, or NULL (chrome). */
const char *theme_meaning(tpx_role r);

/* PAL0 + i mod 6; HEAT0 .. HEAT4 for a fraction in [0, 1]. */
tpx_role theme_palette(long long i);
tpx_role theme_heat(double fraction);

#endif
