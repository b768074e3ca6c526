#!/usr/bin/env bash
# Nsight Compute on the L1's passes for global loads (issue 18): whether the
# L1's wavefronts per load request follow the model's passes (the most sectors
# at one of a line's four positions; docs/prediction.md, "An L1 hit's passes")
# rather than its lines.  Configs whose rows lie 0, 64 and 16 or 32 bytes off 128.
# usage: bench/ncu_passes_probe.sh TPX OUTDIR   (on the GPU machine)
T=$1; out=$2; mkdir -p "$out"
ncu --query-metrics >"$out/metrics.txt" 2>&1
wf=$(grep -oE '^l1tex__data_pipe_lsu_wavefronts_mem_lg[a-z_]*' "$out/metrics.txt" | sort -u | sed 's/$/.sum/' | paste -sd, -)
M=${wf:+$wf,}l1tex__throughput.avg.pct_of_peak_sustained_elapsed,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum,lts__t_sectors_srcunit_tex_op_read.sum,gpu__time_duration.sum
echo "$M" >"$out/metrics_used.txt"
while read -r k b s d; do
  timeout 60 ncu --clock-control none -k regex:tpxk_ --metrics "$M" --csv --page raw "$T" report --once \
    --kernel "$k" --block "$b" --size "$s" --dtype "$d" >"$out/ncu_${k}_${b}_${s}_${d}.csv" 2>&1 </dev/null
  echo "$k $b $s $d rc=$?" >>"$out/rc.log"
done <<'LIST'
unroll4_row 2x64 13056x5200 f16
unroll4_row 2x64 13024x5200 f16
unroll4_row 2x64 13008x5200 f16
unroll4_row 2x64 13000x5200 f16
naive_col 32x4 4096x4096 f32
naive_col 32x4 4112x4096 f32
naive_col 32x4 4104x4096 f32
naive_col 64x4 10000x10000 f16
diagonal_col 64x4 13000x5200 f16
naive_col 8x32 10000x10000 f16
LIST
# unroll4_row 2x64 f16 binds on the pipe: its time at each pitch, beside memcpy's
for s in 13056x5200 13024x5200 13008x5200 13000x5200; do
  "$T" bench --kernel memcpy,unroll4_row --block 2x64 --size "$s" --dtype f16 2>&1 | grep -E 'memcpy|unroll4_row'
done >"$out/bench.txt"
