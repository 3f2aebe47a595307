import Harmonic

/// The progress an interactive animator supplies at one time: `progress` and its rate of
/// change per second of root time.
struct DriverSample: Sendable {
    var progress: Double
    var rate: Double
}

/// Evaluating a compiled animation into a ``LayerPass``.
///
/// Every leaf reads the value underneath it from the pass (the model value with the earlier
/// animations applied), computes its own value, and replaces or combines. With a velocity
/// buffer the same pass carries exact derivatives through the stack by the chain rule:
/// `d(value)/dt = ∂value/∂start·start' + ∂value/∂end·end' + ∂value/∂progress·progress'`,
/// where `start'` and `end'` are the velocity underneath when an endpoint is *current*, and
/// `progress'` is the timing function's slope times the media timing's progress rate times
/// the parent clocks' rates.
extension AnimationProgram {
    /// Applies the animation whose timing state at its parent time is `state`.
    ///
    /// - Parameters:
    ///   - state: `timing.state(atParentTime:)` at the parent time.
    ///   - rate: d(parent time)/d(root time), for velocities.
    ///   - pass: The layer pass to update.
    ///   - slots: The layer's property slots.
    ///   - drivers: Animator progress by animator index.
    func apply(
        state s: MediaTimingState, rate: Double, pass: inout LayerPass, slots: [PropertySlot],
        drivers: [DriverSample]
    ) {
        guard let directed = s.directedProgress else { return }
        switch node {
        case let .leaf(leaf):
            leaf.apply(
                LeafTiming(s, directed: directed), timing: timing, timingFunction: timingFunction, rate: rate,
                pass: &pass, slots: slots, drivers: drivers)
        case let .group(children):
            // A group's children run on its eased iteration time, as a spring does.
            let d = timing.duration
            let (childTime, childRate) = timing.curveTime(
                easedProgress: timingFunction.value(at: directed, beforeFlag: s.beforeFlag),
                easingSlope: pass.velocities == nil ? 0 : timingFunction.slope(at: directed),
                progressRate: s.progressRate, iterationTime: s.iterationTime ?? 0, isActive: s.phase == .active,
                clockRate: rate)
            for child in children {
                let state =
                    d.isFinite
                    ? child.timing.state(atParentTime: childTime, inGroupOfDuration: d)
                    : child.timing.state(atParentTime: childTime)
                child.apply(state: state, rate: childRate, pass: &pass, slots: slots, drivers: drivers)
            }
        }
    }
}

/// What a leaf reads from its timing at one time: the directed progress (resolved: the leaf has
/// an effect) and the few quantities of ``MediaTimingState`` around it.
///
/// Built from a whole state, or, inside the iteration an entry of the frame plan remembers, from
/// ``MediaTimingIterationProgress`` without building one (the per-frame loop's common case).
struct LeafTiming {
    /// The input of the timing function.
    var directed: Double
    /// The CSS before flag (step functions read it).
    var beforeFlag: Bool
    /// The current iteration (0-based, saturated).
    var iteration: Double
    /// Seconds into the current iteration, directed; the local time for an endless timing.
    var iterationTime: Double
    /// Whether the timing is in its active phase (not filling).
    var isActive: Bool
    /// `d(directed)/d(parent time)`.
    var progressRate: Double

    /// The quantities of state `s`, whose directed progress is `directed`.
    @inline(__always)
    init(_ s: MediaTimingState, directed: Double) {
        self.directed = directed
        beforeFlag = s.beforeFlag
        // Both are resolved whenever the directed progress is.
        iteration = s.currentIteration ?? 0
        iterationTime = s.iterationTime ?? 0
        isActive = s.phase == .active
        progressRate = s.progressRate
    }

    /// The quantities inside a remembered iteration of `timing` (the active phase, a finite
    /// duration): the same numbers ``MediaTiming/state(atParentTime:cache:)`` gives there.
    @inline(__always)
    init(_ p: MediaTimingIterationProgress, timing: MediaTiming) {
        directed = p.directed
        beforeFlag = false
        iteration = p.iteration  // finite (below 2⁵²): saturating it changes nothing
        iterationTime = p.directed * timing.duration
        isActive = true
        progressRate = timing.progressRate(p)
    }
}

