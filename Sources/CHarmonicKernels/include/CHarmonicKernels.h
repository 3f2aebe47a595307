// Loops that baseline x86-64 code cannot make fast: compiled for AVX2 and FMA with function
// target attributes (no build flags), and called only when the processor and the operating
// system support those instructions (checked once at run time). On other processors and
// architectures the Swift loops run instead. Hidden from the dynamic symbol table: they are
// internal to whatever library links them (the C interface exports only harmonic.h).
#ifndef C_HARMONIC_KERNELS_H
#define C_HARMONIC_KERNELS_H

#include <stdbool.h>
#include <stdint.h>

/// Whether this processor runs AVX2 and FMA instructions and the operating system saves the
/// 256-bit registers (CPUID leaves 1 and 7, XGETBV). Always false off x86-64.
__attribute__((visibility("hidden"))) bool harmonic_kernels_have_avx2_fma(void);

/// The values-only spring grid recurrence of `SpringGridKernel` (Sources/Harmonic/Sampling/
/// Spring+Grid.swift), 16 samples per step: two groups of eight lanes advance together,
///
///     next0 = p·lane1 − q·lane0,    next1 = p2·lane1 − pq·lane0,
///
/// and each step stores `lane0 + target` and `lane1 + target` at `values[j …< j + 16]`.
/// `count` must be a multiple of 16. `lane0` and `lane1` (eight doubles each) hold the starting
/// lanes and receive the lanes after the last step. Each update is one multiplication and one
/// fused multiply–subtract per four lanes (one rounding fewer than the Swift loop).
/// Requires `harmonic_kernels_have_avx2_fma()`; does nothing off x86-64.
__attribute__((visibility("hidden"))) void harmonic_spring_grid_values_avx2(
    double *values, long count, double *lane0, double *lane1, double p, double q, double p2, double pq,
    double target);

/// Whole blocks of 256 samples of the values-only grid recurrence (`SpringGridKernel.runValues`),
/// with the exact state carried from block to block, in one call: for each of `blocks` blocks,
/// the first sixteen displacements are `start[0 ..< 8]·x + start[8 ..< 16]·v` and
/// `start[16 ..< 24]·x + start[24 ..< 32]·v` (the entries `Φxx(jh)`, `Φxv(jh)`, `Φxx((8 + j)h)`,
/// `Φxv((8 + j)h)`), `harmonic_spring_grid_values_avx2` writes the block's 256 values, and the
/// state `(x, v) = state[0], state[1]` moves on by `carry` (`Φ(256h)` as xx, xv, vx, vv).
/// `state` receives the state after the last block. Requires `harmonic_kernels_have_avx2_fma()`;
/// does nothing off x86-64.
__attribute__((visibility("hidden"))) void harmonic_spring_grid_blocks_avx2(
    double *values, long blocks, const double *start, double p, double q, double p2, double pq,
    const double *carry, double *state, double target);

/// Whether `times[i]` is, bit for bit, `start + i·step` (the product rounded, then the sum:
/// two roundings, no fused multiply–add) for every `i` in `0 ..< count`: the times of an evenly
/// spaced grid, as `numpy.linspace` and `numpy.arange` compute them. Four lanes at a time with
/// exact integer indices, one early exit per 256 times. Requires
/// `harmonic_kernels_have_avx2_fma()`; returns false off x86-64.
__attribute__((visibility("hidden"))) bool harmonic_grid_times_match_avx2(
    const double *times, long count, double start, double step);

/// The smallest and largest of the positive times in `times[0 ..< count]` (NaN and times at or
/// below zero are skipped), eight per step in four-lane minimum and maximum accumulators, and in
/// the same pass whether every time is finite (`*finite`). Returns whether there was a positive
/// time (otherwise `*lower` is +∞ and `*upper` −∞).
/// Requires `harmonic_kernels_have_avx2_fma()`; returns false off x86-64.
__attribute__((visibility("hidden"))) bool harmonic_positive_span_avx2(
    const double *times, long count, double *lower, double *upper, bool *finite);

/// Samples of a spring motion at arbitrary times from a table of Taylor expansions, the loop of
/// `SpringTableKernel` (Sources/Harmonic/Sampling/SpringTaylorTable.swift) four times at a time.
/// `nodes` holds `last + 1` nodes of eight doubles `(τ, c0, …, c6)`, node `k` at
/// `τ = origin + k / inverseSpacing`, each 64-byte aligned; a time `t > 0` takes the nearest node
/// (clamped to the table) and gives `to + Σ c_j·(t − τ)^j` and, if `velocities` is not null,
/// `Σ j·c_j·(t − τ)^(j−1)`; other times (and NaN) give `from` and `initialVelocity`. The four
/// nodes of a block are loaded as whole lines and transposed in registers (AVX2 gathers are
/// slower on the processors measured), and the polynomials use fused multiply–adds.
/// Requires `harmonic_kernels_have_avx2_fma()`; does nothing off x86-64.
__attribute__((visibility("hidden"))) void harmonic_spring_table_avx2(
    const double *times, long count, const double *nodes, long last, double origin, double inverseSpacing,
    double from, double to, double initialVelocity, double *values, double *velocities);

