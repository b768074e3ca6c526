/* report_predict: the traffic below L1 and the predicted bandwidth, for
 * `tpx report` and `tpx bench --save`. */
#include <math.h>
#include <string.h>

#include "compiled.h"
#include "predict.h"
#include "report.h"
#include "traffic.h"

int report_predict(const tpx_config *c, const tpx_totals *t, const tpx_profile *prof,
                   tpx_prediction *p)
{
    tpx_traffic tr;
    memset(p, 0, sizeof *p);
    if (!prof || !t || traffic_compute(c, t, prof->l2_bytes, &tr) != 0)
        return -1;
    return predict_config(c, t, &tr, prof, p);
}

void report_prediction_json(json_writer *w, const tpx_config *c, const tpx_totals *t,
                            const tpx_profile *prof)
{
    tpx_traffic tr;
    tpx_prediction p = {0};
    long long l2 = prof ? prof->l2_bytes : 0;
    if (traffic_compute(c, t, l2, &tr) != 0)
        return;
    json_begin_object(w, "traffic");
    json_uint(w, "l1_load_sectors", tr.l1_ld_sectors);
    json_uint(w, "l2_load_sectors", tr.l2_ld_sectors);
    json_uint(w, "l2_store_sectors", tr.l2_st_sectors);
    json_uint(w, "l2_store_partial_sectors", tr.l2_st_partial);
    json_uint(w, "l2_load_lines", tr.l2_ld_lines);
    json_uint(w, "l2_store_split_waits", tr.l2_st_split);
    json_double(w, "split_sectors_evicted", tr.split_evicted, 0);
    json_double(w, "split_sectors_evicted_whole", tr.split_evicted_whole, 0);
    json_double(w, "split_sectors_shared", tr.split_shared, 0);
    json_double(w, "shared_load_atoms", tr.reread_shared, 0);
    json_double(w, "reread_atoms", tr.reread_evicted, 0);
    json_double(w, "dram_read_bytes", tr.dram_rd_bytes, 0);
    json_double(w, "dram_write_bytes", tr.dram_wr_bytes, 0);
    json_bool(w, "l2_resident", tr.l2_resident);
    json_end_object(w);
    if (!prof || predict_config(c, t, &tr, prof, &p) != 0) {
        json_null(w, "predicted_gbs");
        json_string(w, "predicted_note", prof ? "the profile lacks the figures a prediction needs"
                                              : "no device profile");
        return;
    }
    json_double(w, "predicted_gbs", p.gbs, 1);
    json_begin_object(w, "prediction");
    json_string(w, "profile", prof->name);
    json_double(w, "ms", p.ms, 5);
    json_string(w, "limiter", predict_limiter_name(p.limiter));
    json_begin_object(w, "resource_ms");
    for (int i = 0; i < TPX_LIM_COUNT; i++)
        json_double(w, predict_limiter_name((tpx_limiter)i), p.t_ms[i], 5);
    json_end_object(w);
    json_int(w, "blocks_per_sm", p.blocks_per_sm);
    json_double(w, "waves", p.waves, 0);
    json_string(w, "occupancy_limit", profile_occ_limit_words(p.occ_limit));
    json_int(w, "registers", p.regs);
    json_bool(w, "registers_known", p.regs_known);
    json_double(w, "loads_per_thread", p.loads_per_thread, 1);
    json_double(w, "loads_in_flight", p.loads_in_flight, 1);
    json_double(w, "bytes_in_flight_per_sm", p.bytes_in_flight_sm, 0);
    json_double(w, "block_ns", p.block_ns, 1);
    json_double(w, "run_a_bytes", p.run_a, 1);
    json_double(w, "run_b_bytes", p.run_b, 1);
    json_bool(w, "run_b_joined_in_l2", p.run_b_joined);
    json_double(w, "dram_whole_line_bytes", p.dram_whole, 0);
    json_double(w, "l2_store_partial", p.l2_partial, 3);
    json_double(w, "l2_partial_cost", p.l2_partial_cost, 3);
    json_double(w, "l2_partial_line_share", p.l2_partial_share, 3);
    json_double(w, "l2_read_merged_sectors", p.l2_merged, 0);
    json_double(w, "inflight_mb", p.inflight_mb, 2);
    json_double(w, "shared_lost_sectors", p.shared_lost, 0);
    json_int(w, "walk_registers", p.walk_regs);
    json_double(w, "walk_pace", p.walk_eff, 3);
    json_int(w, "split_row_bytes", p.split_bytes);
    json_double(w, "split_gbs", p.split_gbs, 0);
    json_double(w, "ms_unsplit", p.ms_unsplit, 5);
    json_double(w, "insts_per_warp", p.insts_per_warp, 1);
    json_double(w, "edge_share", p.edge_share, 4);
    json_double(w, "edge_active", p.edge_active, 4);
    json_bool(w, "grid_folded", config_grid_folded(c));
    json_int(w, "compiled_reps", compiled_unrolled_reps(c));
    json_int(w, "insts_lean", compiled_insts_lean(c));
    char why[TPX_MSG];
    predict_explain(&p, prof, why, sizeof why);
    json_string(w, "why", why);
    json_end_object(w);
}

