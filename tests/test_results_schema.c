/* The result-file schema (docs/results-format.md): a file that does not fit
 * is refused with the path of the offending field; a row that is not both
 * measured and verified never carries a number. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results_read.h"

/* The limits of an SM every device must give (the occupancy is made of them). */
#define LIM "\"max_threads_per_sm\":2048,\"max_blocks_per_sm\":32,\"shared_bytes_per_sm\":233472,"
#define DEV "{\"name\":\"GPU\",\"compute_capability\":\"9.0\"," LIM "\"sms\":132," \
            "\"l2_bytes\":52428800,\"peak_gbs\":4800.0}"
#define CFGP(pad) "{\"kernel\":\"tile_rows\",\"block\":\"32x8\",\"width\":1024," \
                  "\"height\":1024,\"dtype\":\"f32\",\"pad\":" #pad ",\"swizzle\":false}"
#define CFG CFGP(1)
/* A timed measurement of CFG (2 x 1024 x 1024 x 4 bytes): 0.02 ms is 419.4 GB/s */
#define MEAS "\"mode\":\"cold\",\"samples\":10,\"min_ms\":0.01,\"median_ms\":0.02," \
             "\"mean_ms\":0.02,\"noise\":0.001,\"verified\":true"
#define GBS "\"gbs\":419.4"
/* ... and 900 GB/s */
#define MEAS900 "\"mode\":\"cold\",\"samples\":10,\"min_ms\":0.0093,\"median_ms\":0.00932," \
                "\"mean_ms\":0.00935,\"noise\":0.001,\"gbs\":900"

/* A document of format 2 with the given device and rows. */
static int load(const char *device, const char *rows, results_doc *d, char *msg, size_t n)
{
    char text[4096];
    snprintf(text, sizeof text,
             "{\"format\":\"tpx-results\",\"format_version\":2,\"tpx_version\":\"0.1.0\","
             "\"device\":%s,\"results\":[%s]}", device, rows);
    json_value *v = json_parse(text, msg, n);
    if (!v)
        fail_msg("test document does not parse: %s\n%s", msg, text);
    int rc = results_from_json(v, d, msg, n);
    json_free(v);
    return rc;
}

typedef struct schema_case {
    const char *device, *row, *want;
} schema_case;

