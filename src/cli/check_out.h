/* check_out: the check of a user kernel (ucheck.h) written out, in text
 * (tpx check, tpx report) and as the JSON object "check" (docs/language.md). */
#ifndef TPX_CHECK_OUT_H
#define TPX_CHECK_OUT_H

#include <stdio.h>

#include "json.h"
#include "ucheck.h"

/* "check: correct: ..." or "check: wrong ..." and a line per finding. */
void check_out_text(FILE *f, const tpx_config *c, const ucheck_report *r);
/* {"checked", ["note"], "ok", "verdict", "moves", "findings": [{"kind", "count",
 * "text", "first": {...}}]} */
void check_out_json(json_writer *w, const char *key, const tpx_config *c,
                    const ucheck_report *r);

#endif
