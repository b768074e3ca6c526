/* libFuzzer target: the JSON reader and the result-file schema, on any bytes.
 * Whatever the input, parsing and checking must neither crash, read out of
 * bounds, leak nor hang; a document that passes must hold only rows whose
 * numbers are shown when measured and verified. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "results_read.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char msg[512];
    /* The exact bytes, no NUL after them: a read past the end is caught. */
    json_value *doc = json_parse_n((const char *)data, size, msg, sizeof msg);
    if (!doc)
        return 0;
    results_doc d;
    if (results_from_json(doc, &d, msg, sizeof msg) == 0) {
        for (int i = 0; i < d.n; i++) {
            const tpx_measurement *m = &d.rows[i].m;
            if (runner_has_number(m) && !(m->gbs > 0 && m->median_ms > 0 && m->noise >= 0))
                abort(); /* a number shown that the schema should have refused */
            if (m->status != TPX_ST_OK && m->gbs != 0)
                abort();
        }
        results_free(&d);
    }
    json_free(doc);
    return 0;
}
