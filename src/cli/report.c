#include "report.h"

#include <string.h>

#include "catalog.h"
#include "check_out.h"
#include "profile.h"
#include "provenance.h"
#include "sweep.h"
#include "text.h"
#include "words.h"

void report_config_json(json_writer *w, const char *key, const tpx_config *c)
{
    char block[32], size[48];
    tpx_geom g = config_geom(c);
    snprintf(block, sizeof block, "%dx%d", c->bx, c->by);
    snprintf(size, sizeof size, "%lldx%lld", c->w, c->h);
    json_begin_object(w, key);
    json_string(w, "kernel", catalog_name(c->kernel));
    json_string(w, "block", block);
    json_string(w, "size", size);
    json_int(w, "width", c->w);
    json_int(w, "height", c->h);
    json_string(w, "dtype", config_dtype_name(c->dtype));
    json_int(w, "element_bytes", (long long)config_esize(c->dtype));
    if (config_has_tile(c->kernel)) { /* the shared tile's own element type (seed 004) */
        json_string(w, "tile_dtype", config_dtype_name(config_tile_dtype(c)));
        json_int(w, "tile_element_bytes", (long long)config_tile_esize(c));
    }
    json_int(w, "pad", c->pad);
    json_bool(w, "swizzle", c->swz);
    if (!config_is_reference(c->kernel)) {
        json_begin_array(w, "grid");
        json_int(w, NULL, g.gx);
        json_int(w, NULL, g.gy);
        json_end_array(w);
        json_int(w, "threads_per_block", (long long)c->bx * c->by);
        json_int(w, "shared_bytes_per_block", config_smem_bytes(c));
    }
    json_end_object(w);
}

static void cost_json(json_writer *w, tpx_op op, const tpx_cost *k)
{
    json_begin_object(w, model_op_name(op));
    json_uint(w, "requests", k->insts);
    json_uint(w, "bytes", k->bytes);
    if (op == TPX_OP_GLD || op == TPX_OP_GST) {
        json_uint(w, "sectors", k->sectors);
        json_uint(w, "lines", k->lines);
        json_double(w, "sectors_per_request", model_sectors_per_request(k), 3);
        json_double(w, "efficiency", model_efficiency(k), 4);
    } else {
        json_uint(w, "wavefronts", k->wavefronts);
        json_uint(w, "ideal_wavefronts", k->ideal);
        json_double(w, "wavefronts_per_request", model_wavefronts_per_request(k), 3);
        json_double(w, "conflict_ways", model_conflict_ways(k), 3);
    }
    json_end_object(w);
}

void report_model_json(json_writer *w, const tpx_config *c, const tpx_totals *t,
                       const tpx_profile *prof)
{
    if (!t) {
        json_null(w, "model");
        json_string(w, "model_note", "reference: measured, not modelled");
        return;
    }
    json_begin_object(w, "model");
    json_int(w, "blocks", t->blocks);
    json_int(w, "warps_per_block", t->warps_per_block);
    json_int(w, "instructions_per_warp", model_insts_per_warp(c));
    for (int op = 0; op < TPX_OP_COUNT; op++)
        cost_json(w, (tpx_op)op, &t->op[op]);
    report_prediction_json(w, c, t, prof);
    /* the no-GPU ranking figure: global efficiency charged for shared conflicts */
    json_double(w, "score", sweep_model_score(t), 4);
    json_end_object(w);
}

/* Format 2's facts of the run: null where unknown, never a made-up value. */
static void device_run_json(json_writer *w, const tpx_device *d)
{
    json_string(w, "uuid", d->uuid[0] ? d->uuid : NULL);
    if (d->driver_version > 0)
        json_int(w, "driver_version", d->driver_version);
    else
        json_null(w, "driver_version");
    if (d->runtime_version > 0)
        json_int(w, "cuda_runtime_version", d->runtime_version);
    else
        json_null(w, "cuda_runtime_version");
    if (d->toolkit_version > 0) /* format 3 */
        json_int(w, "cuda_toolkit_version", d->toolkit_version);
    else
        json_null(w, "cuda_toolkit_version");
    json_string(w, "nvidia_driver", d->nvidia_driver[0] ? d->nvidia_driver : NULL);
    if (d->ecc_known)
        json_bool(w, "ecc", d->ecc);
    else
        json_null(w, "ecc");
    if (!d->clocks_known) {
        json_null(w, "clocks");
        return;
    }
    json_begin_object(w, "clocks");
    json_int(w, "sm_mhz", d->sm_clock_mhz);
    json_int(w, "memory_mhz", d->mem_clock_mhz);
    json_bool(w, "throttled", d->throttled);
    json_string(w, "throttle_reasons", d->throttle_reasons);
    json_end_object(w);
}