/// The quantities of one leaf evaluation shared by all components of its value.
struct LeafFrame {
    enum Kind {
        /// `start + (end − start)·p`; `dp` per second.
        case interpolate(p: Double, dp: Double, cumulativeSpan: Double)
        /// The spring's transition at `τ`, `dτ` per second, and at the end of a repeat.
        case spring(phi: SpringTransition, dTau: Double, end: SpringTransition)
    }
    var kind: Kind
    /// Completed repeats to shift by (0 unless cumulative).
    var repeats: Double
}

/// What a leaf's curve needs from the frame: a timing-driven interpolation, a spring, or an
/// animator's progress.
enum FrameCurve {
    case basic
    /// Borrowed: the spring's constants are read in place, not copied per frame.
    case spring(UnsafePointer<SpringCurve>)
    case driven(DriverSample)
}

extension LeafFrame {
    /// The frame quantities of a leaf at timing `s` (shared by the tree and the plan).
    ///
    /// - Parameters:
    ///   - easing: The animation's timing function, `nil` for the identity. Borrowed through a
    ///     pointer: copying a ``ResolvedTimingFunction`` out of the frame plan would retain and
    ///     release its function once per animation per frame.
    ///   - rate: d(parent time)/d(root time); with `wantsRate` false, rates are skipped.
    @inline(__always)
    static func make(
        _ s: LeafTiming, timing: MediaTiming,
        easing: UnsafePointer<ResolvedTimingFunction>?, curve: FrameCurve,
        isCumulative: Bool, rate: Double, wantsRate: Bool
    ) -> LeafFrame {
        let directedRate = wantsRate ? s.progressRate * rate : 0
        let directed = s.directed
        let repeats = isCumulative ? timing.cumulativeCycles(atIteration: s.iteration) : 0
        switch curve {
        case .basic:
            let p = easing?.pointee.value(at: directed, beforeFlag: s.beforeFlag) ?? directed
            let dp = wantsRate ? (easing?.pointee.slope(at: directed) ?? 1) * directedRate : 0
            var span = 1.0
            if repeats != 0, let easing { span = easing.pointee.value(at: 1) - easing.pointee.value(at: 0) }
            return LeafFrame(kind: .interpolate(p: p, dp: dp, cumulativeSpan: span), repeats: repeats)
        case let .driven(sample):
            return LeafFrame(
                kind: .interpolate(p: sample.progress, dp: wantsRate ? sample.rate : 0, cumulativeSpan: 1),
                repeats: repeats)
        case let .spring(pointer):
            let sc = pointer
            let (tau, dTau) = curveTime(s, timing: timing, easing: easing, rate: rate, wantsRate: wantsRate)
            return LeafFrame(
                kind: .spring(phi: sc.pointee.spring.transition(over: tau), dTau: dTau, end: sc.pointee.endTransition),
                repeats: repeats)
        }
    }

    /// The time a spring or a decay has run at timing `s`, and its rate per second of
    /// root time (``/Harmonic/MediaTiming/curveTime(atParentTime:applying:)``'s rule).
    @inline(__always)
    static func curveTime(
        _ s: LeafTiming, timing: MediaTiming,
        easing: UnsafePointer<ResolvedTimingFunction>?,
        rate: Double, wantsRate: Bool
    ) -> (tau: Double, dTau: Double) {
        let (tau, dTau) = timing.curveTime(
            easedProgress: easing?.pointee.value(at: s.directed, beforeFlag: s.beforeFlag) ?? s.directed,
            easingSlope: wantsRate ? (easing?.pointee.slope(at: s.directed) ?? 1) : 0, progressRate: s.progressRate,
            iterationTime: s.iterationTime, isActive: s.isActive, clockRate: rate)
        return (tau, dTau)
    }
}

