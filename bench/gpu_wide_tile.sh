#!/usr/bin/env bash
# Issue 18, 2026-12-01: Nsight Compute on tile_sec and tile_gather where a block's tile spans
# A's whole row (bench/ncu_wide_tile_configs.txt; CONFIGS: another list, such as
# bench/ncu_gather_tall_configs.txt): time, instructions, shared wavefronts, occupancy and
# the warp states, in $OUT/TAG.tgz (default wide_tile).
# usage (device machine, repository root): [CONFIGS=FILE TAG=NAME] bash bench/gpu_wide_tile.sh [TPX]
T=${1:-build-gpu/tpx}
o=$(mktemp -d)
NCU_SECTIONS="WarpStateStats SchedulerStats Occupancy LaunchStats" \
NCU_METRICS=smsp__inst_executed.sum,smsp__warps_launched.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,sm__cycles_elapsed.avg,smsp__issue_active.avg.pct_of_peak_sustained_elapsed \
  bash bench/ncu_stores_probe.sh "$T" "$o/ncu" ${CONFIGS:-bench/ncu_wide_tile_configs.txt}
tar czf "${OUT:-.}/${TAG:-wide_tile}.tgz" -C "$o" ncu