static const schema_case bad[] = {
    {DEV, "{\"config\":" CFG ",\"measured\":{" MEAS ",\"gbs\":-5}}", "results[0].measured.gbs: negative"},
    {DEV, "{\"config\":" CFG ",\"measured\":{" MEAS ",\"gbs\":0}}", "results[0].measured.gbs: zero"},
    {DEV, "{\"config\":" CFG ",\"measured\":{" MEAS "}}", "results[0].measured.gbs: missing"},
    {DEV, "{\"config\":" CFG ",\"measured\":{" MEAS ",\"gbs\":\"fast\"}}", "measured.gbs: expected a number, found a string"},
    {DEV, "{\"config\":" CFG ",\"measured\":{\"mode\":\"cold\",\"samples\":1e300,\"verified\":true}}", "results[0].measured.samples: 1e+300 is out of range"},
    {DEV, "{\"config\":" CFG ",\"measured\":{\"mode\":\"cold\",\"samples\":-1,\"verified\":true}}", "results[0].measured.samples: negative"},
    {DEV, "{\"config\":" CFG ",\"measured\":{\"mode\":\"cold\",\"samples\":2.5,\"verified\":true}}", "samples: not an integer"},
    {DEV, "{\"config\":" CFG ",\"measured\":{\"mode\":\"cold\",\"samples\":10,\"min_ms\":0.01,\"median_ms\":0.02,\"mean_ms\":0.02,\"noise\":-1,\"verified\":true,\"gbs\":5}}", "noise: negative"},
    {DEV, "{\"config\":" CFG ",\"measured\":{\"mode\":\"warm\",\"samples\":0,\"verified\":true}}", "measured.mode: unknown value (one of cold hot)"},
    {DEV, "{\"config\":" CFG ",\"measured\":{\"mode\":\"cold\",\"samples\":0,\"verified\":1}}", "measured.verified: expected true or false"},
    {DEV, "{\"config\":" CFG ",\"measured\":{\"mode\":\"cold\",\"samples\":0}}", "measured.verified: missing"},
    {DEV, "{\"config\":" CFG ",\"measured\":null,\"measured_status\":\"great\"}", "results[0].measured_status: unknown value"},
    {DEV, "{\"config\":" CFG ",\"measured\":null}", "results[0].measured_status: missing"},
    {DEV, "{\"config\":" CFG "}", "results[0].measured: missing"},
    {DEV, "{\"config\":" CFG ",\"measured\":[]}", "results[0].measured: expected an object or null"},
    {DEV, "{\"measured\":null,\"measured_status\":\"ok\"}", "results[0].config: missing"},
    {DEV, "{\"config\":{\"kernel\":\"nope\",\"block\":\"32x8\",\"width\":8,\"height\":8,\"dtype\":\"f32\"},\"measured\":null,\"measured_status\":\"ok\"}", "results[0].config.kernel: unknown kernel"},
    {DEV, "{\"config\":{\"kernel\":\"naive_row\",\"block\":\"32x\",\"width\":8,\"height\":8,\"dtype\":\"f32\"},\"measured\":null,\"measured_status\":\"ok\"}", "results[0].config.block:"},
    {DEV, "{\"config\":{\"kernel\":\"naive_row\",\"block\":\"32x8\",\"width\":8,\"height\":8,\"dtype\":\"f128\"},\"measured\":null,\"measured_status\":\"ok\"}", "results[0].config.dtype:"},
    {DEV, "{\"config\":{\"kernel\":\"naive_row\",\"block\":\"32x8\",\"width\":0,\"height\":8,\"dtype\":\"f32\"},\"measured\":null,\"measured_status\":\"ok\"}", "results[0].config.width: 0 is out of range"},
    {DEV, "{\"config\":{\"kernel\":\"naive_row\",\"block\":\"32x8\",\"width\":1e300,\"height\":8,\"dtype\":\"f32\"},\"measured\":null,\"measured_status\":\"ok\"}", "config.width: 1e+300 is out of range"},
    {DEV, "{\"config\":{\"kernel\":\"naive_row\",\"block\":\"32x8\",\"width\":8,\"height\":8,\"size\":\"16x8\",\"dtype\":\"f32\"},\"measured\":null,\"measured_status\":\"ok\"}", "config.size: disagrees"},
    {DEV, "{\"config\":{\"kernel\":\"naive_row\",\"block\":\"64x32\",\"width\":8,\"height\":8,\"dtype\":\"f32\"},\"measured\":null,\"measured_status\":\"ok\"}", "results[0].config: "},
    {DEV, "{\"config\":" CFG ",\"measured\":{\"mode\":\"cold\",\"samples\":10,\"min_ms\":1,\"median_ms\":0.02,\"mean_ms\":0.02,\"noise\":0,\"verified\":true," GBS "}}", "min_ms: above median_ms"},
    {DEV, "{\"config\":" CFG ",\"measured\":{" MEAS "," GBS ",\"l2_badge\":\"SRAM\"}}", "l2_badge: unknown value"},
    {DEV, "{\"config\":" CFG ",\"measured\":{" MEAS "," GBS ",\"occupancy\":{\"blocks_per_sm\":1,\"registers_per_thread\":999,\"shared_bytes_per_block\":0,\"occupancy\":0.5}}}", "occupancy.registers_per_thread: 999 is out of range"},
    {DEV, "7", "results[0]: expected an object"},
    /* tile_dtype: a known type, wider than the data, only on a tiled kernel */
    {DEV, "{\"config\":{\"kernel\":\"smem\",\"block\":\"16x16\",\"width\":8,\"height\":8,\"dtype\":\"f32\",\"tile_dtype\":\"f8\"},\"measured\":null,\"measured_status\":\"ok\"}", "results[0].config.tile_dtype: unknown tile dtype 'f8'"},
    {DEV, "{\"config\":{\"kernel\":\"smem\",\"block\":\"16x16\",\"width\":8,\"height\":8,\"dtype\":\"f32\",\"tile_dtype\":8},\"measured\":null,\"measured_status\":\"ok\"}", "results[0].config.tile_dtype: expected a string, found a number"},
    {DEV, "{\"config\":{\"kernel\":\"naive_row\",\"block\":\"32x8\",\"width\":8,\"height\":8,\"dtype\":\"f32\",\"tile_dtype\":\"f64\"},\"measured\":null,\"measured_status\":\"ok\"}", "results[0].config: naive_row has no shared tile"},
    {DEV, "{\"config\":{\"kernel\":\"smem\",\"block\":\"16x16\",\"width\":8,\"height\":8,\"dtype\":\"f64\",\"tile_dtype\":\"f32\"},\"measured\":null,\"measured_status\":\"ok\"}", "results[0].config: a f32 tile cannot hold f64 data"},
    {"{\"name\":\"GPU\",\"compute_capability\":\"nine\"," LIM "\"sms\":1,\"l2_bytes\":1,\"peak_gbs\":1}", "", "device.compute_capability: not of the form 9.0"},
    {"{\"name\":\"GPU\",\"compute_capability\":\"9.0\"," LIM "\"sms\":0,\"l2_bytes\":1,\"peak_gbs\":1}", "", "device.sms: 0 is out of range"},
    {"{\"name\":\"GPU\",\"compute_capability\":\"9.0\"," LIM "\"sms\":1,\"l2_bytes\":-1,\"peak_gbs\":1}", "", "device.l2_bytes: negative"},
    {"{\"name\":\"GPU\",\"compute_capability\":\"9.0\"," LIM "\"sms\":1,\"l2_bytes\":1,\"peak_gbs\":-1}", "", "device.peak_gbs: negative"},
    {"{\"name\":5,\"compute_capability\":\"9.0\"," LIM "\"sms\":1,\"l2_bytes\":1,\"peak_gbs\":1}", "", "device.name: expected a string, found a number"},
    {"{\"compute_capability\":\"9.0\"," LIM "\"sms\":1,\"l2_bytes\":1,\"peak_gbs\":1}", "", "device.name: missing"},
    /* numbers that do not agree with what they derive from (issue 17) */
    {DEV, "{\"config\":" CFG ",\"measured\":{" MEAS ",\"gbs\":999999}}", "results[0].measured.gbs: 999999 does not follow from median_ms 0.02 and the size (2 x 1024x1024 x 4 bytes) (that gives 419.43)"},
    {DEV, "{\"config\":" CFG ",\"measured\":{\"mode\":\"cold\",\"samples\":10,\"min_ms\":10000000,\"median_ms\":10000000,\"mean_ms\":10000000,\"noise\":0,\"verified\":true,\"gbs\":999999}}", "measured.gbs: 999999 does not follow from median_ms 10000000"},
    {DEV, "{\"config\":" CFG ",\"measured\":{" MEAS "," GBS ",\"pct_peak\":1000000}}", "measured.pct_peak: 1000000 does not follow from gbs and device.peak_gbs (that gives 8.7375)"},
    {DEV, "{\"config\":" CFG ",\"measured\":{" MEAS "," GBS ",\"pct_memcpy\":50}}", "measured.pct_memcpy: given without memcpy_gbs"},
    {DEV, "{\"config\":" CFG ",\"measured\":{" MEAS "," GBS ",\"memcpy_gbs\":4000,\"pct_memcpy\":50}}", "measured.pct_memcpy: 50 does not follow from gbs and memcpy_gbs"},
    {DEV, "{\"config\":" CFG ",\"measured\":{" MEAS ",\"gbs\":4.9e-324}}", "measured.gbs: 5e-324 is subnormal"},
    {DEV, "{\"config\":" CFG ",\"measured\":{" MEAS "," GBS ",\"occupancy\":{\"blocks_per_sm\":1,\"registers_per_thread\":32,\"shared_bytes_per_block\":0,\"occupancy\":0.5}}}", "occupancy.occupancy: 0.5 does not follow from blocks_per_sm, the block and device.max_threads_per_sm (that gives 0.125)"},
    {"null", "{\"config\":" CFG ",\"measured\":{" MEAS "," GBS ",\"occupancy\":{\"blocks_per_sm\":1,\"registers_per_thread\":32,\"shared_bytes_per_block\":0,\"occupancy\":0.125}}}", "measured.occupancy: given, but the file has no device"},
    {"null", "{\"config\":" CFG ",\"measured\":{" MEAS "," GBS ",\"pct_peak\":8.7}}", "measured.pct_peak: given, but the file's device has no peak_gbs"},
    {DEV, "{\"config\":" CFG ",\"measured\":{\"mode\":\"cold\",\"samples\":10,\"min_ms\":0.01,\"q1_ms\":0.03,\"median_ms\":0.02,\"mean_ms\":0.02,\"noise\":0,\"verified\":true," GBS "}}", "q1_ms: not between min_ms and median_ms"},
    {DEV, "{\"config\":" CFG ",\"measured\":{\"mode\":\"cold\",\"samples\":10,\"min_ms\":0.015,\"median_ms\":0.02,\"mean_ms\":0.01,\"noise\":0,\"verified\":true," GBS "}}", "mean_ms: below min_ms"},
    {DEV, "{\"config\":" CFG ",\"measured\":{\"mode\":\"cold\",\"samples\":1000000001,\"verified\":true}}", "results[0].measured.samples: 1000000001 is out of range (0 to 1000000000)"},
    /* one row per config and mode: both rows named */
    {DEV, "{\"config\":" CFG ",\"measured\":{" MEAS900 ",\"verified\":true}},{\"config\":" CFGP(2) ",\"measured\":null,\"measured_status\":\"not_measured\"},{\"config\":" CFG ",\"measured\":{" MEAS "," GBS "}}", "results[2]: the same config and mode as results[0] (tile_rows 32x8 1024x1024 f32 pad 1, cold)"},
    /* the limits of an SM are required: occupancy and waves are made of them */
    {"{\"name\":\"GPU\",\"compute_capability\":\"9.0\",\"sms\":1,\"l2_bytes\":1,\"peak_gbs\":1}", "", "device.max_threads_per_sm: missing"},
    {"{\"name\":\"GPU\",\"compute_capability\":\"9.0\",\"max_threads_per_sm\":0,\"max_blocks_per_sm\":32,\"shared_bytes_per_sm\":1,\"sms\":1,\"l2_bytes\":1,\"peak_gbs\":1}", "", "device.max_threads_per_sm: 0 is out of range (32 to 65536)"},
    {"[]", "", "device: expected an object or null"},
    {"{\"name\":\"GPU\",\"compute_capability\":\"9.0\"," LIM "\"sms\":1,\"l2_bytes\":1,\"peak_gbs\":1,\"clocks\":{\"sm_mhz\":-3,\"memory_mhz\":1,\"throttled\":false}}", "", "device.clocks.sm_mhz: negative"},
    {"{\"name\":\"GPU\",\"compute_capability\":\"9.0\"," LIM "\"sms\":1,\"l2_bytes\":1,\"peak_gbs\":1,\"ecc\":\"on\"}", "", "device.ecc: expected true or false"},
};

