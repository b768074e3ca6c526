"""The configs bench/ncu_check.py profiles with Nsight Compute and holds the model to."""

# kernel, block, size, dtype, pad, swizzle, time-check[, tile dtype]
CONFIGS = [
    ("copy_row", "32x8", "1000x777", "f32", 0, 0, 0),
    ("copy_col", "32x8", "1000x777", "f32", 0, 0, 0),
    ("naive_row", "32x8", "1000x777", "f32", 0, 0, 0), ("naive_row", "8x32", "1000x777", "f32", 0, 0, 0),
    ("naive_row", "7x3", "33x31", "f32", 0, 0, 0),
    ("naive_col", "16x16", "1000x777", "f32", 0, 0, 0),
    ("naive_col", "32x8", "3072x4096", "f32", 0, 0, 0),
    ("unroll4_row", "32x8", "1000x777", "f32", 0, 0, 0), ("unroll4_col", "16x16", "1000x777", "f32", 0, 0, 0),
    ("diagonal_row", "32x32", "1000x777", "f32", 0, 0, 0),
    ("diagonal_col", "8x32", "1000x777", "f32", 0, 0, 0),
    # grids past CUDA's y, launched folded (tpx_grid_folded)
    ("naive_row", "7x3", "3x600001", "f32", 0, 0, 0), ("naive_col", "32x1", "600001x3", "f16", 0, 0, 0),
    ("tile_sec", "32x8", "3x9000001", "f32", 0, 0, 0),
    ("smem", "32x32", "1000x777", "f32", 0, 0, 0),
    ("smem", "32x32", "1000x777", "f32", 1, 0, 0),
    ("smem", "32x32", "1000x777", "f32", 0, 1, 0),
    ("smem", "16x16", "1000x777", "f32", 1, 0, 0),
    ("smem", "32x32", "33x31", "f32", 1, 0, 0),
    ("smem_rect", "32x8", "1000x777", "f32", 1, 0, 0),
    ("smem_rect", "8x32", "1000x777", "f32", 0, 0, 0),
    ("smem_rect", "64x4", "1000x777", "f32", 2, 0, 0),
    ("smem_rect", "24x8", "1000x777", "f32", 1, 0, 0),
    ("smem_rect", "16x16", "33x31", "f32", 1, 0, 0),
    ("smem_rect", "32x16", "4096x3072", "f32", 0, 1, 0),
    ("tile_rows", "32x8", "1000x777", "f32", 0, 0, 0),
    ("tile_rows", "32x8", "1000x777", "f32", 1, 0, 0),
    ("tile_rows", "32x8", "1000x777", "f32", 0, 1, 0),
    ("tile_rows", "64x4", "1000x777", "f32", 0, 0, 0),
    ("tile_rows", "64x4", "1000x777", "f32", 1, 0, 0),
    ("tile_rows", "64x4", "1000x777", "f32", 2, 0, 0),
    ("tile_rows", "64x4", "1000x777", "f32", 0, 1, 0),
    ("tile_rows", "32x8", "33x31", "f32", 1, 0, 0),
    ("tile_rows", "48x16", "1000x777", "f32", 1, 0, 0),
    ("tile_rows", "64x4", "4096x3072", "f32", 1, 0, 0),
    # f64: 8-byte shared accesses
    ("naive_row", "32x8", "1000x777", "f64", 0, 0, 0),
    ("smem", "32x32", "1000x777", "f64", 0, 0, 0),
    ("smem", "32x32", "1000x777", "f64", 1, 0, 0), ("smem", "16x16", "1000x777", "f64", 1, 0, 0),
    ("smem_rect", "32x8", "1000x777", "f64", 1, 0, 0),
    ("tile_rows", "32x8", "1000x777", "f64", 0, 0, 0), ("tile_rows", "32x8", "1000x777", "f64", 1, 0, 0),
    ("tile_rows", "64x4", "1000x777", "f64", 0, 1, 0),
    # f16: 2-byte accesses, two lanes per bank word
    ("naive_row", "32x8", "1000x777", "f16", 0, 0, 0),
    ("smem", "32x32", "1000x777", "f16", 0, 0, 0),
    ("smem", "32x32", "1000x777", "f16", 1, 0, 0),
    ("smem", "16x16", "1000x777", "f16", 1, 0, 0),
    ("tile_rows", "32x8", "1000x777", "f16", 0, 0, 0),
    ("tile_rows", "32x8", "1000x777", "f16", 1, 0, 0),
    ("tile_rows", "64x4", "1000x777", "f16", 2, 0, 0),
    # wide shared accesses at 8 and 2 bytes, 16- and 32-wide tiles, pad 0 and 1
    # (the phase rule, docs/model.md: 16x16 pad 0 f64 reads 32 wavefronts, not 16)
    ("smem", "16x16", "1000x777", "f64", 0, 0, 0),
    ("smem", "16x16", "4096x3072", "f64", 0, 0, 0),
    ("smem", "16x16", "4096x3072", "f64", 1, 0, 0),
    ("smem", "16x16", "1000x777", "f16", 0, 0, 0),
    ("smem", "32x32", "4096x3072", "f16", 1, 0, 0),
    ("smem_rect", "16x16", "1000x777", "f64", 0, 0, 0),
    ("smem_rect", "16x16", "1000x777", "f64", 1, 0, 0),
    ("smem_rect", "32x8", "1000x777", "f64", 0, 0, 0),
    ("smem_rect", "32x32", "1000x777", "f64", 0, 0, 0),
    ("smem_rect", "16x16", "1000x777", "f16", 0, 0, 0),
    ("smem_rect", "32x8", "1000x777", "f16", 1, 0, 0),
    ("tile_rows", "16x4", "1000x777", "f64", 0, 0, 0),
    ("tile_rows", "16x4", "1000x777", "f64", 1, 0, 0),
    ("tile_rows", "16x4", "1000x777", "f16", 0, 0, 0),
    # large: counters and time
    # shapes and sizes no doc lists: vectors, one-thread blocks, long thin
    # blocks, a 33 KB f64 tile, swizzle at 2 and 8 bytes
    ("copy_col", "16x16", "1000x777", "f64", 0, 0, 0),
    ("naive_col", "32x8", "1x1000", "f32", 0, 0, 0),
    ("naive_row", "32x8", "1000x1", "f16", 0, 0, 0),
    ("naive_row", "1x1", "33x31", "f32", 0, 0, 0),
    ("copy_row", "1024x1", "1000x777", "f16", 0, 0, 0),
    ("unroll4_row", "8x32", "1000x777", "f16", 0, 0, 0),
    ("unroll4_col", "32x8", "777x1000", "f64", 0, 0, 0),
    ("diagonal_row", "16x16", "1000x777", "f16", 0, 0, 0),
    ("diagonal_col", "32x32", "4096x3072", "f32", 0, 0, 0),
    ("smem", "8x8", "1000x777", "f32", 0, 1, 0),
    ("smem", "32x32", "1000x777", "f16", 0, 1, 0),
    ("smem_rect", "1024x1", "1000x777", "f32", 1, 0, 0),
    ("smem_rect", "4x64", "1000x777", "f64", 0, 0, 0),
    ("smem_rect", "32x8", "1000x777", "f16", 0, 1, 0),
    ("tile_rows", "16x1", "1000x777", "f32", 0, 0, 0),
    ("tile_rows", "64x16", "1000x777", "f64", 1, 0, 0),
    ("tile_rows", "32x32", "1000x777", "f64", 1, 0, 0),
    ("copy_row", "32x8", "8192x8192", "f32", 0, 0, 1),
    ("naive_row", "32x8", "8192x8192", "f32", 0, 0, 1),
    ("naive_col", "8x32", "8192x8192", "f32", 0, 0, 1),
    ("unroll4_col", "32x8", "8192x8192", "f32", 0, 0, 1),
    ("smem", "32x32", "8192x8192", "f32", 1, 0, 1),
    ("tile_rows", "32x8", "8192x8192", "f32", 1, 0, 1),
    ("tile_rows", "64x4", "8192x8192", "f32", 1, 0, 1),
    ("tile_rows", "64x4", "8192x8192", "f64", 1, 0, 1),
    # large, for the L2/DRAM counters: the L1 effect both ways, 8-wide
    # blocks, an unpadded tile, f16
    ("naive_col", "32x8", "8192x8192", "f32", 0, 0, 1),
    ("naive_row", "8x32", "8192x8192", "f32", 0, 0, 1),
    ("copy_col", "32x8", "8192x8192", "f32", 0, 0, 1),
    ("unroll4_col", "8x32", "8192x8192", "f32", 0, 0, 1),
    ("diagonal_row", "64x4", "8192x8192", "f32", 0, 0, 1),
    # sectors of B written in parts by blocks 128, 2048 (cartesian) and
    # ~2047 (diagonal, above) launches apart: the L2 loses more of them the
    # further apart (traffic_split.c; the whole sweep: bench/l2_partial_probe.sh)
    ("naive_row", "64x4", "131072x512", "f32", 0, 0, 1),
    ("naive_row", "32x2", "8192x8192", "f32", 0, 0, 1),
    ("tile_rows", "32x8", "8192x8192", "f32", 0, 0, 1),
    ("tile_rows", "64x4", "8192x8192", "f16", 1, 0, 1),
    # copy_vec: 16-byte accesses (f32, f64, f16), and the element fallback
    # where the row length is not a multiple of the vector (1022 columns)
    ("copy_vec", "32x8", "1000x777", "f32", 0, 0, 0),
    ("copy_vec", "32x8", "1000x777", "f64", 0, 0, 0),
    ("copy_vec", "32x8", "1000x777", "f16", 0, 0, 0),
    ("copy_vec", "7x3", "1022x515", "f32", 0, 0, 0),
    ("copy_vec", "32x8", "8192x8192", "f32", 0, 0, 1),
    # tile_vec: 16-byte global and shared accesses with the register transpose;
    # swizzle, pad 1 access and pad 0 (8-way stores); 1, 2 sub-blocks per
    # thread; whole vectors on cut tiles (1000x776); the element fallback
    # (777 rows do not start on 16 bytes)
    ("tile_vec", "16x16", "1000x776", "f32", 0, 1, 0), ("tile_vec", "16x16", "1000x776", "f32", 0, 0, 0),
    ("tile_vec", "16x8", "1000x776", "f32", 1, 0, 0), ("tile_vec", "16x16", "1000x776", "f64", 0, 1, 0),
    ("tile_vec", "16x16", "1000x776", "f16", 0, 1, 0), ("tile_vec", "16x16", "1000x777", "f32", 0, 1, 0),
    ("tile_vec", "16x8", "8192x8192", "f32", 0, 1, 1), ("tile_vec", "16x16", "8192x8192", "f64", 0, 1, 1),
    ("tile_vec", "16x16", "8192x8192", "f16", 0, 1, 1),
    # the element path at tile_rows' compiled rep counts (8 and 16), a large odd size timed
    ("tile_vec", "32x4", "1000x777", "f64", 1, 0, 0), ("tile_vec", "64x4", "8191x8193", "f16", 1, 0, 1),
    # issue 20: sector-cut B rows, any alignment, last vector past W H, short rows
    ("tile_sec", "32x8", "1000x777", "f32", 0, 0, 0), ("tile_sec", "32x8", "1000x777", "f16", 0, 0, 0),
    ("tile_sec", "32x8", "1000x777", "f64", 0, 0, 0), ("tile_sec", "16x16", "333x517", "f32", 0, 0, 0),
    ("tile_sec", "64x4", "4097x3", "f64", 0, 0, 0),
    ("tile_sec", "7x2", "1001x2", "f16", 0, 0, 0),
    ("tile_sec", "32x8", "8191x8193", "f32", 0, 0, 1), ("tile_sec", "32x8", "8191x8193", "f16", 0, 0, 1),
    ("tile_sec", "32x8", "6001x3999", "f64", 0, 0, 1),
    # issue 20: tile_sec's tile read as A's vectors, gathered in shared memory;
    # head rows, rows of one sector (H = Q), narrow blocks (general path), BY 2
    ("tile_gather", "32x8", "1000x777", "f32", 0, 0, 0), ("tile_gather", "32x8", "1000x777", "f16", 0, 0, 0),
    ("tile_gather", "32x8", "1000x777", "f64", 0, 0, 0), ("tile_gather", "16x16", "333x517", "f32", 0, 0, 0),
    ("tile_gather", "64x4", "4097x4", "f64", 0, 0, 0), ("tile_gather", "7x2", "1001x16", "f16", 0, 0, 0),
    ("tile_gather", "64x8", "8191x8193", "f16", 0, 0, 1), ("tile_gather", "32x4", "8193x8191", "f16", 0, 0, 1),
    ("tile_gather", "32x8", "8191x8193", "f32", 0, 0, 1), ("tile_gather", "32x8", "6001x3999", "f64", 0, 0, 1),
    # B's rows on sectors under ragged A rows: the last tile rows lean, clamped at H
    ("tile_gather", "64x4", "20001x64", "f16", 0, 0, 0), ("tile_gather", "32x8", "4101x256", "f32", 0, 0, 0),
    ("tile_gather", "64x4", "1048573x64", "f16", 0, 0, 1), ("tile_gather", "64x8", "262147x256", "f64", 0, 0, 1),
    # B's rows off sectors: the last tile rows' lean path with head rows (tg_wrap)
    ("tile_gather", "64x4", "20001x100", "f16", 0, 0, 0), ("tile_gather", "32x8", "671089x100", "f32", 0, 0, 1),
    # issue 20: strips across the short side (tall, wide, pad, swizzle, f16, f64, a width
    # no power of two, short sides of 100 and 700 whose last reps leave warps idle), then 2 timed
    ("tile_strip", "32x8", "3x100001", "f32", 0, 0, 0), ("tile_strip", "32x8", "100001x16", "f16", 1, 0, 0),
    ("tile_strip", "64x4", "16x50001", "f64", 0, 1, 0), ("tile_strip", "24x8", "7x9001", "f32", 1, 0, 0),
    ("tile_strip", "32x8", "100x20001", "f32", 1, 0, 0), ("tile_strip", "16x16", "7001x700", "f16", 0, 0, 0),
    ("tile_strip", "32x8", "20001x100", "f64", 0, 1, 0),
    ("tile_strip", "32x8", "22369621x3", "f32", 0, 0, 1), ("tile_strip", "64x4", "1x67108864", "f16", 0, 0, 1),
    # issue 20: the strip as 16-byte vectors (tall and wide, short sides of 1 to 700, a block
    # of 96 threads, strips cut short, G = 8 along B's rows when tall), then 2 timed
    ("strip_vec", "32x8", "3x100000", "f32", 0, 0, 0), ("strip_vec", "32x8", "100000x16", "f16", 0, 0, 0),
    ("strip_vec", "64x4", "16x50000", "f64", 0, 0, 0), ("strip_vec", "96x1", "7x9000", "f32", 0, 0, 0),
    ("strip_vec", "32x8", "100x20000", "f32", 0, 0, 0), ("strip_vec", "32x32", "7000x700", "f16", 0, 0, 0),
    ("strip_vec", "32x8", "20000x100", "f64", 0, 1, 0), ("strip_vec", "64x4", "1048576x64", "f16", 0, 1, 0),
    ("strip_vec", "16x16", "100x20000", "f16", 0, 1, 0), ("strip_vec", "32x8", "33x1000", "f32", 0, 1, 0),
    ("strip_vec", "32x8", "64x1048576", "f32", 0, 0, 1), ("strip_vec", "16x8", "1x67108864", "f16", 0, 0, 1),
    # strip_vec where the long side is ragged (rows off 16 bytes: tall and wide, short sides of 1
    # to 100, a last strip of 3 elements whose neighbour's units cross the rows' ends at 3x100203,
    # 96 threads, swizzled), then 2 timed
    ("strip_vec", "32x8", "3x100001", "f32", 0, 0, 0), ("strip_vec", "32x8", "100001x3", "f16", 0, 0, 0),
    ("strip_vec", "64x4", "16x50001", "f64", 0, 1, 0), ("strip_vec", "96x1", "7x9001", "f16", 0, 0, 0),
    ("strip_vec", "32x8", "100x20001", "f16", 0, 1, 0), ("strip_vec", "32x8", "20001x100", "f32", 0, 0, 0),
    ("strip_vec", "16x8", "1x1000003", "f16", 0, 0, 0), ("strip_vec", "32x8", "3x100203", "f16", 0, 0, 0),
    ("strip_vec", "16x8", "3x22369621", "f16", 0, 0, 1), ("strip_vec", "32x8", "22369621x3", "f32", 0, 0, 1),
    # seed 000's tile without the corner turn: shared rows, naive_row's store
    ("smem_staged", "32x8", "1000x777", "f32", 0, 0, 0), ("smem_staged", "16x16", "1000x777", "f32", 0, 0, 0),
    ("smem_staged", "16x16", "1000x777", "f32", 1, 0, 0),
    ("smem_staged", "7x3", "33x31", "f32", 1, 0, 0),
    ("smem_staged", "32x8", "1000x777", "f64", 1, 0, 0),
    ("smem_staged", "32x32", "8192x8192", "f32", 1, 0, 1),
    # its pieces of 8 bytes and more, from two lanes and more, joined in L1 after
    # the barrier (traffic.c): the L2's store sectors checked, timed
    ("smem_staged", "8x16", "8192x8192", "f32", 0, 0, 1), ("smem_staged", "4x64", "8192x8192", "f16", 0, 0, 1),
    # seed 004: a double tile over float data (--tile-dtype), 8-byte shared
    # accesses with 4-byte global ones; f16 data in wider tiles
    ("smem", "16x16", "4096x3072", "f32", 0, 0, 0, "f64"),
    ("smem", "16x16", "4096x3072", "f32", 1, 0, 0, "f64"),
    ("smem", "16x16", "1000x777", "f32", 1, 0, 0, "f64"),
    ("smem", "32x32", "1000x777", "f32", 1, 0, 0, "f64"),
    ("smem_rect", "32x8", "1000x777", "f32", 1, 0, 0, "f64"),
    ("smem_staged", "16x16", "1000x777", "f32", 1, 0, 0, "f64"),
    ("tile_rows", "32x8", "1000x777", "f32", 1, 0, 0, "f64"),
    ("tile_rows", "64x4", "1000x777", "f16", 0, 1, 0, "f32"),
    ("smem", "32x32", "1000x777", "f16", 1, 0, 0, "f64"),
]
