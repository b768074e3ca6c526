/* Redraw benchmark: how long drawing one frame of each view takes, headless,
 * at a terminal size for a matrix size (the target: under 10 ms per redraw
 * at 200x60 for 16384x16384).  A redraw is what the explorer does on a key
 * or a new result: the whole frame painted from the scene into the canvas.
 * The scene rebuild (after a config or selection change) is timed apart.
 *   tpx_bench_redraw [--size N] [--cols W] [--rows H] [--frames N] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "catalog.h"
#include "headless.h"
#include "views.h"

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
        {TPX_K_NAIVE_ROW, 32, 8, 0},   {TPX_K_SMEM, 32, 32, 1},        {TPX_K_SMEM_RECT, 32, 8, 1},
        {TPX_K_TILE_ROWS, 64, 4, 1},   {TPX_K_DIAGONAL_ROW, 32, 8, 0}, {TPX_K_UNROLL4_COL, 32, 8, 0},
        {TPX_K_COPY_COL, 1, 1024, 0},
    };
    tpx_runner *r = runner_model_only("benchmark");
    tpx_canvas cv;
    if (!r || canvas_init(&cv, cols, rows) != 0)
        return 1;
    printf("ms per redraw (mean of %d) of each view at %dx%d, %lldx%lld f32; worst: the slowest "
           "single redraw\n", frames, cols, rows, size, size);
    printf("%-20s %8s %8s %8s %8s %8s %8s %12s\n", "config", "Map", "Banks", "Coalesc.", "Order",
           "Bandw.", "worst", "scene build");
    double worst_all = 0;
    for (size_t i = 0; i < sizeof configs / sizeof configs[0]; i++) {
        tpx_headless h = {.view = TPX_VIEW_BW, .cols = cols, .rows = rows};
        h.cfg = config_default();
        h.cfg.kernel = configs[i].k;
        h.cfg.bx = configs[i].bx;
        h.cfg.by = configs[i].by;
        h.cfg.pad = configs[i].pad;
        h.cfg.w = h.cfg.h = size;
        /* Every result in (bars and heatmap too), as after the workers are done. */
        tpx_app *a = headless_app(&h, r);
        if (!a)
            return 1;
        /* A warp in the middle of the matrix, not the corner. */
        a->sel.bx = a->scene.g.gx / 2;
        a->sel.by = a->scene.g.gy / 2;
        double t0 = now_s();
        app_update(a, TPX_CONFIG);
        double scene_ms = (now_s() - t0) * 1e3, worst = 0;
        char name[64];
        snprintf(name, sizeof name, "%s %dx%d%s", catalog_name(h.cfg.kernel), h.cfg.bx,
                 h.cfg.by, h.cfg.pad ? " p1" : "");
        printf("%-20s", name);
        for (int v = 0; v < TPX_VIEW_COUNT; v++) {
            a->view = v;
            double each = 0;
            for (int f = 0; f < frames; f++) {
                t0 = now_s();
                app_draw(a, &cv);
                double dt = now_s() - t0;
                each += dt;
                worst = dt > worst ? dt : worst;
            }
            printf(" %8.3f", each * 1e3 / frames);
        }
        printf(" %8.3f %12.3f\n", worst * 1e3, scene_ms);
        worst_all = worst > worst_all ? worst : worst_all;
        app_free(a);
    }
    printf("slowest single redraw: %.3f ms\n", worst_all * 1e3);
    canvas_free(&cv);
    runner_close(r);
    return 0;
}
