import Harmonic

/// Evaluating one leaf: its frame quantities, then its value (and velocity) written into the
/// pass as its target's mode says (numbers, a transform piece, a whole transform, a value
/// function, a path).
extension LeafProgram {
    func apply(
        _ s: LeafTiming, timing: MediaTiming, timingFunction: ResolvedTimingFunction,
        rate: Double, pass: inout LayerPass, slots: [PropertySlot],
        drivers: [DriverSample]
    ) {
        // Decays and caller motions run on curve time, as a spring does, and write every
        // component themselves.
        switch curve {
        case .decay, .motion:
            var easing = timingFunction
            withUnsafePointer(to: &easing) { e in
                let (tau, dTau) = LeafFrame.curveTime(
                    s, timing: timing, easing: e.pointee.isIdentity ? nil : e, rate: rate,
                    wantsRate: pass.velocities != nil)
                if case let .decay(decay) = curve {
                    decay.apply(at: tau, rate: dTau, target: target, pass: &pass)
                } else if case let .motion(motion) = curve {
                    switch target.mode {
                    case let .transformComponent(piece):
                        applyMotionPiece(piece, motion, at: tau, rate: dTau, pass: &pass, slots: slots)
                    case .wholeTransform:
                        applyMotionTransform(motion, at: tau, rate: dTau, pass: &pass, slots: slots)
                    case .linear, .path, .valueFunction:
                        motion.apply(at: tau, rate: dTau, target: target, pass: &pass)
                    }
                }
            }
            return
        default:
            break
        }
        var springCurve = SpringCurve(spring: .default, initialVelocity: 0, endTransition: .zero)
        var isSpring = false
        var driver = DriverSample(progress: 0, rate: 0)
        var isDriven = false
        switch curve {
        case .basic, .keyframes, .transformKeyframes, .pathKeyframes, .decay, .motion: break
        case let .spring(sc):
            springCurve = sc
            isSpring = true
        case let .driven(index):
            if index < drivers.count { driver = drivers[index] }
            isDriven = true
        }
        var easing = timingFunction
        let frame = withUnsafePointer(to: &springCurve) { sc in
            withUnsafePointer(to: &easing) { e in
                LeafFrame.make(
                    s, timing: timing, easing: e.pointee.isIdentity ? nil : e,
                    curve: isSpring ? .spring(sc) : isDriven ? .driven(driver) : .basic,
                    isCumulative: isCumulative, rate: rate, wantsRate: pass.velocities != nil)
            }
        }
        switch target.mode {
        case .linear:
            let out = pass.values + target.offset
            let outRate = pass.velocities.map { $0 + target.offset }
            compute(
                frame, current: UnsafePointer(out), currentRate: outRate.map { UnsafePointer($0) }, out: out,
                outRate: outRate, additive: target.isAdditive)
            if case let .keyframes(kc) = curve, let transform = kc.rotationSlot,
                case let .interpolate(p, _, _) = frame.kind
            {
                // Rotation mode: the tangent angle is added to the layer's z rotation.
                let a = pass.accumulatorIndex(for: slots[transform], slotIndex: transform)
                pass.transforms[a].loadComponents(from: pass.values)
                pass.transforms[a].components.rotation.z += kc.angle(at: p)
                pass.piecesChanged(a)
            }
        case let .transformComponent(piece):
            applyPiece(piece, frame: frame, pass: &pass, slots: slots)
        case .wholeTransform:
            applyWholeTransform(frame: frame, pass: &pass, slots: slots)
        case let .valueFunction(function):
            applyValueFunction(function, frame: frame, pass: &pass, slots: slots)
        case .path:
            applyPath(frame: frame, pass: &pass)
        }
    }

    /// The interpolation progress of a frame and its rate per second: the timing's (eased)
    /// progress, or for a spring `CASpringAnimation`'s unit progress at the spring time
    /// (``/Harmonic/SpringTransition/progress(initialVelocity:)``) and its velocity times `dτ/dt`.
    func progress(of frame: LeafFrame) -> (progress: Double, rate: Double) {
        switch frame.kind {
        case let .interpolate(p, dp, _):
            return (p, dp)
        case let .spring(phi, dTau, _):
            var iv = 0.0
            if case let .spring(sc) = curve { iv = sc.initialVelocity }
            return (phi.progress(initialVelocity: iv), phi.progressVelocity(initialVelocity: iv) * dTau)
        }
    }

