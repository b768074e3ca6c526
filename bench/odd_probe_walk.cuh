/*
 * odd_probe_walk.cuh: issue 20's f16 question after tile_gather, for
 * bench/odd_probe.cu.  tile_gather (vg in odd_probe_vl.cuh) reads a tile's
 * R = TY + Q - 1 rows to own TY: the Q - 1 extra rows are read again by the
 * tile below, from the L2, which runs at 85 % of its peak at 8191x8193 f16 on
 * an H200 (docs/PERFORMANCE.md); and every block pays a prologue (15 % of
 * the stall samples at 32x4).  vw walks M tiles down one tile column in one
 * block: the Q - 1 rows a tile shares with the next move to the top of the
 * shared rows, and only TY new rows are loaded, so A is read once.  PF: the
 * next tile's new rows are loaded into registers before this tile's gather
 * (more bytes in flight, more registers).  MB: the launch bound's blocks an SM.
 * The shared layout, row table and gather are vg's; TY is a multiple of Q, so
 * a row's offset in its first vector and each B row's lead are the same for
 * every tile of the walk.
 */
/* A walk with an edge tile in it: each tile alone, vg's way or the element
 * path (out of line: inlined, it spills the lean walk at 32 registers). */
template <typename E, int BX, int TY, int NT, int M>
__device__ __noinline__ void vw_alone(const E *__restrict__ a, E *__restrict__ b, ll w, ll h, int gy, E *s, int *rb,
                                      int tbx, int grp)
{
    for (int tby = grp * M; tby < grp * M + M && tby < gy; tby++) {
        __syncthreads();
        vg_tile<E, BX, TY, NT>(a, b, w, h, gy, tbx, tby, s, rb);
    }
}

/* Whether walk grp of tile column tbx has an edge tile (or the last tile
 * row) in it, and so was taken tile by tile. */
template <typename E, int BX, int TY, int NT, int M>
__device__ __forceinline__ bool vw_took_alone(const E *__restrict__ a, E *__restrict__ b, ll w, ll h, int gy, E *s,
                                              int *rb, int tbx, int grp)
{
    if (grp * M + M <= gy - 1 && vl_interior<E, BX, TY>(tbx, grp * M + M - 1, gy, w, h))
        return false;
    vw_alone<E, BX, TY, NT, M>(a, b, w, h, gy, s, rb, tbx, grp);
    return true;
}

/* The threads an SM holds, so that a launch bound's blocks an SM is one the
 * architecture can hold (CI compiles every shipped architecture). */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ == 750
#define VW_SM_THREADS 1024
#elif defined(__CUDA_ARCH__) && (__CUDA_ARCH__ == 860 || __CUDA_ARCH__ == 870 || __CUDA_ARCH__ == 890 || __CUDA_ARCH__ >= 1200)
#define VW_SM_THREADS 1536
#else
#define VW_SM_THREADS 2048
#endif
#define VW_MB(NT, MB) ((MB) * (NT) <= VW_SM_THREADS ? (MB) : VW_SM_THREADS / (NT))

