/* tpx_smem_rule: prices probe-table rows with the model's shared-wavefront
 * rule, so bench/smem_probe.py compares the hardware with the C code the
 * explorer runs, not only with its own Python copy of the rule.
 *   tpx_smem_rule < table.csv   ->   pattern,width,op,model  (one per row)
 * Exit 2 on a malformed row, naming the line. */
#include <stdio.h>
#include <string.h>

#include "smem_table.h"

int main(int argc, char **argv)
{
    (void)argv;
    if (argc != 1) {
        fprintf(stderr, "usage: tpx_smem_rule < table.csv (columns pattern,width,op,addrs)\n");
        return 2;
    }
    char line[4096], err[128];
    int no = 1;
    while (fgets(line, sizeof line, stdin) && line[0] == '#')
        no++; /* comments above the header */
    if (feof(stdin) || smem_table_column(line, "addrs") != 3) {
        fprintf(stderr, "tpx_smem_rule: want a header pattern,width,op,addrs,...\n");
        return 2;
    }
    puts("pattern,width,op,model");
    for (no++; fgets(line, sizeof line, stdin); no++) {
        smem_row r;
        if (line[0] == '\n' || line[0] == '#')
            continue;
        if (smem_table_parse(line, -1, &r, err, sizeof err)) {
            fprintf(stderr, "tpx_smem_rule: line %d: %s\n", no, err);
            return 2;
        }
        printf("%s,%d,%s,%d\n", r.pattern, r.width, r.store ? "st" : "ld", smem_table_model(&r));
    }
    return 0;
}
