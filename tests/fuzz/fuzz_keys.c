/* libFuzzer target: the explorer's key handler, headless (no terminal):
 * the input is a stream of keys, clicks and resizes fed to one app at a
 * small config, updated as each asks and drawn after each resize and at
 * the end.  Bytes below 0x80 are typed as they are; 0x80-0x8f are the
 * special keys; 0xf0 W H resizes to W x H; 0xf1 X Y clicks there; 0xf2
 * is a tick.  Whatever is typed, the config must stay valid. */
#include <stdint.h>
#include <stdlib.h>

#include "app.h"
#include "canvas.h"
#include "keys.h"

static const int special[] = {
    TPX_KEY_UP,   TPX_KEY_DOWN,      TPX_KEY_LEFT, TPX_KEY_RIGHT,  TPX_KEY_PGUP, TPX_KEY_PGDN,
    TPX_KEY_HOME, TPX_KEY_END,       TPX_KEY_BTAB, TPX_KEY_BACKSPACE, TPX_KEY_F1, TPX_KEY_F10,
    TPX_KEY_RESIZE, TPX_KEY_ENTER,   TPX_KEY_ESC,  TPX_KEY_TAB,
};

static void draw(const tpx_app *a, int w, int h)
{
    tpx_canvas cv;
    if (canvas_init(&cv, w, h) != 0)
        return;
    app_draw(a, &cv);
    canvas_free(&cv);
}

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n)
{
    /* Small matrices keep each input fast; the size dialog can still ask
     * for large ones, which the model handles by sampling. */
    tpx_config c = config_default();
    c.w = c.h = 256;
    tpx_limits lim = config_default_limits();
    tpx_device dev = {0};
    tpx_app *a = app_new(&c, &lim, &dev, "fuzz");
    if (!a)
        return 0;
    int w = 120, h = 40;
    app_resize(a, w, h);
    app_update(a, TPX_SELECT);
    char msg[TPX_MSG];
    for (size_t i = 0; i < n; i++) {
        int res = 0, b = d[i];
        if (b < 0x80) {
            res = app_key(a, b);
        } else if (b < 0x90) {
            res = app_key(a, special[b - 0x80]);
        } else if (b == 0xf0 && i + 2 < n) {
            w = d[i + 1] % 240;
            h = d[i + 2] % 90;
            i += 2;
            app_resize(a, w, h);
            draw(a, w, h);
        } else if (b == 0xf1 && i + 2 < n) {
            res = app_click(a, w, h, d[i + 1], d[i + 2]);
            i += 2;
        } else if (b == 0xf2) {
            res = app_tick(a);
        }
        if (res & TPX_QUIT)
            break;
        if (app_update(a, res) != 0 || config_validate(&a->cfg, &a->lim, msg, sizeof msg) != 0)
            abort();
    }
    draw(a, w, h);
    app_free(a);
    return 0;
}