static void test_bad_documents(void **s)
{
    (void)s;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        results_doc d;
        char msg[300] = "";
        if (load(bad[i].device, bad[i].row, &d, msg, sizeof msg) == 0 || !strstr(msg, bad[i].want))
            fail_msg("case %zu: got \"%s\", want \"%s\"", i, msg, bad[i].want);
    }
}

static void test_top_level(void **s)
{
    (void)s;
    static const struct { const char *text, *want; } top[] = {
        {"[]", "expected an object"},
        {"{\"results\":[]}", "format: missing: not a tpx result file"},
        {"{\"format\":\"csv\",\"results\":[]}", "format: not \"tpx-results\""},
        {"{\"format\":\"tpx-results\",\"format_version\":4,\"tpx_version\":\"9\",\"device\":null,\"results\":[]}", "format_version: newer than this tpx reads"},
        {"{\"format\":\"tpx-results\",\"format_version\":1e300,\"tpx_version\":\"9\",\"device\":null,\"results\":[]}", "format_version: 1e+300 is out of range"},
        {"{\"format\":\"tpx-results\",\"format_version\":\"1\",\"tpx_version\":\"9\",\"device\":null,\"results\":[]}", "format_version: expected an integer, found a string"},
        {"{\"format\":\"tpx-results\",\"format_version\":1,\"device\":null,\"results\":[]}", "tpx_version: missing"},
        {"{\"format\":\"tpx-results\",\"format_version\":1,\"tpx_version\":\"9\",\"results\":[]}", "device: missing"},
        {"{\"format\":\"tpx-results\",\"format_version\":1,\"tpx_version\":\"9\",\"device\":null,\"results\":{}}", "results: expected an array"},
        {"{\"format\":\"tpx-results\",\"format_version\":1,\"tpx_version\":\"9\",\"device\":null,\"results\":[],\"skipped\":[1]}", "skipped[0]: expected an object"},
        {"{\"format\":\"tpx-results\",\"format_version\":1,\"tpx_version\":\"9\",\"device\":null,\"results\":[],\"mode\":\"lukewarm\"}", "mode: unknown value"},
        {"{\"format\":\"tpx-results\",\"format_version\":2,\"tpx_version\":\"9\",\"profile\":\"h999\",\"device\":null,\"results\":[]}", "profile: unknown profile 'h999'"},
    };
    for (size_t i = 0; i < sizeof top / sizeof top[0]; i++) {
        char msg[300] = "";
        results_doc d;
        json_value *v = json_parse(top[i].text, msg, sizeof msg);
        assert_non_null(v);
        int rc = results_from_json(v, &d, msg, sizeof msg);
        json_free(v);
        if (rc == 0 || !strstr(msg, top[i].want))
            fail_msg("case %zu: got \"%s\", want \"%s\"", i, msg, top[i].want);
    }
}

