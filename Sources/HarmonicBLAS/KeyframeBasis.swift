import COpenBLAS
import Harmonic

/// Many channels of keyframe tracks that share their timing — `keyTimes`, calculation mode,
/// per-segment and overall timing functions, tension/continuity/bias and cubic options — and
/// differ only in their values, evaluated at shared progress values as one matrix product.
///
/// For such tracks the value at progress `p` is a fixed linear combination of the keyframe
/// values, `value_c(p) = Σ_k w_k(p)·V[k][c]`, whenever the evaluation is linear in the values:
/// `linear` and `discrete` modes, and `cubic` with `uniform` parameterisation (Kochanek–Bartels
/// tangents are linear combinations of neighbouring values with coefficients from the shared
/// tension, continuity, bias and key times). The weights are found by evaluating one
/// ``/Harmonic/KeyframeTrack`` whose keyframe values are the unit vectors `e_k` (an
/// ``/Harmonic/AnimatableVector`` of length `K`): its value at `p` *is* the weight row `w(p)`. Values
/// of `C` channels at `n` progress values are then the `n × K` weights times the `K × C`
/// keyframe values — `cblas_dgemm` with inner dimension `K`. A 4×4 transform animated by
/// keyframes is 16 channels.
///
/// Not linear in the values, and rejected: `paced`, `cubicPaced` (key times from arc length)
/// and `centripetal`/`chordal` parameterisation (knots from distances between values).
///
/// Accuracy: the weights come from the same evaluation code as a single track, so results
/// agree with ``/Harmonic/KeyframeTrack/value(at:)`` of each channel to a few ulps of the values'
/// scale (tests compare to 1e-12).
public struct KeyframeBasis: Sendable {
    /// The number of keyframes `K`.
    public let keyCount: Int
    /// The number of progress values `n`.
    public let count: Int
    /// `n × K` row-major weights.
    let weights: [Double]
    /// Per row, the first key with a non-zero weight and the band's four weights from there
    /// (at most four keys contribute to a cubic segment, two to a linear one), or nil when some
    /// row is wider (then the loops use the dense rows).
    let bandStart: [Int]?
    let bandWeights: [Double]

    /// Builds the weights of tracks with `keyCount` keyframes and the shared timing at each of
    /// `progress` (the animation's fraction of its duration, any values).
    ///
    /// - Parameters mirror ``/Harmonic/KeyframeTrack``'s initialiser, without the values.
    /// - Throws: ``/Harmonic/HarmonicError/invalidParameter(name:value:allowed:)`` when `keyCount < 1`, the
    ///   mode or parameterisation makes the track non-linear in its values, or a TCB entry is
    ///   not finite.
    public init(
        keyCount: Int, keyTimes: [Double]? = nil, calculationMode: CalculationMode = .linear,
        timingFunctions: [any TimingFunction] = [], timingFunction: (any TimingFunction)? = nil,
        tensionValues: [Double] = [], continuityValues: [Double] = [], biasValues: [Double] = [],
        cubicOptions: CubicKeyframeOptions = CubicKeyframeOptions(), progress: [Double]
    ) throws(HarmonicError) {
        guard keyCount >= 1 else {
            throw .invalidParameter(name: "keyCount", value: "\(keyCount)", allowed: ">= 1")
        }
        switch calculationMode {
        case .paced, .cubicPaced:
            throw .invalidParameter(
                name: "calculationMode", value: calculationMode.rawValue,
                allowed:
                    "linear in the keyframe values: linear, discrete or cubic (paced modes time keys by arc length)")
        case .cubic where cubicOptions.parameterization != .uniform:
            throw .invalidParameter(
                name: "cubicOptions.parameterization", value: "\(cubicOptions.parameterization)",
                allowed: "uniform (centripetal and chordal knots depend on the values)")
        default:
            break
        }
        let units = (0..<keyCount).map { k in
            AnimatableVector((0..<keyCount).map { $0 == k ? 1.0 : 0.0 })
        }
        let track = try KeyframeTrack(
            values: units, keyTimes: keyTimes, calculationMode: calculationMode, timingFunctions: timingFunctions,
            timingFunction: timingFunction, tensionValues: tensionValues, continuityValues: continuityValues,
            biasValues: biasValues, cubicOptions: cubicOptions)
        var weights = [Double](repeating: 0, count: progress.count * keyCount)
        for (i, p) in progress.enumerated() {
            let row = track.value(at: p).components
            for k in 0..<Swift.min(keyCount, row.count) { weights[i * keyCount + k] = row[k] }
        }
        self.keyCount = keyCount
        self.count = progress.count
        self.weights = weights
        var starts = [Int](repeating: 0, count: progress.count)
        var band = [Double](repeating: 0, count: 4 * progress.count)
        var banded = true
        for i in 0..<progress.count {
            let row = weights[(i * keyCount)..<((i + 1) * keyCount)]
            guard let first = row.firstIndex(where: { $0 != 0 }) else { continue }
            let last = row.lastIndex(where: { $0 != 0 })!
            let start = Swift.min(first - i * keyCount, Swift.max(0, keyCount - 4))
            if last - i * keyCount - start >= 4 {
                banded = false
                break
            }
            starts[i] = start
            for j in 0..<Swift.min(4, keyCount - start) { band[4 * i + j] = weights[i * keyCount + start + j] }
        }
        self.bandStart = banded ? starts : nil
        self.bandWeights = banded ? band : []
    }

