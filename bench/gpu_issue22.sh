#!/usr/bin/env bash
# Issue 22 on the GPU: a result file with the provenance of format 3 (the
# NVIDIA driver's version, the CUDA toolkit, the binary's commit and dirty
# flag, the host, each result's clocks and throttled samples) and the
# noise-aware comparison of two runs of the same configs.  Builds nothing:
# run it with the build carried to the GPU machine.  Logs and files go to
# $OUT (or /tmp/tpx-issue22): env.log, run1.json, run2.json, report.txt,
# compare.txt, compare.json, check.log.  About a minute on an H100/H200.
# usage: bench/gpu_issue22.sh [build-dir]   (default build-gpu)
# What to look for: check.log ends "issue 22 GPU check: ok"; report.txt has
# "run: NVIDIA driver 5xx.yy.zz, CUDA runtime 13.0, built with CUDA 13.0, ECC
# on", "clocks: SM ... MHz, memory ... MHz (means over N samples), never
# throttled" (or THROTTLED in K of them, and why) and "measured by: tpx
# 0.1.0, commit ..."; compare.txt's summary "N configs timed in both: 0
# FASTER, 0 SLOWER, N SAME" (exit 0), unless the GPU was disturbed.
set -u
b=${1:-build-gpu}
tpx=$b/tpx
out=${OUT:-/tmp/tpx-issue22}
mkdir -p "$out"
cfg=(--kernel naive_row,smem,tile_rows,tile_vec,memcpy --block 32x8,32x32 --size 8192 --pad 0,1)
{
    nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,ecc.mode.current --format=csv
    "$tpx" list --devices
    "$tpx" --version
} >"$out/env.log" 2>&1
for run in run1 run2; do
    "$tpx" bench "${cfg[@]}" --save "$out/$run.json" >"$out/$run.txt" 2>&1
    echo "bench $run rc=$?" >>"$out/env.log"
done
"$tpx" report --replay "$out/run1.json" --kernel tile_rows --block 32x8 --size 8192 --pad 1 \
    >"$out/report.txt" 2>&1
"$tpx" report --kernel tile_rows --block 32x8 --size 8192 --pad 1 >>"$out/report.txt" 2>&1
"$tpx" compare --replay "$out/run1.json" --vs --replay "$out/run2.json" >"$out/compare.txt" 2>&1
echo "compare rc=$?" >>"$out/env.log"
"$tpx" compare --replay "$out/run1.json" --json --vs --replay "$out/run2.json" >"$out/compare.json" 2>/dev/null
python3 - "$out/run1.json" "$(git rev-parse HEAD 2>/dev/null || echo unknown)" >"$out/check.log" 2>&1 <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
bad = []
def need(ok, what):
    if not ok:
        bad.append(what)
need(d["format_version"] == 3, "format_version 3")
need(len(d.get("git_commit", "")) == 40, "git_commit: the full hash")
need(d.get("git_dirty") in (True, False), "git_dirty")
need(d.get("host"), "host")
dev = d["device"] or {}
need(dev.get("nvidia_driver"), "device.nvidia_driver (NVML)")
need(dev.get("cuda_toolkit_version"), "device.cuda_toolkit_version")
timed = [r for r in d["results"] if r.get("measured") and r["measured"].get("samples")]
need(timed, "timed rows")
for r in timed:
    m, c = r["measured"], r["config"]
    ck = m.get("clocks")
    name = f'{c["kernel"]} {c["block"]} pad {c.get("pad", 0)}'
    need(ck and ck["samples"] == m["samples"], f"{name}: clocks for every sample")
    if ck:
        need(ck["sm_mhz"] > 0 and ck["memory_mhz"] > 0, f"{name}: clock means")
        print(f'{name}: {m["gbs"]} GB/s, SM {ck["sm_mhz"]} MHz, memory {ck["memory_mhz"]} MHz, '
              f'{ck["throttled_samples"]} of {ck["samples"]} throttled {ck["throttle_reasons"]}')
print("commit here", sys.argv[2], "in the file", d.get("git_commit"), "dirty", d.get("git_dirty"))
print("driver", dev.get("nvidia_driver"), "toolkit", dev.get("cuda_toolkit_version"),
      "runtime", dev.get("cuda_runtime_version"), "host", d.get("host"))
print("\n".join("MISSING: " + b for b in bad) or "issue 22 GPU check: ok")
PY
tail -3 "$out/check.log"
tail -3 "$out/compare.txt"
