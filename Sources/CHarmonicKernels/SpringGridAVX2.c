#include "CHarmonicKernels.h"

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>

bool harmonic_kernels_have_avx2_fma(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return false;
    const bool fma = c & (1u << 12), osxsave = c & (1u << 27), avx = c & (1u << 28);
    if (!(fma && osxsave && avx)) return false;
    // XCR0 bits 1 and 2: the operating system saves the SSE and AVX register state.
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo & 6u) != 6u) return false;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return false;
    return b & (1u << 5);  // AVX2
}

__attribute__((target("avx2,fma")))
void harmonic_spring_grid_values_avx2(
    double *values, long count, double *lane0, double *lane1, double p, double q, double p2, double pq,
    double target) {
    __m256d x0 = _mm256_loadu_pd(lane0), x1 = _mm256_loadu_pd(lane0 + 4);
    __m256d y0 = _mm256_loadu_pd(lane1), y1 = _mm256_loadu_pd(lane1 + 4);
    const __m256d vp = _mm256_set1_pd(p), vq = _mm256_set1_pd(q);
    const __m256d vp2 = _mm256_set1_pd(p2), vpq = _mm256_set1_pd(pq);
    const __m256d vt = _mm256_set1_pd(target);
    for (long j = 0; j + 16 <= count; j += 16) {
        _mm256_storeu_pd(values + j, _mm256_add_pd(x0, vt));
        _mm256_storeu_pd(values + j + 4, _mm256_add_pd(x1, vt));
        _mm256_storeu_pd(values + j + 8, _mm256_add_pd(y0, vt));
        _mm256_storeu_pd(values + j + 12, _mm256_add_pd(y1, vt));
        const __m256d n0 = _mm256_fmsub_pd(vp, y0, _mm256_mul_pd(vq, x0));
        const __m256d n1 = _mm256_fmsub_pd(vp, y1, _mm256_mul_pd(vq, x1));
        y0 = _mm256_fmsub_pd(vp2, y0, _mm256_mul_pd(vpq, x0));
        y1 = _mm256_fmsub_pd(vp2, y1, _mm256_mul_pd(vpq, x1));
        x0 = n0;
        x1 = n1;
    }
    _mm256_storeu_pd(lane0, x0);
    _mm256_storeu_pd(lane0 + 4, x1);
    _mm256_storeu_pd(lane1, y0);
    _mm256_storeu_pd(lane1 + 4, y1);
}

__attribute__((target("avx2,fma")))
void harmonic_spring_grid_blocks_avx2(
    double *values, long blocks, const double *start, double p, double q, double p2, double pq,
    const double *carry, double *state, double target) {
    double x = state[0], v = state[1];
    for (long b = 0; b < blocks; b++) {
        // The block's first sixteen displacements from the exact state: Φ(jh)·(x, v).
        const __m256d vx = _mm256_set1_pd(x), vv = _mm256_set1_pd(v);
        double lane0[8], lane1[8];
        for (int k = 0; k < 8; k += 4) {
            _mm256_storeu_pd(lane0 + k, _mm256_fmadd_pd(_mm256_loadu_pd(start + k), vx,
                _mm256_mul_pd(_mm256_loadu_pd(start + 8 + k), vv)));
            _mm256_storeu_pd(lane1 + k, _mm256_fmadd_pd(_mm256_loadu_pd(start + 16 + k), vx,
                _mm256_mul_pd(_mm256_loadu_pd(start + 24 + k), vv)));
        }
        harmonic_spring_grid_values_avx2(values + 256 * b, 256, lane0, lane1, p, q, p2, pq, target);
        // The exact state 256 samples on: Φ(256h)·(x, v).
        const double nx = carry[0] * x + carry[1] * v;
        v = carry[2] * x + carry[3] * v;
        x = nx;
    }
    state[0] = x;
    state[1] = v;
}

// AVX2 only, not FMA: the products and sums must round separately, as numpy's do.
__attribute__((target("avx2")))
bool harmonic_grid_times_match_avx2(const double *times, long count, double start, double step) {
    const __m256d vs = _mm256_set1_pd(start), vh = _mm256_set1_pd(step), sixteen = _mm256_set1_pd(16);
    // Four index vectors a step apart, so no addition waits for the previous one.
    __m256d i0 = _mm256_setr_pd(0, 1, 2, 3);
    __m256d i1 = _mm256_add_pd(i0, _mm256_set1_pd(4));
    __m256d i2 = _mm256_add_pd(i0, _mm256_set1_pd(8));
    __m256d i3 = _mm256_add_pd(i0, _mm256_set1_pd(12));
    long j = 0;
    while (j + 256 <= count) {
        // Bit patterns XORed and ORed: zero only when every time is identical (-0.0 against
        // 0.0, or a NaN, counts as a mismatch).
        __m256i differ = _mm256_setzero_si256();
        for (const long end = j + 256; j < end; j += 16) {
            const __m256d e0 = _mm256_add_pd(vs, _mm256_mul_pd(i0, vh));
            const __m256d e1 = _mm256_add_pd(vs, _mm256_mul_pd(i1, vh));
            const __m256d e2 = _mm256_add_pd(vs, _mm256_mul_pd(i2, vh));
            const __m256d e3 = _mm256_add_pd(vs, _mm256_mul_pd(i3, vh));
            differ = _mm256_or_si256(differ, _mm256_xor_si256(
                _mm256_castpd_si256(e0), _mm256_loadu_si256((const __m256i *)(times + j))));
            differ = _mm256_or_si256(differ, _mm256_xor_si256(
                _mm256_castpd_si256(e1), _mm256_loadu_si256((const __m256i *)(times + j + 4))));
            differ = _mm256_or_si256(differ, _mm256_xor_si256(
                _mm256_castpd_si256(e2), _mm256_loadu_si256((const __m256i *)(times + j + 8))));
            differ = _mm256_or_si256(differ, _mm256_xor_si256(
                _mm256_castpd_si256(e3), _mm256_loadu_si256((const __m256i *)(times + j + 12))));
            i0 = _mm256_add_pd(i0, sixteen);
            i1 = _mm256_add_pd(i1, sixteen);
            i2 = _mm256_add_pd(i2, sixteen);
            i3 = _mm256_add_pd(i3, sixteen);
        }
        if (!_mm256_testz_si256(differ, differ)) return false;
    }
    for (; j < count; j++) {
        const double expected = start + (double)j * step;
        if (__builtin_memcmp(&expected, times + j, sizeof expected) != 0) return false;
    }
    return true;
}

#else

bool harmonic_kernels_have_avx2_fma(void) { return false; }

void harmonic_spring_grid_blocks_avx2(
    double *values, long blocks, const double *start, double p, double q, double p2, double pq,
    const double *carry, double *state, double target) {
    (void)values; (void)blocks; (void)start; (void)p; (void)q; (void)p2; (void)pq; (void)carry; (void)state;
    (void)target;
}

bool harmonic_grid_times_match_avx2(const double *times, long count, double start, double step) {
    (void)times; (void)count; (void)start; (void)step;
    return false;
}

void harmonic_spring_grid_values_avx2(
    double *values, long count, double *lane0, double *lane1, double p, double q, double p2, double pq,
    double target) {
    (void)values; (void)count; (void)lane0; (void)lane1; (void)p; (void)q; (void)p2; (void)pq; (void)target;
}

#endif