void report_device_json(json_writer *w, const char *key, const tpx_device *d)
{
    if (!d || !d->valid) {
        json_null(w, key);
        return;
    }
    char cc[16];
    snprintf(cc, sizeof cc, "%d.%d", d->cc_major, d->cc_minor);
    json_begin_object(w, key);
    json_string(w, "name", d->name);
    json_int(w, "index", d->index);
    json_string(w, "compute_capability", cc);
    json_int(w, "sms", d->sms);
    json_int(w, "l2_bytes", d->l2_bytes);
    json_int(w, "memory_bytes", d->mem_bytes);
    json_int(w, "memory_clock_khz", d->mem_clock_khz);
    json_int(w, "bus_bits", d->bus_bits);
    json_double(w, "peak_gbs", d->peak_gbs, 1);
    json_int(w, "max_threads_per_sm", d->max_threads_per_sm);
    json_int(w, "max_blocks_per_sm", d->max_blocks_per_sm);
    json_int(w, "shared_bytes_per_sm", d->smem_per_sm);
    json_int(w, "shared_bytes_per_block_optin", d->smem_per_block_optin);
    json_string(w, "source", d->source);
    device_run_json(w, d);
    json_end_object(w);
}

static void occupancy_json(json_writer *w, const tpx_occupancy *o)
{
    if (!o->valid)
        return;
    json_begin_object(w, "occupancy");
    json_int(w, "blocks_per_sm", o->blocks_per_sm);
    json_int(w, "registers_per_thread", o->regs_per_thread);
    json_int(w, "shared_bytes_per_block", o->smem_per_block);
    json_double(w, "occupancy", o->occupancy, 3);
    json_end_object(w);
}

/* Format 3: the clocks while this config was timed; null where unknown. */
static void run_clocks_json(json_writer *w, const tpx_run_clocks *c)
{
    if (c->samples <= 0) {
        json_null(w, "clocks");
        return;
    }
    json_begin_object(w, "clocks");
    json_int(w, "samples", c->samples);
    json_double(w, "sm_mhz", c->sm_mhz, 1);
    json_double(w, "memory_mhz", c->mem_mhz, 1);
    json_int(w, "throttled_samples", c->throttled);
    json_string(w, "throttle_reasons", c->reasons);
    json_end_object(w);
}

void report_measured_json(json_writer *w, const tpx_measurement *m, const tpx_device *d)
{
    if (!m || m->status != TPX_ST_OK || !m->verified) { /* a number only when verified */
        tpx_status st = !m ? TPX_ST_NOT_MEASURED : m->status == TPX_ST_OK ? TPX_ST_VERIFY_FAILED
                                                                       : m->status;
        json_null(w, "measured");
        json_string(w, "measured_status", runner_status_name(st));
        json_string(w, "measured_note", m && m->message[0] ? m->message
                                        : st == TPX_ST_VERIFY_FAILED ? "not verified"
                                                                     : "not measured");
        return;
    }
    json_begin_object(w, "measured");
    json_string(w, "device", d && d->valid ? d->name : m->device);
    json_string(w, "mode", m->hot ? "hot" : "cold");
    json_int(w, "samples", m->samples);
    if (m->samples == 0) { /* --once: launched and verified, not timed */
        json_bool(w, "verified", m->verified);
        json_string(w, "l2_badge", runner_badge_name(m->badge));
        json_string(w, "note", "launched once and verified, not timed");
        occupancy_json(w, &m->occ);
        json_end_object(w);
        return;
    }
    json_double(w, "min_ms", m->min_ms, 5);
    json_double(w, "median_ms", m->median_ms, 5);
    json_double(w, "mean_ms", m->mean_ms, 5);
    if (m->max_ms > 0) { /* format 2: the spread of the samples */
        json_double(w, "q1_ms", m->q1_ms, 5);
        json_double(w, "q3_ms", m->q3_ms, 5);
        json_double(w, "max_ms", m->max_ms, 5);
    }
    json_double(w, "noise", m->noise, 5);
    json_double(w, "gbs", m->gbs, 1);
    if (m->pct_peak >= 0)
        json_double(w, "pct_peak", m->pct_peak, 1);
    else
        json_null(w, "pct_peak");
    if (m->pct_memcpy >= 0) {
        json_double(w, "memcpy_gbs", m->memcpy_gbs, 1);
        json_double(w, "pct_memcpy", m->pct_memcpy, 1);
    } else {
        json_null(w, "memcpy_gbs");
        json_null(w, "pct_memcpy");
    }
    json_bool(w, "verified", m->verified);
    json_string(w, "l2_badge", runner_badge_name(m->badge));
    /* measuring.md: a reading above the theoretical peak is flagged (caches at work) */
    json_bool(w, "above_peak", m->pct_peak > 100.0);
    occupancy_json(w, &m->occ);
    run_clocks_json(w, &m->clocks);
    json_end_object(w);
}

