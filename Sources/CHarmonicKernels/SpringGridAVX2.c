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

#else

bool harmonic_kernels_have_avx2_fma(void) { return false; }

void harmonic_spring_grid_values_avx2(
    double *values, long count, double *lane0, double *lane1, double p, double q, double p2, double pq,
    double target) {
    (void)values; (void)count; (void)lane0; (void)lane1; (void)p; (void)q; (void)p2; (void)pq; (void)target;
}

#endif
