import Foundation
import HarmonicTestSupport
import Testing

@testable import Harmonic

/// Releases: rest rules, walls and the handoff to a spring, Motion's `inertia`.
@Suite("Decay motion")
struct DecayMotionTests {
    @Test("a speed rest holds the value reached when the speed falls to the threshold")
    func speedRest() throws {
        let decay = try ExponentialDecay(frictionMultiplier: 1)
        let motion = try DecayMotion(curve: .exponential(decay), from: 10, initialVelocity: 2000, rest: .speed(0.1))
        // Compose's duration: ln(0.1/2000)/(−4.2).
        #expect(relativeError(motion.restTime, log(0.1 / 2000) / -4.2) <= 1e-15)
        let end = motion.state(at: motion.restTime)
        #expect(end.velocity == 0)
        #expect(relativeError(end.value, 10 + 2000 / 4.2 * (1 - 0.1 / 2000)) <= 1e-14)
        #expect(motion.value(at: 100) == end.value)
        // Before the release: the release state.
        #expect(motion.state(at: -1).value == 10 && motion.state(at: -1).velocity == 2000)
        let middle = motion.state(at: 0.25)
        #expect(relativeError(middle.velocity, 2000 * exp(-1.05)) <= 1e-15)
    }

    @Test("a distance rest jumps onto the rest value, as Motion's inertia does")
    func distanceRest() throws {
        let motion = try DecayMotion.inertia(from: 100, velocity: 800)
        // amplitude = 0.8 · 800 = 640; target 740; done when 640·e^(−t/0.325) ≤ 0.5.
        #expect(motion.restOffset == 640)
        #expect(relativeError(motion.restTime, 0.325 * log(640 / 0.5)) <= 1e-15)
        #expect(motion.restValue == 740)
        #expect(relativeError(motion.initialVelocity, 640 / 0.325) <= 1e-15)
        let justBefore = motion.value(at: motion.restTime * (1 - 1e-12))
        #expect(abs(740 - justBefore - 0.5) <= 1e-9)
        #expect(motion.value(at: motion.restTime) == 740)
    }

    @Test("modifyTarget moves the target and the amplitude follows")
    func modifiedTarget() throws {
        // Snap to multiples of 100: ideal 100 + 0.8·800 = 740 → 700.
        let motion = try DecayMotion.inertia(from: 100, velocity: 800, modifyTarget: { ($0 / 100).rounded() * 100 })
        #expect(motion.restOffset == 600 && motion.restValue == 700)
        #expect(relativeError(motion.value(at: 0.325), 700 - 600 * exp(-1)) <= 1e-15)
    }

    @Test("a wall: handoff at the exact crossing with the decay's velocity, then a spring to the wall")
    func wallHandoff() throws {
        let decay = ExponentialDecay.normal
        let bounds = try DecayBounds(upper: 300)
        let motion = try DecayMotion(
            curve: .exponential(decay), from: 0, initialVelocity: 1000, rest: .speed(0.5), bounds: bounds)
        // 1000/k·(1 − e^(−k t)) = 300  ⇒  t = −ln(1 − 300k/1000)/k.
        let k = decay.decayConstant
        let crossing = -log1p(-300 * k / 1000) / k
        #expect(abs(motion.decayDuration - crossing) <= 1e-15)
        let spring = try #require(motion.handoff)
        #expect(spring.from == 300 && spring.to == 300)
        #expect(relativeError(spring.initialVelocity, 1000 * exp(-k * crossing)) <= 1e-14)
        #expect(spring.beginTime == crossing)
        // Continuous in value and velocity across the handoff.
        let before = motion.state(at: crossing * (1 - 1e-12)), after = motion.state(at: crossing * (1 + 1e-12))
        #expect(abs(before.value - 300) <= 1e-8 && abs(after.value - 300) <= 1e-8)
        #expect(relativeError(before.velocity, after.velocity) <= 1e-8)
        // The spring overshoots the wall and comes back to rest on it.
        let peak = (1...200).map { motion.value(at: crossing + Double($0) * 0.002) }.max()!
        #expect(peak > 300)
        #expect(motion.restValue == 300)
        #expect(motion.value(at: motion.restTime + 1) == 300)
        #expect(motion.restTime > crossing)
        #expect(motion.time(reaching: 150).map { $0 < crossing } == true)
        #expect(motion.time(reaching: 310) == nil)
    }