/* Rows that read but must not show a number. */
static void test_no_number_unless_verified(void **s)
{
    (void)s;
    results_doc d;
    char msg[300];
    const char *rows = /* one config each: a file holds one row per config and mode */
        "{\"config\":" CFGP(1) ",\"measured\":{" MEAS900 ",\"verified\":true}},"
        "{\"config\":" CFGP(2) ",\"measured\":{" MEAS900 ",\"verified\":false}},"
        "{\"config\":" CFGP(3) ",\"measured\":null,\"measured_status\":\"ok\"},"
        "{\"config\":" CFGP(4) ",\"measured\":{" MEAS900 ",\"verified\":true},"
        "\"measured_status\":\"launch_error\"},"
        "{\"config\":" CFGP(5) ",\"measured\":{\"mode\":\"hot\",\"samples\":0,\"verified\":true}}";
    if (load(DEV, rows, &d, msg, sizeof msg) != 0)
        fail_msg("%s", msg);
    assert_int_equal(d.n, 5);
    assert_true(runner_has_number(&d.rows[0].m) && d.rows[0].m.gbs == 900);
    assert_int_equal(d.rows[1].m.status, TPX_ST_VERIFY_FAILED);
    assert_int_equal(d.rows[2].m.status, TPX_ST_NOT_MEASURED);
    assert_int_equal(d.rows[3].m.status, TPX_ST_LAUNCH_ERROR);
    assert_int_equal(d.rows[4].m.status, TPX_ST_NOT_MEASURED);
    for (int i = 1; i < 5; i++) {
        assert_false(runner_has_number(&d.rows[i].m));
        assert_true(d.rows[i].m.gbs == 0);
    }
    results_free(&d);
}