static void table_row(FILE *f, const char *label, tpx_op op, const tpx_cost *k)
{
    if (op == TPX_OP_GLD || op == TPX_OP_GST) {
        if (!k->insts) {
            fprintf(f, "  %-13s %14s\n", label, "-");
            return;
        }
        fprintf(f, "  %-13s %14llu %14llu %14llu %11.2f %9.1f%%\n", label, k->insts, k->sectors,
                k->lines, model_sectors_per_request(k), 100.0 * model_efficiency(k));
    } else {
        if (!k->insts) {
            fprintf(f, "  %-13s %14s\n", label, "-");
            return;
        }
        fprintf(f, "  %-13s %14llu %14llu %14llu %11.2f %9.2fx\n", label, k->insts, k->wavefronts,
                k->ideal, model_wavefronts_per_request(k), model_conflict_ways(k));
    }
}

void report_model_table(FILE *f, const tpx_config *c, const tpx_totals *t,
                        const tpx_profile *prof)
{
    char desc[160];
    config_describe(c, desc, sizeof desc);
    const tpx_kernel_info *k = catalog_get(c->kernel);
    fprintf(f, "%s\n  %s\n\n", desc, k->idea);
    if (!t) {
        fprintf(f, "model: %s is a reference, measured, not modelled\n", k->name);
        return;
    }
    tpx_geom g = config_geom(c);
    fprintf(f, "launch: grid %dx%d = %lld block%s of %d thread%s (%lld warp%s each), "
               "%d memory instruction%s per warp\n",
            g.gx, g.gy, t->blocks, words_s(t->blocks), c->bx * c->by, words_s(c->bx * c->by),
            t->warps_per_block, words_s(t->warps_per_block), model_insts_per_warp(c),
            words_s(model_insts_per_warp(c)));
    if (config_grid_folded(c))
        fprintf(f, "        launched folded, %lld blocks in one row (CUDA's grid stops at %lld in y), "
                   "in the same order\n", t->blocks, TPX_GRID_Y_MAX);
    fputc('\n', f);
    fprintf(f, "  %-13s %14s %14s %14s %11s %10s\n", "global", "requests", "sectors", "lines",
            "sect/req", "efficiency");
    table_row(f, "load", TPX_OP_GLD, &t->op[TPX_OP_GLD]);
    table_row(f, "store", TPX_OP_GST, &t->op[TPX_OP_GST]);
    if (config_has_tile(c->kernel)) {
        fprintf(f, "\n  %-13s %14s %14s %14s %11s %10s\n", "shared", "requests", "wavefronts",
                "ideal", "wave/req", "conflict");
        table_row(f, "load", TPX_OP_SLD, &t->op[TPX_OP_SLD]);
        table_row(f, "store", TPX_OP_SST, &t->op[TPX_OP_SST]);
    }
    report_prediction_table(f, c, t, prof);
}

