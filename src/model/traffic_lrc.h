/* traffic_lrc: load requests that the L2 request coalescer (LRC) may merge.
 * Between the SMs and the L2 the LRC merges read requests that are the same
 * (one line, the same sectors of it) and arrive close together from
 * different SMs: blocks side by side in launch order that read the same
 * lines of A (a tall thin A whose rows several narrow blocks share).  The
 * L2 then counts fewer read sectors than L1 sends.  How many of the possible
 * merges the hardware makes depends on how far apart in launch order the
 * two blocks are and on how many lines each warp instruction spans: the lrc
 * probe measures that share (bench/probes/probe_lrc.cuh, h200_lrc.csv) and
 * the profile keeps it as lrc_merge_1 .. lrc_merge_8; here the model counts,
 * per pair of neighbour blocks, the sectors of the requests both send
 * (docs/prediction.md, "Reads the L2 request coalescer merges"). */
#ifndef TPX_TRAFFIC_LRC_H
#define TPX_TRAFFIC_LRC_H

#include "config.h"
#include "profile.h"

/* The probe's points: lines a warp instruction spans, and launch distances.
 * A pair further apart than the last distance is not counted (the probe did
 * not measure it, and such blocks are seldom resident at once). */
#define TRAFFIC_LRC_N 4
#define TRAFFIC_LRC_D 4
extern const double traffic_lrc_lines[TRAFFIC_LRC_N]; /* 1, 2, 4, 8 */
extern const double traffic_lrc_dist[TRAFFIC_LRC_D];  /* 1, 2, 8, 64 launches */

/* Adds to sectors[n][d] the load sectors of the block on tile (tbx, tby)
 * that a neighbour block (left, right, above, below) within 64 launches asks
 * for in a request that is the same as one of this block's, half for each
 * of the pair, spread over the probe's points with the weights the profile's
 * curves interpolate by (linear in log).  0, or -1 when out of memory. */
int traffic_lrc_block(const tpx_config *c, int tbx, int tby,
                      double sectors[TRAFFIC_LRC_N][TRAFFIC_LRC_D]);

/* The sectors the LRC merges: sectors[n][d] times the profile's share at
 * that point (lrc_merge_1 .. _8; none: no merge), at most what the loads
 * send the L2 beyond one read of each sector of A (a_sectors). */
double traffic_lrc_merged(const double sectors[TRAFFIC_LRC_N][TRAFFIC_LRC_D],
                          const tpx_profile *prof, double l2_ld_sectors, double a_sectors);

#endif
