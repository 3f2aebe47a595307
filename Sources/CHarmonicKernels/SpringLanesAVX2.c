// The closed form of a damped spring on four lanes with AVX2 and FMA: the elementary functions
// of Sources/Harmonic/Numerics (LaneExponential, LaneSineCosine) with the same reductions and the
// same polynomial coefficients (scripts/references/lane_polynomials.py), written with fused
// multiply–adds (exp's polynomial in Estrin's order, and 2^k added to the exponent field where the
// result is normal), and the two loops built on them: a frame of many springs (SpringBatch's
// LaneGroupKernel) and one spring at many times (SpringTimesKernel).
#include "CHarmonicKernels.h"

#if defined(__x86_64__)
#include <immintrin.h>

#define KERNEL __attribute__((target("avx2,fma")))
#define INLINE_KERNEL __attribute__((target("avx2,fma"), always_inline)) static inline

#define SPLAT(x) {x, x, x, x}

/// Every constant the lanes use, each already spread over four lanes. The loops read them through
/// `lane_constants()`, whose pointer the compiler cannot see through, so each constant is an
/// operand loaded by the instruction that uses it rather than a broadcast of its own: the loops
/// are bound by how many instructions the processor can hold while the exp and sin/cos
/// dependency chains complete, and a broadcast per constant per block was a quarter of them.
typedef struct {
    __m256d shifter, one, half, signBit;
    // exp: log2(e); ln 2 in two parts; (e^r − 1)/r on |r| ≤ ln2/2 (degree 10); the argument
    // range where 2^k scales a normal number to a normal number; the underflow limit.
    __m256d log2e, ln2Hi, ln2Lo;
    __m256d expm1[11];
    __m256d normalLow, normalHigh, underflow;
    // sin/cos: 2/π; π/2 in three parts; the reduction's range; sin and cos tails in r².
    __m256d twoOverPi, halfPi1, halfPi2, halfPi3, reductionLimit;
    __m256d sine[6], cosine[6];
} lane_constants_t;

static const lane_constants_t lane_constants_table = {
    .shifter = SPLAT(0x1.8p52),
    .one = SPLAT(1.0),
    .half = SPLAT(0.5),
    .signBit = SPLAT(-0.0),
    .log2e = SPLAT(0x1.71547652b82fep+0),
    .ln2Hi = SPLAT(0x1.62e42fee00000p-1),
    .ln2Lo = SPLAT(0x1.a39ef35793c76p-33),
    .expm1 = {
        SPLAT(0x1.0000000000000p+0), SPLAT(0x1.0000000000005p-1), SPLAT(0x1.5555555555557p-3),
        SPLAT(0x1.55555555520afp-5), SPLAT(0x1.11111111100dfp-7), SPLAT(0x1.6c16c17f43a58p-10),
        SPLAT(0x1.a01a01abe62ddp-13), SPLAT(0x1.a019a66a75dd4p-16), SPLAT(0x1.71de02375656cp-19),
        SPLAT(0x1.28a2c0a7209fbp-22), SPLAT(0x1.af4ddd84882fep-26),
    },
    .normalLow = SPLAT(-708.0),
    .normalHigh = SPLAT(709.0),
    .underflow = SPLAT(-746.0),
    .twoOverPi = SPLAT(0x1.45f306dc9c883p-1),
    .halfPi1 = SPLAT(0x1.921fb54400000p+0),
    .halfPi2 = SPLAT(0x1.0b4611a600000p-34),
    .halfPi3 = SPLAT(0x1.3198a2e037073p-69),
    .reductionLimit = SPLAT(1647099.3),
    .sine = {
        SPLAT(-0x1.5555555555555p-3), SPLAT(0x1.1111111110bb2p-7), SPLAT(-0x1.a01a019e83816p-13),
        SPLAT(0x1.71de379654304p-19), SPLAT(-0x1.ae600aca92c64p-26), SPLAT(0x1.5e0b05bff20f2p-33),
    },
    .cosine = {
        SPLAT(0x1.5555555555555p-5), SPLAT(-0x1.6c16c16c16967p-10), SPLAT(0x1.a01a019f4e9b4p-16),
        SPLAT(-0x1.27e4fa17bf139p-22), SPLAT(0x1.1eeb68cd22f56p-29), SPLAT(-0x1.907d8f29fe831p-37),
    },
};
#undef SPLAT

