/* results_read: a result file (docs/results-format.md, formats 1 and 2) read
 * and checked against its schema.  Anything that does not fit is refused with
 * the path of the field ("results[3].measured.gbs: negative"); what is kept
 * holds a number only where the file says it was measured and verified. */
#ifndef TPX_RESULTS_READ_H
#define TPX_RESULTS_READ_H

#include <stddef.h>

#include "json.h"
#include "runner.h"

/* A file holds at most RESULTS_MAX_ROWS rows and skip notes together (tpx
 * bench refuses a larger sweep before it runs, when it is to be saved).  The
 * reader's other limits follow from it and from the most the writer puts in
 * a row and around the rows, escapes and the widest numbers included
 * (test_roundtrip writes those and checks): whatever the writer can write,
 * the reader reads. */
#define RESULTS_MAX_ROWS 20000
#define RESULTS_ROW_MAX_BYTES 6656
#define RESULTS_ROW_MAX_VALUES 136
#define RESULTS_HEAD_MAX_BYTES 16384
#define RESULTS_HEAD_MAX_VALUES 64
#define RESULTS_MAX_FILE_BYTES                                                                    \
    ((size_t)RESULTS_HEAD_MAX_BYTES + (size_t)RESULTS_MAX_ROWS * RESULTS_ROW_MAX_BYTES)
#define RESULTS_MAX_VALUES                                                                        \
    ((long)RESULTS_HEAD_MAX_VALUES + (long)RESULTS_MAX_ROWS * RESULTS_ROW_MAX_VALUES)

typedef struct results_row {
    tpx_config c;
    tpx_measurement m;
} results_row;

typedef struct results_doc {
    int version;       /* format_version: 1 to 3 */
    char git_commit[48]; /* the commit of the tpx that wrote it, "" when the file has none */
    int git_dirty;     /* its tree differed from that commit: 1, 0, or -1 unknown */
    char host[64];     /* the machine that measured, "" unknown */
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

/* Internal to results_read.c / results_row.c / results_sense.c. */
struct results_ctx;
/* One row of `results`. */
int results_read_row(struct results_ctx *x, const json_value *row, int index,
                     const results_doc *doc, results_row *out);
/* A file's numbers against each other (results_sense.c; docs/results-format.md,
 * "What must agree"): a timed measurement of c on d (d->valid = 0: the file
 * has no device) in a file of the given format version, its occupancy, and
 * no two rows of doc for one config in one mode (both named). */
int results_sense_timing(struct results_ctx *x, const char *path, int version,
                         const tpx_config *c, const tpx_device *d, const tpx_measurement *m);
int results_sense_occupancy(struct results_ctx *x, const char *path, const tpx_config *c,
                            const tpx_device *d, const tpx_occupancy *o);
int results_sense_unique(struct results_ctx *x, const results_doc *doc);

#endif
