// Generated from README.md by scripts/readme_examples.py; do not edit (make test checks it).

import Harmonic
import HarmonicBLAS
import HarmonicEngine
import Testing

/// The README's Swift examples, run as written; commented numbers are checked.
@Suite struct ReadmeExamples {
    @Test func example1() throws {

        // Springs: Core Animation's parameters, or SwiftUI's.
        let spring = try Spring(mass: 1, stiffness: 100, damping: 10)
        let bouncy = try Spring(duration: 0.5, bounce: 0.3)
        try readmeCheck(
            spring.value(at: 0.25, from: 0.0, to: 320.0, initialVelocity: 150.0), 331.59, within: 0.005, "1: 331.59")
        try readmeCheck(spring.settlingDuration(), 1.4727, within: 5e-05, "1: 1.4727")
        try readmeCheck(spring.settlingTime(epsilon: 1e-3), 1.2702, within: 5e-05, "1: 1.2702")
        try readmeCheck(spring.dampingRatio, 0.5, within: 0.05, "1: 0.5")
        try readmeCheck(
            bouncy.value(at: 0.1, from: SIMD2(0, 0), to: SIMD2(200, 50))[0], 84.66, within: 0.005, "1: 84.66")
    }

    @Test func example2() throws {

        // Timing functions and media timing.
        try readmeCheck(CubicBezier.easeInEaseOut.value(at: 0.25), 0.1292, within: 5e-05, "2: 0.1292")
        let css = try CSSEasingFunction(parsing: "steps(4, jump-start)")
        try readmeCheck(css.value(at: 0.3), 0.5, within: 0.05, "2: 0.5")
        let timing = try MediaTiming(duration: 2, repeatCount: 2, autoreverses: true)
        try readmeCheck(timing.state(atParentTime: 2.5).directedProgress!, 0.75, within: 0.005, "2: 0.75")
    }

    @Test func example3() throws {

        // Keyframes and motion along a path at constant speed.
        let x = try KeyframeTrack(values: [0.0, 120, 80], keyTimes: [0, 0.3, 1])
        try readmeCheck(x.value(at: 0.15), 60, within: 0.5, "3: 60")
        let path = try Path(svgPathData: "M0,0 C0,100 100,100 100,0 L200,0")
        let dot = KeyframeTrack(path: path, calculationMode: .paced)
        try readmeCheck(dot.value(at: 1.0 / 3)[1], 75, within: 0.5, "3: 75")
        let arch = try Path(svgPathData: "M0,0 A50,25 0 0 1 100,0")  // exact half-ellipse
        try readmeCheck(arch.length, 121.1056, within: 5e-05, "3: 121.1056")
        try readmeCheck(try arch.trimmed(from: 0, to: 0.5).length, 60.5528, within: 5e-05, "3: 60.5528")
    }

    @Test func example4() throws {

        // Decay: a UIKit fling, the same curve in Flutter's terms, and a wall with a spring handoff.
        let decay = ExponentialDecay.normal
        try readmeCheck(decay.restOffset(initialVelocity: 1500), 749.25, within: 0.005, "4: 749.25")
        try readmeCheck(decay.drag, 0.1351, within: 5e-05, "4: 0.1351")
        let fling = try DecayMotion(
            curve: .exponential(decay), from: 0, initialVelocity: 1200, bounds: try DecayBounds(upper: 300))
        try readmeCheck(fling.decayDuration, 0.3467, within: 5e-05, "4: 0.3467")
        try readmeCheck(fling.restValue, 300, within: 0.5, "4: 300")
    }