void report_prediction_table(FILE *f, const tpx_config *c, const tpx_totals *t,
                             const tpx_profile *prof)
{
    tpx_traffic tr;
    tpx_prediction p;
    if (traffic_compute(c, t, prof ? prof->l2_bytes : 0, &tr) != 0)
        return;
    fprintf(f, "\n  %-13s %14s %14s %14s\n", "below L1", "load", "store", "");
    fprintf(f, "  %-13s %14llu %14llu   sectors (a block's loads after L1 reuse, its stores after L1 merges)\n", "to L2",
            tr.l2_ld_sectors, tr.l2_st_sectors);
    fprintf(f, "  %-13s %14.0f %14.0f   bytes (cold launch%s)\n", "DRAM", tr.dram_rd_bytes,
            tr.dram_wr_bytes, tr.l2_resident ? "; fits in L2: B is written back later" : "");
    if (tr.split_evicted >= 0.5)
        fprintf(f, "  %-13s %14.0f %14s   sectors written in parts that leave L2 half-written\n"
                   "  %-13s %14s %14s   (each a DRAM read-modify-write, in the bytes above)\n",
                "evicted", tr.split_evicted, "", "", "", "");
    if (tr.split_evicted_whole >= 0.5)
        fprintf(f, "  %-13s %14.0f %14s   of them in lines it loses whole, four sectors at once\n"
                   "  %-13s %14s %14s   (a line read and written back for four)\n",
                "  whole lines", tr.split_evicted_whole, "", "", "", "");
    if (tr.reread_evicted >= 0.5)
        fprintf(f, "  %-13s %14.0f %14s   64-byte atoms of A loaded again: the L2 lost them between\n"
                   "  %-13s %14s %14s   two blocks far apart in launch order (in the bytes above)\n",
                "read again", tr.reread_evicted, "", "", "", "");
    if (!prof || predict_config(c, t, &tr, prof, &p) != 0)
        return;
    char why[TPX_MSG];
    predict_explain(&p, prof, why, sizeof why);
    fprintf(f, "\n  predicted %.0f GB/s on %s (a model, not a measurement)\n    %s\n", p.gbs,
            prof->name, why);
    fprintf(f, "    time per limit, ms:");
    for (int i = 0; i < TPX_LIM_COUNT; i++)
        fprintf(f, " %s %.4f", predict_limiter_name((tpx_limiter)i), p.t_ms[i]);
    fprintf(f, "\n    %d blocks/SM (%s), %.0f waves, %d registers/thread%s\n", p.blocks_per_sm,
            profile_occ_limit_words(p.occ_limit), p.waves, p.regs,
            p.regs_known ? "" : " (assumed)");
    if (p.shared_lost >= 0.5) /* docs/prediction.md, "Writers that run together" */
        fprintf(f, "    %.0f sectors several blocks write in part lost while they run (%.1f MB in "
                   "flight): a DRAM read-modify-write each, beside the bytes above\n",
                p.shared_lost, p.inflight_mb);
    if (p.l2_merged >= 0.5) /* docs/prediction.md, "Reads the L2 request coalescer merges" */
        fprintf(f, "    %.0f of the %llu load sectors merged on the way to the L2 (%.0f %%): blocks "
                   "side by side in launch order asking for the same lines\n",
                p.l2_merged, tr.l2_ld_sectors, 100 * p.l2_merged_share);
}