template <typename E, int BX, int TY, int NT, int M, int PF, int MB, int ORD = 0>
__global__ void __launch_bounds__(NT, VW_MB(NT, MB)) vw_k(const E *__restrict__ a, E *__restrict__ b, ll w, ll h, int gy)
{
    constexpr int Q = 32 / sizeof(E), N = 16 / sizeof(E), R = TY + Q - 1, V = BX / N + 1;
    constexpr int RS = V * N, SL = R * V, L = (SL + NT - 1) / NT;
    constexpr int SLN = TY * V, LN = (SLN + NT - 1) / NT;   /* a walk step's new rows */
    constexpr int OV0 = TY * V + TY / N;                     /* shared vector of row TY */
    constexpr int OVN = (R - 1) * V + (R - 1) / N + V - OV0; /* rows TY .. R - 1, gaps too */
    constexpr int KV = TY / N, CP = NT / KV, U = (BX + CP - 1) / CP;
    static_assert(NT % KV == 0 && R <= NT && OVN <= NT && TY % Q == 0, "walk mapping");
    __shared__ __align__(16) E s[R * RS + (R / N + 1) * N];
    __shared__ int rb[R];
    /* ORD 0: consecutive blocks walk consecutive groups down a tile column
     * (B's row order); 1: consecutive blocks take the tile columns side by
     * side at one group (A's row order) */
    const int tbx = ORD ? blockIdx.x : blockIdx.y, grp = ORD ? blockIdx.y : blockIdx.x, tb0 = grp * M;
    if (vw_took_alone<E, BX, TY, NT, M>(a, b, w, h, gy, s, rb, tbx, grp))
        return;
    const ll x0 = (ll)tbx * BX, base0 = (ll)tb0 * TY * w + x0;
    const int t = threadIdx.x + 32 * threadIdx.y;
    uint4 *s4 = reinterpret_cast<uint4 *>(s);
    {
        uint4 v[L];
        vl_rows<E, BX, TY, NT>(a, base0, w, t, v);
#pragma unroll
        for (int i = 0; i < L; i++) {
            int sl = t + NT * i, j = sl / V;
            if (sl < SL)
                s4[j * RS / N + j / N + sl % V] = v[i];
        }
    }
    const int b0 = (int)(base0 & (N - 1)), wm = (int)(w & (N - 1));
    if (t < R)
        rb[t] = t * RS + (t / N) * N + ((b0 + t * wm) & (N - 1));
    /* 32-bit offsets from a tile's first vector of A and first element of
     * B: TY w is a multiple of N, so each slot's vector moves by TY w / N a
     * tile and each unit by TY elements */
    const uint4 *ap = reinterpret_cast<const uint4 *>(a) + base0 / N;
    const ll astep = (ll)TY * w / N;
    unsigned ao[LN];
#pragma unroll
    for (int i = 0; i < LN; i++) {
        int sl = t + NT * i;
        ao[i] = (unsigned)((b0 + (ll)(Q - 1 + sl / V) * w) / N + sl % V);
    }
    const int hm = (int)(h & (Q - 1)), k = t % KV;
    const int l0 = (int)((Q - (x0 * h + (ll)tb0 * TY) % Q) % Q);
    unsigned bo[U];
#pragma unroll
    for (int u = 0; u < U; u++) {
        const int c = t / KV + CP * u;
        bo[u] = (unsigned)(c * h + ((l0 - c * hm) & (Q - 1))) / N + k;
    }
    uint4 *bp = reinterpret_cast<uint4 *>(b + x0 * h + (ll)tb0 * TY); /* B (x0, y0): on a vector */
    __syncthreads();
    uint4 nv[LN];
#pragma unroll 1
    for (int m = 0; m < M; m++) {
        if (m > 0) {
            if (!PF) {
#pragma unroll
                for (int i = 0; i < LN; i++)
                    if (t + NT * i < SLN)
                        nv[i] = ap[ao[i]];
            }
            uint4 ov;
            if (t < OVN)
                ov = s4[OV0 + t];
            __syncthreads(); /* every gather of the previous tile done */
            if (t < OVN)
                s4[t] = ov;
#pragma unroll
            for (int i = 0; i < LN; i++) {
                int sl = t + NT * i, j = Q - 1 + sl / V;
                if (sl < SLN)
                    s4[j * RS / N + j / N + sl % V] = nv[i];
            }
            __syncthreads();
        }
        ap += astep;
        if (PF && m + 1 < M) {
#pragma unroll
            for (int i = 0; i < LN; i++)
                if (t + NT * i < SLN)
                    nv[i] = ap[ao[i]];
        }
#pragma unroll
        for (int u = 0; u < U; u++) {
            const int c = t / KV + CP * u, lead = (l0 - c * hm) & (Q - 1);
            if (c < BX)
                bp[bo[u]] = vg_gather(s, rb + lead, c + k * (N * RS + N));
        }
        bp += TY / N;
    }
}

/* Kernels 22-36 of odd_probe.cu (32-36 in A's row order): vw at tiles 64x64 (256 threads) and 128x64
 * (512), M tiles a block, blocks in B's row order; M = 1 is vg bounded to 32
 * registers as tile_gather is, the walk's baseline.  M > 1 is bounded to 40
 * (1536 threads an SM): at 32 its walk state (slot offsets, the next rows)
 * spills. */
