// smem_probe: one shared store and one shared load per warp, with the lanes'
// byte offsets taken from a table, so Nsight Compute's SASS-patched wavefront
// counters say what the hardware pays for each address pattern.
//
//   nvcc -arch=sm_90 -O3 -o smem_probe bench/smem_probe.cu
//   smem_probe LAUNCHES        (bench/smem_probe.py writes LAUNCHES and runs
//                               this under ncu; see there)
//
// LAUNCHES has one line per kernel launch: "W G a[0] ... a[32*G-1]": access
// width W (2, 4, 8, 16 bytes), G patterns (1..4) of 32 byte offsets each, -1
// for an inactive lane.  ncu sums its counters over a launch, so a launch
// carries G patterns with distinct multiplicities: pattern s is executed by
// 64^s warps.  Each instruction costs 1..32 wavefronts (32 lanes), so the sum
// read in base 64 gives every pattern's count per warp; the instruction
// counts (exactly sum of 64^s per op) check the decoding.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define PROBE_SMEM 49152 // the static shared limit: offsets stay below it
#define PROBE_BASE 64
#define PROBE_MAX_GROUP 4
#define PROBE_BLOCK 256

// Volatile PTX accesses: exactly one STS and one LDS of the width per warp.
// With plain ld/st.shared, ptxas forwards the stored value to the load (same
// address) and drops the LDS; `cuobjdump -sass` shows one STS.W and one LDS.W
// per kernel (smem_probe.py --check-sass checks it).
template <int W> struct probe_op;
template <> struct probe_op<2> {
    static __device__ unsigned go(unsigned a, unsigned v)
    {
        unsigned short s = (unsigned short)v, r;
        asm volatile("st.volatile.shared.b16 [%0], %1;" ::"r"(a), "h"(s) : "memory");
        asm volatile("ld.volatile.shared.b16 %0, [%1];" : "=h"(r) : "r"(a) : "memory");
        return r;
    }
};
template <> struct probe_op<4> {
    static __device__ unsigned go(unsigned a, unsigned v)
    {
        unsigned r;
        asm volatile("st.volatile.shared.b32 [%0], %1;" ::"r"(a), "r"(v) : "memory");
        asm volatile("ld.volatile.shared.b32 %0, [%1];" : "=r"(r) : "r"(a) : "memory");
        return r;
    }
};
template <> struct probe_op<8> {
    static __device__ unsigned go(unsigned a, unsigned v)
    {
        unsigned r0, r1;
        asm volatile("st.volatile.shared.v2.b32 [%0], {%1, %2};" ::"r"(a), "r"(v), "r"(v + 1) : "memory");
        asm volatile("ld.volatile.shared.v2.b32 {%0, %1}, [%2];" : "=r"(r0), "=r"(r1) : "r"(a) : "memory");
        return r0 ^ r1;
    }
};
template <> struct probe_op<16> {
    static __device__ unsigned go(unsigned a, unsigned v)
    {
        unsigned r0, r1, r2, r3;
        asm volatile("st.volatile.shared.v4.b32 [%0], {%1, %2, %3, %4};" ::"r"(a), "r"(v), "r"(v + 1),
                     "r"(v + 2), "r"(v + 3)
                     : "memory");
        asm volatile("ld.volatile.shared.v4.b32 {%0, %1, %2, %3}, [%4];"
                     : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
                     : "r"(a)
                     : "memory");
        return r0 ^ r1 ^ r2 ^ r3;
    }
};

template <int W>
__global__ void smem_probe(const int *__restrict__ table, int groups, long long nwarps,
                           unsigned *sink)
{
    __shared__ __align__(128) unsigned char sm[PROBE_SMEM];
    long long w = ((long long)blockIdx.x * blockDim.x + threadIdx.x) / 32;
    if (w >= nwarps)
        return; // whole warps only: nwarps*32 threads
    int slot = 0;
    long long start = 1, pw = PROBE_BASE;
    for (int s = 1; s < groups; s++) { // pattern s: warps [start_s, start_s + 64^s)
        if (w >= start)
            slot = s;
        start += pw;
        pw *= PROBE_BASE;
    }
    int a = table[slot * 32 + (threadIdx.x & 31)];
    if (a >= 0) {
        unsigned r = probe_op<W>::go((unsigned)__cvta_generic_to_shared(sm) + (unsigned)a, threadIdx.x);
        if (r == 0xfffffffeu) // never true; keeps the load's value alive without a store
            sink[0] = r;
    }
}

static long long probe_warps(int groups)
{
    long long n = 0, pw = 1;
    for (int s = 0; s < groups; s++, pw *= PROBE_BASE)
        n += pw;
    return n;
}

static void check(cudaError_t e, const char *what)
{
    if (e != cudaSuccess) {
        fprintf(stderr, "smem_probe: %s: %s\n", what, cudaGetErrorString(e));
        exit(1);
    }
}

// One launch from one line; returns 0, or -1 with a message for a bad line.
static int launch_line(char *line, int no, int *dtable, unsigned *dsink)
{
    char *p = line, *end;
    long w = strtol(p, &end, 10), g = strtol(end, &p, 10);
    if ((w != 2 && w != 4 && w != 8 && w != 16) || g < 1 || g > PROBE_MAX_GROUP) {
        fprintf(stderr, "smem_probe: line %d: want 'W G' with W in 2,4,8,16 and G in 1..%d\n",
                no, PROBE_MAX_GROUP);
        return -1;
    }
    std::vector<int> t(32 * g);
    for (long i = 0; i < 32 * g; i++) {
        long a = strtol(p, &end, 10);
        if (end == p || a < -1 || (a >= 0 && (a % w || a + w > PROBE_SMEM))) {
            fprintf(stderr, "smem_probe: line %d: offset %ld: want -1 or a multiple of %ld "
                            "below %d\n", no, i, w, PROBE_SMEM);
            return -1;
        }
        t[i] = (int)a;
        p = end;
    }
    check(cudaMemcpy(dtable, t.data(), t.size() * sizeof(int), cudaMemcpyHostToDevice), "copy");
    long long nw = probe_warps((int)g);
    unsigned blocks = (unsigned)((nw * 32 + PROBE_BLOCK - 1) / PROBE_BLOCK);
    switch (w) {
    case 2: smem_probe<2><<<blocks, PROBE_BLOCK>>>(dtable, (int)g, nw, dsink); break;
    case 4: smem_probe<4><<<blocks, PROBE_BLOCK>>>(dtable, (int)g, nw, dsink); break;
    case 8: smem_probe<8><<<blocks, PROBE_BLOCK>>>(dtable, (int)g, nw, dsink); break;
    default: smem_probe<16><<<blocks, PROBE_BLOCK>>>(dtable, (int)g, nw, dsink); break;
    }
    check(cudaGetLastError(), "launch");
    check(cudaDeviceSynchronize(), "kernel");
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: smem_probe LAUNCHES (lines 'W G offsets...')\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    int *dtable;
    unsigned *dsink;
    check(cudaMalloc(&dtable, 32 * PROBE_MAX_GROUP * sizeof(int)), "malloc");
    check(cudaMalloc(&dsink, sizeof(unsigned)), "malloc");
    static char line[32 * PROBE_MAX_GROUP * 8 + 64];
    int no = 0, launches = 0;
    while (fgets(line, sizeof line, f)) {
        no++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        if (launch_line(line, no, dtable, dsink))
            return 2;
        launches++;
    }
    fclose(f);
    printf("smem_probe: %d launches\n", launches);
    return 0;
}
