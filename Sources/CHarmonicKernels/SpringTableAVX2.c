#include "CHarmonicKernels.h"

#if defined(__x86_64__)
#include <immintrin.h>

#define KERNEL __attribute__((target("avx2,fma")))
#define INLINE_KERNEL __attribute__((target("avx2,fma"), always_inline)) static inline

KERNEL bool harmonic_positive_span_avx2(
    const double *times, long count, double *lower, double *upper, bool *finite) {
    const __m256d zero = _mm256_setzero_pd();
    const __m256d infinity = _mm256_set1_pd(__builtin_inf()), negativeInfinity = _mm256_set1_pd(-__builtin_inf());
    // Two accumulators of each, so that consecutive minima do not wait for each other.
    __m256d lo0 = infinity, lo1 = infinity, hi0 = negativeInfinity, hi1 = negativeInfinity;
    // t − t is 0 for a finite t and NaN for NaN and ±∞: summed, NaN once any time is not finite.
    __m256d spread = zero;
    long i = 0;
    for (; i + 8 <= count; i += 8) {
        const __m256d t0 = _mm256_loadu_pd(times + i), t1 = _mm256_loadu_pd(times + i + 4);
        spread = _mm256_add_pd(spread, _mm256_add_pd(_mm256_sub_pd(t0, t0), _mm256_sub_pd(t1, t1)));
        // t > 0 is false for NaN: NaN times are skipped like times at or before the start.
        const __m256d p0 = _mm256_cmp_pd(t0, zero, _CMP_GT_OQ), p1 = _mm256_cmp_pd(t1, zero, _CMP_GT_OQ);
        lo0 = _mm256_min_pd(lo0, _mm256_blendv_pd(infinity, t0, p0));
        lo1 = _mm256_min_pd(lo1, _mm256_blendv_pd(infinity, t1, p1));
        hi0 = _mm256_max_pd(hi0, _mm256_blendv_pd(negativeInfinity, t0, p0));
        hi1 = _mm256_max_pd(hi1, _mm256_blendv_pd(negativeInfinity, t1, p1));
    }
    double l[4], h[4];
    _mm256_storeu_pd(l, _mm256_min_pd(lo0, lo1));
    _mm256_storeu_pd(h, _mm256_max_pd(hi0, hi1));
    bool allFinite = _mm256_movemask_pd(_mm256_cmp_pd(spread, spread, _CMP_UNORD_Q)) == 0;
    double a = l[0], b = h[0];
    for (int k = 1; k < 4; k++) {
        a = l[k] < a ? l[k] : a;
        b = h[k] > b ? h[k] : b;
    }
    for (; i < count; i++) {
        const double t = times[i];
        allFinite = allFinite && t - t == 0;
        if (t > 0) {
            a = t < a ? t : a;
            b = t > b ? t : b;
        }
    }
    *lower = a;
    *upper = b;
    *finite = allFinite;
    return a <= b;
}

/// The indices of the nodes nearest four times (those at or before the start use the first
/// node), clamped to the table.
INLINE_KERNEL __m256i nearest_nodes(__m256d t, __m256d positive, double origin, double inverseSpacing, long last) {
    const __m256d shifter = _mm256_set1_pd(0x1p52), vorigin = _mm256_set1_pd(origin);
    // Rounded to the nearest integer by the 2^52 shifter: for 0 ≤ u < 2^51 the low bits of the
    // shifted value are round(u).
    const __m256d u = _mm256_sub_pd(_mm256_blendv_pd(vorigin, t, positive), vorigin);
    const __m256d shifted = _mm256_fmadd_pd(u, _mm256_set1_pd(inverseSpacing), shifter);
    __m256i k = _mm256_sub_epi64(_mm256_castpd_si256(shifted), _mm256_castpd_si256(shifter));
    const __m256i vlast = _mm256_set1_epi64x(last);
    k = _mm256_blendv_epi8(k, vlast, _mm256_cmpgt_epi64(k, vlast));
    return _mm256_andnot_si256(_mm256_cmpgt_epi64(_mm256_setzero_si256(), k), k);
}

/// Four nodes' eight doubles (τ, c0 … c6), one 64-byte line each, transposed into eight
/// vectors of four lanes: `columns[j]` holds entry `j` of each node.
INLINE_KERNEL void load_columns(const double *nodes, __m256i k, __m256d columns[8]) {
    long index[4];
    _mm256_storeu_si256((__m256i *)index, k);
    const double *a = nodes + 8 * index[0], *b = nodes + 8 * index[1];
    const double *c = nodes + 8 * index[2], *d = nodes + 8 * index[3];
    for (int half = 0; half < 2; half++) {
        const __m256d ra = _mm256_loadu_pd(a + 4 * half), rb = _mm256_loadu_pd(b + 4 * half);
        const __m256d rc = _mm256_loadu_pd(c + 4 * half), rd = _mm256_loadu_pd(d + 4 * half);
        const __m256d ab0 = _mm256_unpacklo_pd(ra, rb), ab1 = _mm256_unpackhi_pd(ra, rb);
        const __m256d cd0 = _mm256_unpacklo_pd(rc, rd), cd1 = _mm256_unpackhi_pd(rc, rd);
        columns[4 * half + 0] = _mm256_permute2f128_pd(ab0, cd0, 0x20);
        columns[4 * half + 1] = _mm256_permute2f128_pd(ab1, cd1, 0x20);
        columns[4 * half + 2] = _mm256_permute2f128_pd(ab0, cd0, 0x31);
        columns[4 * half + 3] = _mm256_permute2f128_pd(ab1, cd1, 0x31);
    }
}

