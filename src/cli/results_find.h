/* results_find: `--load h200` as well as `--load path/to/file.json`.  A bare
 * name (no '/', no ".json") is looked up as NAME.json among the result files
 * tpx ships (bench/results/): in $TPX_RESULTS_DIR, next to the binary
 * (installed: ../share/tpx/results; in a build tree: ../bench/results) and
 * in the source tree tpx was built from.  The files are several megabytes,
 * so they are installed beside the binary rather than compiled into it. */
#ifndef TPX_RESULTS_FIND_H
#define TPX_RESULTS_FIND_H

#include <limits.h>
#include <stddef.h>

/* The longest path a result file may have: what the system takes (PATH_MAX,
 * 4096 bytes on Linux, NUL included), whether tpx writes it or reads it. */
#define RESULTS_PATH_MAX PATH_MAX

/* The file arg names: arg itself when it is a path (or an existing file),
 * else the shipped NAME.json.  0 with the path in out (n bytes, at least
 * RESULTS_PATH_MAX), or -1 with a message listing the shipped names, or
 * saying the path is too long. */
int results_find(const char *arg, char *out, size_t n, char *msg, size_t mn);

/* Several result files, one per GPU: `--load h200,h100` (a comma list, since
 * an option may not be given twice).  The paths of the names in arg, in
 * order, each found as results_find does; returns how many (1..max), or -1
 * with why (an empty name, more than max, a name given twice, one not found).
 * An existing file whose name holds a comma is that one file. */
#define RESULTS_MAX_FILES 4
/* Shipped result files read at once (tpx tour --check: every one) */
#define RESULTS_MAX_SHIPPED 32
int results_find_list(const char *arg, char out[][RESULTS_PATH_MAX], int max, char *msg, size_t mn);

/* The shipped result files (the .json files of bench/results/, in the first directory
 * that holds any), by name: their paths in out, how many (at most max). */
int results_shipped(char out[][RESULTS_PATH_MAX], int max);

#endif
