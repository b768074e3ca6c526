/* results_read: a result file (docs/results-format.md, formats 1 and 2) read
 * and checked against its schema.  Anything that does not fit is refused with
 * the path of the field ("results[3].measured.gbs: negative"); what is kept
 * holds a number only where the file says it was measured and verified. */
#ifndef TPX_RESULTS_READ_H
#define TPX_RESULTS_READ_H

#include <stddef.h>

#include "json.h"
#include "runner.h"

#define RESULTS_MAX_FILE_BYTES ((size_t)16 << 20) /* 16 MiB */
#define RESULTS_MAX_ROWS 100000

typedef struct results_row {
    tpx_config c;
    tpx_measurement m;
} results_row;

typedef struct results_doc {
    int version;       /* format_version: 1 or 2 */
    char date[16];     /* the day of the run, YYYY-MM-DD, or "" when the file has none */
    tpx_device dev;    /* .valid = 0 when the file has no device */
    tpx_limits lim;    /* the launch limits the rows were checked against */
    results_row *rows;
    int n;
} results_doc;

/* Checks a parsed document; 0, or -1 with "path: what" in msg.  Strings
 * kept from the file (device name, notes) are sanitized for printing. */
int results_from_json(const json_value *doc, results_doc *out, char *msg, size_t n);
/* Reads, parses and checks a file: a regular file of at most
 * RESULTS_MAX_FILE_BYTES.  msg names the file on failure. */
int results_load(const char *path, results_doc *out, char *msg, size_t n);
void results_free(results_doc *d);

/* Internal to results_read.c / results_row.c: one row of `results`. */
struct results_ctx;
int results_read_row(struct results_ctx *x, const json_value *row, int index,
                     const results_doc *doc, results_row *out);

#endif
