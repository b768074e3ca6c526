/* libFuzzer target: the kernel language (src/lang).  Any bytes: either a
 * refusal with a line, a column and a printable ASCII message, or a kernel
 * whose grid, tile, reps, block order and every move of a small launch
 * evaluate without crashing (failures are values, TPX_XE_*), and whose
 * CUDA source is generated. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ukernel.h"
#include "ukernel_cuda.h"

static void walk(const ukernel *k)
{
    tpx_geom g = {13, 7, 4, 2, 0, 0, 1, 0, 1, 0};
    long long gx, gy, rows, cols, tbx, tby;
    int err, at;
    ukernel_grid(k, &g, &gx, &gy, &err, &at);
    ukernel_tile(k, &g, &rows, &cols, &err, &at);
    g.gx = gx > 0 && gx < 8 ? (int)gx : 4;
    g.gy = gy > 0 && gy < 8 ? (int)gy : 4;
    for (int by = 0; by < g.gy; by++)
        for (int bx = 0; bx < g.gx; bx++) {
            ukernel_remap(k, &g, bx, by, &tbx, &tby, &err, &at);
            for (int ph = 0; ph < k->phases; ph++) {
                int reps = ukernel_reps(k, &g, ph, &err, &at);
                for (int r = 0; r < reps && r < 4; r++)
                    for (int t = 0; t < g.bx * g.by; t++) {
                        uk_eval e;
                        ukernel_move(k, &g, cols, ph, r, tbx, tby, t % g.bx, t / g.bx, &e);
                        if (e.err && (e.at < 0 || e.at >= k->pool.n))
                            abort();
                    }
            }
        }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ukernel k;
    ulang_err e;
    if (ukernel_parse((const char *)data, size, &k, &e) != 0) {
        if (!e.msg[0])
            abort();
        for (const char *c = e.msg; *c; c++)
            if ((unsigned char)*c < 0x20 || (unsigned char)*c >= 0x7f)
                abort();
    } else {
        walk(&k);
        char *cuda = ukernel_cuda(&k);
        if (!cuda)
            abort();
        free(cuda);
    }
    ukernel_free(&k);
    return 0;
}
