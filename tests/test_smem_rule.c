/* The shared-wavefront rule, pinned by tables: tests/data/smem_rule.csv
 * (hand-derived, column "expected") and every bench/results/smem_probe_*.csv
 * the probe wrote on a GPU (column "measured": Nsight Compute's SASS-patched
 * counts).  A measured table dropped into bench/results/ is checked with no
 * code change. */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "model.h"
#include "smem_table.h"
#include "test_cfg.h"

/* Checks every row of one table with a value; returns the rows checked. */
static int check_table(const char *path, const char *value_name)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char line[4096], err[128];
    int col = -1, rows = 0, bad = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        if (col < 0) { /* the header */
            col = smem_table_column(line, value_name);
            assert_true(col >= 0);
            continue;
        }
        smem_row r;
        if (smem_table_parse(line, col, &r, err, sizeof err)) {
            fail_msg("%s: %s in: %.60s", path, err, line);
        }
        if (!r.has_value)
            continue; /* unmeasured rows say nothing */
        int got = smem_table_model(&r);
        if (got != r.value) {
            print_error("%s: %s width %d %s: model %d, %s %lld\n", path, r.pattern, r.width,
                        r.store ? "st" : "ld", got, value_name, r.value);
            bad++;
        }
        rows++;
    }
    fclose(f);
    assert_int_equal(bad, 0);
    return rows;
}

static void test_hand_table(void **s)
{
    (void)s;
    assert_true(check_table(TPX_SOURCE_DIR "/tests/data/smem_rule.csv", "expected") >= 20);
}

static void test_measured_tables(void **s)
{
    (void)s;
    DIR *d = opendir(TPX_SOURCE_DIR "/bench/results");
    if (!d)
        skip();
    struct dirent *e;
    int tables = 0;
    while ((e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (strncmp(e->d_name, "smem_probe_", 11) || n < 4 || strcmp(e->d_name + n - 4, ".csv"))
            continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/bench/results/%s", TPX_SOURCE_DIR, e->d_name);
        check_table(path, "measured");
        tables++;
    }
    closedir(d);
    if (!tables)
        skip(); /* no GPU table yet */
}

/* Malformed rows are refused with a reason, never priced. */
static void test_parse_errors(void **s)
{
    (void)s;
    smem_row r;
    char err[128];
    assert_int_equal(smem_table_parse("a,8,ld,0 4,1", 4, &r, err, sizeof err), -1);
    assert_non_null(strstr(err, "multiple of 8"));
    assert_int_equal(smem_table_parse("a,3,ld,0", 4, &r, err, sizeof err), -1);
    assert_int_equal(smem_table_parse("a,4,xx,0", 4, &r, err, sizeof err), -1);
    assert_int_equal(smem_table_parse("a,4,ld,0 4", 4, &r, err, sizeof err), -1);
    assert_non_null(strstr(err, "want 32"));
}

/* The Banks view's passes: a 16-wide unpadded f64 tile read (S[tx][ty]) is
 * served half-warp after half-warp, lane l of the upper half in pass 16 + l.
 * Launch totals: 64 x 64 blocks x 8 warps = 32768 reads, 32 wavefronts each,
 * against 64 distinct words = 2 ideal passes: 16-way. */
static void test_tile16_f64(void **s)
{
    (void)s;
    tpx_config c = test_cfg(TPX_K_SMEM, 16, 16, 1024, 1024, TPX_F64, 0);
    tpx_inst in[4];
    assert_int_equal(model_warp_insts(&c, 0, 0, 0, in), 4);
    assert_int_equal(in[2].op, TPX_OP_SLD);
    tpx_bank_detail d;
    model_bank_detail(&in[2], 8, &d);
    assert_int_equal(d.wavefronts, 32);
    assert_int_equal(d.ideal, 2);
    for (int l = 0; l < 16; l++) {
        assert_int_equal(d.pass[l], l);
        assert_int_equal(d.pass[16 + l], 16 + l);
        assert_int_equal(d.bank[l], 0);
        assert_int_equal(d.bank[16 + l], 2);
    }
    assert_int_equal(d.load[0], 16);
    assert_int_equal(d.load[3], 16);
    assert_int_equal(d.load[4], 0);
    tpx_totals t;
    assert_int_equal(model_totals(&c, &t, NULL), 0);
    assert_int_equal(t.op[TPX_OP_SLD].insts, 32768);
    assert_int_equal(t.op[TPX_OP_SLD].wavefronts, 32768ull * 32);
    assert_int_equal(t.op[TPX_OP_SST].wavefronts, 32768ull * 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hand_table),
        cmocka_unit_test(test_measured_tables),
        cmocka_unit_test(test_parse_errors),
        cmocka_unit_test(test_tile16_f64),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
