/* roundtrip_gen: a random GPU-shaped (or no-GPU) sweep written by tpx
 * bench's own writer, and one line per row for the reader tests:
 *   roundtrip_gen SEED gpu|no-gpu ROWS FILE  >  rows.txt
 * each line "KERNEL BXxBY WxH DTYPE PAD SWIZZLE TILE_DTYPE MODE GBS", GBS "-"
 * where the row holds no figure to show. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "sweep_gen.h"

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: roundtrip_gen SEED gpu|no-gpu ROWS FILE\n");
        return 2;
    }
    bench_result b;
    sweep_gen(&b, (unsigned)atoi(argv[1]), strcmp(argv[2], "gpu") == 0, atoi(argv[3]), 2048);
    FILE *f = fopen(argv[4], "w");
    if (!f) {
        perror(argv[4]);
        return 1;
    }
    bench_write_json(f, &b);
    if (fclose(f) != 0)
        return 1;
    for (int i = 0; i < b.n; i++) {
        const bench_row *r = &b.rows[i];
        char gbs[32] = "-";
        if (runner_has_number(&r->m))
            snprintf(gbs, sizeof gbs, "%.1f", r->m.gbs);
        printf("%s %dx%d %lldx%lld %s %d %d %s %s %s\n", catalog_name(r->c.kernel), r->c.bx,
               r->c.by, r->c.w, r->c.h, config_dtype_name(r->c.dtype), r->c.pad, r->c.swz,
               config_dtype_name(config_tile_dtype(&r->c)), r->m.hot ? "hot" : "cold", gbs);
    }
    bench_free(&b);
    return 0;
}