/// One block of four times: the values (and velocities) of the expansions at the nearest
/// nodes; times at or before the start (and NaN) give `from` and the initial velocity.
INLINE_KERNEL void table_block(
    __m256d t, const double *nodes, long last, double origin, double inverseSpacing, __m256d from, __m256d to,
    __m256d initialVelocity, bool withVelocity, __m256d *value, __m256d *velocity) {
    const __m256d positive = _mm256_cmp_pd(t, _mm256_setzero_pd(), _CMP_GT_OQ);
    __m256d c[8];
    load_columns(nodes, nearest_nodes(t, positive, origin, inverseSpacing, last), c);
    const __m256d r = _mm256_sub_pd(t, c[0]);
    // c0 + c1·r + … + c6·r⁶ by Horner's rule with fused multiply–adds.
    __m256d p = _mm256_fmadd_pd(r, c[7], c[6]);
    p = _mm256_fmadd_pd(r, p, c[5]);
    p = _mm256_fmadd_pd(r, p, c[4]);
    p = _mm256_fmadd_pd(r, p, c[3]);
    p = _mm256_fmadd_pd(r, p, c[2]);
    p = _mm256_fmadd_pd(r, p, c[1]);
    *value = _mm256_blendv_pd(from, _mm256_add_pd(p, to), positive);
    if (withVelocity) {
        // c1 + 2c2·r + … + 6c6·r⁵.
        __m256d d = _mm256_fmadd_pd(r, _mm256_mul_pd(_mm256_set1_pd(6), c[7]), _mm256_mul_pd(_mm256_set1_pd(5), c[6]));
        d = _mm256_fmadd_pd(r, d, _mm256_mul_pd(_mm256_set1_pd(4), c[5]));
        d = _mm256_fmadd_pd(r, d, _mm256_mul_pd(_mm256_set1_pd(3), c[4]));
        d = _mm256_fmadd_pd(r, d, _mm256_add_pd(c[3], c[3]));
        d = _mm256_fmadd_pd(r, d, c[2]);
        *velocity = _mm256_blendv_pd(initialVelocity, d, positive);
    }
}

INLINE_KERNEL void table_loop(
    const double *times, long count, const double *nodes, long last, double origin, double inverseSpacing,
    double from, double to, double initialVelocity, double *values, double *velocities, bool withVelocity) {
    const __m256d vfrom = _mm256_set1_pd(from), vto = _mm256_set1_pd(to), v0 = _mm256_set1_pd(initialVelocity);
    __m256d value, velocity = _mm256_setzero_pd();
    long i = 0;
    for (; i + 4 <= count; i += 4) {
        table_block(
            _mm256_loadu_pd(times + i), nodes, last, origin, inverseSpacing, vfrom, vto, v0, withVelocity, &value,
            &velocity);
        _mm256_storeu_pd(values + i, value);
        if (withVelocity) _mm256_storeu_pd(velocities + i, velocity);
    }
    if (i < count) {
        // The last one to three times, padded with zeros (which give `from`).
        double padded[4] = {0, 0, 0, 0}, out[4], outVelocity[4];
        for (long l = 0; i + l < count; l++) padded[l] = times[i + l];
        table_block(
            _mm256_loadu_pd(padded), nodes, last, origin, inverseSpacing, vfrom, vto, v0, withVelocity, &value,
            &velocity);
        _mm256_storeu_pd(out, value);
        _mm256_storeu_pd(outVelocity, velocity);
        for (long l = 0; i + l < count; l++) {
            values[i + l] = out[l];
            if (withVelocity) velocities[i + l] = outVelocity[l];
        }
    }
}

KERNEL void harmonic_spring_table_avx2(
    const double *times, long count, const double *nodes, long last, double origin, double inverseSpacing,
    double from, double to, double initialVelocity, double *values, double *velocities) {
    // Two loops, so that the values-only one carries no velocity arithmetic.
    if (velocities) {
        table_loop(times, count, nodes, last, origin, inverseSpacing, from, to, initialVelocity, values, velocities, true);
    } else {
        table_loop(times, count, nodes, last, origin, inverseSpacing, from, to, initialVelocity, values, 0, false);
    }
}

#else

bool harmonic_positive_span_avx2(const double *times, long count, double *lower, double *upper, bool *finite) {
    (void)times; (void)count; (void)lower; (void)upper; (void)finite;
    return false;
}

void harmonic_spring_table_avx2(
    const double *times, long count, const double *nodes, long last, double origin, double inverseSpacing,
    double from, double to, double initialVelocity, double *values, double *velocities) {
    (void)times; (void)count; (void)nodes; (void)last; (void)origin; (void)inverseSpacing; (void)from; (void)to;
    (void)initialVelocity; (void)values; (void)velocities;
}

#endif