template <typename E> static void launch_walk(int k, const E *a, E *b, ll w, ll h)
{
    unsigned gx64 = (unsigned)((w + 63) / 64), gx128 = (unsigned)((w + 127) / 128);
    int gy = (int)((h + 63) / 64);
    unsigned g2 = (unsigned)((gy + 1) / 2), g4 = (unsigned)((gy + 3) / 4), g8 = (unsigned)((gy + 7) / 8),
             g16 = (unsigned)((gy + 15) / 16);
    dim3 b8(32, 8), b16(32, 16);
    switch (k) {
    case 22: vw_k<E, 64, 64, 256, 1, 0, 8><<<dim3(gy, gx64), b8>>>(a, b, w, h, gy); break;
    case 23: vw_k<E, 64, 64, 256, 2, 0, 6><<<dim3(g2, gx64), b8>>>(a, b, w, h, gy); break;
    case 24: vw_k<E, 64, 64, 256, 4, 0, 6><<<dim3(g4, gx64), b8>>>(a, b, w, h, gy); break;
    case 25: vw_k<E, 64, 64, 256, 8, 0, 6><<<dim3(g8, gx64), b8>>>(a, b, w, h, gy); break;
    case 26: vw_k<E, 64, 64, 256, 4, 1, 6><<<dim3(g4, gx64), b8>>>(a, b, w, h, gy); break;
    case 27: vw_k<E, 64, 64, 256, 8, 1, 6><<<dim3(g8, gx64), b8>>>(a, b, w, h, gy); break;
    case 28: vw_k<E, 64, 64, 256, 16, 1, 6><<<dim3(g16, gx64), b8>>>(a, b, w, h, gy); break;
    case 29:
        if constexpr (sizeof(E) < 8)
            vw_k<E, 128, 64, 512, 4, 0, 3><<<dim3(g4, gx128), b16>>>(a, b, w, h, gy);
        break;
    case 30:
        if constexpr (sizeof(E) < 8)
            vw_k<E, 128, 64, 512, 4, 1, 3><<<dim3(g4, gx128), b16>>>(a, b, w, h, gy);
        break;
    case 32: vw_k<E, 64, 64, 256, 1, 0, 8, 1><<<dim3(gx64, gy), b8>>>(a, b, w, h, gy); break;
    case 33: vw_k<E, 64, 64, 256, 2, 0, 6, 1><<<dim3(gx64, g2), b8>>>(a, b, w, h, gy); break;
    case 34: vw_k<E, 64, 64, 256, 4, 0, 6, 1><<<dim3(gx64, g4), b8>>>(a, b, w, h, gy); break;
    case 35: vw_k<E, 64, 64, 256, 4, 1, 6, 1><<<dim3(gx64, g4), b8>>>(a, b, w, h, gy); break;
    case 36: vw_k<E, 64, 64, 256, 8, 1, 6, 1><<<dim3(gx64, g8), b8>>>(a, b, w, h, gy); break;
    case 31:
        if constexpr (sizeof(E) < 8)
            vw_k<E, 128, 64, 512, 1, 0, 4><<<dim3(gy, gx128), b16>>>(a, b, w, h, gy);
        break;
    }
}

/* vp: the walk with its rows copied by cp.async (no registers between A and
 * shared memory) into a ring of RR shared rows, D tiles' new rows in flight
 * while a tile is gathered: A read once from the L2 (as vw) and more bytes
 * in flight a block than a load through registers allows.  f16 only (the
 * ring of a 64x64 f32 tile exceeds 48 KiB of static shared memory). */
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800
__device__ __forceinline__ void vp_cp16(void *sdst, const void *gsrc)
{
    unsigned sa = (unsigned)__cvta_generic_to_shared(sdst);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(sa), "l"(gsrc) : "memory");
}
__device__ __forceinline__ void vp_commit() { asm volatile("cp.async.commit_group;\n" ::: "memory"); }
template <int G> __device__ __forceinline__ void vp_wait() { asm volatile("cp.async.wait_group %0;\n" ::"n"(G) : "memory"); }
#else /* sm_75 has no cp.async (the CI build compiles every shipped architecture): a plain copy */
__device__ __forceinline__ void vp_cp16(void *sdst, const void *gsrc)
{
    *reinterpret_cast<uint4 *>(sdst) = *reinterpret_cast<const uint4 *>(gsrc);
}
__device__ __forceinline__ void vp_commit() {}
template <int G> __device__ __forceinline__ void vp_wait() {}
#endif

/* Rows [r0, r0 + n) of the walk (relative to its first row, A row y_start)
 * as cp.async copies of their V vectors each into ring rows (r mod RR). */
template <typename E, int BX, int NT, int RR, int NMAX>
__device__ __forceinline__ void vp_rows(const uint4 *a4, ll base0, ll w, int t, int r0, int n, uint4 *s4)
{
    constexpr int N = 16 / sizeof(E), V = BX / N + 1, RS = V * N, L = (NMAX * V + NT - 1) / NT;
    const int b0 = (int)(base0 & (N - 1));
    const uint4 *ap = a4 + base0 / N;
#pragma unroll
    for (int i = 0; i < L; i++) {
        int sl = t + NT * i;
        if (sl < n * V) {
            int r = r0 + sl / V, vv = sl % V, rr = r % RR;
            vp_cp16(s4 + (rr * RS + (rr / N) * N) / N + vv, ap + (b0 + (ll)r * w) / N + vv);
        }
    }
}