    @Test func example5() throws {

        // A spring network: two masses between walls, coupled, with air drag — solved through its modes.
        let pair = try SpringNetwork(
            dimensions: 1,
            nodes: [.init(position: [1], drag: 0.4), .init(position: [0], drag: 0.4)],
            edges: [
                .init(from: 0, to: .anchor(0), stiffness: 25), .init(from: 1, to: .anchor(0), stiffness: 25),
                .init(from: 0, to: .node(1), stiffness: 25, damping: 0.5),
            ],
            anchors: [[0]])
        let motion = try SpringNetworkMotion(pair)  // the modal solver
        let x = motion.positions(at: [0.5, 1])  // times × nodes × components
        try readmeCheck(x[0], -0.5134, within: 5e-05, "5: -0.5134")
        try readmeCheck(x[3], 0.2587, within: 5e-05, "5: 0.2587")
        try readmeCheck(motion.settlingTime(epsilon: 1e-3), 30.877, within: 0.0005, "5: 30.877")
        try readmeCheck(motion.energy(at: [1])[0], 8.3914, within: 5e-05, "5: 8.3914")
    }

    @Test func example6() throws {

        // Particles: Core Animation's emitter in closed form — any time, in any order, from a seed.
        var drop = EmitterCell(name: "drop")
        drop.birthRate = 20  // particles per second
        drop.lifetime = 2
        drop.velocity = 100
        drop.emissionLongitude = -.pi / 2  // up (y points down)
        drop.acceleration = [0, 98, 0]
        let fountain = try ParticleSystem(ParticleEmitter(cells: [drop], seed: 1))
        let now = try fountain.particles(at: 1.5)  // born at (i + ½)/20, alive for 2 s
        try readmeCheck(now.count, 30, within: 0.5, "6: 30")
        try readmeCheck(now[.y, row: 0], -40.894, within: 0.0005, "6: -40.894")
        try readmeCheck(try fountain.particles(at: 9).count, 40, within: 0.5, "6: 40")
    }

    @Test func example7() throws {

        // The engine: an implicit spring, retargeted mid-flight, and a fling.
        let engine = try AnimationEngine()
        let ball = try engine.makeLayer(named: "ball", values: ["position": [0, 0], "opacity": [1]])
        try engine.begin(TransactionSettings(spring: try Spring(mass: 1, stiffness: 170, damping: 15)))
        try engine.setValue(300, forKeyPath: "position.x", of: ball)
        try engine.commit()
        try engine.advance(to: 0.3)
        try engine.retargetSpring(forKey: "position.x", on: ball, to: [100])  // keeps value and velocity
        try readmeCheck(
            try engine.presentationValue(forKeyPath: "position.x", of: ball)[0], 332.86, within: 0.005, "7: 332.86")
        try engine.fling("position.y", of: ball, velocity: [-900])  // decay; model at rest value
        try readmeCheck(
            try engine.modelValue(forKeyPath: "position.y", of: ball)[0], -449.50, within: 0.005, "7: -449.50")

        // A value function turns the layer once (0 → 2π), and its path is stroked on.
        try engine.add(
            BasicAnimation(
                keyPath: "transform", fromValue: [0], toValue: [2 * .pi],
                timing: try MediaTiming(duration: 1), valueFunction: .rotateZ),
            forKey: "spin", to: ball)
        try engine.flush()  // commit the changes made outside a transaction now, not at the next frame
        try readmeCheck(
            try engine.presentationValue(forKeyPath: "transform.rotation.z", of: ball, at: 0.55)[0], 1.5708,
            within: 5e-05, "7: 1.5708")
        try engine.setPath(try Path(svgPathData: "M0 0 L100 0 L100 100"), of: ball)
        try engine.add(
            BasicAnimation(keyPath: "strokeEnd", from: 0, to: 1, timing: try MediaTiming(duration: 1)),
            forKey: "draw", to: ball)
        try engine.flush()
        try readmeCheck(try engine.presentationStroke(of: ball, at: 0.6).length, 60.0, within: 0.05, "7: 60.0")
    }
}

/// Checks that `value` (a number, or the first component of a vector) is `expected` to the
/// digits the README prints.
func readmeCheck(_ value: Any, _ expected: Double, within tolerance: Double, _ where: String) throws {
    let number: Double
    switch value {
    case let x as Double: number = x
    case let x as Int: number = Double(x)
    default: throw ReadmeValueError(description: "\(`where`): \(type(of: value)) is not a number")
    }
    #expect(abs(number - expected) <= tolerance * (1 + 1e-12), "README example \(`where`): got \(number)")
}

struct ReadmeValueError: Error, CustomStringConvertible { var description: String }