/// The constants, behind an empty `asm` that hides where the pointer came from (so the compiler
/// cannot fold the loads back into broadcasts). The statement has no side effects, so all uses in
/// a loop share one register.
INLINE_KERNEL const lane_constants_t *lane_constants(void) {
    const lane_constants_t *k = &lane_constants_table;
    __asm__("" : "+r"(k));
    return k;
}

/// The integer held in the low bits of `shifted = k + 1.5·2^52` (two's complement), |k| < 2^51.
INLINE_KERNEL __m256i shifted_integer(__m256d shifted) {
    return _mm256_sub_epi64(_mm256_castpd_si256(shifted), _mm256_castpd_si256(lane_constants()->shifter));
}

/// (e^r − 1)/r on |r| ≤ ln2/2: LaneExponential.expm1Polynomial's coefficients c0 … c10, as
/// pairs c_2i + c_2i+1·r combined in r² by Estrin's scheme (the terms of Horner's rule with a
/// dependency chain of four fused steps after the pairs instead of five).
INLINE_KERNEL __m256d expm1_polynomial(__m256d r) {
    const lane_constants_t *k = lane_constants();
    const __m256d r2 = _mm256_mul_pd(r, r), r4 = _mm256_mul_pd(r2, r2);
    const __m256d p01 = _mm256_fmadd_pd(r, k->expm1[1], k->expm1[0]);
    const __m256d p23 = _mm256_fmadd_pd(r, k->expm1[3], k->expm1[2]);
    const __m256d p45 = _mm256_fmadd_pd(r, k->expm1[5], k->expm1[4]);
    const __m256d p67 = _mm256_fmadd_pd(r, k->expm1[7], k->expm1[6]);
    const __m256d p89 = _mm256_fmadd_pd(r, k->expm1[9], k->expm1[8]);
    const __m256d q0 = _mm256_fmadd_pd(r2, p23, p01);
    const __m256d q1 = _mm256_fmadd_pd(r2, p67, p45);
    const __m256d q2 = _mm256_fmadd_pd(r2, k->expm1[10], p89);
    return _mm256_fmadd_pd(r4, _mm256_fmadd_pd(r4, q2, q1), q0);
}

/// x = k·ln2 + r with |r| ≤ ln2/2 (ln2 in two parts, so k·ln2_hi is exact for |k| < 2^21);
/// `shifted` receives k + 1.5·2^52, whose low bits hold k.
INLINE_KERNEL __m256d reduce_exponent(__m256d x, __m256d *shifted) {
    const lane_constants_t *c = lane_constants();
    *shifted = _mm256_fmadd_pd(x, c->log2e, c->shifter);
    const __m256d k = _mm256_sub_pd(*shifted, c->shifter);
    const __m256d r = _mm256_fnmadd_pd(k, c->ln2Hi, x);
    return _mm256_fnmadd_pd(k, c->ln2Lo, r);
}

/// 2^k as two factors 2^k1·2^k2 with k1 + k2 = k, each a normal number for −2046 ≤ k ≤ 2046,
/// so that products with results down to the subnormal range round once, at the end. From the
/// integer k in the low bits of `shifted`: with K = k + 2046 ≥ 0, k1 + 1023 = ⌊K/2⌋ and
/// k2 + 1023 = K − ⌊K/2⌋ are the biased exponents (a logical shift suffices; AVX2 has no
/// arithmetic shift of 64-bit lanes).
INLINE_KERNEL void split_power_of_two(__m256d shifted, __m256d *low, __m256d *high) {
    const __m256i k = shifted_integer(shifted);
    const __m256i biased = _mm256_add_epi64(k, _mm256_set1_epi64x(2046));
    const __m256i half = _mm256_srli_epi64(biased, 1);
    *low = _mm256_castsi256_pd(_mm256_slli_epi64(half, 52));
    *high = _mm256_castsi256_pd(_mm256_slli_epi64(_mm256_sub_epi64(biased, half), 52));
}

