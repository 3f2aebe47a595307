import Harmonic
import HarmonicBLAS
import Testing

@Suite("KeyframeBasis (OpenBLAS)")
struct KeyframeBasisTests {
    static let progress: [Double] =
        [-0.2, 0, 1, 1.3]
        + (0..<997).map { (i: Int) -> Double in
            (Double(i) * 0.6180339887498949).truncatingRemainder(dividingBy: 1)
        }

    /// Keyframe values of `channels` channels: keyframe k of channel c.
    static func keyValues(keys: Int, channels: Int) -> [Double] {
        (0..<(keys * channels)).map { (j: Int) -> Double in
            let k = j / channels, c = j % channels
            return Double((k * 37 + c * 11) % 23) * 10 - 100 + Double(c)
        }
    }

    static func check(
        keys: Int, mode: CalculationMode, keyTimes: [Double]?, timingFunctions: [any TimingFunction],
        tension: [Double], method: SpringBasis.Method
    ) throws {
        // 16 channels: whole four-lane groups; 7: a group and three channels one by one.
        for channels in [16, 7] {
            try check(
                keys: keys, mode: mode, keyTimes: keyTimes, timingFunctions: timingFunctions, tension: tension,
                method: method, channels: channels)
        }
    }

    static func check(
        keys: Int, mode: CalculationMode, keyTimes: [Double]?, timingFunctions: [any TimingFunction],
        tension: [Double], method: SpringBasis.Method, channels: Int
    ) throws {
        let basis = try KeyframeBasis(
            keyCount: keys, keyTimes: keyTimes, calculationMode: mode, timingFunctions: timingFunctions,
            tensionValues: tension, progress: Self.progress)
        let values = Self.keyValues(keys: keys, channels: channels)
        var out = [Double](repeating: .nan, count: Self.progress.count * channels)
        let written = values.withUnsafeBufferPointer { v in
            out.withUnsafeMutableBufferPointer {
                basis.evaluate(values: v, channels: channels, output: $0, method: method)
            }
        }
        #expect(written == channels)
        for c in 0..<channels {
            let channel = (0..<keys).map { values[$0 * channels + c] }
            let track = try KeyframeTrack(
                values: channel, keyTimes: keyTimes, calculationMode: mode, timingFunctions: timingFunctions,
                tensionValues: tension)
            let scale = channel.map { abs($0) }.max()!
            var worst = 0.0
            for (i, p) in Self.progress.enumerated() {
                let d = abs(out[i * channels + c] - track.value(at: p))
                worst = d.isNaN ? .infinity : max(worst, d)
            }
            #expect(worst <= 1e-12 * scale, "\(mode) keys \(keys) channel \(c) \(method): \(worst / scale)")
        }
    }

    @Test(arguments: [SpringBasis.Method.matrixProduct, .loops, .automatic])
    func matchesPerChannelTracks(method: SpringBasis.Method) throws {
        let ease = try CubicBezier(0.42, 0, 0.58, 1)
        for keys in [1, 2, 6, 12] {
            let times =
                keys > 1
                ? (0..<keys).map { (i: Int) -> Double in
                    let u = Double(i) / Double(keys - 1); return u * u
                } : nil
            for mode in [CalculationMode.linear, .discrete, .cubic] {
                try Self.check(keys: keys, mode: mode, keyTimes: nil, timingFunctions: [], tension: [], method: method)
                try Self.check(
                    keys: keys, mode: mode, keyTimes: mode == .discrete ? nil : times,
                    timingFunctions: [ease, ease], tension: [0.5, -0.3], method: method)
            }
        }
    }

    @Test func nonLinearTimingIsRejected() {
        #expect(throws: HarmonicError.self) { try KeyframeBasis(keyCount: 4, calculationMode: .paced, progress: [0.5]) }
        #expect(throws: HarmonicError.self) {
            try KeyframeBasis(keyCount: 4, calculationMode: .cubicPaced, progress: [0.5])
        }
        #expect(throws: HarmonicError.self) {
            try KeyframeBasis(
                keyCount: 4, calculationMode: .cubic,
                cubicOptions: CubicKeyframeOptions(parameterization: .centripetal),
                progress: [0.5])
        }
        #expect(throws: HarmonicError.self) { try KeyframeBasis(keyCount: 0, progress: [0.5]) }
    }
}