    @Test("Motion's inertia with min/max: released outside, it springs at once to the nearest wall")
    func releasedOutside() throws {
        let motion = try DecayMotion.inertia(from: -20, velocity: -100, min: 0, max: 500)
        #expect(motion.decayDuration == 0)
        let spring = try #require(motion.handoff)
        #expect(spring.from == -20 && spring.to == 0)
        #expect(spring.spring == DecayBounds.motionBounce)
        #expect(motion.restValue == 0)
        // Motion's bounce settles within restDelta: exact last exit from the 0.5 band.
        let settle = spring.settlingTime(epsilon: 0.5)
        #expect(motion.restTime == settle)
    }

    @Test("a spline fling into a wall hands off where the spline meets it")
    func splineWall() throws {
        let decay = try SplineDecay(density: 2)
        let motion = try DecayMotion(
            curve: .spline(decay), from: 0, initialVelocity: 4000, bounds: try DecayBounds(lower: -10, upper: 200))
        let t = motion.decayDuration
        #expect(t > 0 && t < decay.duration(initialVelocity: 4000))
        #expect(abs(decay.offset(at: t, initialVelocity: 4000) - 200) <= 1e-10)
        #expect(motion.handoff?.to == 200)
    }

    @Test("walls that the decay does not reach change nothing")
    func unreachedWall() throws {
        let free = try DecayMotion(curve: .exponential(.fast), from: 0, initialVelocity: 100)
        let walled = try DecayMotion(
            curve: .exponential(.fast), from: 0, initialVelocity: 100, bounds: try DecayBounds(lower: -50, upper: 50))
        #expect(walled.handoff == nil)
        #expect(walled.restTime == free.restTime && walled.restValue == free.restValue)
    }

    @Test("bounds that cross, and rest positions beyond the double range, throw")
    func errors() throws {
        #expect { try DecayBounds(lower: 5, upper: 1) } throws: {
            ($0 as? HarmonicError)?.description == "min and max cannot be combined: min 5.0 is above max 1.0"
        }
        #expect {
            try DecayMotion(
                curve: .exponential(try ExponentialDecay(decayConstant: 1e-10)), from: 0, initialVelocity: 1e300)
        } throws: { ($0 as? HarmonicError)?.description.hasPrefix("initialVelocity = 1e+300 is invalid") == true }
        #expect { try DecayMotion.inertia(from: 0, velocity: 1, min: 0, max: 1, bounceStiffness: -1) } throws: {
            ($0 as? HarmonicError)?.description.hasPrefix("bounceStiffness = -1.0 is invalid") == true
        }
    }
}

/// Rubber banding against its closed forms.
@Suite("Rubber band")
struct RubberBandTests {
    @Test("b(x) = (1 − 1/(x·c/d + 1))·d, odd, bounded by d, with its inverse and slope")
    func closedForms() throws {
        let band = try RubberBand(dimension: 400)
        for x in [0.0, 1, 10, 55, 400, 1e4, 1e9] {
            // The same function as x·c·d/(x·c + d), which has no cancellation for small drags
            // (the form 1 − 1/(…) loses digits there); the product form is the reference.
            let expected = x * 0.55 * 400 / (x * 0.55 + 400)
            #expect(relativeError(band.offset(forDrag: x), expected) <= 1e-15, "x = \(x)")
            #expect(relativeError(band.offset(forDrag: x), (1 - 1 / (x * 0.55 / 400 + 1)) * 400) <= 1e-13)
            #expect(band.offset(forDrag: -x) == -band.offset(forDrag: x))
            #expect(band.offset(forDrag: x) < 400)
            if x > 0, x < 1e6 {
                #expect(relativeError(band.drag(forOffset: band.offset(forDrag: x)), x) <= 1e-12, "x = \(x)")
                let h = x * 1e-6
                let numeric = (band.offset(forDrag: x + h) - band.offset(forDrag: x - h)) / (2 * h)
                #expect(relativeError(band.slope(atDrag: x), numeric) <= 1e-7, "x = \(x)")
            }
        }
        #expect(band.slope(atDrag: 0) == 0.55)
        #expect(band.offset(forDrag: .infinity) == 400)
        #expect(band.drag(forOffset: 400) == .infinity && band.drag(forOffset: -400) == -.infinity)
        // Far from overflow for huge drags: (x·c/d)/(x·c/d + 1)·d.
        #expect(band.offset(forDrag: 1e307) == 400)
    }

