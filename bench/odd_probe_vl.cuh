/*
 * odd_probe_vl.cuh: issue 20's f16 question, for bench/odd_probe.cu.
 * tile_sec's phase 0 loads single elements (64 bytes a warp instruction for
 * f16), since rows at odd offsets allow no wider access on A's columns.
 * Here the tile is laid on A's aligned addresses instead: each of the R = TY
 * + Q - 1 A rows of the tile is read as the 16-byte vectors that cover its
 * BX columns (BX / N + 1 of them), and each vector's elements are scattered
 * into tile_sec's shared rows (B rows, each lane's segment lined up on B's
 * sectors), so phase 1 is tile_sec's: 16-byte units to sector-cut segments.
 * Interior tiles only; the edges take the element path.
 */
/* Whether tile (tbx, tby) is interior: whole columns, not a row's last
 * segment, every row of R inside the matrix (else sec_k_edge takes it). */
template <typename E, int BX, int TY>
__device__ __forceinline__ bool vl_interior(int tbx, int tby, int gy, ll w, ll h)
{
    return tby < gy - 1 && (ll)tbx * BX + BX <= w && (ll)tby * TY + TY + 32 / (int)sizeof(E) - 1 <= h;
}

/* The tile's R rows as the 16-byte vectors that cover their BX columns
 * (V = BX / N + 1 a row), slot sl = j V + vv to thread sl mod NT, all loads
 * issued before any is used. */
template <typename E, int BX, int TY, int NT, int L>
__device__ __forceinline__ void vl_rows(const E *__restrict__ a, ll base, ll w, int t, uint4 (&v)[L])
{
    constexpr int N = 16 / sizeof(E), R = TY + 32 / sizeof(E) - 1, V = BX / N + 1, SL = R * V;
    const uint4 *a4 = reinterpret_cast<const uint4 *>(a);
#pragma unroll
    for (int i = 0; i < L; i++) {
        int sl = t + NT * i;
        if (sl < SL)
            v[i] = a4[(base + (ll)(sl / V) * w) / N + sl % V];
    }
}

template <typename E, int BX, int TY>
__global__ void __launch_bounds__(256) vl_k(const E *__restrict__ a, E *__restrict__ b, ll w, ll h, int gy)
{
    constexpr int Q = 32 / sizeof(E), N = 16 / sizeof(E), R = TY + Q - 1, V = BX / N + 1;
    constexpr int P = ((TY / N) | 1) * N, SL = R * V, L = (SL + 255) / 256;
    __shared__ __align__(16) E s[BX * P];
    int tbx = blockIdx.y, tby = blockIdx.x;
    ll x0 = (ll)tbx * BX, y0 = (ll)tby * TY;
    int t = threadIdx.x + 32 * threadIdx.y;
    if (!vl_interior<E, BX, TY>(tbx, tby, gy, w, h)) {
        sec_k_edge<E, TY, BX>(a, b, w, h, gy, tbx, tby);
        return;
    }
    const ll base = y0 * w + x0;
    uint4 v[L];
    vl_rows<E, BX, TY, 256>(a, base, w, t, v);
    const int hm = (int)(h & (Q - 1)), l0 = (int)((Q - (x0 * h + y0) % Q) % Q);
#pragma unroll
    for (int i = 0; i < L; i++) {
        int sl = t + 256 * i;
        if (sl < SL) {
            int j = sl / V, vv = sl % V, off = (int)((base + (ll)j * w) & (N - 1)), c0 = vv * N - off;
            union {
                uint4 u;
                E e[N];
            } o;
            o.u = v[i];
#pragma unroll
            for (int e = 0; e < N; e++) {
                int c = c0 + e, r = j - ((l0 - c * hm) & (Q - 1));
                if (c >= 0 && c < BX && r >= 0 && r < TY)
                    s[c * P + r] = o.e[e];
            }
        }
    }
    __syncthreads();
    constexpr int KV = TY / N, PER = (BX * KV + 255) / 256;
#pragma unroll
    for (int i = 0; i < PER; i++) {
        int idx = t + 256 * i;
        if (idx < BX * KV) {
            int c = idx / KV, k = idx % KV;
            ll S = (x0 + c) * h + y0 + ((l0 - c * hm) & (Q - 1));
            *reinterpret_cast<uint4 *>(b + S + k * N) = *reinterpret_cast<const uint4 *>(s + c * P + k * N);
        }
    }
}

