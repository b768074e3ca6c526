/* report: a config, the model's figures and a measurement, as JSON or as a
 * readable table.  Used by `tpx report` and `tpx bench`. */
#ifndef TPX_REPORT_H
#define TPX_REPORT_H

#include <stdio.h>

#include "json.h"
#include "model.h"
#include "predict.h"
#include "profile.h"
#include "runner.h"

void report_config_json(json_writer *w, const char *key, const tpx_config *c);
/* "model": {...}, or null with "model_note" for the references. */
/* prof: the device profile the prediction is made for (NULL: none). */
void report_model_json(json_writer *w, const tpx_config *c, const tpx_totals *t,
                       const tpx_profile *prof);
/* "measured": {...}, or null with "measured_note" when m is not a number. */
void report_measured_json(json_writer *w, const tpx_measurement *m, const tpx_device *d);
void report_device_json(json_writer *w, const char *key, const tpx_device *d);
/* "launch": blocks per SM, occupancy and waves (measured or estimated);
 * nothing for the references. */
void report_launch_json(json_writer *w, const tpx_config *c, const tpx_device *d,
                        const tpx_measurement *m);
/* The whole `tpx report --json` object (config, device, model, launch,
 * measured) under key (NULL at the top): one writer for report and compare. */
void report_json_object(json_writer *w, const char *key, const tpx_config *c,
                        const tpx_device *d, const tpx_totals *t, const tpx_measurement *m,
                        const tpx_profile *prof);

void report_model_table(FILE *f, const tpx_config *c, const tpx_totals *t,
                        const tpx_profile *prof);
void report_measured_table(FILE *f, const tpx_measurement *m, const tpx_device *d);

/* The traffic below L1 and the predicted bandwidth (report_predict.c):
 * "traffic" and "predicted_gbs" (null when prof is NULL or lacks the
 * figures) inside the "model" object, and the same as table lines. */
/* The prediction for c on prof: 0, or -1 (no profile, a reference, a
 * profile without the figures; p->valid = 0). */
int report_predict(const tpx_config *c, const tpx_totals *t, const tpx_profile *prof,
                   tpx_prediction *p);
void report_prediction_json(json_writer *w, const tpx_config *c, const tpx_totals *t,
                            const tpx_profile *prof);
void report_prediction_table(FILE *f, const tpx_config *c, const tpx_totals *t,
                             const tpx_profile *prof);

#endif