    @Test("release: a spring from the banded offset back to the edge with the release velocity")
    func release() throws {
        let band = try RubberBand(dimension: 300, coefficient: 0.55)
        let spring = try Spring(duration: 0.4, bounce: 0)
        let motion = try band.releaseMotion(from: band.offset(forDrag: 120), velocity: -50, spring: spring)
        #expect(motion.value(at: 0) == band.offset(forDrag: 120))
        #expect(motion.velocity(at: 0) == -50)
        #expect(abs(motion.value(at: 10)) <= 1e-9)
        #expect { try RubberBand(dimension: 0) } throws: {
            ($0 as? HarmonicError)?.description == "dimension = 0.0 is invalid: must be finite and > 0"
        }
    }
}

/// Grids and batches against the closed form, sample by sample.
@Suite("Decay grids and batches")
struct DecayGridTests {
    static func motions() throws -> [DecayMotion] {
        [
            try DecayMotion(curve: .exponential(.normal), from: 3, initialVelocity: 2500),
            try DecayMotion(
                curve: .exponential(.fast), from: -40, initialVelocity: -900, rest: .speed(1), beginTime: 0.2),
            try DecayMotion.inertia(from: 0, velocity: 1200, min: -100, max: 400),
            try DecayMotion.inertia(from: 10, velocity: 300, modifyTarget: { ($0 / 50).rounded() * 50 }),
            try DecayMotion(curve: .spline(try SplineDecay(density: 2.625)), from: 0, initialVelocity: 6000),
            try DecayMotion(
                curve: .exponential(try ExponentialDecay(frictionMultiplier: 0.5)), from: 0, initialVelocity: 3000,
                bounds: try DecayBounds(upper: 500, bounce: try Spring(duration: 0.3, bounce: 0.2))),
        ]
    }

    @Test("a grid of 100,000 samples within 1e-13 relative of the closed form at each time")
    func gridMatchesClosedForm() throws {
        let grid = try SampleGrid(start: -0.1, end: 8, count: 100_000)
        for motion in try Self.motions() {
            var values: [Double] = [], velocities: [Double] = []
            motion.sample(on: grid, values: &values, velocities: &velocities)
            var worst = 0.0
            for i in 0..<grid.count {
                let exact = motion.state(at: grid.time(at: i))
                let scale = max(abs(motion.restOffset), 1e-300)
                worst = max(worst, relativeError(values[i], exact.value, scale: abs(exact.value)))
                #expect(isClose(values[i], exact.value, relative: 1e-13), "value \(i) of \(motion)")
                #expect(
                    isClose(velocities[i], exact.velocity, relative: 1e-13, absolute: 1e-13 * scale), "velocity \(i)")
            }
            print("decay grid: worst relative error \(worst)")
        }
    }

    @Test("a batch writes what each motion's closed form gives, before, during and after")
    func batchMatchesMotions() throws {
        var motions = try Self.motions()
        // Enough exponential decays to fill several lane blocks, with a partial last block.
        for i in 0..<13 {
            motions.append(
                try DecayMotion(
                    curve: .exponential(try ExponentialDecay(decelerationRate: 0.99 + 0.0007 * Double(i))),
                    from: Double(i), initialVelocity: 100 * Double(i - 6), beginTime: 0.05 * Double(i % 3)))
        }
        var batch = DecayBatch(motions)
        for time in [-1.0, 0, 0.01, 0.1, 0.33, 0.9, 2.5, 30] {
            var values: [Double] = [], velocities: [Double] = []
            batch.evaluate(at: time, values: &values, velocities: &velocities)
            for (i, motion) in motions.enumerated() {
                let exact = motion.state(at: time)
                #expect(isClose(values[i], exact.value, relative: 1e-14, absolute: 1e-12), "motion \(i) at \(time)")
                #expect(
                    isClose(velocities[i], exact.velocity, relative: 1e-14, absolute: 1e-12), "motion \(i) at \(time)")
            }
        }
        // Replacing a motion (a retarget) changes only that index.
        let replacement = try DecayMotion(curve: .exponential(.fast), from: 7, initialVelocity: -50, beginTime: 0.4)
        batch[2] = replacement
        var values: [Double] = [], velocities: [Double] = []
        batch.evaluate(at: 0.5, values: &values, velocities: &velocities)
        #expect(isClose(values[2], replacement.value(at: 0.5), relative: 1e-14))
        #expect(isClose(values[0], motions[0].value(at: 0.5), relative: 1e-14))
    }
}
