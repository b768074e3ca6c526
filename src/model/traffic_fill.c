#include "traffic_fill.h"

#include <stdlib.h>

int traffic_piece_cmp(const void *a, const void *b)
{
    long long x = ((const traffic_piece *)a)->sector, y = ((const traffic_piece *)b)->sector;
    return (x > y) - (x < y);
}

/* The bytes all[] writes into the line of sector s (all sorted by sector). */
static int line_bytes(const traffic_piece *all, int na, long long s)
{
    long long line = s / 4; /* 4 sectors to a 128-byte line */
    int lo = 0, hi = na;
    while (lo < hi) { /* the first piece at or past the line's first sector */
        int mid = (lo + hi) / 2;
        if (all[mid].sector < line * 4)
            lo = mid + 1;
        else
            hi = mid;
    }
    int bytes = 0;
    for (int i = lo; i < na && all[i].sector / 4 == line; i++)
        bytes += all[i].bytes;
    return bytes;
}

void traffic_fill_count(traffic_piece *all, int na, const traffic_piece *part, int np,
                        int hist[TPX_FILL_CLASSES][TPX_FILL_BINS][TPX_FILL_REQS])
{
    qsort(all, (size_t)na, sizeof *all, traffic_piece_cmp);
    for (int i = 0; i < np; i++) {
        int bytes = line_bytes(all, na, part[i].sector);
        int bin = (bytes * TPX_FILL_BINS + 127) / 128 - 1; /* the quarter, rounded up */
        bin = bin < 0 ? 0 : bin >= TPX_FILL_BINS ? TPX_FILL_BINS - 1 : bin;
        int req = part[i].req < 1 ? 1 : part[i].req > TPX_FILL_REQS ? TPX_FILL_REQS : part[i].req;
        hist[part[i].bytes >= 8][bin][req - 1]++;
    }
}

double traffic_fill_share(int bin)
{
    return (double)(bin + 1) / TPX_FILL_BINS;
}
