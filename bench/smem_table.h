/* smem_table: one row of a shared-access probe table (bench/smem_probe.py
 * writes them, tests/test_smem_rule.c checks the model against them):
 *   pattern,width,op,addrs,<value columns>
 * addrs holds the 32 lanes' byte offsets separated by spaces, '-' for an
 * inactive lane; op is "ld" or "st". */
#ifndef TPX_SMEM_TABLE_H
#define TPX_SMEM_TABLE_H

#include <stddef.h>

typedef struct smem_row {
    char pattern[80];
    int width;          /* bytes per lane: 2, 4, 8 or 16 */
    int store;          /* 1 for "st" */
    long long addr[32]; /* byte offset per lane, -1 when inactive */
    int has_value;      /* the value column was not empty */
    long long value;    /* that column: wavefronts measured or expected */
} smem_row;

/* Column of `name` in a header line, or -1. */
int smem_table_column(const char *header, const char *name);

/* Parse a data line; value_col is the column holding the value (-1: none).
 * Returns 0, or -1 with a message in err. */
int smem_table_parse(const char *line, int value_col, smem_row *r, char *err, size_t n);

/* The model's wavefronts for the row (model_bank_detail). */
int smem_table_model(const smem_row *r);

#endif