extension LeafProgram {
    func apply(
        _ s: LeafTiming, timing: MediaTiming, timingFunction: ResolvedTimingFunction,
        rate: Double, pass: inout LayerPass, slots: [PropertySlot],
        drivers: [DriverSample]
    ) {
        if case let .decay(decay) = curve {
            var easing = timingFunction
            withUnsafePointer(to: &easing) { e in
                let (tau, dTau) = LeafFrame.curveTime(
                    s, timing: timing, easing: e.pointee.isIdentity ? nil : e, rate: rate,
                    wantsRate: pass.velocities != nil)
                decay.apply(at: tau, rate: dTau, target: target, pass: &pass)
            }
            return
        }
        var springCurve = SpringCurve(spring: .default, initialVelocity: 0, endTransition: .zero)
        var isSpring = false
        var driver = DriverSample(progress: 0, rate: 0)
        var isDriven = false
        switch curve {
        case .basic, .keyframes, .transformKeyframes, .pathKeyframes, .decay: break
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
    /// is taken as still.
    func applyPath(frame: LeafFrame, pass: inout LayerPass) {
        let out = pass.values + target.offset
        let outRate = pass.velocities.map { $0 + target.offset }
        let (progress, progressRate) = progress(of: frame)
        if case let .pathKeyframes(track) = curve {
            track.apply(at: progress, rate: progressRate, into: out, rateInto: outRate)
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
                p: p, dp: dp, repeats: frame.repeats, current: current, currentRate: currentRate, out: out,
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
        var current = SIMD2<Double>()
        var currentRate = SIMD2<Double>()
        var value = SIMD2<Double>()
        var valueRate = SIMD2<Double>()
        let wantsRate = pass.velocities != nil
        withUnsafeMutablePointer(to: &current) { c in
            c.withMemoryRebound(to: Double.self, capacity: 2) { cp in
                piece.read(pass.transforms[a].components, into: cp)
                withUnsafeMutablePointer(to: &currentRate) { r in
                    r.withMemoryRebound(to: Double.self, capacity: 2) { rp in
                        pass.transforms[a].rate(of: piece, into: rp)
                        withUnsafeMutablePointer(to: &value) { v in
                            v.withMemoryRebound(to: Double.self, capacity: 2) { vp in
                                withUnsafeMutablePointer(to: &valueRate) { w in
                                    w.withMemoryRebound(to: Double.self, capacity: 2) { wp in
                                        compute(
                                            frame, current: UnsafePointer(cp),
                                            currentRate: wantsRate ? UnsafePointer(rp) : nil,
                                            out: vp, outRate: wantsRate ? wp : nil, additive: false)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        if target.isAdditive {
            // Combine piece by piece: offsets and angles add, scale factors multiply (each of
            // the three for the uniform `scale`).
            let before = pass.transforms[a].components
            withUnsafePointer(to: &value) { r in
                r.withMemoryRebound(to: Double.self, capacity: 2) { vp in
                    piece.accumulate(vp, into: &pass.transforms[a].components)
                }
            }
            if wantsRate {
                if piece.isMultiplicative {
                    var ones = TransformComponents(scale: SIMD3(1, 1, 1))
                    var rates = TransformComponents(scale: .zero)
                    withUnsafePointer(to: &value) { r in
                        r.withMemoryRebound(to: Double.self, capacity: 2) { piece.write($0, into: &ones) }
                    }
                    withUnsafePointer(to: &valueRate) { r in
                        r.withMemoryRebound(to: Double.self, capacity: 2) { piece.write($0, into: &rates) }
                    }
                    // d(s·v)/dt = s'·v + s·v', per axis (v = 1 and v' = 0 on untouched axes).
                    pass.transforms[a].scaleRate =
                        pass.transforms[a].scaleRate * ones.scale + before.scale * rates.scale
                } else {
                    var sum = currentRate + valueRate
                    withUnsafePointer(to: &sum) { r in
                        r.withMemoryRebound(to: Double.self, capacity: 2) { pass.transforms[a].setRate(of: piece, $0) }
                    }
                }
            }
        } else {
            withUnsafePointer(to: &value) { r in
                r.withMemoryRebound(to: Double.self, capacity: 2) { rp in
                    piece.write(rp, into: &pass.transforms[a].components)
                }
            }
            if wantsRate {
                withUnsafePointer(to: &valueRate) { r in
                    r.withMemoryRebound(to: Double.self, capacity: 2) { rp in pass.transforms[a].setRate(of: piece, rp)
                    }
                }
            }
        }
        pass.piecesChanged(a)
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

    /// A cumulative keyframe repeat: the keyframe value shifted piece by piece by `repeats`
    /// times the change from the first keyframe to the last.
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

    /// Adds `repeats·(end − start)` piece by piece (translation, scale, skew, perspective and
    /// rotation angles) to a cumulative transform animation's value.
    func cumulativeShift(_ value: Transform3D, _ a: TransformComponents, _ b: TransformComponents, _ frame: LeafFrame)
        -> Transform3D
    {
        let n = frame.repeats
        guard n != 0, var c = value.decomposed else { return value }
        c.translation = MediaTiming.accumulated(c.translation, cycles: n, changePerCycle: b.translation - a.translation)
        c.scale = MediaTiming.accumulated(c.scale, cycles: n, changePerCycle: b.scale - a.scale)
        c.skew = MediaTiming.accumulated(c.skew, cycles: n, changePerCycle: b.skew - a.skew)
        c.perspective = MediaTiming.accumulated(c.perspective, cycles: n, changePerCycle: b.perspective - a.perspective)
        c.rotation = MediaTiming.accumulated(c.rotation, cycles: n, changePerCycle: b.rotation - a.rotation)
        return c.transform
    }
}

extension Transform3D {
    /// From 16 numbers already validated (a compiled endpoint); missing entries are identity.
    init(unchecked components: [Double]) {
        var s = Transform3D.identity.storage
        for i in 0..<Swift.min(16, components.count) { s[i] = components[i] }
        self.init(storage: s)
    }
}

/// The arithmetic of a linear key path (numbers interpolated component by component), shared
/// by the program tree and the frame plan.
enum LinearKernel {
    /// Writes `out[i]` (and `outRate[i]`) for `i < dimension`. Each component reads
    /// `current[i]` before writing `out[i]`, so they may alias.
    ///
    /// - Parameters:
    ///   - start, end: The rule's fixed numbers (`end` holds `by` for `byFromCurrent`); unused
    ///     ones may be `nil`.
    ///   - valueVelocity: A spring's initial velocity in value units per second, or `nil` for
    ///     `normalisedVelocity·(end − start)`.
    @inline(__always)
    static func apply(
        _ frame: LeafFrame, dimension: Int, rule: EndpointRule, start: UnsafePointer<Double>?,
        end: UnsafePointer<Double>?, valueVelocity: UnsafePointer<Double>?, normalisedVelocity: Double,
        current: UnsafePointer<Double>, currentRate: UnsafePointer<Double>?, out: UnsafeMutablePointer<Double>,
        outRate: UnsafeMutablePointer<Double>?, additive: Bool
    ) {
        let n = frame.repeats
        let wantsRate = outRate != nil
        for i in 0..<dimension {
            let c = current[i]
            let dc = currentRate?[i] ?? 0
            // The ends, and (they are linear in the current value) their rates of change.
            let (s, e) = rule.ends(start: start?[i] ?? 0, end: end?[i] ?? 0, current: c)
            let (ds, de) = rule.ends(start: 0, end: 0, current: dc)
            var v: Double
            var dv = 0.0
            switch frame.kind {
            case let .interpolate(p, dp, span):
                v = s + (e - s) * p
                if n != 0 { v = MediaTiming.accumulated(v, cycles: n, changePerCycle: span * (e - s)) }
                if wantsRate {
                    dv = ds + (de - ds) * p + (e - s) * dp
                    if n != 0 { dv = MediaTiming.accumulated(dv, cycles: n, changePerCycle: span * (de - ds)) }
                }
            case let .spring(phi, dTau, endPhi):
                let v0: Double
                let dv0: Double
                if let valueVelocity {
                    v0 = valueVelocity[i]
                    dv0 = 0
                } else {
                    v0 = normalisedVelocity * (e - s)
                    dv0 = normalisedVelocity * (de - ds)
                }
                let state = phi.state(from: s, to: e, initialVelocity: v0)
                v = state.value
                if n != 0 {
                    v = MediaTiming.accumulated(
                        v, cycles: n, changePerCycle: endPhi.value(from: s, to: e, initialVelocity: v0) - s)
                }
                if wantsRate {
                    // The motion is linear in (start, end, v0): its rate is the same map applied
                    // to their rates, plus the spring's own velocity times dτ/dt.
                    dv = phi.value(from: ds, to: de, initialVelocity: dv0) + state.velocity * dTau
                    if n != 0 {
                        dv = MediaTiming.accumulated(
                            dv, cycles: n, changePerCycle: endPhi.value(from: ds, to: de, initialVelocity: dv0) - ds)
                    }
                }
            }
            if additive {
                out[i] = c + v
                outRate?[i] = dc + dv
            } else {
                out[i] = v
                outRate?[i] = dv
            }
        }
    }
}

extension Optional where Wrapped == [Double] {
    /// Calls `body` with the array's base address, or `nil`.
    @inline(__always)
    func withOptionalBufferPointer<R>(_ body: (UnsafePointer<Double>?) -> R) -> R {
        switch self {
        case let .some(array): return array.withUnsafeBufferPointer { body($0.baseAddress) }
        case .none: return body(nil)
        }
    }
}