/// A frame of a `SpringBatch` regime group (`LaneGroupKernel` in Sources/Harmonic/Sampling/
/// SpringBatch.swift, whose comment gives the block layout: 11 fields of four lanes, 44 doubles
/// per block): blocks `firstBlock ..< endBlock` at clock `time`, value `l` of block `b` written to
/// `values[index[4b + l]]` (and the velocity to `velocities`, if not null) for the `count` slots
/// of the group. `regime` is 0 (oscillating), 1 (critical) or 2 (overdamped). The exponential and
/// `sin`/`cos` are `LaneExponential`'s and `LaneSineCosine`'s with fused multiply–adds, and the
/// oscillating phase is always the exact product. Returns the first block with a lane the lanes
/// cannot evaluate (a phase beyond 2^20·π/2 with the envelope not yet zero), unwritten, for the
/// caller's scalar path; `endBlock` when all were written.
/// Requires `harmonic_kernels_have_avx2_fma()`; returns `firstBlock` off x86-64.
__attribute__((visibility("hidden"))) long harmonic_spring_batch_avx2(
    int regime, const double *blocks, long firstBlock, long endBlock, long count, const long *index, double time,
    double *values, double *velocities);

/// One spring at times `times[first ..< end]` (`SpringTimesKernel`): `fields` is the spring's
/// eleven batch fields (as in `harmonic_spring_batch_avx2`, with `beginTime` 0), and each whole
/// block of four times writes `values[i]` (and `velocities[i]`). Returns the index where it
/// stopped: the first block with a lane the lanes cannot evaluate, or the start of the last
/// `(end − first) mod 4` times; the caller evaluates the rest.
/// Requires `harmonic_kernels_have_avx2_fma()`; returns `first` off x86-64.
__attribute__((visibility("hidden"))) long harmonic_spring_times_avx2(
    int regime, const double *fields, const double *times, long first, long end, double *values, double *velocities);

/// A particle cell the AVX2 particle kernel evaluates (`ParticleSystem.evaluate`'s common case,
/// Sources/Harmonic/Particles/ParticleSystem+Evaluation.swift): candidates `low + j` for `j` in
/// `0 ..< count`, born at `begin + (low + j + ½)/rate` (none at or after `end`), seen at `time`;
/// the emitter's values (multipliers, centre, half extents) constant; the cell's values as
/// `EmitterCell` names them, its cone as `EmissionCone`'s axis and frame with
/// `coneScale = 2·sin²(range/2)`.
typedef struct {
    double low, begin, end, rate, time;
    long count;
    /// `(seed·γ ⊕ stream·c₁) + c₂`: the part of `ParticleRandom.key` before the index.
    uint64_t keyBase;
    double lifetimeScale, velocityScale, scaleScale, spinScale;
    double centre[3], half[3];
    /// Whether particles are born on a shape (else at `centre`), and which axes it spans: a point
    /// is `centre + (2·draw − 1)·half` on those (draws u, v, w), `centre + 0` on the others.
    int hasShape;
    int spans[3];
    double lifetime, lifetimeRange, velocity, velocityRange, acceleration[3], scale, scaleRange, scaleSpeed;
    double spin, spinRange, color[4], colorRange[4], colorSpeed[4];
    double axis[3], first[3], second[3], coneScale;
    int hasCone;
    int32_t cell;
} harmonic_particle_lanes;

/// Candidates `first ..< end` (`first` a multiple of 4) of `p`, the living ones written as rows
/// from `row` on: 15 value columns `stride` apart in `columns` (ParticleTable's order), the cell,
/// index, key and parent (0) columns. Returns the rows written. Every number is what the Swift
/// lanes compute, bit for bit (no fused multiply–adds). Requires `harmonic_kernels_have_avx2_fma()`;
/// returns 0 off x86-64.
__attribute__((visibility("hidden"))) long harmonic_particle_lanes_avx2(
    const harmonic_particle_lanes *p, long first, long end, double *columns, long stride, long row, int32_t *cells,
    uint64_t *indices, uint64_t *ids, uint64_t *parents);

/// The elementary functions of the kernels above on whole blocks of four, for tests: `function`
/// 0 writes `exp(x)` to `first`, 1 `expm1(x)`, 2 `sin` and `cos` of the phase `x + y` to `first`
/// and `second` (NaN where the phase is out of range). `count` is rounded down to a multiple of 4.
/// Requires `harmonic_kernels_have_avx2_fma()`; does nothing off x86-64.
__attribute__((visibility("hidden"))) void harmonic_lane_functions_avx2(
    int function, const double *x, const double *y, long count, double *first, double *second);

#endif
