/*
 * odd_probe_pair.cuh: what holds f16 back in tile_gather's design, for
 * bench/odd_probe.cu (kernels 61-65).  At 8192x8192 f16 vg's tile without
 * the odd shapes' extra rows and vector (vga64) reaches 88 % of memcpy on an
 * H200 where tile_vec reaches 97: the gap is the design's, not the odd
 * shapes'.  Two candidates, each taken alone on the aligned shapes:
 *  - the bytes a thread has in flight: vga64's tile with 128 and 64 threads
 *    (4 and 8 of its 16-byte loads a thread, where 256 threads have 2);
 *  - phase 1's shared loads, one 2-byte element each (8 a unit): vgaq2 and
 *    vgaq4 load 2 or 4 columns of a row at once (4- and 8-byte loads) and
 *    build 2 or 4 units from them with byte permutes, a quarter to half of
 *    the shared loads.
 * vg64p128n128: the whole design (extra rows, vector, .L2::128B loads, as
 * tile_gather) with 128 threads, at any shape.
 */

/* vgaq's phase 1 (f16, aligned: every row's offset and every lead 0): task
 * (g, cg) takes rows 8 g .. 8 g + 7 of columns P cg .. P cg + P - 1, a
 * 2P-byte shared load a row, and stores P units; g varies fastest, so a
 * warp's store writes whole 128-byte lines of 4 B rows. */
template <int P>
__device__ __forceinline__ void vgq_units(unsigned short *__restrict__ b, ll h, ll x0, ll y0, int t,
                                          const unsigned short *s, const int *rb)
{
    constexpr int TASKS = 64 / P * 8;
    for (int task = t; task < TASKS; task += 256) {
        const int g = task % 8, c = task / 8 * P;
        unsigned wv[8][P / 2];
#pragma unroll
        for (int e = 0; e < 8; e++) {
            const unsigned short *p = s + rb[8 * g + e] + c;
            if constexpr (P == 2) {
                wv[e][0] = *reinterpret_cast<const unsigned *>(p);
            } else {
                const uint2 q = *reinterpret_cast<const uint2 *>(p);
                wv[e][0] = q.x, wv[e][1] = q.y;
            }
        }
#pragma unroll
        for (int q = 0; q < P; q++) {
            const unsigned sel = q & 1 ? 0x7632 : 0x5410; /* the high or the low halves of two words */
            uint4 o;
            o.x = __byte_perm(wv[0][q / 2], wv[1][q / 2], sel);
            o.y = __byte_perm(wv[2][q / 2], wv[3][q / 2], sel);
            o.z = __byte_perm(wv[4][q / 2], wv[5][q / 2], sel);
            o.w = __byte_perm(wv[6][q / 2], wv[7][q / 2], sel);
            *reinterpret_cast<uint4 *>(b + (x0 + c + q) * h + y0 + 8 * g) = o;
        }
    }
}

template <typename E, int P>
__global__ void __launch_bounds__(256) vgq_k(const E *__restrict__ a, E *__restrict__ b, ll w, ll h, int gy)
{
    constexpr int TY = 64, V = 8;
    __shared__ __align__(16) E s[TY * V * 8 + (TY / 8 + 1) * 8];
    __shared__ int rb[TY];
    const int tbx = blockIdx.y, tby = blockIdx.x, t = threadIdx.x + 32 * threadIdx.y;
    const ll x0 = (ll)tbx * 64, y0 = (ll)tby * TY;
    if (!vl_interior<E, 64, TY>(tbx, tby, gy, w, h)) {
        sec_k_edge<E, TY, 64>(a, b, w, h, gy, tbx, tby);
        return;
    }
    vg_fill<E, 64, TY, 256, 0>(a, y0 * w + x0, w, t, TY * V, s, rb);
    __syncthreads();
    if constexpr (sizeof(E) == 2)
        vgq_units<P>(b, h, x0, y0, t, s, rb);
}

/* Kernels 61-65: skipped where odd_probe.cu's sizes are not aligned (all but
 * 63) or the elements are not f16 (64, 65). */
static bool pair_skip(int k, int e, ll w, ll h)
{
    return k >= 61 && ((k != 63 && (w % (16 / e) || h % (32 / e))) || (k >= 64 && e != 2));
}

template <typename E> static void launch_pair(int k, const E *a, E *b, ll w, ll h)
{
    const unsigned gx64 = (unsigned)((w + 63) / 64);
    const int gy64 = (int)((h + 63) / 64);
    const dim3 g(gy64, gx64);
    switch (k) {
    case 61: vg_k<E, 64, 64, 128, 0><<<g, dim3(32, 4)>>>(a, b, w, h, gy64); break;
    case 62: vg_k<E, 64, 64, 64, 0><<<g, dim3(32, 2)>>>(a, b, w, h, gy64); break;
    case 63: vg_k<E, 64, 64, 128, 3 | 16><<<g, dim3(32, 4)>>>(a, b, w, h, gy64); break;
    case 64: vgq_k<E, 2><<<g, dim3(32, 8)>>>(a, b, w, h, gy64); break;
    case 65: vgq_k<E, 4><<<g, dim3(32, 8)>>>(a, b, w, h, gy64); break;
    }
}
