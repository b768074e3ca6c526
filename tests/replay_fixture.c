/* replay_fixture: writes a small result document (the format tpx bench
 * --save writes, via the same writer) for the explorer's --load test: a few
 * measured rows at 1024x1024 on a made-up GPU, one failure, and a reference.
 *   replay_fixture FILE */
#include <stdio.h>
#include <string.h>

#include "bench.h"

static void row(bench_result *b, tpx_kernel_id k, int bx, int by, int pad, double gbs,
                tpx_status st)
{
    bench_row r;
    memset(&r, 0, sizeof r);
    r.c = config_default();
    r.c.kernel = k, r.c.bx = bx, r.c.by = by, r.c.pad = pad;
    r.c.w = r.c.h = 1024;
    r.modelled = model_totals(&r.c, &r.t, NULL) == 0;
    runner_not_measured(&r.m, st, st == TPX_ST_OK ? "" : "the fixture says this run failed");
    if (st == TPX_ST_OK) {
        r.m.samples = 30;
        r.m.gbs = gbs;
        r.m.median_ms = r.m.min_ms = r.m.mean_ms = 2.0 * 1024 * 1024 * 4 / (gbs * 1e6);
        r.m.noise = 0.0031;
        r.m.pct_peak = 100.0 * gbs / 4814.0;
        r.m.memcpy_gbs = 4030.0;
        r.m.pct_memcpy = 100.0 * gbs / 4030.0;
        r.m.verified = 1;
        r.m.badge = TPX_L2_RESIDENT;
        r.m.occ.valid = r.modelled;
        r.m.occ.blocks_per_sm = 8;
        r.m.occ.regs_per_thread = 16;
        r.m.occ.occupancy = 1.0;
        snprintf(r.m.device, sizeof r.m.device, "Fixture GPU");
    }
    bench_add_row(b, &r);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: replay_fixture FILE\n");
        return 2;
    }
    bench_result b;
    memset(&b, 0, sizeof b);
    b.dev.valid = 1;
    snprintf(b.dev.name, sizeof b.dev.name, "Fixture GPU");
    b.dev.cc_major = 9;
    b.dev.sms = 132;
    b.dev.l2_bytes = 60LL << 20;
    b.dev.peak_gbs = 4814.0;
    b.dev.max_threads_per_sm = 2048;
    b.dev.max_blocks_per_sm = 32;
    b.dev.smem_per_sm = 233472;
    b.dev.smem_per_block_optin = 232448;
    b.runner = "cuda";
    snprintf(b.date, sizeof b.date, "2026-11-22T00:00:00Z");
    snprintf(b.command, sizeof b.command, "replay_fixture");
    row(&b, TPX_K_NAIVE_ROW, 32, 8, 0, 528.4, TPX_ST_OK);
    row(&b, TPX_K_TILE_ROWS, 32, 8, 0, 1624.0, TPX_ST_OK);
    row(&b, TPX_K_COPY_ROW, 32, 8, 0, 2424.0, TPX_ST_OK);
    row(&b, TPX_K_NAIVE_COL, 32, 8, 0, 0, TPX_ST_LAUNCH_ERROR);
    row(&b, TPX_K_MEMCPY, 32, 8, 0, 4030.0, TPX_ST_OK);
    FILE *f = fopen(argv[1], "w");
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    bench_write_json(f, &b);
    fclose(f);
    bench_free(&b);
    return 0;
}