    /// Writes `C` channels' values at every progress value.
    ///
    /// - Parameters:
    ///   - values: The keyframe values, `K × C` row-major (`values[k·C + c]` is keyframe `k`
    ///     of channel `c`).
    ///   - channels: `C`, at least 1.
    ///   - output: Receives `n × C` values, `output[i·C + c]` (time-major: each progress
    ///     value's channels contiguous).
    ///   - method: ``SpringBasis/Method/matrixProduct`` (OpenBLAS), ``SpringBasis/Method/loops``,
    ///     or ``SpringBasis/Method/automatic`` (the measured faster, see the Batch article of
    ///     Harmonic's documentation).
    /// - Returns: `C`, or 0 (nothing written) when the sizes do not match.
    @discardableResult
    public func evaluate(
        values: UnsafeBufferPointer<Double>, channels: Int, output: UnsafeMutableBufferPointer<Double>,
        method: SpringBasis.Method = .automatic
    ) -> Int {
        guard channels >= 1, values.count >= keyCount * channels, output.count >= count * channels, count > 0,
            // Int: Int32.max widened; the guard bounds the counts converted to Int32 below.
            channels <= Int(Int32.max), count <= Int(Int32.max), keyCount <= Int(Int32.max),
            let v = values.baseAddress, let out = output.baseAddress
        else { return 0 }
        let useProduct: Bool
        switch method {
        case .matrixProduct: useProduct = true
        case .loops: useProduct = false
        case .automatic: useProduct = productPays(keyCount: keyCount, channels: channels)
        }
        weights.withUnsafeBufferPointer { w in
            let w = w.baseAddress!
            if useProduct {
                BLASThreads.configureDefault()
                cblas_dgemm(
                    // Int: count, channels and keyCount ≤ Int32.max by the guard at the top.
                    CblasRowMajor, CblasNoTrans, CblasNoTrans, Int32(count), Int32(channels), Int32(keyCount), 1, w,
                    Int32(keyCount), v, Int32(channels), 0, out, Int32(channels))
            } else if let bandStart, keyCount >= 4 {
                // At most four contributing keys per row: four multiply-adds per output.
                bandWeights.withUnsafeBufferPointer { b in
                    Self.bandLoop(
                        weights: b.baseAddress!, starts: bandStart, count: count, channels: channels, values: v,
                        output: out)
                }
            } else {
                for i in 0..<count {
                    let row = out + i * channels
                    for c in 0..<channels { row[c] = 0 }
                    for k in 0..<keyCount {
                        let weight = w[i * keyCount + k]
                        if weight == 0 { continue }
                        let key = v + k * channels
                        for c in 0..<channels { row[c] += weight * key[c] }
                    }
                }
            }
        }
        return channels
    }

    /// Dense `dgemm` does one multiply–add per key and row, the band loop four per row
    /// whatever the number of keys, so OpenBLAS pays for few keys (≤ 12) and the band loop for
    /// many; rows wider than the band always go to OpenBLAS. The crossover was measured with
    /// 16 channels × 65,536 progress values (the Batch article of Harmonic's documentation).
    /// `output[i·C + c] = Σ_{j<4} w[4i + j]·values[(start_i + j)·C + c]`: four lanes of channels
    /// at a time (explicit `SIMD4`, because the compiler cannot prove that the output does not
    /// overlap the keyframe values and leaves the plain loop scalar), the last `C mod 4`
    /// channels one by one.
    static func bandLoop(
        weights b: UnsafePointer<Double>, starts: [Int], count: Int, channels: Int, values v: UnsafePointer<Double>,
        output out: UnsafeMutablePointer<Double>
    ) {
        typealias Lanes = SIMD4<Double>
        let vectorEnd = channels - channels % 4
        for i in 0..<count {
            let row = out + i * channels
            let key = v + starts[i] * channels
            let (w0, w1, w2, w3) = (b[4 * i], b[4 * i + 1], b[4 * i + 2], b[4 * i + 3])
            var c = 0
            while c < vectorEnd {
                func load(_ k: Int) -> Lanes { UnsafeRawPointer(key + k * channels + c).loadUnaligned(as: Lanes.self) }
                let sum = w0 * load(0) + w1 * load(1) + w2 * load(2) + w3 * load(3)
                UnsafeMutableRawPointer(row + c).storeBytes(of: sum, as: Lanes.self)
                c += 4
            }
            while c < channels {
                row[c] =
                    w0 * key[c] + w1 * key[channels + c] + w2 * key[2 * channels + c] + w3 * key[3 * channels + c]
                c += 1
            }
        }
    }

    /// Whether ``SpringBasis/Method/automatic`` takes OpenBLAS: never for banded rows, where
    /// the four-key band loop does four multiply–adds per output against `dgemm`'s `K`. Measured
    /// by `harmonic-peers --crossovers` (`Benchmarks/peers/crossovers.py`; 2²⁰ outputs, one
    /// thread, cubic and linear, 4–64 keys × 4–256 channels): the band loop was faster in all 56
    /// shapes, by 1.1× (4 keys) to 20× (64 keys). Without a band (fewer than four keys) the dense
    /// loop's inner dimension is at most 3, output-bound as for ``SpringBasis``.
    func productPays(keyCount: Int, channels: Int) -> Bool {
        false
    }
}