/// e^x for x ≤ 709; x < −746 gives 0 (LaneExponential.exp). When every lane has
/// −708 ≤ x ≤ 709, p = e^r lies in [0.70, 1.42] and p·2^k is a normal number: k is added to p's
/// exponent field. Otherwise 2^k is applied in two halves, so that results down to the subnormal
/// range come out right (and NaN stays NaN).
INLINE_KERNEL __m256d exp4(__m256d x) {
    const lane_constants_t *c = lane_constants();
    __m256d shifted;
    const __m256d r = reduce_exponent(x, &shifted);
    const __m256d p = _mm256_fmadd_pd(r, expm1_polynomial(r), c->one);
    const __m256d normal =
        _mm256_and_pd(_mm256_cmp_pd(x, c->normalLow, _CMP_GE_OQ), _mm256_cmp_pd(x, c->normalHigh, _CMP_LE_OQ));
    if (_mm256_movemask_pd(normal) == 15) {
        // k sits in the low bits of `shifted` (two's complement); shifted left by 52 it is k in
        // the exponent field, the bits above dropped.
        const __m256i scale = _mm256_slli_epi64(_mm256_castpd_si256(shifted), 52);
        return _mm256_castsi256_pd(_mm256_add_epi64(_mm256_castpd_si256(p), scale));
    }
    const __m256d underflow = _mm256_cmp_pd(x, c->underflow, _CMP_LT_OQ);
    __m256d low, high;
    split_power_of_two(shifted, &low, &high);
    return _mm256_andnot_pd(underflow, _mm256_mul_pd(_mm256_mul_pd(p, low), high));
}

/// e^x − 1 for x ≤ 709, accurate where it is small; x < −746 gives −1 (LaneExponential.expm1):
/// 2^k·(e^r − 1) + (2^k − 1).
INLINE_KERNEL __m256d expm1_4(__m256d x) {
    const lane_constants_t *c = lane_constants();
    const __m256d least = c->underflow;
    const __m256d clamped = _mm256_blendv_pd(x, least, _mm256_cmp_pd(x, least, _CMP_LT_OQ));
    __m256d shifted;
    const __m256d r = reduce_exponent(clamped, &shifted);
    const __m256d p = _mm256_mul_pd(r, expm1_polynomial(r));
    __m256d low, high;
    split_power_of_two(shifted, &low, &high);
    const __m256d scale = _mm256_mul_pd(low, high);
    return _mm256_fmadd_pd(scale, p, _mm256_sub_pd(scale, c->one));
}

/// c[0] + c[1]·u + … + c[5]·u^5 in Estrin's form (LaneSineCosine's PolynomialOperand), with
/// u² given.
INLINE_KERNEL __m256d estrin5(__m256d u, __m256d u2, const __m256d *c) {
    const __m256d a = _mm256_fmadd_pd(u, c[1], c[0]);
    const __m256d b = _mm256_fmadd_pd(u, c[3], c[2]);
    const __m256d e = _mm256_fmadd_pd(u, c[5], c[4]);
    return _mm256_fmadd_pd(u2, _mm256_fmadd_pd(u2, e, b), a);
}

/// sin and cos of hi + lo (LaneSineCosine.sinCos): reduced by the nearest multiple q of π/2 with
/// a three-part constant (each q·part exact for |q| < 2^21), polynomials on |r| ≤ π/4, quadrant
/// q mod 4 applied with bit masks. Sets `outOfRange` where |hi| ≥ 2^20·π/2 or hi is not finite.
INLINE_KERNEL void sincos4(__m256d hi, __m256d lo, __m256d *sine, __m256d *cosine, __m256d *outOfRange) {
    const lane_constants_t *c = lane_constants();
    const __m256d magnitude = _mm256_andnot_pd(c->signBit, hi);
    *outOfRange = _mm256_cmp_pd(magnitude, c->reductionLimit, _CMP_NLT_UQ);
    const __m256d shifted = _mm256_fmadd_pd(hi, c->twoOverPi, c->shifter);
    const __m256d q = _mm256_sub_pd(shifted, c->shifter);
    __m256d r = _mm256_fnmadd_pd(q, c->halfPi1, hi);
    r = _mm256_fnmadd_pd(q, c->halfPi2, r);
    r = _mm256_add_pd(_mm256_fnmadd_pd(q, c->halfPi3, r), lo);
    const __m256d r2 = _mm256_mul_pd(r, r), r4 = _mm256_mul_pd(r2, r2);
    const __m256d sinTail = estrin5(r2, r4, c->sine);
    const __m256d cosTail = estrin5(r2, r4, c->cosine);
    const __m256d sr = _mm256_fmadd_pd(_mm256_mul_pd(r, r2), sinTail, r);
    const __m256d cr = _mm256_fmadd_pd(r4, cosTail, _mm256_fnmadd_pd(c->half, r2, c->one));
    // Quadrant n = q mod 4: (s, c), (c, −s), (−s, −c), (−c, s). The shifter's low 51 bits are
    // zero, so bits 0 and 1 of `shifted` are those of n (two's complement): shifted left by 63,
    // bit 0 is the sign bit that `blendv` reads (swap); shifted by 62, bit 1 is the sine's sign,
    // and bit 1 XOR bit 0 (the sign of bit 1 of n + 1) the cosine's.
    const __m256i bits = _mm256_castpd_si256(shifted);
    const __m256i sign = _mm256_castpd_si256(c->signBit);
    const __m256i swap = _mm256_slli_epi64(bits, 63), two = _mm256_slli_epi64(bits, 62);
    const __m256d sineSign = _mm256_castsi256_pd(_mm256_and_si256(two, sign));
    const __m256d cosineSign = _mm256_castsi256_pd(_mm256_and_si256(_mm256_xor_si256(two, swap), sign));
    const __m256d swapMask = _mm256_castsi256_pd(swap);
    *sine = _mm256_xor_pd(_mm256_blendv_pd(sr, cr, swapMask), sineSign);
    *cosine = _mm256_xor_pd(_mm256_blendv_pd(cr, sr, swapMask), cosineSign);
}

