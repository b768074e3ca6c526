/* Redraw benchmark: draws each view headless at a terminal size for a
 * config, many times, and prints the time per frame.  The target is under
 * 10 ms per redraw at 200x60 for 16384x16384.
 *   tpx_bench_redraw [--size N] [--cols W] [--rows H] [--frames N] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "app.h"
#include "catalog.h"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    long long size = 16384;
    int cols = 200, rows = 60, frames = 200;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--size") == 0)
            size = atoll(argv[i + 1]);
        else if (strcmp(argv[i], "--cols") == 0)
            cols = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "--rows") == 0)
            rows = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "--frames") == 0)
            frames = atoi(argv[i + 1]);
    }
    static const struct {
        tpx_kernel_id k;
        int bx, by, pad;
    } configs[] = {
        {TPX_K_NAIVE_ROW, 32, 8, 0}, {TPX_K_SMEM, 32, 32, 1}, {TPX_K_TILE_ROWS, 32, 8, 1},
        {TPX_K_DIAGONAL_ROW, 32, 8, 0}, {TPX_K_UNROLL4_COL, 32, 8, 0},
    };
    glyphs_set_utf8(1);
    tpx_runner *r = runner_model_only("benchmark");
    tpx_limits lim = config_default_limits();
    tpx_device dev;
    r->device(r, &dev);
    tpx_canvas cv;
    canvas_init(&cv, cols, rows);
    printf("redraw of each view at %dx%d, %lldx%lld, %d frames each (ms per frame)\n", cols, rows,
           size, size, frames);
    printf("%-22s %8s %8s %8s %8s %8s %10s\n", "config", "Map", "Banks", "Coalesc.", "Order",
           "Bandw.", "scene (ms)");
    for (size_t i = 0; i < sizeof configs / sizeof configs[0]; i++) {
        tpx_config c = config_default();
        c.kernel = configs[i].k;
        c.bx = configs[i].bx;
        c.by = configs[i].by;
        c.pad = configs[i].pad;
        c.w = c.h = size;
        tpx_app *a = app_new(&c, &lim, &dev, r->name, "benchmark");
        app_resize(a, cols, rows);
        live_fill_sync(a->live, &c, &lim, r, 1);
        double t0 = now_s();
        app_recalc(a);
        double scene_ms = (now_s() - t0) * 1e3;
        char name[64];
        snprintf(name, sizeof name, "%s %dx%d", catalog_name(c.kernel), c.bx, c.by);
        printf("%-22s", name);
        for (int v = 0; v < TPX_VIEW_COUNT; v++) {
            a->view = v;
            a->sel.bx = a->scene.g.gx / 2;
            t0 = now_s();
            for (int f = 0; f < frames; f++)
                app_draw(a, &cv);
            printf(" %8.3f", (now_s() - t0) * 1e3 / frames);
        }
        printf(" %10.3f\n", scene_ms);
        app_free(a);
    }
    canvas_free(&cv);
    runner_close(r);
    return 0;
}
