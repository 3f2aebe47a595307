// The particle kernel of Sources/Harmonic/Particles/ParticleSystem+Evaluation.swift for its most
// common cell — a top-level cell of constant birth rate on an emitter whose values do not move,
// without drag or sub-cells, born at a point or uniformly in a line, rectangle or box — four
// particles per step with AVX2. It computes what the Swift lanes compute, operation for
// operation (every product and sum rounded on its own: no fused multiply–adds), so the rows are
// the same bit for bit whichever path a processor takes: the counter-based draws of
// ParticleRandom (SplitMix64's finaliser on 64-bit lanes, each product as three 32-bit
// multiplications), the emission cone with LaneSineCosine's reduction and polynomials, and the
// ballistic closed form.
#include "CHarmonicKernels.h"

#include <stdint.h>

#if defined(__x86_64__)
#include <immintrin.h>

#define KERNEL __attribute__((target("avx2,fma")))
#define INLINE_KERNEL __attribute__((target("avx2,fma"), always_inline)) static inline

static const uint64_t gamma64 = 0x9E3779B97F4A7C15ull;
static const uint64_t mix1 = 0xBF58476D1CE4E5B9ull;
static const uint64_t mix2 = 0x94D049BB133111EBull;

/// a·b mod 2^64 on four lanes, b a constant: lo·lo + ((hi·lo + lo·hi) << 32).
INLINE_KERNEL __m256i multiply(__m256i a, uint64_t b) {
    const __m256i low = _mm256_set1_epi64x((long long)(b & 0xFFFFFFFFu));
    const __m256i high = _mm256_set1_epi64x((long long)(b >> 32));
    const __m256i ll = _mm256_mul_epu32(a, low);
    const __m256i hl = _mm256_mul_epu32(_mm256_srli_epi64(a, 32), low);
    const __m256i lh = _mm256_mul_epu32(a, high);
    return _mm256_add_epi64(ll, _mm256_slli_epi64(_mm256_add_epi64(hl, lh), 32));
}

/// SplitMix64's output function (ParticleRandom.finalise).
INLINE_KERNEL __m256i finalise(__m256i z) {
    z = multiply(_mm256_xor_si256(z, _mm256_srli_epi64(z, 30)), mix1);
    z = multiply(_mm256_xor_si256(z, _mm256_srli_epi64(z, 27)), mix2);
    return _mm256_xor_si256(z, _mm256_srli_epi64(z, 31));
}

/// ParticleRandom.pair(keys:draw:): the high and low 32 bits of draw `draw` as doubles in [0, 1).
INLINE_KERNEL void pair(__m256i keys, uint64_t draw, __m256d *high, __m256d *low) {
    const __m256i z = finalise(_mm256_add_epi64(keys, _mm256_set1_epi64x((long long)((draw + 1) * gamma64))));
    const __m256i one = _mm256_set1_epi64x(0x3FF0000000000000ll);
    const __m256i h = _mm256_or_si256(_mm256_slli_epi64(_mm256_srli_epi64(z, 32), 20), one);
    const __m256i l = _mm256_or_si256(_mm256_slli_epi64(_mm256_and_si256(z, _mm256_set1_epi64x(0xFFFFFFFFll)), 20), one);
    *high = _mm256_sub_pd(_mm256_castsi256_pd(h), _mm256_set1_pd(1));
    *low = _mm256_sub_pd(_mm256_castsi256_pd(l), _mm256_set1_pd(1));
}

INLINE_KERNEL __m256d add(__m256d a, __m256d b) { return _mm256_add_pd(a, b); }
INLINE_KERNEL __m256d sub(__m256d a, __m256d b) { return _mm256_sub_pd(a, b); }
INLINE_KERNEL __m256d mul(__m256d a, __m256d b) { return _mm256_mul_pd(a, b); }
INLINE_KERNEL __m256d splat(double x) { return _mm256_set1_pd(x); }

/// `value + range·(2u − 1)` (ParticleSystem.around).
INLINE_KERNEL __m256d around(double value, double range, __m256d u) {
    return add(splat(value), mul(splat(range), sub(mul(splat(2), u), splat(1))));
}

