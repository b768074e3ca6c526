/* keys: every key tpx understands, declared once.  The X-macro below makes
 * the action enum, the table the main loop looks keys up in, and the help
 * overlay (src/explorer/chrome/help.c), so the keys and their help cannot disagree. */
#ifndef TPX_KEYS_H
#define TPX_KEYS_H

/* Key codes: a Unicode codepoint for a character, these above it for the
 * special keys.  The terminal backend translates its own codes into these. */
enum {
    TPX_KEY_NONE = 0,
    TPX_KEY_TAB = '\t',
    TPX_KEY_ENTER = '\n',
    TPX_KEY_ESC = 27,
    TPX_KEY_UP = 0x110000,
    TPX_KEY_DOWN,
    TPX_KEY_LEFT,
    TPX_KEY_RIGHT,
    TPX_KEY_PGUP,
    TPX_KEY_PGDN,
    TPX_KEY_HOME,
    TPX_KEY_END,
    TPX_KEY_BTAB,
    TPX_KEY_BACKSPACE,
    TPX_KEY_F1,
    TPX_KEY_F10,
    TPX_KEY_RESIZE,
    TPX_KEY_MOUSE,
};
#define TPX_CTRL(c) ((c) & 0x1f)

/* Groups: who acts on a key.  The app acts on GENERAL, VIEWS, MOVE and
 * CONFIG, and TOUR while the tour runs; the view on screen on its own
 * group; an open dialog on DIALOG. */
#define TPX_KEY_GROUPS(G)                                                                        \
    G(GENERAL, "General")                                                                        \
    G(TOUR, "During the tour")                                                                   \
    G(VIEWS, "Views")                                                                            \
    G(MOVE, "Move the selected warp")                                                            \
    G(CONFIG, "Change the config")                                                               \
    G(MAP, "Map")                                                                                \
    G(DETAIL, "Banks and Coalescing")                                                            \
    G(ORDER, "Order")                                                                            \
    G(BANDWIDTH, "Bandwidth")                                                                    \
    G(COMPARE, "Compare")                                                                        \
    G(DIALOG, "In a dialog")

typedef enum tpx_key_group {
#define TPX_KG_ENUM(name, title) TPX_KG_##name,
    TPX_KEY_GROUPS(TPX_KG_ENUM)
#undef TPX_KG_ENUM
    TPX_KG_COUNT
} tpx_key_group;

/* K(action, group, label shown in help, key, key, key, word in the hint line
 * ("" for none, "&" to share the next row's: "Up/Down warp"), what it does) */
