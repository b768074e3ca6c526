#!/usr/bin/env bash
# Nsight Compute on the stores of the kernels whose store instructions write
# sectors in part (smem_staged: naive_row's store after a barrier;
# smem_rect; naive_row itself): the store sectors L1 sends to the L2 against
# the sectors the instructions write, and the time.  (issue 18, 2026-11-29)
# usage: [NCU_SECTIONS="..."] bench/ncu_stores_probe.sh TPX OUTDIR [CONFIGS]
#   CONFIGS: lines "kernel block size dtype [pad]" (default bench/ncu_stores_configs.txt);
#   NCU_SECTIONS: Nsight Compute sections collected beside the metrics (the
#   thin shapes' probe, bench/ncu_thin_configs.txt, asks for the warp states);
#   NCU_METRICS: more metrics, comma-separated
T=$1; out=$2; mkdir -p "$out"
sec=(); for s in ${NCU_SECTIONS:-}; do sec+=(--section "$s"); done
M=lts__t_sectors_srcunit_tex_op_write.sum,lts__t_requests_srcunit_tex_op_write.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,lts__t_sectors_srcunit_tex_op_read.sum,dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum${NCU_METRICS:+,$NCU_METRICS}
list=${3:-$(dirname "$0")/ncu_stores_configs.txt}
while read -r k b s d p; do
  case "$k" in ""|\#*) continue ;; esac
  timeout 60 ncu --clock-control none -k regex:tpxk_ --metrics $M "${sec[@]}" --csv --page raw "$T" report --once \
    --kernel "$k" --block "$b" --size "$s" --dtype "$d" ${p:+--pad "$p"} >"$out/ncu_${k}_${b}_${s}_${d}${p:+_p$p}.csv" 2>&1 </dev/null
  echo "$k $b $s $d ${p:+pad $p }rc=$?" >>"$out/rc.log"
done <"$list"
