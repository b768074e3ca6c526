#!/usr/bin/env bash
# tile_vec's element path (rows that do not start on 16 bytes) compiled per
# rep count with its vector width folded to 1, against the build before it.
#   check: gpu_verify, compute-sanitizer memcheck and racecheck on element-path
#          configs, bench/ncu_check.py --only tile_vec
#   ab:    the previous build ($TPX_OLD) and this one ($TPX) interleaved, 2
#          rounds, tile_vec and tile_rows at odd shapes, % of memcpy
#   heldout: tile_vec again as bench/probes/run.sh sweeps it, at the two sizes
#          of the seventh and eighth held-out sets where it takes the element path
#   odd:   tile_vec again at bench/results/h200_odd.json's element-path configs
# Logs in $OUT (default /tmp/vec1).  $TPX (default build-gpu/s2/tpx), its tests/gpu_verify.
set -u
out=${OUT:-/tmp/vec1}; mkdir -p "$out"
t=${TPX:-build-gpu/s2/tpx}
old=${TPX_OLD:-build-gpu/old/tpx}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >"$out/gpu.txt"
case ${1:-ab} in
check)
    timeout 400 "$(dirname "$t")/tests/gpu_verify" >"$out/gpu_verify.log" 2>&1
    echo "gpu_verify rc=$?" | tee -a "$out/summary.txt"
    for cfg in "32x4 8191x8193 f16 1" "64x4 6001x3999 f32 0" "24x8 1000x777 f64 1" "32x1 33x31 f16 0"; do
        set -- $cfg
        for tool in memcheck racecheck; do
            timeout 120 compute-sanitizer --tool $tool --error-exitcode 9 "$t" report --once \
                --kernel tile_vec --block $1 --size $2 --dtype $3 --pad $4 >"$out/san_${tool}_$1_$2_$3.log" 2>&1
            echo "$tool $cfg rc=$?" | tee -a "$out/summary.txt"
        done
    done
    timeout 300 python3 bench/ncu_check.py --tpx "$t" --only tile_vec --log "$out/ncu_tile_vec.txt" >"$out/ncu_check.out" 2>&1
    echo "ncu_check rc=$?" | tee -a "$out/summary.txt"
    ;;
ab)
    sizes=8191x8193,6001x3999,12345x6789,13000x6500
    blk=16x4,32x4,32x8,64x4,64x8,128x8,32x1,16x16
    for r in 1 2; do
        for b in old new; do
            x=$t; [ $b = old ] && x=$old
            $x bench --kernel memcpy,tile_vec --block $blk --size $sizes --dtype f16,f32,f64 --pad 0,1 \
                --time-cap 0.05 --csv >"$out/ab_${b}_$r.csv" 2>/dev/null
        done
        $t bench --kernel memcpy,tile_rows --block $blk --size $sizes --dtype f16,f32,f64 --pad 0,1 \
            --time-cap 0.05 --csv >"$out/ab_rows_$r.csv" 2>/dev/null
    done
    ;;
heldout)
    for spec in 13000x6500 12500x6200; do
        "$t" bench --kernel tile_vec --block all --size $spec --dtype f16 --pad 0,1 --swizzle --samples 5 \
            --time-cap 0.05 --save "$out/sweep_h200_${spec}_f16_tile_vec.json" >"$out/sweep_h200_${spec}_f16_tile_vec.txt" 2>&1
    done
    ;;
odd)
    # tile_vec again at the shipped odd-shape result's sizes and blocks
    # (bench/gpu_issue20_save.sh's tile_vec rows), for bench/results/h200_odd.json
    odd=8191x8193,8193x8191,6001x3999,4097x4095,12345x6789,10007x5003,16383x16385
    thin=1x67108864,67108864x1,3x22369621,22369621x3,16x4194304,4194304x16,100x671089,671089x100
    thin+=,8193x8192,8192x8193,4097x16384,16385x4096,2048x2048
    "$t" bench --kernel memcpy,tile_vec --block 32x8,16x16 --pad 0,1 --size $odd --dtype f32,f16,f64 \
        --time-cap 0.15 --save "$out/odd_grid.json" >"$out/odd_grid.log" 2>&1
    "$t" bench --kernel memcpy,tile_vec --block 32x8,64x4,16x16,1x256,4x256,256x1 --size $thin \
        --dtype f32,f16,f64 --time-cap 0.05 --save "$out/odd_thin.json" >"$out/odd_thin.log" 2>&1
    ;;
*)
    echo "usage: bench/gpu_vec1.sh [check|ab|heldout|odd]" >&2
    exit 2
    ;;
esac
