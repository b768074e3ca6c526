/* libFuzzer target: the explorer's key handler, headless (no terminal):
 * the input is a stream of keys, clicks and resizes fed to one app at a
 * small config, updated as each asks and drawn after each resize and at
 * the end.  Bytes below 0x80 are typed as they are; 0x80-0x8f are the
 * special keys; 0xf0 W H resizes to W x H; 0xf1 X Y clicks there; 0xf2
 * is a tick.  Whatever is typed, the config must stay valid. */
#define _DEFAULT_SOURCE /* mkdtemp */
#include <dirent.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

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

/* E and S write a new SVG file into the current directory at every press:
 * each input runs in a folder of its own (a crash leaves its files there),
 * emptied afterwards, so a run neither litters the checkout nor fills the
 * disk.  The directory changes only inside an input: libFuzzer reads and
 * writes its corpus by relative paths between inputs. */
static int home_fd = -1, work_fd = -1;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    char dir[] = "/tmp/tpx-fuzz-keys-XXXXXX";
    home_fd = open(".", O_RDONLY | O_DIRECTORY);
    if (home_fd < 0 || !mkdtemp(dir) || (work_fd = open(dir, O_RDONLY | O_DIRECTORY)) < 0) {
        perror("tpx fuzz_keys: a folder for E and S");
        abort();
    }
    return 0;
}

static void empty_cwd(void)
{
    DIR *dir = opendir(".");
    if (!dir)
        return;
    for (struct dirent *e; (e = readdir(dir)) != NULL;)
        if (e->d_name[0] != '.')
            unlink(e->d_name);
    closedir(dir);
}

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n)
{
    if (fchdir(work_fd) != 0)
        abort();
    /* Small matrices keep each input fast; the size dialog can still ask
     * for large ones, which the model handles by sampling. */
    tpx_config c = config_default();
    c.w = c.h = 256;
    tpx_limits lim = config_default_limits();
    tpx_device dev = {0};
    tpx_app *a = app_new(&c, &lim, &dev, "fuzz");
    if (!a)
        return fchdir(home_fd);
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
    empty_cwd();
    if (fchdir(home_fd) != 0)
        abort();
    return 0;
}
