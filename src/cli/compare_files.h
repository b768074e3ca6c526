/* compare_files: two result files compared config by config, as nvbench's
 * compare script does ("did my change make it faster?"): every config timed
 * in both files, in the same mode, gets the measured GB/s of each, the ratio
 * NEW/OLD and a verdict from measure_judge (SAME inside the runs' spread),
 * then a summary.  tpx compare --replay OLD --vs --replay NEW (or --replay
 * OLD,NEW) with no config option runs it. */
#ifndef TPX_COMPARE_FILES_H
#define TPX_COMPARE_FILES_H

#include <stdio.h>

/* The exit code when at least one config got SLOWER: a CI job's regression. */
enum { COMPARE_FILES_SLOWER = 3 };

/* Writes the table (or --json) to f.  Returns 0 when no config got slower,
 * COMPARE_FILES_SLOWER when one did, 1 when the files have no timed config
 * in common (nothing was compared) or on a write error, 2 when a file
 * cannot be read (the message on stderr). */
int compare_files(const char *old_path, const char *new_path, int json, FILE *f);

#endif
