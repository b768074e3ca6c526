/* compiled: what the compiled kernel decides that the index arithmetic does
 * not say, and the throughput model needs: the registers a thread holds
 * (recorded at build time from ptxas, assets/kernel_regs.txt, so the model
 * knows them without a GPU) and how many of a thread's loads are in flight
 * before the first must return (the unrolling the kernel body gets). */
#ifndef TPX_COMPILED_H
#define TPX_COMPILED_H

#include "config.h"

/* Registers per thread of the kernel config c launches, compiled for
 * compute capability cc (e.g. 9.0); *known = 0 (and TPX_ASSUMED_REGS
 * returned) when the build's record has no such kernel. */
int compiled_regs(const tpx_config *c, double cc, int *known);

/* Global loads per thread in one phase, and how many of them the compiled
 * body issues before the first must return. */
double compiled_loads_per_thread(const tpx_config *c);
/* The rep count the launched kernel is compiled for (its loops unrolled),
 * or 0 where it runs them as run-time loops. */
int compiled_unrolled_reps(const tpx_config *c);
/* Which row of the instruction record (assets/kernel_insts.txt) the
 * launched kernel's count follows: 1 where its loops run a count known at
 * compile time with no exit, 0 where they run or leave at run time (a walk
 * of run-time reps; tile_strip's kernel with exits, whose strips leave a warp
 * idle in a rep: about a fifth more instructions a warp, h200_insts.csv.gz). */
int compiled_insts_lean(const tpx_config *c);
double compiled_loads_in_flight(const tpx_config *c);

/* A block's rounds of loads, averaged over the launch's blocks: `full` for a
 * whole tile; in a tiled body's tile that the matrix edge cuts, a round trip
 * for each rep of its slowest warp that asks a sector first (the edge path's
 * loop runs one load at a time; docs/prediction.md, "Edge tiles, one load at
 * a time"). */
double compiled_rounds(const tpx_config *c, double full);

#endif