/* vg: phase 0 copies the tile's A rows as the aligned 16-byte vectors that
 * cover them (raw, a 16-byte gap every N rows so that rows N apart fall on
 * other banks); phase 1 gathers each B unit's N elements (rows lead + k N +
 * e of column c, each row at its own offset off_j into its first vector) and
 * stores it whole.  KV threads share a column (a warp stores 32 / KV whole
 * segments); a thread's N row addresses come once per column from a table of
 * row bases, each unit adds a constant.  NT threads a block. */
/* A gathered unit: element e from shared row base rbl[e], at offset off. */
template <typename E>
__device__ __forceinline__ uint4 vg_gather(const E *s, const int *rbl, int off)
{
    union {
        uint4 u4;
        E e[16 / sizeof(E)];
    } o;
#pragma unroll
    for (int e = 0; e < 16 / (int)sizeof(E); e++)
        o.e[e] = s[rbl[e] + off];
    return o.u4;
}

/* vg's phase 1 for the tile at (x0, y0): KV threads a column, each storing
 * unit k of its column's segment, gathered from the shared rows s through
 * the row table rb (also odd_probe_dsm.cuh's). */
template <typename E, int BX, int TY, int NT, int X = 3>
__device__ __forceinline__ void vg_units(E *__restrict__ b, ll h, ll x0, ll y0, int t, const E *s, const int *rb)
{
    constexpr int Q = 32 / sizeof(E), N = 16 / sizeof(E), RS = (BX / N + (X >> 1 & 1)) * N;
    constexpr int KV = TY / N, CP = NT / KV, U = (BX + CP - 1) / CP; /* columns a pass, passes */
    const int hm = (int)(h & (Q - 1)), l0 = (int)((Q - (x0 * h + y0) % Q) % Q), k = t % KV;
#pragma unroll
    for (int u = 0; u < U; u++) {
        const int c = t / KV + CP * u, lead = (l0 - c * hm) & (Q - 1);
        if (c < BX)
            reinterpret_cast<uint4 *>(b + (x0 + c) * h + y0 + lead)[k] = vg_gather(s, rb + lead, c + k * (N * RS + N));
    }
}

/* A 16-byte load of A; X & 8 asks the L2 to fetch 256 bytes around it on a
 * miss, X & 16 128 bytes (PTX's .L2::256B / .L2::128B prefetch size).  The
 * 128-byte form is what tile_gather now calls as tv_ldg_l2 (tpx_vec16.cuh);
 * this copy stays as the 2026-11-30 probe runs were built (asm volatile). */
template <int X> __device__ __forceinline__ uint4 vg_ld(const uint4 *p)
{
    uint4 r;
#if __CUDA_ARCH__ >= 800 /* .L2::256B needs sm_80 */
    if constexpr (X & 8)
        asm volatile("ld.global.nc.L2::256B.v4.u32 {%0,%1,%2,%3}, [%4];"
                     : "=r"(r.x), "=r"(r.y), "=r"(r.z), "=r"(r.w) : "l"(p));
    else
#endif
    if constexpr (X & 16)
        asm volatile("ld.global.nc.L2::128B.v4.u32 {%0,%1,%2,%3}, [%4];"
                     : "=r"(r.x), "=r"(r.y), "=r"(r.z), "=r"(r.w) : "l"(p));
    else
        r = *p;
    return r;
}

/* vg's phase 0 for the tile whose first element is A[base]: its first sln
 * slots (slot j V + vv, row j, vector vv; all R V of them in vg) loaded to
 * registers, all issued before any is stored, then stored raw into the
 * shared rows s (a 16-byte gap every N rows); and the row table rb of all
 * R rows (also odd_probe_dsm.cuh's, whose rows past sln come from the next
 * block of its cluster, at the same offsets). */