    /// A path: the coordinates of the two ends (or the keyframes) morphed element by element
    /// (``/Harmonic/PathCoordinates``), with their rates. An end read from the value underneath
    /// is taken as still. An additive path's value is offsets, added to every argument of the
    /// path underneath (``/Harmonic/PathCoordinates/offset(by:)``), rates to rates.
    func applyPath(frame: LeafFrame, pass: inout LayerPass) {
        let out = pass.values + target.offset
        let outRate = pass.velocities.map { $0 + target.offset }
        guard target.isAdditive else {
            evaluatePath(frame: frame, into: out, rateInto: outRate)
            return
        }
        let n = target.dimension
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * n) { scratch in
            guard let offsets = scratch.baseAddress else { return }
            scratch.initialize(repeating: 0)
            let rates = outRate == nil ? nil : offsets + n
            evaluatePath(frame: frame, into: offsets, rateInto: rates)
            PathCoordinates.addOffsets(
                offsets, rates: rates.map { UnsafePointer($0) }, count: n, into: out, rateInto: outRate)
        }
    }

    /// This leaf's path (or offsets) at a frame into `out`, which holds the value underneath.
    private func evaluatePath(
        frame: LeafFrame, into out: UnsafeMutablePointer<Double>, rateInto outRate: UnsafeMutablePointer<Double>?
    ) {
        let (progress, progressRate) = progress(of: frame)
        if case let .pathKeyframes(track) = curve {
            track.apply(at: progress, rate: progressRate, into: out, rateInto: outRate)
            return
        }
        if case let .keyframes(timeline) = curve {
            // A timeline of path coordinates: every number (the element codes included, which
            // keep their value) on its own line.
            timeline.apply(
                p: progress, dp: progressRate, repeats: 0, endsAtStart: false, current: UnsafePointer(out),
                currentRate: nil, out: out, outRate: outRate, additive: false)
            return
        }
        let n = target.dimension
        start.withUnsafeBufferPointer { s in
            end.withUnsafeBufferPointer { e in
                // `out` holds the value underneath: it is the current end, and the interpolation
                // reads each number before writing it.
                let a = endpoints == .fromCurrent ? UnsafePointer(out) : s.baseAddress
                let b = endpoints == .toCurrent ? UnsafePointer(out) : e.baseAddress
                guard let a, let b else { return }
                PathCoordinates.interpolate(
                    a, b, count: n, fraction: progress, rate: progressRate, into: out, rateInto: outRate)
            }
        }
    }

    /// The value (and velocity) of a linear key path: ``LinearKernel/apply`` on this leaf's
    /// numbers. `current` may alias `out`.
    @inline(__always)
    func compute(
        _ frame: LeafFrame, current: UnsafePointer<Double>, currentRate: UnsafePointer<Double>?,
        out: UnsafeMutablePointer<Double>, outRate: UnsafeMutablePointer<Double>?, additive: Bool
    ) {
        if case let .keyframes(kc) = curve, case let .interpolate(p, dp, _) = frame.kind {
            kc.apply(
                p: p, dp: dp, repeats: frame.repeats, endsAtStart: frame.cycleEndsAtStart, current: current,
                currentRate: currentRate, out: out,
                outRate: outRate, additive: additive)
            return
        }
        var normalised = 0.0
        if case let .spring(sc) = curve { normalised = sc.initialVelocity }
        start.withUnsafeBufferPointer { s in
            end.withUnsafeBufferPointer { e in
                let velocity = valueVelocity
                velocity.withOptionalBufferPointer { v in
                    LinearKernel.apply(
                        frame, dimension: target.dimension, rule: endpoints, start: s.baseAddress, end: e.baseAddress,
                        valueVelocity: v, normalisedVelocity: normalised, current: current, currentRate: currentRate,
                        out: out, outRate: outRate, additive: additive)
                }
            }
        }
    }

    /// A transform piece (`transform.rotation.z`): read from the decomposition underneath,
    /// replace or combine, and leave the matrix to be recomposed.
    func applyPiece(_ piece: TransformComponent, frame: LeafFrame, pass: inout LayerPass, slots: [PropertySlot]) {
        let a = pass.accumulatorIndex(for: slots[target.slot], slotIndex: target.slot)
        pass.transforms[a].loadComponents(from: pass.values)
        let wantsRate = pass.velocities != nil
        // One block of lanes for the linear kernel: 0–1 the piece underneath, 2–3 its rate,
        // 4–5 this animation's value, 6–7 its rate.
        var lanes = SIMD8<Double>()
        lanes.lowHalf = SIMD4(
            lowHalf: piece.value(in: pass.transforms[a].components), highHalf: pass.transforms[a].rate(of: piece))
        withUnsafeMutablePointer(to: &lanes) { block in
            block.withMemoryRebound(to: Double.self, capacity: 8) { d in
                compute(
                    frame, current: UnsafePointer(d), currentRate: wantsRate ? UnsafePointer(d + 2) : nil,
                    out: d + 4, outRate: wantsRate ? d + 6 : nil, additive: false)
            }
        }
        writePiece(
            piece, lanes.highHalf.lowHalf, rate: lanes.highHalf.highHalf, underneathRate: lanes.lowHalf.highHalf,
            accumulator: a, pass: &pass)
    }

    /// Writes a transform piece's value (and its rate) into accumulator `a`: replacing the
    /// piece, or with ``LeafTarget/isAdditive`` combined with it — offsets and angles add, scale
    /// factors multiply (each of the three for the uniform `scale`), rates by the product rule.
    private func writePiece(
        _ piece: TransformComponent, _ value: SIMD2<Double>, rate valueRate: SIMD2<Double>,
        underneathRate: SIMD2<Double>, accumulator a: Int, pass: inout LayerPass
    ) {
        let wantsRate = pass.velocities != nil
        if !target.isAdditive {
            piece.set(value, in: &pass.transforms[a].components)
            if wantsRate { pass.transforms[a].setRate(of: piece, valueRate) }
        } else {
            let before = pass.transforms[a].components
            piece.accumulate(value, into: &pass.transforms[a].components)
            if wantsRate, piece.isMultiplicative {
                var ones = TransformComponents(scale: SIMD3(1, 1, 1))
                var rates = TransformComponents(scale: .zero)
                piece.set(value, in: &ones)
                piece.set(valueRate, in: &rates)
                // d(s·v)/dt = s'·v + s·v', per axis (v = 1 and v' = 0 on untouched axes).
                pass.transforms[a].scaleRate = pass.transforms[a].scaleRate * ones.scale + before.scale * rates.scale
            } else if wantsRate {
                pass.transforms[a].setRate(of: piece, underneathRate + valueRate)
            }
        }
        pass.piecesChanged(a)
    }

    /// A motion on a transform piece: its value at motion time `tau` replaces the piece, or
    /// with ``LeafTarget/isAdditive`` its change since the start is combined with it — the
    /// difference added to offsets and angles, the ratio multiplying scale factors (a start of
    /// 0 is refused when the animation is added).
    func applyMotionPiece(
        _ piece: TransformComponent, _ motion: MotionLeaf, at tau: Double, rate: Double, pass: inout LayerPass,
        slots: [PropertySlot]
    ) {
        let a = pass.accumulatorIndex(for: slots[target.slot], slotIndex: target.slot)
        pass.transforms[a].loadComponents(from: pass.values)
        let underneathRate = pass.transforms[a].rate(of: piece)
        var value = SIMD2<Double>(), valueRate = SIMD2<Double>()
        let d = piece.dimension
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * d) { buffer in
            let v = UnsafeMutableBufferPointer(rebasing: buffer[0..<d])
            let r = UnsafeMutableBufferPointer(rebasing: buffer[d..<(2 * d)])
            motion.sample(at: tau, rate: rate, value: v, velocity: pass.velocities == nil ? nil : r)
            for c in 0..<d {
                value[c] = v[c]
                valueRate[c] = pass.velocities == nil ? 0 : r[c]
                guard target.isAdditive else { continue }
                if piece.isMultiplicative {
                    value[c] /= motion.start[c]
                    valueRate[c] /= motion.start[c]
                } else {
                    value[c] -= motion.start[c]
                }
            }
        }
        // Lane 0 alone carries a one-number piece; a scale's other lane stays a factor of 1.
        writePiece(piece, value, rate: valueRate, underneathRate: underneathRate, accumulator: a, pass: &pass)
    }

    /// A motion on a whole transform: its 16 numbers (``/Harmonic/Transform3D``'s storage
    /// order) at motion time `tau` replace the transform, their velocity its rate.
    func applyMotionTransform(
        _ motion: MotionLeaf, at tau: Double, rate: Double, pass: inout LayerPass, slots: [PropertySlot]
    ) {
        let a = pass.accumulatorIndex(for: slots[target.slot], slotIndex: target.slot)
        pass.transforms[a].writeMatrix(into: pass.values)
        let current = pass.transforms[a].matrix(in: pass.values)
        var value = SIMD16<Double>(), valueRate = SIMD16<Double>()
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 32) { buffer in
            let v = UnsafeMutableBufferPointer(rebasing: buffer[0..<16])
            let r = UnsafeMutableBufferPointer(rebasing: buffer[16..<32])
            motion.sample(at: tau, rate: rate, value: v, velocity: pass.velocities == nil ? nil : r)
            for i in 0..<16 {
                value[i] = v[i]
                valueRate[i] = pass.velocities == nil ? 0 : r[i]
            }
        }
        combine(
            Transform3D(storage: value), rate: Transform3D(storage: valueRate), over: current, accumulator: a,
            pass: &pass)
    }

    /// A whole transform: interpolate by decomposition (or keyframes), combine by
    /// concatenation.
    ///
    /// The velocity is the interpolation's exact rate (``/Harmonic/Transform3D/interpolatedWithRate(to:fraction:)``)
    /// times the progress rate. Two parts are not carried and count as 0: the motion of an
    /// end read from the value underneath (no `fromValue` or no `toValue`), and the shift of a
    /// cumulative repeat after the first.
    func applyWholeTransform(frame: LeafFrame, pass: inout LayerPass, slots: [PropertySlot]) {
        let a = pass.accumulatorIndex(for: slots[target.slot], slotIndex: target.slot)
        pass.transforms[a].writeMatrix(into: pass.values)
        let current = pass.transforms[a].matrix(in: pass.values)
        let value: Transform3D
        var rate: Transform3D
        switch (curve, frame.kind) {
        case let (.transformKeyframes(track), .interpolate(p, dp, _)):
            let sample = track.sample(at: p)
            value = frame.repeats == 0 ? sample.value : keyframeShift(sample.value, track, frame)
            rate = sample.rate.scaled(by: frame.repeats == 0 ? dp : 0)
        default:
            let (progress, progressRate) = progress(of: frame)
            let sample = interpolateTransform(progress: progress, current: current, frame: frame)
            value = sample.value
            rate = sample.rate.scaled(by: frame.repeats == 0 ? progressRate : 0)
        }
        combine(value, rate: rate, over: current, accumulator: a, pass: &pass)
    }

    /// A value function: the leaf's numbers (interpolated as any numbers are) become the
    /// function's transform, and their rates its derivative.
    func applyValueFunction(
        _ function: ValueFunction, frame: LeafFrame, pass: inout LayerPass, slots: [PropertySlot]
    ) {
        let a = pass.accumulatorIndex(for: slots[target.slot], slotIndex: target.slot)
        pass.transforms[a].writeMatrix(into: pass.values)
        let current = pass.transforms[a].matrix(in: pass.values)
        var input = [Double](repeating: 0, count: target.dimension)
        var inputRate = input
        let wantsRate = pass.velocities != nil
        input.withUnsafeMutableBufferPointer { v in
            inputRate.withUnsafeMutableBufferPointer { r in
                guard let out = v.baseAddress else { return }
                // Both ends are fixed: the value underneath is not read.
                compute(
                    frame, current: UnsafePointer(out), currentRate: nil, out: out,
                    outRate: wantsRate ? r.baseAddress : nil, additive: false)
            }
        }
        let value = function.transform(unchecked: input)
        let rate = wantsRate ? function.rate(unchecked: input, inputRate: inputRate) : Transform3D(storage: SIMD16())
        combine(value, rate: rate, over: current, accumulator: a, pass: &pass)
    }

    /// Writes a whole-transform animation's value (and rate) over `current`: replacing it, or
    /// with ``LeafTarget/isAdditive`` concatenated `value·current`, whose rate is
    /// `value′·current + value·current′` (the product rule, `current′` from the pass).
    func combine(
        _ value: Transform3D, rate: Transform3D, over current: Transform3D, accumulator a: Int, pass: inout LayerPass
    ) {
        let offset = target.offset
        var result = value
        var resultRate = rate
        if target.isAdditive {
            result = value.concatenating(current)
            if let v = pass.velocities {
                var s = SIMD16<Double>()
                for i in 0..<16 { s[i] = v[offset + i] }
                resultRate = Transform3D(
                    storage: rate.concatenating(current).storage + value.concatenating(Transform3D(storage: s)).storage)
            }
        }
        for i in 0..<16 { pass.values[offset + i] = result.storage[i] }
        if let v = pass.velocities {
            for i in 0..<16 { v[offset + i] = resultRate.storage[i] }
        }
        pass.transforms[a].matrixChanged()
    }

    /// A cumulative keyframe repeat: the keyframe value with `repeats` completed repeats
    /// accumulated piece by piece (each adding the last keyframe, or the first when the
    /// repeat autoreverses).
    func keyframeShift(_ value: Transform3D, _ track: TransformKeyframeTrack, _ frame: LeafFrame) -> Transform3D {
        guard let first = track.values.first?.decomposed, let last = track.values.last?.decomposed else { return value }
        return cumulativeShift(value, first, last, frame)
    }

    /// The animation's own transform at `progress` (before combining with `current`) and its
    /// derivative with respect to `progress` (fixed ends; `current` taken as still).
    func interpolateTransform(progress: Double, current: Transform3D, frame: LeafFrame)
        -> (value: Transform3D, rate: Transform3D)
    {
        let start: Transform3D
        let end: Transform3D
        switch endpoints {
        case .fixed:
            if let (a, b) = transformEnds {
                let sample = a.interpolatedWithRate(to: b, fraction: progress)
                return (cumulativeShift(sample.value, a, b, frame), sample.rate)
            }
            start = Transform3D(unchecked: self.start)
            end = Transform3D(unchecked: self.end)
        case .toCurrent:
            start = Transform3D(unchecked: self.start)
            end = current
        case .fromCurrent:
            start = current
            end = Transform3D(unchecked: self.end)
        case .byFromCurrent:
            start = current
            end = Transform3D(unchecked: self.end).concatenating(current)
        }
        let sample = start.interpolatedWithRate(to: end, fraction: progress)
        guard frame.repeats != 0, let a = start.decomposed, let b = end.decomposed else { return sample }
        return (cumulativeShift(sample.value, a, b, frame), sample.rate)
    }

    /// Accumulates `repeats` completed repeats onto a cumulative transform animation's value,
    /// piece by piece: each repeat adds the transform its repeat ends at (`b`, or `a` when it
    /// autoreverses) — its translation, skew, rotation angles and perspective components
    /// added, its scale factors added less one (CSS Transforms Level 2's accumulation of
    /// `scale()`: `s_a + s_b − 1`), so that a repeat ending at the identity adds nothing.
    func cumulativeShift(_ value: Transform3D, _ a: TransformComponents, _ b: TransformComponents, _ frame: LeafFrame)
        -> Transform3D
    {
        let n = frame.repeats
        guard n != 0, var c = value.decomposed else { return value }
        let end = frame.cycleEndsAtStart ? a : b
        let identity = TransformComponents.identity
        c.translation = MediaTiming.accumulated(c.translation, cycles: n, changePerCycle: end.translation)
        c.scale = MediaTiming.accumulated(c.scale, cycles: n, changePerCycle: end.scale - identity.scale)
        c.skew = MediaTiming.accumulated(c.skew, cycles: n, changePerCycle: end.skew)
        c.perspective = MediaTiming.accumulated(
            c.perspective, cycles: n, changePerCycle: end.perspective - identity.perspective)
        c.rotation = MediaTiming.accumulated(c.rotation, cycles: n, changePerCycle: end.rotation)
        return c.transform
    }
}
