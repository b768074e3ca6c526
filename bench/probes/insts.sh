#!/usr/bin/env bash
# The instruction probe (issue 18): Nsight Compute's count of the warp
# instructions every catalog kernel executes, at a set of block shapes, three
# dtypes and sizes that take each kernel's paths (aligned, odd, thin), each
# config launched once (`tpx bench --once`).  bench/probes/insts_parse.py
# OUTDIR makes the counts a table (bench/results/issue18/h200_insts.csv.gz),
# and bench/probes/insts_fit.py --tpx TPX TABLE turns it into
# assets/kernel_insts.txt, what the model's issue limit reads
# (docs/prediction.md, "Instruction issue").  Nothing here is a bandwidth:
# the model is judged on sweeps this never ran.
# usage: [INSTS_GROUPS=k1,k2] bench/probes/insts.sh TPX OUTDIR [SIZE ...]
T=$1; out=$2; shift 2
mkdir -p "$out"
sizes=${*:-"2048x2048 2049x2047 7x300001 300001x7 100x40000"}
# three groups a size: Nsight Compute prints its table when the process ends,
# so a group cut by the time limit loses only itself
groups=${INSTS_GROUPS:-"tile_vec,tile_sec,tile_gather,strip_vec,tile_strip
diagonal_row,diagonal_col,smem,smem_rect,smem_staged,tile_rows
copy_row,naive_row,naive_col,copy_col,copy_vec,unroll4_row,unroll4_col"}
deadline=${INSTS_DEADLINE:-540}
blocks=${INSTS_BLOCKS:-8x8,16x16,32x8,64x4,32x32,16x4,128x2,4x64,256x1,1x256,64x16,8x32,32x4,2x128}
M=smsp__inst_executed.sum,smsp__warps_launched.sum,sm__ctas_launched.sum
g=0
for kernels in $groups; do
    g=$((g + 1))
    for s in $sizes; do
        left=$((deadline - SECONDS))
        [ "$left" -lt 20 ] && { echo "$s group $g: deadline" >>"$out/rc.log"; continue; }
        [ "$left" -gt 120 ] && left=120
        # the counts (the JSON the run prints: the configs in launch order,
        # --once launching each once, ahead of Nsight Compute's table)
        timeout "$left" ncu --clock-control none -k regex:tpxk_ --metrics $M --csv --page raw \
            "$T" bench --once --json --kernel "$kernels" --block "$blocks" --size "$s" \
            --dtype f16,f32,f64 --pad 0 >"$out/ncu_${s}_$g.txt" 2>"$out/ncu_${s}_$g.err"
        echo "$s group $g rc=$? at $SECONDS s" >>"$out/rc.log"
    done
done