/* -0 reads as 0: never "-0.0 %" on a screen. */
static void test_signed_zero(void **s)
{
    (void)s;
    results_doc d;
    char msg[300];
    if (load(DEV, "{\"config\":" CFG ",\"measured\":{\"mode\":\"cold\",\"samples\":10,"
             "\"min_ms\":0.01,\"median_ms\":0.02,\"mean_ms\":0.02,\"noise\":-0,"
             "\"verified\":true," GBS "}}", &d, msg, sizeof msg) != 0)
        fail_msg("%s", msg);
    assert_true(d.rows[0].m.noise == 0 && !signbit(d.rows[0].m.noise));
    results_free(&d);
}

/* config.tile_dtype: read when present; absent (files from before it), the
 * tile is the matrix's type; the row's own type written out is the same. */
static void test_tile_dtype(void **s)
{
    (void)s;
    results_doc d;
    char msg[300];
    const char *rows =
        "{\"config\":{\"kernel\":\"smem\",\"block\":\"16x16\",\"width\":4096,\"height\":3072,"
        "\"dtype\":\"f32\",\"pad\":1,\"tile_dtype\":\"f64\"},\"measured\":null,"
        "\"measured_status\":\"not_measured\"},"
        "{\"config\":" CFG ",\"measured\":null,\"measured_status\":\"not_measured\"},"
        "{\"config\":{\"kernel\":\"naive_row\",\"block\":\"32x8\",\"width\":64,\"height\":64,"
        "\"dtype\":\"f16\",\"tile_dtype\":\"f16\"},\"measured\":null,"
        "\"measured_status\":\"not_measured\"}";
    if (load(DEV, rows, &d, msg, sizeof msg) != 0)
        fail_msg("%s", msg);
    assert_int_equal(d.n, 3);
    assert_int_equal(config_tile_dtype(&d.rows[0].c), TPX_F64);
    assert_int_equal(d.rows[0].c.dtype, TPX_F32);
    assert_true(config_tile_differs(&d.rows[0].c));
    assert_int_equal(config_tile_dtype(&d.rows[1].c), TPX_F32); /* absent: the dtype */
    assert_false(config_tile_differs(&d.rows[1].c));
    assert_false(config_tile_differs(&d.rows[2].c)); /* its own type: no tile to differ */
    results_free(&d);
}

/* Escape sequences in a device name are kept, escaped, never raw. */
static void test_names_sanitized(void **s)
{
    (void)s;
    results_doc d;
    char msg[300];
    const char *dev = "{\"name\":\"\\u001b]0;pwned\\u0007GPU\\u001b[2J\",\"compute_capability\":"
                      "\"9.0\"," LIM "\"sms\":1,\"l2_bytes\":1,\"peak_gbs\":1}";
    if (load(dev, "", &d, msg, sizeof msg) != 0)
        fail_msg("%s", msg);
    assert_null(strchr(d.dev.name, 0x1b));
    assert_string_equal(d.dev.name, "\\x1b]0;pwned\\x07GPU\\x1b[2J");
    results_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_documents),
        cmocka_unit_test(test_top_level),
        cmocka_unit_test(test_no_number_unless_verified),
        cmocka_unit_test(test_names_sanitized),
        cmocka_unit_test(test_signed_zero),
        cmocka_unit_test(test_tile_dtype),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
