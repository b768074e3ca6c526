/*
 * tpx_expr.h: what every operator of the kernel language means (docs/language.md),
 * written once.  The CPU evaluator of a user kernel (src/lang/ulang_eval.c)
 * calls these functions for each node of an expression, and the CUDA source
 * tpx generates for the same kernel (src/lang/ukernel_cuda.c) is a nest of
 * calls to the same functions, compiled by NVRTC with this header pasted in
 * front.  So what the model draws is what the GPU runs, operator by operator.
 *
 * Values are 64-bit signed integers.  An operation that has no defined
 * result (a division or remainder by zero, a result outside 64 bits, a
 * ...) sets *err to its TPX_XE_* code and yields 0: the CPU check reports
 * it with the first thread it hit, and a kernel whose check found one never
 * runs (TPX_X_CHECKED below).
 * Division truncates toward zero and the remainder takes the sign of the
 * dividend, as in C.  Both operands of && and || are always evaluated (they
 * are calls); the conditional c ? a : b is C's own and evaluates one branch.
 */
#ifndef TPX_EXPR_H
#define TPX_EXPR_H

#if defined(__CUDACC__) || defined(__CUDACC_RTC__)
#define TPX_XD static __device__ __host__ __forceinline__
#else
#define TPX_XD static inline
#endif

typedef long long tpx_xv;

/* On the device the checks compile away: a user kernel runs on the GPU only
 * for a config whose CPU check found no failing operation (src/model/
 * ucheck.c), and there every checked operation is its plain C operation. */
#if defined(__CUDA_ARCH__)
#define TPX_X_CHECKED 0
#else
#define TPX_X_CHECKED 1
#endif

/* Why an evaluation failed (0: it did not). */
enum { TPX_XE_NONE, TPX_XE_DIV0, TPX_XE_OVERFLOW };

#define TPX_XV_MAX 9223372036854775807LL
#define TPX_XV_MIN (-TPX_XV_MAX - 1LL)

TPX_XD tpx_xv tpx_x_fail(int *err, int code)
{
    if (!*err)
        *err = code;
    return 0;
}

TPX_XD tpx_xv tpx_x_add(tpx_xv a, tpx_xv b, int *err)
{
    if (TPX_X_CHECKED && ((b > 0 && a > TPX_XV_MAX - b) || (b < 0 && a < TPX_XV_MIN - b)))
        return tpx_x_fail(err, TPX_XE_OVERFLOW);
    return a + b;
}

TPX_XD tpx_xv tpx_x_sub(tpx_xv a, tpx_xv b, int *err)
{
    if (TPX_X_CHECKED && ((b < 0 && a > TPX_XV_MAX + b) || (b > 0 && a < TPX_XV_MIN + b)))
        return tpx_x_fail(err, TPX_XE_OVERFLOW);
    return a - b;
}

/* Magnitudes in unsigned arithmetic (no negation of the most negative value):
 * a product whose magnitude exceeds 2^63 - 1 is an overflow, either sign. */
TPX_XD unsigned long long tpx_x_mag(tpx_xv a)
{
    return a < 0 ? 0ULL - (unsigned long long)a : (unsigned long long)a;
}

TPX_XD tpx_xv tpx_x_mul(tpx_xv a, tpx_xv b, int *err)
{
    if (!TPX_X_CHECKED)
        return a * b;
    unsigned long long ma = tpx_x_mag(a), mb = tpx_x_mag(b);
    if (ma == 0 || mb == 0)
        return 0;
    if (ma > (unsigned long long)TPX_XV_MAX / mb)
        return tpx_x_fail(err, TPX_XE_OVERFLOW);
    return a * b;
}

TPX_XD tpx_xv tpx_x_div(tpx_xv a, tpx_xv b, int *err)
{
    if (!TPX_X_CHECKED)
        return a / b;
    if (b == 0)
        return tpx_x_fail(err, TPX_XE_DIV0);
    if (a == TPX_XV_MIN && b == -1)
        return tpx_x_fail(err, TPX_XE_OVERFLOW);
    return a / b;
}

TPX_XD tpx_xv tpx_x_mod(tpx_xv a, tpx_xv b, int *err)
{
    if (!TPX_X_CHECKED)
        return a % b;
    if (b == 0)
        return tpx_x_fail(err, TPX_XE_DIV0);
    if (b == -1)
        return 0;
    return a % b;
}

TPX_XD tpx_xv tpx_x_neg(tpx_xv a, int *err)
{
    if (TPX_X_CHECKED && a == TPX_XV_MIN)
        return tpx_x_fail(err, TPX_XE_OVERFLOW);
    return -a;
}

TPX_XD tpx_xv tpx_x_min(tpx_xv a, tpx_xv b) { return a < b ? a : b; }
TPX_XD tpx_xv tpx_x_max(tpx_xv a, tpx_xv b) { return a > b ? a : b; }
TPX_XD tpx_xv tpx_x_xor(tpx_xv a, tpx_xv b) { return a ^ b; }
TPX_XD tpx_xv tpx_x_band(tpx_xv a, tpx_xv b) { return a & b; }
TPX_XD tpx_xv tpx_x_lt(tpx_xv a, tpx_xv b) { return a < b; }
TPX_XD tpx_xv tpx_x_le(tpx_xv a, tpx_xv b) { return a <= b; }
TPX_XD tpx_xv tpx_x_gt(tpx_xv a, tpx_xv b) { return a > b; }
TPX_XD tpx_xv tpx_x_ge(tpx_xv a, tpx_xv b) { return a >= b; }
TPX_XD tpx_xv tpx_x_eq(tpx_xv a, tpx_xv b) { return a == b; }
TPX_XD tpx_xv tpx_x_ne(tpx_xv a, tpx_xv b) { return a != b; }
TPX_XD tpx_xv tpx_x_and(tpx_xv a, tpx_xv b) { return a != 0 && b != 0; }
TPX_XD tpx_xv tpx_x_or(tpx_xv a, tpx_xv b) { return a != 0 || b != 0; }
TPX_XD tpx_xv tpx_x_not(tpx_xv a) { return a == 0; }

#endif /* TPX_EXPR_H */