#define TPX_KEYS(K)                                                                              \
    K(HELP, GENERAL, "? F1", '?', TPX_KEY_F1, 0, "help",                                           \
      "show or hide this help")                                                                    \
    K(QUIT, GENERAL, "q F10", 'q', TPX_KEY_F10, 0, "quit",                                         \
      "quit")                                                                                      \
    K(CANCEL, GENERAL, "Esc", TPX_KEY_ESC, 0, 0, "",                                               \
      "close the message or the help")                                                             \
    K(REDRAW, GENERAL, "Ctrl-L", TPX_CTRL('l'), 0, 0, "",                                          \
      "redraw the screen")                                                                         \
    K(TOUR, GENERAL, "T", 'T', 0, 0, "tour",                                                       \
      "start or end the guided tour")                                                              \
    K(PIN, GENERAL, "A", 'A', 0, 0, "pin A",                                                       \
      "pin this config as A; change it (B) and compare them in view 6")                            \
    K(EXPORT, GENERAL, "E", 'E', 0, 0, "",                                                         \
      "write the screen to a new tpx-VIEW-KERNEL.svg (then -2, -3 ...) here")                      \
    K(SLIDE, GENERAL, "S", 'S', 0, 0, "",                                                          \
      "the same as a slide (light, titled, no keys): tpx-slide-VIEW-KERNEL.svg")                  \
    K(TOUR_PREV, TOUR, "<", '<', 0, 0, "&",                                                        \
      "previous step of the tour")                                                                 \
    K(TOUR_NEXT, TOUR, ">", '>', 0, 0, "step",                                                     \
      "next step of the tour (the last one ends it)")                                              \
    K(TOUR_HIDE, TOUR, "H", 'H', 0, 0, "hide",                                                     \
      "hide the tour's box, or show it again")                                                     \
    K(VIEW_NEXT, VIEWS, "Tab", TPX_KEY_TAB, 0, 0, "&",                                             \
      "next view")                                                                                 \
    K(VIEW_PREV, VIEWS, "Shift-Tab", TPX_KEY_BTAB, 0, 0, "view",                                   \
      "previous view")                                                                             \
    K(WARP_PREV, MOVE, "Up k", TPX_KEY_UP, 'k', 0, "&",                                            \
      "previous warp (into the block above)")                                                      \
    K(WARP_NEXT, MOVE, "Down j", TPX_KEY_DOWN, 'j', 0, "warp",                                     \
      "next warp (into the block below)")                                                          \
    K(BLOCK_LEFT, MOVE, "Left h", TPX_KEY_LEFT, 'h', 0, "&",                                       \
      "block to the left")                                                                         \
    K(BLOCK_RIGHT, MOVE, "Right l", TPX_KEY_RIGHT, 'l', 0, "block",                                \
      "block to the right")                                                                        \
    K(BLOCK_UP, MOVE, "PgUp", TPX_KEY_PGUP, 0, 0, "",                                              \
      "block above")                                                                               \
    K(BLOCK_DOWN, MOVE, "PgDn", TPX_KEY_PGDN, 0, 0, "",                                            \
      "block below")                                                                               \
    K(FIRST, MOVE, "Home g", TPX_KEY_HOME, 'g', 0, "",                                             \
      "block (0,0), warp 0")                                                                       \
    K(LAST, MOVE, "End G", TPX_KEY_END, 'G', 0, "",                                                \
      "the last block's last warp")                                                                \
    K(KERNEL, CONFIG, "K", 'K', 0, 0, "list",                                                      \
      "pick the kernel from a list with its explanation")                                          \
    K(KERNEL_PREV, CONFIG, "[", '[', 0, 0, "&",                                                    \
      "previous kernel that accepts the block")                                                    \
    K(KERNEL_NEXT, CONFIG, "]", ']', 0, 0, "kernel",                                               \
      "next kernel that accepts the block")                                                        \
    K(BLOCK, CONFIG, "b", 'b', 0, 0, "block",                                                      \
      "edit the block shape, BX and BY")                                                           \
    K(BX_DOWN, CONFIG, "x", 'x', 0, 0, "&",                                                        \
      "halve BX")                                                                                  \
    K(BX_UP, CONFIG, "X", 'X', 0, 0, "BX",                                                         \
      "double BX")                                                                                 \
    K(BY_DOWN, CONFIG, "y", 'y', 0, 0, "&",                                                        \
      "halve BY")                                                                                  \
    K(BY_UP, CONFIG, "Y", 'Y', 0, 0, "BY",                                                         \
      "double BY")                                                                                 \
    K(SIZE, CONFIG, "s", 's', 0, 0, "size",                                                        \
      "type a matrix size or pick a preset")                                                       \
    K(DTYPE, CONFIG, "t", 't', 0, 0, "type",                                                       \
      "next element type: f32, f64, f16")                                                          \
    K(PAD, CONFIG, "p", 'p', 0, 0, "pad",                                                          \
      "shared tile padding: 0 or 1")                                                               \
    K(PAD_EDIT, CONFIG, "P", 'P', 0, 0, "",                                                        \
      "type a padding")                                                                            \
    K(SWIZZLE, CONFIG, "w", 'w', 0, 0, "swizzle",                                                  \
      "XOR-swizzle the shared tile on or off")                                                     \
    K(TILE_DTYPE, CONFIG, "e", 'e', 0, 0, "",                                                      \
      "shared tile element type: the data's, then each wider one")                                 \
    K(KERNEL_WRITE, CONFIG, "W", 'W', 0, 0, "",                                                    \
      "write your own kernel, starting from this one (the kernel editor)")                         \
    K(ZOOM_IN, MAP, "+ =", '+', '=', 0, "&",                                                       \
      "zoom in, down to single elements")                                                          \
    K(ZOOM_OUT, MAP, "-", '-', '_', 0, "zoom",                                                     \
      "zoom out, up to the whole matrix")                                                          \
    K(COLOUR_BY, MAP, "c", 'c', 0, 0, "colour",                                                    \
      "colour by warp, block or thread")                                                           \
    K(INST_NEXT, DETAIL, "i", 'i', 0, 0, "&",                                                      \
      "next repetition (unrolled and tiled kernels)")                                              \
    K(INST_PREV, DETAIL, "I", 'I', 0, 0, "repetition",                                             \
      "previous repetition")                                                                       \
    K(WAVE_NEXT, ORDER, "Space n", ' ', 'n', 0, "&",                                               \
      "next wave of resident blocks")                                                              \
    K(WAVE_PREV, ORDER, "N", 'N', 0, 0, "wave",                                                    \
      "previous wave")                                                                             \
    K(ANIMATE, ORDER, "a", 'a', 0, 0, "animate",                                                   \
      "animate the waves on or off")                                                               \
    K(REMEASURE, BANDWIDTH, "r", 'r', 0, 0, "re-measure",                                          \
      "forget this config's samples and measure again")                                            \
    K(HEAT_UP, BANDWIDTH, "u", 'u', 0, 0, "&",                                                     \
      "scroll the heatmap up a row (when it does not fit)")                                        \
    K(HEAT_DOWN, BANDWIDTH, "d", 'd', 0, 0, "scroll",                                              \
      "scroll the heatmap down a row")                                                             \
    K(D_OK, DIALOG, "Enter", TPX_KEY_ENTER, 0, 0, "apply",                                         \
      "apply (refused with a reason if invalid)")                                                  \
    K(D_CANCEL, DIALOG, "Esc", TPX_KEY_ESC, 0, 0, "cancel",                                        \
      "close, keeping the old config")                                                             \
    K(D_UP, DIALOG, "Up", TPX_KEY_UP, 0, 0, "&",                                                   \
      "previous item, or double the field")                                                        \
    K(D_DOWN, DIALOG, "Down", TPX_KEY_DOWN, 0, 0, "pick",                                          \
      "next item, or halve the field")                                                             \
    K(D_PREV, DIALOG, "Left Shift-Tab", TPX_KEY_LEFT, TPX_KEY_BTAB, 0, "&",                        \
      "previous field")                                                                            \
    K(D_NEXT, DIALOG, "Right Tab", TPX_KEY_RIGHT, TPX_KEY_TAB, 0, "field",                         \
      "next field")                                                                                \
    K(D_ERASE, DIALOG, "Backspace", TPX_KEY_BACKSPACE, 0, 0, "",                                   \
      "erase a character")                                                                         \
    K(D_WRITE, DIALOG, "Ctrl-E", TPX_CTRL('e'), 0, 0, "",                                          \
      "in the kernel list: write a new kernel from the highlighted one")                           \
    K(D_USE, DIALOG, "Ctrl-X", TPX_CTRL('x'), 0, 0, "",                                            \
      "in the kernel editor: use the kernel you wrote (Esc leaves it unused)")                     \
    K(D_BLANK, DIALOG, "Ctrl-F", TPX_CTRL('f'), 0, 0, "",                                          \
      "in the kernel editor: go to the next blank (FIXME) and clear it")                           \
    K(D_SAVE, DIALOG, "Ctrl-O", TPX_CTRL('o'), 0, 0, "",                                           \
      "in the kernel editor: save it as tpx-kernel-NAME.tpxk here")

