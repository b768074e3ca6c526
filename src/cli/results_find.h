/* results_find: `--load h200` as well as `--load path/to/file.json`.  A bare
 * name (no '/', no ".json") is looked up as NAME.json among the result files
 * tpx ships (bench/results/): in $TPX_RESULTS_DIR, next to the binary
 * (installed: ../share/tpx/results; in a build tree: ../bench/results) and
 * in the source tree tpx was built from.  The files are several megabytes,
 * so they are installed beside the binary rather than compiled into it. */
#ifndef TPX_RESULTS_FIND_H
#define TPX_RESULTS_FIND_H

#include <stddef.h>

/* The file arg names: arg itself when it is a path (or an existing file),
 * else the shipped NAME.json.  0 with the path in out, or -1 with a message
 * listing the shipped names. */
int results_find(const char *arg, char *out, size_t n, char *msg, size_t mn);

#endif