template <typename E, int BX, int TY, int NT, int X = 3>
__device__ __forceinline__ void vg_fill(const E *__restrict__ a, ll base, ll w, int t, int sln, E *s, int *rb)
{
    constexpr int Q = 32 / sizeof(E), N = 16 / sizeof(E), R = TY + (Q - 1) * (X & 1), V = BX / N + (X >> 1 & 1);
    constexpr int RS = V * N, L = (R * V + NT - 1) / NT;
    const uint4 *a4 = reinterpret_cast<const uint4 *>(a);
    uint4 *s4 = reinterpret_cast<uint4 *>(s);
    uint4 v[L];
#pragma unroll
    for (int i = 0; i < L; i++) {
        int sl = t + NT * i;
        if (sl < sln) /* X & 4: the extra vector is the row's first again (a line of the tile's own) */
            v[i] = vg_ld<X>(a4 + (base + (ll)(sl / V) * w) / N + ((X & 4) && sl % V == V - 1 ? 0 : sl % V));
    }
    const int b0 = (int)(base & (N - 1)), wm = (int)(w & (N - 1));
    if (t < R)
        rb[t] = t * RS + (t / N) * N + ((b0 + t * wm) & (N - 1));
#pragma unroll
    for (int i = 0; i < L; i++) {
        int sl = t + NT * i, j = sl / V;
        if (sl < sln)
            s4[j * RS / N + j / N + sl % V] = v[i];
    }
}

/* One vg tile (tbx, tby) with the block's shared rows s and row table rb
 * (also odd_probe_walk.cuh's tiles taken alone). */
template <typename E, int BX, int TY, int NT, int X = 3>
__device__ __forceinline__ void vg_tile(const E *__restrict__ a, E *__restrict__ b, ll w, ll h, int gy, int tbx,
                                        int tby, E *s, int *rb)
{
    constexpr int Q = 32 / sizeof(E), N = 16 / sizeof(E), R = TY + (Q - 1) * (X & 1), V = BX / N + (X >> 1 & 1);
    static_assert(NT % (TY / N) == 0 && R <= NT, "phase 1 mapping");
    ll x0 = (ll)tbx * BX, y0 = (ll)tby * TY;
    int t = threadIdx.x + 32 * threadIdx.y;
    if (!vl_interior<E, BX, TY>(tbx, tby, gy, w, h)) {
        sec_k_edge<E, TY, BX>(a, b, w, h, gy, tbx, tby);
        return;
    }
    vg_fill<E, BX, TY, NT, X>(a, y0 * w + x0, w, t, R * V, s, rb);
    __syncthreads();
    vg_units<E, BX, TY, NT, X>(b, h, x0, y0, t, s, rb);
}

/* X: bit 0 the Q - 1 extra rows, bit 1 the extra vector a row.  X & 3 < 3
 * (vga: neither; vgr: rows only; vgv: vector only) is right only where W mod
 * N = 0 and H mod Q = 0 (every lead 0): what the tile costs without them.
 * Bit 2 (vgs): the extra vector read from the row's first line instead of
 * the next tile's; bits 3 and 4: the loads' L2 prefetch size 256 or 128
 * bytes (vg_ld).  K > 0: bands of K tile columns launched together
 * (docs/PERFORMANCE.md, "The L2 asked for whole lines"). */
template <typename E, int BX, int TY, int NT, int X = 3, int K = 0>
__global__ void __launch_bounds__(NT) vg_k(const E *__restrict__ a, E *__restrict__ b, ll w, ll h, int gy)
{
    constexpr int Q = 32 / sizeof(E), N = 16 / sizeof(E), R = TY + (Q - 1) * (X & 1), V = BX / N + (X >> 1 & 1);
    __shared__ __align__(16) E s[R * V * N + (R / N + 1) * N];
    __shared__ int rb[R];
    int tbx = blockIdx.y, tby = blockIdx.x;
    if (K) { /* bands of K tile columns, down the band a row of K tiles at a time */
        int bid = blockIdx.x + gy * blockIdx.y, band = bid / (K * gy), r = bid - band * K * gy;
        int kk = min(K, (int)gridDim.y - band * K);
        tby = r / kk, tbx = band * K + r % kk;
    }
    vg_tile<E, BX, TY, NT, X>(a, b, w, h, gy, tbx, tby, s, rb);
}

/* Whether odd_probe.cu skips vl kernel k at W x H of e-byte elements: the
 * tiles too large for f64 (or f32), and vga, vgr, vgv, vgs (aligned only). */
static bool vl_skip(int k, int e, ll w, ll h)
{
    return (k >= 18 && k <= 19 && e == 8) || (k == 20 && e > 2) ||
           (k > 46 && (k < 53 || k == 56 || k == 57) && (w % (16 / e) || h % (32 / e)));
}

