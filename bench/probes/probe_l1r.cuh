/*
 * probe_l1r.cuh: probe l1r, the L1 hit cost of a column read at a row pitch
 * of R bytes, as a column kernel's warp meets it: lane l reads row l mod n
 * of an array whose rows are R bytes apart, in the sector that row's element
 * falls in (lanes l / n the next words), each instruction the next word of
 * the same sectors, the lines staying in L1 (every warp of the SM on the same
 * lines, as a block's warps share the rows they reuse).  Probe l1p put lane l
 * at sector position l mod pos on lines a whole number of lines apart and
 * found that at four positions the cost depends on the lines (a hash); here
 * the positions and lines are those a pitch gives, for pitches no size was
 * chosen for, at several base addresses, so the model's cost for "the most
 * sectors at one position" can be read against what the L1 does at real
 * pitches.  The host prints that count (peak) beside each time.
 */
#ifndef PROBE_L1R_CUH
#define PROBE_L1R_CUH

#include "probe_pipe.cuh"

#include <algorithm>
#include <vector>

/* step is 1 at run time: a word offset the compiler cannot see repeat, so it
 * keeps every load in the loop (with (i * UNROLL + u) & 7 ptxas hoisted them). */
__global__ void k_l1r(const unsigned *buf, int n, ll pitch, ll base, int iters, int step,
                      unsigned *sink)
{
    int l = threadIdx.x & 31;
    ll sector = (base + (ll)(l % n) * pitch) / 32;
    const unsigned *p = buf + sector * 8;
    unsigned acc = 0;
    for (int i = 0; i < iters; i++)
#pragma unroll
        for (int u = 0; u < PIPE_UNROLL; u++)
            acc ^= pipe_ld_ca(p + ((l / n + i * step + u) & 7));
    if (acc == 0x9e3779b9u)
        sink[0] = acc;
}

/* The most of an instruction's sectors at one of the line's four positions,
 * and its lines: what the model counts for the same lanes (model_add_sectors,
 * counted here again because the probe stands alone), from the sorted
 * distinct sectors. */
static void l1r_counts(int n, ll pitch, ll base, int *peak, int *lines)
{
    std::vector<ll> sec;
    for (int r = 0; r < n; r++)
        sec.push_back((base + (ll)r * pitch) / 32);
    std::sort(sec.begin(), sec.end());
    sec.erase(std::unique(sec.begin(), sec.end()), sec.end());
    int at[4] = {0, 0, 0, 0}, top = 0;
    *lines = 0;
    for (size_t i = 0; i < sec.size(); i++) {
        top = ++at[sec[i] & 3] > top ? at[sec[i] & 3] : top;
        *lines += i == 0 || sec[i] / 4 != sec[i - 1] / 4;
    }
    *peak = top;
}

static void run_l1r(void)
{
    l1_walk w = l1_walk_open();
    std::vector<ll> pitches;
    for (ll r = 16000; r < 16000 + 2048; r += 16) /* every pitch on 16 bytes over 2 KB */
        pitches.push_back(r);
    for (ll r = 20000; r < 20000 + 512; r += 4) /* and on 4 bytes over 512 */
        pitches.push_back(r);
    printf("probe,n,pitch,base,peak,lines,ms,cycles_per_instr\n");
    for (int n : {32, 16})
        for (ll pitch : pitches)
            for (ll base : {0ll, 4096ll + 64, (3ll << 20) + 96})
                if (base + (ll)n * pitch + 128 <= w.bytes) {
                    int peak, lines;
                    l1r_counts(n, pitch, base, &peak, &lines);
                    double ms = probe_time(
                        [&] { k_l1r<<<w.grid, PIPE_THREADS>>>(w.buf, n, pitch, base, w.iters, 1, w.sink); },
                        3, false);
                    double cyc = ms * 1e3 * w.mhz / w.warp_instr_per_sm;
                    printf("l1r,%d,%lld,%lld,%d,%d,%.4f,%.3f\n", n, pitch, base, peak, lines, ms, cyc);
                }
    l1_walk_close(w);
}

#endif
