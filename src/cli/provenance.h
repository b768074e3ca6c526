/* provenance: what a result file says about the code and the machine that
 * produced it, beside the device's own facts (report_device_json): the tpx
 * version, the exact commit of the binary and whether its tree was dirty
 * (read at build time, cmake/git_commit.cmake), and the host. */
#ifndef TPX_PROVENANCE_H
#define TPX_PROVENANCE_H

#include <stdio.h>

#include "json.h"
#include "runner.h"

/* tpx_version, git_commit, git_dirty (null when unknown) and host. */
void provenance_json(json_writer *w);
/* "tpx 0.1.0, commit 4f0f866c1a2b (dirty) on host NAME", for reports. */
void provenance_describe(char *buf, unsigned long n);
/* Under a measurement in tpx report: what it ran on and with (the NVIDIA
 * driver, CUDA runtime and toolkit, ECC), the clocks while it was timed and
 * whether a slowdown held them down, and the code and host that measured it
 * (this binary, or the file's writer for a replay).  Nothing unknown is
 * printed as known. */
void provenance_table(FILE *f, const tpx_device *d, const tpx_measurement *m);

#endif
