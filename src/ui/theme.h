/* theme: the colour meanings (roles) views paint with, and the one table of
 * scheme x meaning that turns them into colours.  Views name a role, never a
 * colour pair; the terminal backend asks theme_spec() how to show it.  The
 * monochrome scheme is used when the terminal has no colours or NO_COLOR is
 * set, so every role also says what it looks like with attributes only. */
#ifndef TPX_THEME_H
#define TPX_THEME_H

/* Attribute bits, mapped to curses attributes by the backend. */
enum { TPX_A_BOLD = 1, TPX_A_REVERSE = 2, TPX_A_UNDERLINE = 4, TPX_A_DIM = 8 };

/* X(role, fg, bg, colour attrs, monochrome attrs); colours are the eight ANSI
 * numbers (0 black ... 7 white), -1 the terminal's default. */
#define TPX_ROLES(X)                                                                             \
    X(NORMAL, -1, -1, 0, 0)                                                                      \
    X(DIM, -1, -1, TPX_A_DIM, TPX_A_DIM)                                                         \
    X(TITLE, -1, -1, TPX_A_BOLD, TPX_A_BOLD)                                                     \
    X(BAR, 0, 6, 0, TPX_A_REVERSE)               /* device and config lines */                   \
    X(BAR_KEY, 0, 6, TPX_A_BOLD, TPX_A_REVERSE | TPX_A_BOLD)                                     \
    X(TAB, -1, -1, 0, 0)                                                                         \
    X(TAB_ACTIVE, 0, 3, TPX_A_BOLD, TPX_A_REVERSE | TPX_A_BOLD)                                  \
    X(CAPTION, 6, -1, TPX_A_BOLD, TPX_A_BOLD)                                                    \
    X(KEY, 3, -1, TPX_A_BOLD, TPX_A_BOLD)                                                        \
    X(GOOD, 2, -1, TPX_A_BOLD, TPX_A_BOLD)                                                       \
    X(BAD, 1, -1, TPX_A_BOLD, TPX_A_BOLD | TPX_A_UNDERLINE)                                      \
    X(WARN, 3, -1, 0, TPX_A_UNDERLINE)                                                           \
    X(ERROR, 7, 1, TPX_A_BOLD, TPX_A_REVERSE | TPX_A_BOLD)                                       \
    X(SELECT, 0, 7, TPX_A_BOLD, TPX_A_REVERSE | TPX_A_BOLD) /* selected warp, list line */        \
    X(STORE, 4, -1, TPX_A_BOLD, TPX_A_UNDERLINE)                                                 \
    X(LOAD, 1, -1, TPX_A_BOLD, TPX_A_BOLD)                                                       \
    X(PAD, -1, -1, TPX_A_DIM, TPX_A_DIM)                                                         \
    X(USED, 2, -1, TPX_A_BOLD, TPX_A_BOLD)       /* bytes a lane asked for */                    \
    X(WASTE, 1, -1, 0, 0)                        /* bytes moved but not used */                  \
    X(WAVE, 0, 2, TPX_A_BOLD, TPX_A_REVERSE)     /* blocks resident now */                       \
    X(PAL0, 0, 4, 0, 0) /* categorical palette: warps, blocks, threads */                        \
    X(PAL1, 0, 2, 0, 0)                                                                          \
    X(PAL2, 0, 6, 0, 0)                                                                          \
    X(PAL3, 0, 5, 0, 0)                                                                          \
    X(PAL4, 0, 3, 0, 0)                                                                          \
    X(PAL5, 0, 1, 0, 0)                                                                          \
    X(HEAT0, 4, -1, 0, TPX_A_DIM) /* low ... high */                                             \
    X(HEAT1, 6, -1, 0, 0)                                                                        \
    X(HEAT2, 2, -1, 0, 0)                                                                        \
    X(HEAT3, 3, -1, TPX_A_BOLD, TPX_A_BOLD)                                                      \
    X(HEAT4, 1, -1, TPX_A_BOLD, TPX_A_BOLD)

typedef enum tpx_role {
#define TPX_ROLE_ENUM(name, fg, bg, attr, mono) TPX_R_##name,
    TPX_ROLES(TPX_ROLE_ENUM)
#undef TPX_ROLE_ENUM
    TPX_R_COUNT
} tpx_role;

#define TPX_PALETTE 6 /* PAL0 .. PAL5 */
#define TPX_HEATS 5   /* HEAT0 .. HEAT4 */

typedef struct tpx_style {
    int fg, bg; /* ANSI colour numbers, -1 for the default */
    int attrs;  /* TPX_A_* bits */
} tpx_style;

/* How to show a role in colour (mono = 0) or monochrome (mono = 1). */
tpx_style theme_spec(tpx_role r, int mono);

/* PAL0 + i mod 6; HEAT0 .. HEAT4 for a fraction in [0, 1]. */
tpx_role theme_palette(long long i);
tpx_role theme_heat(double fraction);

#endif