/// Whether any lane of a comparison mask is set.
INLINE_KERNEL bool any(__m256d mask) { return _mm256_movemask_pd(mask) != 0; }

/// The time-dependent factors of one regime (see LaneGroup in SpringBatch.swift): the motion's
/// displacement is e·(x0·c + b·s) and its velocity e·(v0·c − a·s). For the oscillating regime
/// the phase ω_d·t is formed exactly (the fused product's error term, plus ω_lo·t), and
/// `fallback` marks lanes whose phase is beyond the reduction while the envelope is not zero.
typedef struct {
    __m256d envelope, cosine, sine, fallback;
} factors;

INLINE_KERNEL factors oscillating_factors(__m256d t, __m256d decayRate, __m256d omegaHi, __m256d omegaLo, __m256d inverseOmega) {
    factors f;
    f.envelope = exp4(_mm256_mul_pd(_mm256_sub_pd(_mm256_setzero_pd(), decayRate), t));
    const __m256d hi = _mm256_mul_pd(omegaHi, t);
    const __m256d lo = _mm256_fmadd_pd(omegaLo, t, _mm256_fmsub_pd(omegaHi, t, hi));
    __m256d sine, outOfRange;
    sincos4(hi, lo, &sine, &f.cosine, &outOfRange);
    f.fallback = _mm256_setzero_pd();
    if (any(outOfRange)) {
        // Out-of-range lanes are at rest (the envelope underflowed: the value is the target) or
        // go to the scalar path; keep their products finite meanwhile.
        sine = _mm256_andnot_pd(outOfRange, sine);
        f.cosine = _mm256_andnot_pd(outOfRange, f.cosine);
        const __m256d zero = _mm256_setzero_pd();
        f.fallback = _mm256_and_pd(
            outOfRange,
            _mm256_and_pd(_mm256_cmp_pd(f.envelope, zero, _CMP_GT_OQ), _mm256_cmp_pd(t, zero, _CMP_GT_OQ)));
    }
    f.sine = _mm256_mul_pd(sine, inverseOmega);
    return f;
}

INLINE_KERNEL factors critical_factors(__m256d t, __m256d decayRate) {
    factors f;
    f.envelope = exp4(_mm256_mul_pd(_mm256_sub_pd(_mm256_setzero_pd(), decayRate), t));
    f.cosine = lane_constants()->one;
    f.sine = t;
    f.fallback = _mm256_setzero_pd();
    return f;
}

INLINE_KERNEL factors overdamped_factors(__m256d t, __m256d slowRate, __m256d rateGap, __m256d inverseRateGap) {
    factors f;
    f.envelope = exp4(_mm256_mul_pd(slowRate, t));
    f.sine = _mm256_mul_pd(
        _mm256_sub_pd(_mm256_setzero_pd(), expm1_4(_mm256_mul_pd(_mm256_sub_pd(_mm256_setzero_pd(), rateGap), t))),
        inverseRateGap);
    f.cosine = lane_constants()->one;
    f.fallback = _mm256_setzero_pd();
    return f;
}