void report_measured_table(FILE *f, const tpx_measurement *m, const tpx_device *d)
{
    char dev[sizeof m->device * 4], why[sizeof m->message * 4];
    /* Names and notes may come from a replayed file: escaped, never raw. */
    text_sanitize(dev, sizeof dev, d && d->valid ? d->name : m->device);
    text_sanitize(why, sizeof why, m->message[0] ? m->message : "no reason given");
    fputc('\n', f);
    if (m->status != TPX_ST_OK) {
        fprintf(f, "measured: %s (%s)\n", runner_status_name(m->status), why);
        return;
    }
    if (!m->verified) { /* never a number from an unverified run */
        fprintf(f, "measured: failed (not verified: no number shown)\n");
        return;
    }
    if (m->samples == 0) {
        fprintf(f, "launched once on %s and verified (not timed)\n", dev);
        return;
    }
    fprintf(f, "measured on %s, %s L2, %d samples (GB = 1e9 bytes)\n", dev,
            m->hot ? "hot" : "cold", m->samples);
    fprintf(f, "  median %.4f ms (min %.4f, mean %.4f, noise %.2f%%)\n", m->median_ms, m->min_ms,
            m->mean_ms, 100.0 * m->noise);
    fprintf(f, "  %.1f GB/s", m->gbs);
    if (m->pct_peak >= 0)
        fprintf(f, ", %.1f%% of theoretical peak", m->pct_peak);
    if (m->pct_memcpy >= 0)
        fprintf(f, ", %.1f%% of memcpy (%.1f GB/s)", m->pct_memcpy, m->memcpy_gbs);
    fprintf(f, "\n  verified, %s%s\n", runner_badge_name(m->badge),
            m->pct_peak > 100.0 ? ", ABOVE the theoretical peak: the caches served part of it" : "");
    if (m->occ.valid)
        fprintf(f, "  occupancy: %d blocks/SM, %d registers/thread, %lld B shared/block, %.0f%%\n",
                m->occ.blocks_per_sm, m->occ.regs_per_thread, m->occ.smem_per_block,
                100.0 * m->occ.occupancy);
    provenance_table(f, d, m);
}

/* Occupancy and waves: from the measured occupancy when there is one, else
 * estimated from the device's (or the built-in profile's) limits, so a
 * no-GPU report still says how many blocks fit on an SM. */
void report_launch_json(json_writer *w, const tpx_config *c, const tpx_device *d,
                        const tpx_measurement *m)
{
    if (config_is_reference(c->kernel))
        return;
    const tpx_occupancy *occ = m && m->status == TPX_ST_OK && m->occ.valid ? &m->occ : NULL;
    tpx_device none = {0};
    tpx_waves wv;
    profile_waves(c, d ? d : &none, occ, &wv);
    int max_threads = d && d->valid ? d->max_threads_per_sm : profile_builtin()->max_threads_per_sm;
    long long warps = ((long long)c->bx * c->by + 31) / 32;
    double occupancy = occ ? occ->occupancy
                           : max_threads > 0 ? (double)(wv.blocks_per_sm * warps * 32) / max_threads
                                             : 0.0;
    json_begin_object(w, "launch");
    json_int(w, "blocks_per_sm", wv.blocks_per_sm);
    json_double(w, "occupancy", occupancy, 3);
    json_int(w, "sms", wv.sms);
    json_int(w, "resident_blocks", wv.resident);
    json_int(w, "waves", wv.count);
    json_string(w, "source", wv.source);
    json_end_object(w);
}

void report_json_object(json_writer *w, const char *key, const tpx_config *c,
                        const tpx_device *d, const tpx_totals *t, const tpx_measurement *m,
                        const tpx_profile *prof)
{
    json_begin_object(w, key);
    report_config_json(w, "config", c);
    report_device_json(w, "device", d);
    report_model_json(w, c, t, prof);
    report_launch_json(w, c, d, m);
    report_measured_json(w, m, d);
    if (tpx_is_user(c->kernel)) { /* a kernel of the kernel language: its check too */
        ucheck_report r;
        ucheck_run(c, &r, NULL);
        check_out_json(w, "check", c, &r);
    }
    json_end_object(w);
}