typedef enum tpx_action {
    TPX_ACT_NONE,
#define TPX_ACT_ENUM(name, group, label, k1, k2, k3, hint, help) TPX_ACT_##name,
    TPX_KEYS(TPX_ACT_ENUM)
#undef TPX_ACT_ENUM
    TPX_ACT_COUNT
} tpx_action;

typedef struct tpx_keydef {
    tpx_action action;
    tpx_key_group group;
    const char *label; /* "Up k" */
    int keys[3];
    const char *hint;  /* one word for the hint line, "" for none, "&" paired with the next */
    const char *help;
} tpx_keydef;

/* The table, in declaration order; *n is set to its length. */
const tpx_keydef *keys_table(int *n);
const char *keys_group_title(tpx_key_group g);
/* The action a key means in any of the groups in mask (bit 1 << group);
 * TPX_ACT_NONE if none. */
tpx_action keys_lookup(int key, unsigned mask);
const tpx_keydef *keys_def(tpx_action a);
/* The group of the first table row that binds key outside `except` (bits),
 * or -1: to say where a key would work. */
int keys_group_of(int key, unsigned except);
/* A key as a person would write it: "c", "Up", "F1", "Ctrl-L". */
void keys_name(int key, char *buf, int n);
#define TPX_KG_BIT(g) (1u << TPX_KG_##g)

#endif
