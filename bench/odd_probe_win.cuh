/*
 * odd_probe_win.cuh: win1/win0 of bench/odd_probe.cu (kernels 9-10), tile_sec's
 * design written lean in the probe's harness (sec_k_edge for the edge tiles).
 */
/* tile_sec's design in this harness (interior tiles): each lane loads only
 * its segment's rows (WIN 1; WIN 0: every row, stores its segment's only),
 * stores row r at r - cx, so phase 1 reads 16-byte units. */
template <typename E, int WIN>
__global__ void __launch_bounds__(256) win_k(const E *__restrict__ a, E *__restrict__ b, ll w, ll h, int gy)
{
    constexpr int TY = 64, Q = 32 / sizeof(E), N = 16 / sizeof(E), R = TY + Q - 1,
                  SP = (((R + N - 1) / N) | 1) * N, L = (R + 7) / 8;
    __shared__ __align__(16) E s[32 * SP];
    int tbx = blockIdx.y, tby = blockIdx.x;
    ll x0 = (ll)tbx * 32, y0 = (ll)tby * TY;
    int lane = threadIdx.x, wp = threadIdx.y, t = lane + 32 * wp;
    if (!(tby < gy - 1 && x0 + 32 <= w && y0 + R <= h)) { /* edges: the element path */
        sec_k_edge<E, TY>(a, b, w, h, gy, tbx, tby);
        return;
    }
    ll g0 = (x0 + lane) * h + y0;
    int cx = (int)((g0 + Q - 1) / Q * Q - g0);
    E v[L];
    const E *ap = a + (y0 + wp) * w + x0 + lane;
#pragma unroll
    for (int i = 0; i < L; i++) {
        int r = wp + 8 * i;
        if (r < R && (!WIN || (r >= cx && r < cx + TY)))
            v[i] = ap[(ll)8 * i * w];
    }
#pragma unroll
    for (int i = 0; i < L; i++) {
        int r = wp + 8 * i;
        if (r < R && r >= cx && r < cx + TY)
            s[lane * SP + r - cx] = v[i];
    }
    __syncthreads();
    constexpr int KV = TY / N, PER = 32 * KV / 256;
#pragma unroll
    for (int i = 0; i < PER; i++) {
        int idx = t + 256 * i, c = idx / KV, k = idx % KV;
        ll g = (x0 + c) * h + y0, S = (g + Q - 1) / Q * Q;
        *reinterpret_cast<uint4 *>(b + S + k * N) = *reinterpret_cast<const uint4 *>(s + c * SP + k * N);
    }
}
