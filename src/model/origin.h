/* origin: where a catalog kernel comes from, in words a student can read.
 * The catalog credits its sources by number (kernels/tpx_kernels.def: "seed
 * 002 (upper bound)", "seeds 000, 001, 004", "issue 11 (vectorised copy)");
 * the list, the picker and tpx list say instead what each source is. */
#ifndef TPX_ORIGIN_H
#define TPX_ORIGIN_H

#include <stddef.h>

/* credit in words into buf: each seed number named by what it is, an issue
 * number as tpx's own work, the parenthesis kept; any other text (a user
 * kernel's file) as it is. */
void origin_words(const char *credit, char *buf, size_t n);

#endif
