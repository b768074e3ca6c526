#include "catalog.h"

#include <string.h>

/* The explanations are tpx's own words; the seeds are credited by number
 * (see docs/catalog.md for what each seed is). */
static const tpx_kernel_info kernels[TPX_K_COUNT] = {
    [TPX_K_COPY_ROW] = {
        TPX_K_COPY_ROW, "copy_row", "Copy by rows",
        "The ceiling: every warp reads and writes one contiguous run of a row.",
        "seed 002 (upper bound)",
        "Not a transpose at all: each thread copies A[y][x] to the same place in B. "
        "Consecutive threads of a warp touch consecutive addresses on both sides, so every "
        "32-byte sector a warp pulls in is fully used. Whatever this kernel reaches is the "
        "most a transpose of the same matrix with the same block can hope for.",
        1},
    [TPX_K_COPY_COL] = {
        TPX_K_COPY_COL, "copy_col", "Copy by columns",
        "The floor: every lane of a warp touches a different row, on both sides.",
        "seed 002 (lower bound)",
        "Also a plain copy, but the grid is laid over the matrix sideways: consecutive threads "
        "walk down a column, so the 32 lanes of a warp hit 32 different rows. Each lane's 4 "
        "bytes cost a whole 32-byte sector, for the read and for the write. A transpose that is "
        "slower than this has gone out of its way to be slow.",
        1},
    [TPX_K_NAIVE_ROW] = {
        TPX_K_NAIVE_ROW, "naive_row", "Naive: read rows, write columns",
        "Coalesced reads, strided writes: one sector per lane on every store.",
        "seeds 001, 002, 004",
        "The transpose anyone writes first: thread (x, y) reads A[y][x] and writes B[x][y]. "
        "Reading follows the rows of A, so a warp's loads are contiguous. Writing goes down a "
        "column of B: lanes that are neighbours in x land H elements apart, so a warp of 32 "
        "lanes in one row of the block touches 32 different sectors per store. The block shape "
        "decides how bad it gets: 32x8 gives 32 sectors per store, 8x32 only 8.",
        1},
    [TPX_K_NAIVE_COL] = {
        TPX_K_NAIVE_COL, "naive_col", "Naive: read columns, write rows",
        "Strided reads, coalesced writes: the L1 cache can soften strided reads, not writes.",
        "seed 002",
        "The same transpose with the roles swapped: the grid covers B, a warp writes a "
        "contiguous run of a row of B and reads down a column of A. Reads are strided now, but "
        "reads go through the L1 cache and neighbouring warps reuse the sectors they pulled in, "
        "so it usually beats naive_row even though the sector counts mirror each other.",
        1},
    [TPX_K_UNROLL4_ROW] = {
        TPX_K_UNROLL4_ROW, "unroll4_row", "Unrolled x4: read rows, write columns",
        "Four independent elements per thread put more memory requests in flight.",
        "seed 002",
        "naive_row with each thread handling four elements, one block width apart. The access "
        "pattern of each instruction is the naive one, but every thread now has four loads it "
        "can issue before waiting for any of them, which hides memory latency with a quarter "
        "of the blocks. Each element keeps its own guard, so every size is transposed in full.",
        1},
    [TPX_K_UNROLL4_COL] = {
        TPX_K_UNROLL4_COL, "unroll4_col", "Unrolled x4: read columns, write rows",
        "naive_col with four elements per thread: strided reads, coalesced writes, more in flight.",
        "seed 002",
        "The unrolled form of naive_col: the grid covers B, each thread writes four elements "
        "of a row of B, one block width apart, each read from a column of A. Coalesced writes "
        "and more independent reads in flight make it one of the faster kernels without "
        "shared memory.",
        1},
    [TPX_K_DIAGONAL_ROW] = {
        TPX_K_DIAGONAL_ROW, "diagonal_row", "Diagonal block order, naive_row inside",
        "Renumbering blocks along diagonals spreads concurrent blocks over memory.",
        "seed 002",
        "Blocks that run at the same time have consecutive ids. With the usual numbering they "
        "work on tiles in the same block row, and their strided writes all land in the same "
        "band of B. Diagonal numbering sends block (bx, by) to tile ((bx+by) mod GX, by), so "
        "neighbours in launch order work on tiles spread over the matrix. The per-warp "
        "accesses are those of naive_row; only the order of tiles changes.",
        1},
    [TPX_K_DIAGONAL_COL] = {
        TPX_K_DIAGONAL_COL, "diagonal_col", "Diagonal block order, naive_col inside",
        "naive_col with the diagonal block order.",
        "seed 002",
        "naive_col's accesses with blocks renumbered along diagonals, so that the strided "
        "column reads of concurrent blocks are spread over different parts of A. On a "
        "non-square grid tpx uses the general remapping of NVIDIA's transpose sample.",
        1},
    [TPX_K_SMEM] = {
        TPX_K_SMEM, "smem", "Shared-memory tile (square block)",
        "Stage a tile in shared memory so both the read and the write are coalesced.",
        "seeds 000, 001, 004",
        "Each block reads a T x T tile of A row by row into shared memory, waits at a barrier, "
        "then writes the tile to B row by row, reading it out of shared memory by columns. "
        "Global memory sees only contiguous runs now; the strided walk happens in shared "
        "memory instead. A column of a 32-wide tile of 4-byte words sits in a single bank, "
        "so the column read is a 32-way bank conflict, until one element of padding per row "
        "shifts each row by one bank.",
        1},
    [TPX_K_SMEM_RECT] = {
        TPX_K_SMEM_RECT, "smem_rect", "Shared-memory tile (rectangular block)",
        "Re-index the threads after the barrier so a BX x BY tile is written back in rows.",
        "seed 003",
        "Like smem, but the block may be any BX x BY. After the barrier the block's threads "
        "are renumbered as if the block were BY wide: thread i takes row i / BY and column "
        "i mod BY of the transposed tile. Writes to B stay contiguous runs of BY elements, "
        "and the shared read walks a tile column with a stride of BX plus the padding.",
        1},
    [TPX_K_TILE_ROWS] = {
        TPX_K_TILE_ROWS, "tile_rows", "Tile with fewer threads than elements",
        "A T x T tile moved by T x ROWS threads: each thread does T/ROWS elements.",
        "NVIDIA's transpose sample and blog",
        "The kernel of NVIDIA's transpose sample: the tile is T x T (T = BX) but the block has "
        "only ROWS = BY rows of threads, which loop over the tile ROWS rows at a time. Fewer "
        "threads per element means more independent memory operations per thread and cheaper "
        "index arithmetic per byte. With one element of padding it comes close to a plain "
        "copy; 32x8 is the classic shape, 64x4 is often faster still.",
        1},
    [TPX_K_MEMCPY] = {
        TPX_K_MEMCPY, "memcpy", "cudaMemcpy device to device",
        "The ceiling for any kernel that reads and writes W x H elements.",
        "reference",
        "cudaMemcpy of the whole matrix from one device buffer to another: what the GPU's "
        "memory system delivers when the access pattern is perfect. Every kernel's bandwidth "
        "is also shown as a percentage of it, measured in the same run. It is measured, not "
        "modelled.",
        0},
    [TPX_K_CUBLAS] = {
        TPX_K_CUBLAS, "cublas", "cuBLAS geam with a transpose",
        "What a user would call instead of writing a kernel.",
        "reference",
        "cublasSgeam (f32) or cublasDgeam (f64) computing B = 1 * A^T + 0 * B. cuBLAS has no "
        "half-precision geam, so for f16 tpx says so instead of timing something else. It is "
        "measured, not modelled.",
        0},
};

const tpx_kernel_info *catalog_get(tpx_kernel_id id)
{
    if ((int)id < 0 || id >= TPX_K_COUNT)
        return NULL;
    return &kernels[id];
}

const char *catalog_name(tpx_kernel_id id)
{
    const tpx_kernel_info *k = catalog_get(id);
    return k ? k->name : "?";
}

int catalog_find(const char *name)
{
    for (int i = 0; name && i < TPX_K_COUNT; i++)
        if (strcmp(kernels[i].name, name) == 0)
            return i;
    return -1;
}

const char *catalog_names_list(void)
{
    static char list[512];
    if (list[0] == '\0') {
        size_t used = 0;
        for (int i = 0; i < TPX_K_COUNT; i++) {
            size_t len = strlen(kernels[i].name);
            if (used + len + 3 >= sizeof list)
                break;
            if (i > 0) {
                memcpy(list + used, ", ", 2);
                used += 2;
            }
            memcpy(list + used, kernels[i].name, len);
            used += len;
        }
        list[used] = '\0';
    }
    return list;
}
