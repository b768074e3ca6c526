/* bench_replay: `tpx bench --replay FILE`, the recorded results of a file
 * ranked in bench's own table: the rows the sweep's options select (only
 * the options given filter), best measured first. */
#ifndef TPX_BENCH_REPLAY_H
#define TPX_BENCH_REPLAY_H

#include <stddef.h>

#include "bench.h"
#include "cli.h"

/* Fills b from the result file at path (name: how to call it).  0; or -1
 * with why in msg (unreadable file, or no row matches: msg lists what the
 * file holds) and *usage set when the command line is to blame. */
int bench_replay(const cli_parsed *p, const char *path, bench_result *b, int *usage, char *msg,
                 size_t n);

#endif