/* Kernels 12-20 and 47-60 of odd_probe.cu: tile BXxTY. */
template <typename E> static void launch_vl(int k, const E *a, E *b, ll w, ll h)
{
    unsigned gx32 = (unsigned)((w + 31) / 32), gx64 = (unsigned)((w + 63) / 64), gx128 = (unsigned)((w + 127) / 128);
    int gy64 = (int)((h + 63) / 64), gy128 = (int)((h + 127) / 128);
    dim3 b8(32, 8), b16(32, 16);
    switch (k) {
    case 12: vl_k<E, 32, 64><<<dim3(gy64, gx32), b8>>>(a, b, w, h, gy64); break;
    case 13: vl_k<E, 64, 64><<<dim3(gy64, gx64), b8>>>(a, b, w, h, gy64); break;
    case 14: /* f64: 32 columns (64x128 of f64 exceeds 48 KiB static shared) */
        if constexpr (sizeof(E) == 8)
            vl_k<E, 32, 128><<<dim3(gy128, gx32), b8>>>(a, b, w, h, gy128);
        else
            vl_k<E, 64, 128><<<dim3(gy128, gx64), b8>>>(a, b, w, h, gy128);
        break;
    case 15: vg_k<E, 32, 64, 256><<<dim3(gy64, gx32), b8>>>(a, b, w, h, gy64); break;
    case 16: vg_k<E, 64, 64, 256><<<dim3(gy64, gx64), b8>>>(a, b, w, h, gy64); break;
    case 17: vg_k<E, 32, 128, 256><<<dim3(gy128, gx32), b8>>>(a, b, w, h, gy128); break;
    case 18:
        if constexpr (sizeof(E) < 8)
            vg_k<E, 64, 128, 512><<<dim3(gy128, gx64), b16>>>(a, b, w, h, gy128);
        break;
    case 19:
        if constexpr (sizeof(E) < 8)
            vg_k<E, 128, 64, 512><<<dim3(gy64, gx128), b16>>>(a, b, w, h, gy64);
        break;
    case 20:
        if constexpr (sizeof(E) < 4)
            vg_k<E, 128, 128, 512><<<dim3(gy128, gx128), b16>>>(a, b, w, h, gy128);
        break;
    case 47: vg_k<E, 64, 64, 256, 0><<<dim3(gy64, gx64), b8>>>(a, b, w, h, gy64); break;
    case 48: vg_k<E, 32, 64, 256, 0><<<dim3(gy64, gx32), b8>>>(a, b, w, h, gy64); break;
    case 49: vg_k<E, 64, 64, 256, 1><<<dim3(gy64, gx64), b8>>>(a, b, w, h, gy64); break;
    case 50: vg_k<E, 64, 64, 256, 2><<<dim3(gy64, gx64), b8>>>(a, b, w, h, gy64); break;
    case 51: vg_k<E, 64, 64, 256, 2, 4><<<dim3(gy64, gx64), b8>>>(a, b, w, h, gy64); break;
    case 52: vg_k<E, 64, 64, 256, 6><<<dim3(gy64, gx64), b8>>>(a, b, w, h, gy64); break;
    case 53: vg_k<E, 64, 64, 256, 3, 2><<<dim3(gy64, gx64), b8>>>(a, b, w, h, gy64); break;
    case 54: vg_k<E, 64, 64, 256, 3, 4><<<dim3(gy64, gx64), b8>>>(a, b, w, h, gy64); break;
    case 55: vg_k<E, 64, 64, 256, 3, 8><<<dim3(gy64, gx64), b8>>>(a, b, w, h, gy64); break;
    case 56: vg_k<E, 64, 64, 256, 2 | 8><<<dim3(gy64, gx64), b8>>>(a, b, w, h, gy64); break;
    case 57: vg_k<E, 64, 64, 256, 2 | 16><<<dim3(gy64, gx64), b8>>>(a, b, w, h, gy64); break;
    case 58: vg_k<E, 64, 64, 256, 3 | 8><<<dim3(gy64, gx64), b8>>>(a, b, w, h, gy64); break;
    case 59: vg_k<E, 64, 64, 256, 3 | 16><<<dim3(gy64, gx64), b8>>>(a, b, w, h, gy64); break;
    case 60: vg_k<E, 64, 64, 256, 3 | 8, 8><<<dim3(gy64, gx64), b8>>>(a, b, w, h, gy64); break;
    }
}
