/* The check of a user kernel (ucheck.h) as tpx check and tpx report print
 * it: text lines, or a JSON object. */
#include "check_out.h"

#include <stdio.h>

static void at_json(json_writer *w, const ucheck_at *a, ucheck_kind k)
{
    json_begin_object(w, "first");
    if (k == UC_UNWRITTEN) { /* an element, no thread */
        json_string(w, "array", "B");
        json_int(w, "row", a->row);
        json_int(w, "col", a->col);
        json_end_object(w);
        return;
    }
    json_int(w, "block_x", a->bx);
    json_int(w, "block_y", a->by);
    json_int(w, "thread_x", a->tx);
    json_int(w, "thread_y", a->ty);
    json_int(w, "phase", a->phase + 1);
    json_int(w, "rep", a->rep);
    json_int(w, "line", a->line);
    if (k != UC_EVAL) {
        char sp[2] = {a->space, 0};
        json_string(w, "array", sp);
        json_int(w, "row", a->row);
        json_int(w, "col", a->col);
    } else {
        json_int(w, "column", a->node_col);
    }
    json_end_object(w);
}

void check_out_json(json_writer *w, const char *key, const tpx_config *c,
                    const ucheck_report *r)
{
    char v[512];
    json_begin_object(w, key);
    json_bool(w, "checked", r->checked);
    if (!r->checked)
        json_string(w, "note", r->msg);
    json_bool(w, "ok", ucheck_ok(r));
    ucheck_verdict(c, r, v, sizeof v);
    json_string(w, "verdict", v);
    json_int(w, "moves", r->moves);
    json_begin_array(w, "findings");
    for (int k = 0; k < UC_NKINDS; k++) {
        if (!ucheck_explain(c, r, (ucheck_kind)k, v, sizeof v))
            continue;
        json_begin_object(w, NULL);
        json_string(w, "kind", ucheck_kind_name((ucheck_kind)k));
        json_int(w, "count", r->count[k]);
        json_string(w, "text", v);
        at_json(w, &r->first[k], (ucheck_kind)k);
        json_end_object(w);
    }
    json_end_array(w);
    json_end_object(w);
}

void check_out_text(FILE *f, const tpx_config *c, const ucheck_report *r)
{
    char v[512];
    if (!r->checked || ucheck_ok(r)) {
        ucheck_verdict(c, r, v, sizeof v);
        fprintf(f, "check: %s\n", v);
        return;
    }
    fprintf(f, "check: wrong (%lld moves checked):\n", r->moves);
    for (int k = 0; k < UC_NKINDS; k++)
        if (ucheck_explain(c, r, (ucheck_kind)k, v, sizeof v))
            fprintf(f, "  %-26s %s\n", ucheck_kind_name((ucheck_kind)k), v);
}