/// LaneOperations.select(x < lower, lower, x).
INLINE_KERNEL __m256d raise(__m256d x, double lower) {
    return _mm256_blendv_pd(x, splat(lower), _mm256_cmp_pd(x, splat(lower), _CMP_LT_OQ));
}

/// LaneOperations.clamp(x, 0, 1).
INLINE_KERNEL __m256d clamp01(__m256d x) {
    const __m256d raised = raise(x, 0);
    return _mm256_blendv_pd(splat(1), raised, _mm256_cmp_pd(raised, splat(1), _CMP_LT_OQ));
}

/// LaneSineCosine's polynomial in Estrin's form: (c0 + u·c1) + u²·((c2 + u·c3) + u²·(c4 + u·c5)).
INLINE_KERNEL __m256d polynomial(__m256d u, double c0, double c1, double c2, double c3, double c4, double c5) {
    const __m256d u2 = mul(u, u);
    const __m256d a = add(splat(c0), mul(u, splat(c1)));
    const __m256d b = add(splat(c2), mul(u, splat(c3)));
    const __m256d c = add(splat(c4), mul(u, splat(c5)));
    return add(a, mul(u2, add(b, mul(u2, c))));
}

/// LaneSineCosine.sinCos(hi: x, lo: 0) for |x| < 2π (the cone's angle around its axis).
INLINE_KERNEL void sincos(__m256d x, __m256d *sine, __m256d *cosine) {
    const __m256d shifter = splat(0x1.8p52);
    const __m256d shifted = add(mul(x, splat(0x1.45f306dc9c883p-1)), shifter);
    const __m256d q = sub(shifted, shifter);
    __m256d r = sub(x, mul(q, splat(0x1.921fb54400000p+0)));
    r = sub(r, mul(q, splat(0x1.0b4611a600000p-34)));
    r = sub(r, mul(q, splat(0x1.3198a2e037073p-69)));
    r = add(r, _mm256_setzero_pd());
    const __m256d r2 = mul(r, r);
    const __m256d sinTail = polynomial(
        r2, -0x1.5555555555555p-3, 0x1.1111111110bb2p-7, -0x1.a01a019e83816p-13, 0x1.71de379654304p-19,
        -0x1.ae600aca92c64p-26, 0x1.5e0b05bff20f2p-33);
    const __m256d cosTail = polynomial(
        r2, 0x1.5555555555555p-5, -0x1.6c16c16c16967p-10, 0x1.a01a019f4e9b4p-16, -0x1.27e4fa17bf139p-22,
        0x1.1eeb68cd22f56p-29, -0x1.907d8f29fe831p-37);
    const __m256d s = add(r, mul(mul(r, r2), sinTail));
    const __m256d c = add(sub(splat(1), mul(splat(0.5), r2)), mul(mul(r2, r2), cosTail));
    const __m256i n = _mm256_sub_epi64(_mm256_castpd_si256(shifted), _mm256_castpd_si256(shifter));
    const __m256i zero = _mm256_setzero_si256();
    const __m256d swap = _mm256_castsi256_pd(
        _mm256_xor_si256(_mm256_cmpeq_epi64(_mm256_and_si256(n, _mm256_set1_epi64x(1)), zero), _mm256_set1_epi64x(-1)));
    const __m256i sign = _mm256_set1_epi64x((long long)0x8000000000000000ull);
    const __m256i two = _mm256_set1_epi64x(2);
    // Lanes with bit 1 set (of n, of n + 1) negate: their mask, cut to the sign bit.
    const __m256i sineFlip = _mm256_andnot_si256(_mm256_cmpeq_epi64(_mm256_and_si256(n, two), zero), sign);
    const __m256i cosineFlip = _mm256_andnot_si256(
        _mm256_cmpeq_epi64(_mm256_and_si256(_mm256_add_epi64(n, _mm256_set1_epi64x(1)), two), zero), sign);
    *sine = _mm256_xor_pd(_mm256_blendv_pd(s, c, swap), _mm256_castsi256_pd(sineFlip));
    *cosine = _mm256_xor_pd(_mm256_blendv_pd(c, s, swap), _mm256_castsi256_pd(cosineFlip));
}