/// Value and velocity from the factors and the folded initial state; lanes with t ≤ 0 (the
/// motion has not begun) report (x0 + to, v0).
INLINE_KERNEL void combine(
    factors f, __m256d t, __m256d x0, __m256d b, __m256d v0, __m256d a, __m256d to, bool oscillates,
    bool withVelocity, __m256d *value, __m256d *velocity) {
    const __m256d before = _mm256_cmp_pd(t, _mm256_setzero_pd(), _CMP_LE_OQ);
    if (oscillates) {
        const __m256d shape = _mm256_fmadd_pd(x0, f.cosine, _mm256_mul_pd(b, f.sine));
        *value = _mm256_blendv_pd(_mm256_fmadd_pd(f.envelope, shape, to), _mm256_add_pd(x0, to), before);
        if (withVelocity) {
            const __m256d rate = _mm256_fmsub_pd(v0, f.cosine, _mm256_mul_pd(a, f.sine));
            *velocity = _mm256_blendv_pd(_mm256_mul_pd(f.envelope, rate), v0, before);
        }
    } else {
        // e·s first: the critical s(t) = t grows without bound while e(t) underflows, and
        // b·t could overflow before the product with e brings it back.
        const __m256d es = _mm256_mul_pd(f.envelope, f.sine);
        *value = _mm256_blendv_pd(_mm256_fmadd_pd(f.envelope, x0, _mm256_fmadd_pd(b, es, to)), _mm256_add_pd(x0, to), before);
        if (withVelocity) {
            *velocity = _mm256_blendv_pd(_mm256_fmsub_pd(f.envelope, v0, _mm256_mul_pd(a, es)), v0, before);
        }
    }
}

INLINE_KERNEL factors regime_factors(int regime, __m256d t, const double *block) {
#define FIELD(k) _mm256_loadu_pd(block + 4 * (k))
    switch (regime) {
    case 0: return oscillating_factors(t, FIELD(0), FIELD(1), FIELD(3), FIELD(4));
    case 1: return critical_factors(t, FIELD(0));
    default: return overdamped_factors(t, FIELD(0), FIELD(2), FIELD(3));
    }
}

/// `out[index[l]] = x[l]` for the four lanes.
INLINE_KERNEL void scatter(double *out, const long *index, __m256d x) {
    const __m128d low = _mm256_castpd256_pd128(x), high = _mm256_extractf128_pd(x, 1);
    _mm_storel_pd(out + index[0], low);
    _mm_storeh_pd(out + index[1], low);
    _mm_storel_pd(out + index[2], high);
    _mm_storeh_pd(out + index[3], high);
}

/// One block: returns false (writing nothing) when a lane needs the scalar path.
INLINE_KERNEL bool batch_block(
    int regime, bool withVelocity, const double *block, long slot, long count, const long *index, __m256d clock,
    double *values, double *velocities) {
    const __m256d t = _mm256_sub_pd(clock, FIELD(10));
    const factors f = regime_factors(regime, t, block);
    if (regime == 0 && any(f.fallback)) return false;
    __m256d value, velocity = _mm256_setzero_pd();
    combine(f, t, FIELD(5), FIELD(6), FIELD(7), FIELD(8), FIELD(9), regime == 0, withVelocity, &value, &velocity);
    if (slot + 4 <= count) {
        scatter(values, index + slot, value);
        if (withVelocity) scatter(velocities, index + slot, velocity);
    } else {
        double v[4], dv[4];
        _mm256_storeu_pd(v, value);
        _mm256_storeu_pd(dv, velocity);
        for (long l = 0; slot + l < count; l++) {
            values[index[slot + l]] = v[l];
            if (withVelocity) velocities[index[slot + l]] = dv[l];
        }
    }
    return true;
}

INLINE_KERNEL long batch_loop(
    int regime, bool withVelocity, const double *blocks, long firstBlock, long endBlock, long count, const long *index,
    double time, double *values, double *velocities) {
    const __m256d clock = _mm256_set1_pd(time);
    for (long b = firstBlock; b < endBlock; b++) {
        if (!batch_block(regime, withVelocity, blocks + 44 * b, 4 * b, count, index, clock, values, velocities)) return b;
    }
    return endBlock;
}
#undef FIELD

