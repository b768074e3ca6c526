/* Provenance in a result file (format 3, docs/results-format.md): the NVIDIA
 * driver, the CUDA toolkit, the writer's commit, dirty tree and host, and
 * each result's clocks and throttled samples are read back and shown by
 * tpx report; what cannot be true (more clocked samples than samples) is
 * refused; an old file still loads, its unknowns shown as unknown. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "provenance.h"
#include "report.h"
#include "results_read.h"

#define DEV(extra)                                                                              \
    "{\"name\":\"GPU\",\"compute_capability\":\"9.0\",\"max_threads_per_sm\":2048,"               \
    "\"max_blocks_per_sm\":32,\"shared_bytes_per_sm\":233472,\"sms\":132,"                       \
    "\"l2_bytes\":52428800,\"peak_gbs\":4800.0" extra "}"
#define RUN ",\"driver_version\":13000,\"cuda_runtime_version\":13000," \
            "\"cuda_toolkit_version\":13000,\"nvidia_driver\":\"580.65.06\",\"ecc\":true"
#define CFG "{\"kernel\":\"tile_rows\",\"block\":\"32x8\",\"width\":1024,\"height\":1024," \
            "\"dtype\":\"f32\",\"pad\":1}"
/* 10 samples of 0.02 ms: 419.4 GB/s */
#define MEAS(clocks) "{\"config\":" CFG ",\"measured\":{\"mode\":\"cold\",\"samples\":10," \
    "\"min_ms\":0.01,\"median_ms\":0.02,\"mean_ms\":0.02,\"noise\":0.001,\"gbs\":419.4," \
    "\"verified\":true" clocks "}}"
#define CLOCKS(n, thr) ",\"clocks\":{\"samples\":" #n ",\"sm_mhz\":1755.5,\"memory_mhz\":2619," \
    "\"throttled_samples\":" #thr ",\"throttle_reasons\":\"power cap\"}"
#define TOP3 "\"format_version\":3,\"git_commit\":\"4f0f866c1a2b3c4d5e6f708192a3b4c5d6e7f801\"," \
             "\"git_dirty\":true,\"host\":\"gpu1\","

static int load(const char *top, const char *device, const char *rows, results_doc *d,
                char *msg, size_t n)
{
    char text[4096];
    snprintf(text, sizeof text,
             "{\"format\":\"tpx-results\",%s\"tpx_version\":\"0.1.0\",\"device\":%s,"
             "\"results\":[%s]}", top, device, rows);
    json_value *v = json_parse(text, msg, n);
    if (!v)
        fail_msg("test document does not parse: %s\n%s", msg, text);
    int rc = results_from_json(v, d, msg, n);
    json_free(v);
    return rc;
}

/* tpx report's measurement block for row 0 of d, as the replay runner gives it. */
static char *shown(const results_doc *d, const char *recorded_by)
{
    tpx_device dev = d->dev;
    snprintf(dev.recorded_by, sizeof dev.recorded_by, "%s", recorded_by);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_non_null(f);
    report_measured_table(f, &d->rows[0].m, &dev);
    fclose(f);
    return text;
}

static void test_format3_read_and_shown(void **s)
{
    (void)s;
    results_doc d;
    char msg[300];
    if (load(TOP3, DEV(RUN), MEAS(CLOCKS(10, 3)), &d, msg, sizeof msg) != 0)
        fail_msg("%s", msg);
    assert_int_equal(d.version, 3);
    assert_string_equal(d.git_commit, "4f0f866c1a2b3c4d5e6f708192a3b4c5d6e7f801");
    assert_int_equal(d.git_dirty, 1);
    assert_string_equal(d.host, "gpu1");
    assert_string_equal(d.dev.nvidia_driver, "580.65.06");
    assert_int_equal(d.dev.toolkit_version, 13000);
    const tpx_run_clocks *c = &d.rows[0].m.clocks;
    assert_int_equal(c->samples, 10);
    assert_int_equal(c->throttled, 3);
    assert_true(c->sm_mhz == 1755.5 && c->mem_mhz == 2619);
    assert_string_equal(c->reasons, "power cap");
    char *t = shown(&d, "commit 4f0f866c1a2b (dirty tree) on gpu1");
    assert_non_null(strstr(t, "run: NVIDIA driver 580.65.06, CUDA runtime 13.0, built with "
                              "CUDA 13.0, ECC on\n"));
    assert_non_null(strstr(t, "clocks: SM 1756 MHz, memory 2619 MHz (means over 10 samples); "
                              "THROTTLED in 3 of them (power cap)"));
    assert_non_null(strstr(t, "measured by: commit 4f0f866c1a2b (dirty tree) on gpu1\n"));
    free(t);
    results_free(&d);
}

/* A format 2 file (no driver string, no per-result clocks, no host): loads,
 * and says what it does not know. */
static void test_old_file_loads(void **s)
{
    (void)s;
    results_doc d;
    char msg[300];
    if (load("\"format_version\":2,\"git_commit\":\"bb9ca72\",",
             DEV(",\"driver_version\":13000,\"ecc\":true"), MEAS(""), &d, msg, sizeof msg) != 0)
        fail_msg("%s", msg);
    assert_int_equal(d.git_dirty, -1);
    assert_string_equal(d.host, "");
    assert_int_equal(d.rows[0].m.clocks.samples, 0);
    char *t = shown(&d, "");
    assert_non_null(strstr(t, "run: NVIDIA driver unknown (supports CUDA 13.0), ECC on\n"));
    assert_non_null(strstr(t, "clocks: not recorded"));
    assert_non_null(strstr(t, "measured by: unknown (an old file)"));
    free(t);
    results_free(&d);
}

static void test_impossible_clocks_refused(void **s)
{
    (void)s;
    static const struct { const char *row, *want; } bad[] = {
        {MEAS(CLOCKS(11, 0)), "results[0].measured.clocks.samples: 11 is out of range"},
        {MEAS(CLOCKS(10, 11)), "results[0].measured.clocks.throttled_samples: 11 is out of range"},
        {MEAS(",\"clocks\":5"), "results[0].measured.clocks: expected an object or null"},
        {MEAS(",\"clocks\":{\"samples\":10,\"sm_mhz\":-1,\"memory_mhz\":1,"
              "\"throttled_samples\":0}"), "results[0].measured.clocks.sm_mhz: negative"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        results_doc d;
        char msg[300];
        assert_int_equal(load(TOP3, DEV(RUN), bad[i].row, &d, msg, sizeof msg), -1);
        if (!strstr(msg, bad[i].want))
            fail_msg("case %zu: got '%s', want '%s'", i, msg, bad[i].want);
    }
    results_doc d;
    char msg[300];
    assert_int_equal(load("\"format_version\":3,\"git_dirty\":\"yes\",", DEV(RUN), "", &d, msg,
                          sizeof msg), -1);
    assert_non_null(strstr(msg, "git_dirty: expected true or false"));
}

/* This binary's own provenance: the commit it was built from, in full. */
static void test_own_provenance(void **s)
{
    (void)s;
    char buf[256];
    provenance_describe(buf, sizeof buf);
    assert_true(strncmp(buf, "tpx ", 4) == 0);
    assert_non_null(strstr(buf, ", commit "));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_format3_read_and_shown),
        cmocka_unit_test(test_old_file_loads),
        cmocka_unit_test(test_impossible_clocks_refused),
        cmocka_unit_test(test_own_provenance),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
