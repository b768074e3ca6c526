/*
 * probe_runs.cuh: DRAM efficiency against the length of the contiguous runs
 * a copy reads and writes.  A 256 MB matrix of 32 KB rows is cut into 8 KB
 * tiles R bytes wide (8192 / R rows tall); block b copies tile
 * (b * 7919) mod 32768, a scattered order, so the blocks resident together
 * never touch neighbouring tiles and each row segment a block moves stays a
 * separate run of R bytes.  Modes: "both" writes the tile to the same place
 * of B (runs of R on both sides), "read" writes B contiguously in block
 * order (short runs only when reading), "write" reads A contiguously (short
 * runs only when writing), "order" is "both" with the tiles in row order
 * (neighbouring tiles run together: long runs again, for reference).
 * 256 threads of two 16-byte vectors each, cold L2.
 */
#ifndef PROBE_RUNS_CUH
#define PROBE_RUNS_CUH

#include "probe_common.cuh"

#define RUNS_ROW 32768ll  /* bytes per row */
#define RUNS_TILE 8192ll  /* bytes per tile */
#define RUNS_TILES 32768ll

/* Byte offset of vector j (0..511) of tile t, R bytes wide. */
__device__ __forceinline__ ll runs_off(ll t, int j, int r)
{
    ll per_row = RUNS_ROW / r, h = RUNS_TILE / r;
    ll band = t / per_row, col = t % per_row;
    int vr = r / 16; /* vectors per tile row */
    return (band * h + j / vr) * RUNS_ROW + col * r + (ll)(j % vr) * 16;
}

/* The source (filled) and destination of a copy of `bytes`. */
static void runs_alloc(ll bytes, char **a, char **b)
{
    CK(cudaMalloc(a, (size_t)bytes));
    CK(cudaMalloc(b, (size_t)bytes));
    CK(cudaMemset(*a, 1, (size_t)bytes));
}

__global__ void k_runs(const char *__restrict__ a, char *__restrict__ b, int r, int mode)
{
    ll t = mode == 3 ? (ll)blockIdx.x : ((ll)blockIdx.x * 7919) % RUNS_TILES;
    int j0 = threadIdx.x, j1 = threadIdx.x + 256;
    ll lin = (ll)blockIdx.x * RUNS_TILE;
    ll s0 = mode == 2 ? lin + j0 * 16 : runs_off(t, j0, r);
    ll s1 = mode == 2 ? lin + j1 * 16 : runs_off(t, j1, r);
    ll d0 = mode == 1 ? lin + j0 * 16 : runs_off(t, j0, r);
    ll d1 = mode == 1 ? lin + j1 * 16 : runs_off(t, j1, r);
    int4 v0 = *reinterpret_cast<const int4 *>(a + s0);
    int4 v1 = *reinterpret_cast<const int4 *>(a + s1);
    *reinterpret_cast<int4 *>(b + d0) = v0;
    *reinterpret_cast<int4 *>(b + d1) = v1;
}

static void run_runs(void)
{
    printf("probe,mode,run_bytes,ms,gbs\n");
    ll bytes = RUNS_TILE * RUNS_TILES;
    char *a, *b;
    runs_alloc(bytes, &a, &b);
    const char *names[] = {"both", "read", "write", "order"};
    for (int mode = 0; mode < 4; mode++)
        for (int r : {32, 64, 128, 256, 512, 1024, 2048, 4096, 8192}) {
            double ms = probe_time([&] { k_runs<<<(unsigned)RUNS_TILES, 256>>>(a, b, r, mode); },
                                   9, true);
            printf("runs,%s,%d,%.5f,%.1f\n", names[mode], r, ms, 2.0 * (double)bytes / (ms * 1e6));
        }
    CK(cudaFree(a));
    CK(cudaFree(b));
}

/* join: whether the L2 joins a run of B with its neighbour written D
 * launches later (dram_join_write; docs/prediction.md, "Runs the L2
 * joins").  A
 * 1 GB matrix of 1 KB rows is cut into 8 KB tiles R bytes wide (1024 / R
 * tiles a row, 4096 bands of tiles).  Block b takes band g D + (b mod D) of
 * column (b / D) mod P in group g = b / (D P): D consecutive blocks go down
 * D bands of one column, and each tile's right neighbour in its rows comes
 * exactly D launches later (D blocks of 16 KB of traffic).  Mode "write"
 * reads A in block order and writes B's tiles so; mode "read" reads A's
 * tiles so and writes B in block order.  If the L2 keeps a dirty line until
 * the neighbour writes the rest, short write runs cost what long ones do
 * while D blocks' traffic is well under the L2.  Reads were expected not to
 * join (a block asks only for its sectors); measured, they do, less: a
 * miss brings more than its sector (bench/results/issue18/<gpu>_join.csv). */
#define JOIN_ROW 1024ll
#define JOIN_TILES 131072ll

__device__ __forceinline__ ll join_off(ll b, int j, int r, ll d)
{
    ll per_row = JOIN_ROW / r, h = RUNS_TILE / r, g = b / (d * per_row), k = b % (d * per_row);
    ll col = k / d, band = g * d + k % d;
    int vr = r / 16;
    return (band * h + j / vr) * JOIN_ROW + col * r + (ll)(j % vr) * 16;
}

__global__ void k_join(const char *__restrict__ a, char *__restrict__ b, int r, ll d, int mode)
{
    ll blk = blockIdx.x, lin = blk * RUNS_TILE;
    for (int j = threadIdx.x; j < 512; j += 256) {
        ll src = mode == 1 ? join_off(blk, j, r, d) : lin + j * 16;
        ll dst = mode == 1 ? lin + j * 16 : join_off(blk, j, r, d);
        *reinterpret_cast<int4 *>(b + dst) = *reinterpret_cast<const int4 *>(a + src);
    }
}

static void run_join(void)
{
    printf("probe,mode,run_bytes,distance,ms,gbs\n");
    ll bytes = RUNS_TILE * JOIN_TILES;
    char *a, *b;
    runs_alloc(bytes, &a, &b);
    const char *names[] = {"write", "read"};
    for (int mode = 0; mode < 2; mode++)
        for (int r : {32, 128})
            for (ll d : {1ll, 2ll, 4ll, 16ll, 64ll, 256ll, 512ll, 1024ll, 2048ll, 4096ll}) {
                double ms = probe_time([&] { k_join<<<(unsigned)JOIN_TILES, 256>>>(a, b, r, d, mode); }, 7,
                                       true);
                printf("join,%s,%d,%lld,%.5f,%.1f\n", names[mode], r, d, ms, 2.0 * (double)bytes / (ms * 1e6));
            }
    CK(cudaFree(a));
    CK(cudaFree(b));
}

#endif