KERNEL long harmonic_spring_batch_avx2(
    int regime, const double *blocks, long firstBlock, long endBlock, long count, const long *index, double time,
    double *values, double *velocities) {
    // One loop per regime and output set, each with its branches folded away.
    if (velocities) {
        switch (regime) {
        case 0: return batch_loop(0, true, blocks, firstBlock, endBlock, count, index, time, values, velocities);
        case 1: return batch_loop(1, true, blocks, firstBlock, endBlock, count, index, time, values, velocities);
        default: return batch_loop(2, true, blocks, firstBlock, endBlock, count, index, time, values, velocities);
        }
    }
    switch (regime) {
    case 0: return batch_loop(0, false, blocks, firstBlock, endBlock, count, index, time, values, 0);
    case 1: return batch_loop(1, false, blocks, firstBlock, endBlock, count, index, time, values, 0);
    default: return batch_loop(2, false, blocks, firstBlock, endBlock, count, index, time, values, 0);
    }
}

INLINE_KERNEL long times_loop(
    int regime, bool withVelocity, const double *fields, const double *times, long first, long end, double *values,
    double *velocities) {
    // The spring's eleven fields, each broadcast to four lanes: the batch layout of one block.
    double block[44];
    for (int k = 0; k < 11; k++) {
        for (int l = 0; l < 4; l++) block[4 * k + l] = fields[k];
    }
    const __m256d x0 = _mm256_set1_pd(fields[5]), b = _mm256_set1_pd(fields[6]), v0 = _mm256_set1_pd(fields[7]);
    const __m256d a = _mm256_set1_pd(fields[8]), to = _mm256_set1_pd(fields[9]);
    for (long i = first; i + 4 <= end; i += 4) {
        const __m256d t = _mm256_loadu_pd(times + i);
        const factors f = regime_factors(regime, t, block);
        if (regime == 0 && any(f.fallback)) return i;
        __m256d value, velocity = _mm256_setzero_pd();
        combine(f, t, x0, b, v0, a, to, regime == 0, withVelocity, &value, &velocity);
        _mm256_storeu_pd(values + i, value);
        if (withVelocity) _mm256_storeu_pd(velocities + i, velocity);
    }
    return first + (end - first) / 4 * 4;
}

KERNEL long harmonic_spring_times_avx2(
    int regime, const double *fields, const double *times, long first, long end, double *values, double *velocities) {
    if (velocities) {
        switch (regime) {
        case 0: return times_loop(0, true, fields, times, first, end, values, velocities);
        case 1: return times_loop(1, true, fields, times, first, end, values, velocities);
        default: return times_loop(2, true, fields, times, first, end, values, velocities);
        }
    }
    switch (regime) {
    case 0: return times_loop(0, false, fields, times, first, end, values, 0);
    case 1: return times_loop(1, false, fields, times, first, end, values, 0);
    default: return times_loop(2, false, fields, times, first, end, values, 0);
    }
}

KERNEL void harmonic_lane_functions_avx2(
    int function, const double *x, const double *y, long count, double *first, double *second) {
    for (long i = 0; i + 4 <= count; i += 4) {
        const __m256d a = _mm256_loadu_pd(x + i);
        switch (function) {
        case 0: _mm256_storeu_pd(first + i, exp4(a)); break;
        case 1: _mm256_storeu_pd(first + i, expm1_4(a)); break;
        default: {
            __m256d s, c, out;
            sincos4(a, _mm256_loadu_pd(y + i), &s, &c, &out);
            _mm256_storeu_pd(first + i, _mm256_blendv_pd(s, _mm256_set1_pd(__builtin_nan("")), out));
            _mm256_storeu_pd(second + i, _mm256_blendv_pd(c, _mm256_set1_pd(__builtin_nan("")), out));
        }
        }
    }
}

#else

long harmonic_spring_batch_avx2(
    int regime, const double *blocks, long firstBlock, long endBlock, long count, const long *index, double time,
    double *values, double *velocities) {
    (void)regime; (void)blocks; (void)endBlock; (void)count; (void)index; (void)time; (void)values; (void)velocities;
    return firstBlock;
}

long harmonic_spring_times_avx2(
    int regime, const double *fields, const double *times, long first, long end, double *values, double *velocities) {
    (void)regime; (void)fields; (void)times; (void)end; (void)values; (void)velocities;
    return first;
}

void harmonic_lane_functions_avx2(
    int function, const double *x, const double *y, long count, double *first, double *second) {
    (void)function; (void)x; (void)y; (void)count; (void)first; (void)second;
}

#endif