template <typename E, int BX, int TY, int NT, int M, int D, int MB>
__global__ void __launch_bounds__(NT, VW_MB(NT, MB)) vp_k(const E *__restrict__ a, E *__restrict__ b, ll w, ll h, int gy)
{
    constexpr int Q = 32 / sizeof(E), N = 16 / sizeof(E), R = TY + Q - 1, V = BX / N + 1, RS = V * N;
    constexpr int RR = (R + D * TY + Q - 1) / Q * Q; /* ring rows, a multiple of Q (and N) */
    constexpr int KV = TY / N, CP = NT / KV, U = (BX + CP - 1) / CP;
    static_assert(NT % KV == 0 && RR + N <= 2 * NT && TY % Q == 0 && sizeof(E) == 2, "ring mapping");
    __shared__ __align__(16) E s[RR * RS + (RR / N + 1) * N];
    __shared__ int rb[RR + N];
    const int tbx = blockIdx.y, grp = blockIdx.x, tb0 = grp * M;
    if (vw_took_alone<E, BX, TY, NT, M>(a, b, w, h, gy, s, rb, tbx, grp))
        return;
    const ll x0 = (ll)tbx * BX, base0 = (ll)tb0 * TY * w + x0;
    const int t = threadIdx.x + 32 * threadIdx.y;
    uint4 *s4 = reinterpret_cast<uint4 *>(s);
    const uint4 *a4 = reinterpret_cast<const uint4 *>(a);
    /* tile 0's R rows, then the D next tiles' TY new rows each */
    vp_rows<E, BX, NT, RR, R>(a4, base0, w, t, 0, R, s4);
    vp_commit();
#pragma unroll
    for (int d = 1; d <= D; d++) {
        if (d < M)
            vp_rows<E, BX, NT, RR, TY>(a4, base0, w, t, (d - 1) * TY + R, TY, s4);
        vp_commit();
    }
    const int b0 = (int)(base0 & (N - 1)), wm = (int)(w & (N - 1));
    for (int r = t; r < RR + N; r += NT) {
        int rr = r % RR;
        rb[r] = rr * RS + (rr / N) * N + ((b0 + rr * wm) & (N - 1));
    }
    const int hm = (int)(h & (Q - 1)), k = t % KV;
    const int l0 = (int)((Q - (x0 * h + (ll)tb0 * TY) % Q) % Q);
    unsigned bo[U];
    int lead[U];
#pragma unroll
    for (int u = 0; u < U; u++) {
        const int c = t / KV + CP * u;
        lead[u] = (l0 - c * hm) & (Q - 1);
        bo[u] = (unsigned)(c * h + lead[u]) / N + k;
    }
    uint4 *bp = reinterpret_cast<uint4 *>(b + x0 * h + (ll)tb0 * TY);
#pragma unroll 1
    for (int m = 0; m < M; m++) {
        vp_wait<D>(); /* this thread's copies of tile m landed */
        __syncthreads(); /* everyone's */
#pragma unroll
        for (int u = 0; u < U; u++) {
            const int c = t / KV + CP * u;
            if (c < BX)
                bp[bo[u]] = vg_gather(s, rb + (m * TY + lead[u] + k * N) % RR, c);
        }
        bp += TY / N;
        __syncthreads(); /* tile m's rows free for tile m + D + 1 */
        if (m + D + 1 < M)
            vp_rows<E, BX, NT, RR, TY>(a4, base0, w, t, (m + D) * TY + R, TY, s4);
        vp_commit(); /* an empty group keeps the count */
    }
}

/* Kernels 37-41 of odd_probe.cu (f16): vp at a 64x64 tile, 256 threads. */
template <typename E> static void launch_pipe(int k, const E *a, E *b, ll w, ll h)
{
    if constexpr (sizeof(E) == 2) {
        unsigned gx = (unsigned)((w + 63) / 64);
        int gy = (int)((h + 63) / 64);
        dim3 b8(32, 8);
        switch (k) {
        case 37: vp_k<E, 64, 64, 256, 8, 1, 8><<<dim3((gy + 7) / 8, gx), b8>>>(a, b, w, h, gy); break;
        case 38: vp_k<E, 64, 64, 256, 8, 2, 7><<<dim3((gy + 7) / 8, gx), b8>>>(a, b, w, h, gy); break;
        case 39: vp_k<E, 64, 64, 256, 16, 2, 7><<<dim3((gy + 15) / 16, gx), b8>>>(a, b, w, h, gy); break;
        case 40: vp_k<E, 64, 64, 256, 4, 2, 7><<<dim3((gy + 3) / 4, gx), b8>>>(a, b, w, h, gy); break;
        case 41: vp_k<E, 64, 64, 256, 32, 2, 7><<<dim3((gy + 31) / 32, gx), b8>>>(a, b, w, h, gy); break;
        }
    }
}