/// The integer value of doubles holding whole numbers in [0, 2^52): the low bits of x + 2^52.
INLINE_KERNEL __m256i whole(__m256d x) {
    const __m256d shift = splat(0x1p52);
    return _mm256_sub_epi64(_mm256_castpd_si256(add(x, shift)), _mm256_castpd_si256(shift));
}

KERNEL long harmonic_particle_lanes_avx2(
    const harmonic_particle_lanes *p, long first, long end, double *columns, long stride, long row, int32_t *cells,
    uint64_t *indices, uint64_t *ids, uint64_t *parents) {
    const long n = p->count;
    const long start = row;
    const __m256d t = splat(p->time);
    const __m256i base = _mm256_set1_epi64x((long long)p->keyBase);
    const __m256d lanes = _mm256_set_pd(3, 2, 1, 0);
    for (long lane = first; lane < end; lane += 4) {
        // Candidates past the last repeat it (their lanes are not valid).
        const long last = n - 1;
        const long j1 = lane + 1 < last ? lane + 1 : last, j2 = lane + 2 < last ? lane + 2 : last;
        const long j3 = lane + 3 < last ? lane + 3 : last;
        const __m256d offsets = _mm256_set_pd((double)j3, (double)j2, (double)j1, (double)lane);
        const __m256d candidates = add(splat(p->low), offsets);
        const __m256i index = whole(candidates);
        const __m256d births = add(splat(p->begin), _mm256_div_pd(add(candidates, splat(0.5)), splat(p->rate)));
        const __m256d born = _mm256_blendv_pd(
            splat(__builtin_inf()), births, _mm256_cmp_pd(births, splat(p->end), _CMP_LT_OQ));
        const __m256i keys = finalise(multiply(_mm256_xor_si256(base, multiply(index, mix1)), mix2));
        const __m256d age = sub(t, born);
        __m256d lifetimeDraw, speedDraw;
        pair(keys, 0, &lifetimeDraw, &speedDraw);
        const __m256d lifetime = mul(around(p->lifetime, p->lifetimeRange, lifetimeDraw), splat(p->lifetimeScale));
        const __m256d valid = _mm256_cmp_pd(add(splat((double)lane), lanes), splat((double)n), _CMP_LT_OQ);
        const __m256d alive = _mm256_and_pd(
            valid, _mm256_and_pd(_mm256_cmp_pd(age, splat(0), _CMP_GE_OQ), _mm256_cmp_pd(age, lifetime, _CMP_LT_OQ)));
        const int aliveBits = _mm256_movemask_pd(alive);
        if (aliveBits == 0) continue;
        const __m256d speed = mul(around(p->velocity, p->velocityRange, speedDraw), splat(p->velocityScale));
        __m256d dx = splat(p->axis[0]), dy = splat(p->axis[1]), dz = splat(p->axis[2]);
        if (p->hasCone) {
            __m256d angleDraw, aroundDraw;
            pair(keys, 1, &angleDraw, &aroundDraw);
            const __m256d oneMinusCos = mul(angleDraw, splat(p->coneScale));
            const __m256d cosTheta = sub(splat(1), oneMinusCos);
            const __m256d sinTheta = _mm256_sqrt_pd(mul(oneMinusCos, sub(splat(2), oneMinusCos)));
            __m256d s, c;
            sincos(mul(splat(2 * 3.141592653589793), aroundDraw), &s, &c);
            const __m256d sc = mul(sinTheta, c), ss = mul(sinTheta, s);
            dx = add(add(mul(cosTheta, dx), mul(sc, splat(p->first[0]))), mul(ss, splat(p->second[0])));
            dy = add(add(mul(cosTheta, dy), mul(sc, splat(p->first[1]))), mul(ss, splat(p->second[1])));
            dz = add(add(mul(cosTheta, dz), mul(sc, splat(p->first[2]))), mul(ss, splat(p->second[2])));
        }
        const __m256d vx0 = mul(speed, dx), vy0 = mul(speed, dy), vz0 = mul(speed, dz);
        __m256d shapeW, scaleDraw;
        pair(keys, 3, &shapeW, &scaleDraw);
        __m256d x0 = splat(p->centre[0]), y0 = splat(p->centre[1]), z0 = splat(p->centre[2]);
        if (p->hasShape) {
            __m256d u, v;
            pair(keys, 2, &u, &v);
            const __m256d draws[3] = {u, v, shapeW};
            __m256d *coordinates[3] = {&x0, &y0, &z0};
            for (int k = 0; k < 3; k++) {
                // An axis the shape does not span adds +0 (the Swift shape adds a literal 0).
                const __m256d offset = p->spans[k]
                    ? mul(sub(mul(splat(2), draws[k]), splat(1)), splat(p->half[k])) : _mm256_setzero_pd();
                *coordinates[k] = add(*coordinates[k], offset);
            }
        }
        const __m256d tau = raise(age, 0);
        const __m256d e2 = mul(mul(splat(0.5), tau), tau);
        const __m256d scale = raise(
            mul(add(around(p->scale, p->scaleRange, scaleDraw), mul(splat(p->scaleSpeed), tau)), splat(p->scaleScale)), 0);
        __m256d spinDraw, redDraw, greenDraw, blueDraw, alphaDraw, unused;
        pair(keys, 4, &spinDraw, &redDraw);
        pair(keys, 5, &greenDraw, &blueDraw);
        pair(keys, 6, &alphaDraw, &unused);
        const __m256d rotation = mul(mul(around(p->spin, p->spinRange, spinDraw), splat(p->spinScale)), tau);
        const __m256d draws[4] = {redDraw, greenDraw, blueDraw, alphaDraw};
        __m256d colour[4];
        for (int k = 0; k < 4; k++) {
            colour[k] = clamp01(
                add(around(p->color[k], p->colorRange[k], draws[k]), mul(splat(p->colorSpeed[k]), tau)));
        }
        const __m256d one = splat(1);
        // Every column in ParticleTable.Column's order.
        const __m256d values[15] = {
            born, age, lifetime,
            add(add(x0, mul(vx0, tau)), mul(splat(p->acceleration[0]), e2)),
            add(add(y0, mul(vy0, tau)), mul(splat(p->acceleration[1]), e2)),
            add(add(z0, mul(vz0, tau)), mul(splat(p->acceleration[2]), e2)),
            add(mul(vx0, one), mul(splat(p->acceleration[0]), tau)),
            add(mul(vy0, one), mul(splat(p->acceleration[1]), tau)),
            add(mul(vz0, one), mul(splat(p->acceleration[2]), tau)),
            scale, rotation, colour[0], colour[1], colour[2], colour[3],
        };
        if (aliveBits == 15) {
            for (int c = 0; c < 15; c++) _mm256_storeu_pd(columns + c * stride + row, values[c]);
            _mm256_storeu_si256((__m256i *)(indices + row), index);
            _mm256_storeu_si256((__m256i *)(ids + row), keys);
            _mm256_storeu_si256((__m256i *)(parents + row), _mm256_setzero_si256());
            for (int k = 0; k < 4; k++) cells[row + k] = p->cell;
            row += 4;
        } else {
            double lanesOut[15][4];
            uint64_t indexOut[4], keyOut[4];
            for (int c = 0; c < 15; c++) _mm256_storeu_pd(lanesOut[c], values[c]);
            _mm256_storeu_si256((__m256i *)indexOut, index);
            _mm256_storeu_si256((__m256i *)keyOut, keys);
            for (int k = 0; k < 4; k++) {
                if (!(aliveBits & (1 << k))) continue;
                for (int c = 0; c < 15; c++) columns[c * stride + row] = lanesOut[c][k];
                indices[row] = indexOut[k];
                ids[row] = keyOut[k];
                parents[row] = 0;
                cells[row] = p->cell;
                row += 1;
            }
        }
    }
    return row - start;
}

#else

long harmonic_particle_lanes_avx2(
    const harmonic_particle_lanes *p, long first, long end, double *columns, long stride, long row, int32_t *cells,
    uint64_t *indices, uint64_t *ids, uint64_t *parents) {
    (void)p; (void)first; (void)end; (void)columns; (void)stride; (void)row; (void)cells; (void)indices; (void)ids;
    (void)parents;
    return 0;
}

#endif
