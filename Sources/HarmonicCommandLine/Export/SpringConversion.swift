import ArgumentParser
import Harmonic
import HarmonicSpec

/// The ecosystems `harmonic convert --to` knows, with the parameter names each one uses.
enum ConversionTarget: String, CaseIterable, ExpressibleByArgument {
    case physics, swiftui, uikit, android, motion
    case reactSpring = "react-spring"
    /// Flutter: a spring as `SpringDescription` (mass, stiffness, damping: the physics form),
    /// a decay as `FrictionSimulation`'s drag.
    case flutter
    case css

    static var list: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// Whether a decay has a form in this vocabulary (the exponential decay's four).
    var convertsDecays: Bool { [.uikit, .android, .flutter, .motion, .css].contains(self) }
}

/// A spring spec in another ecosystem's parameters: the JSON object `harmonic convert` prints
/// for every target but `css`. Each object reads back as a `spring` spec unchanged (see
/// ``SpringSpec``).
///
/// `initialVelocity` (progress units per second) is printed for the targets whose API has
/// that normalised velocity (physics, UIKit) and for every other target only when it is not
/// zero, so that no information is lost on the way back.
enum SpringConversion {
    static func object(for spec: SpringSpec, to target: ConversionTarget) throws(HarmonicError) -> JSONObjectText {
        let spring = spec.spring
        let velocity = spec.initialVelocity
        var out = JSONObjectText()
        switch target {
        case .physics, .flutter:
            out.add("mass", spring.mass)
            out.add("stiffness", spring.stiffness)
            out.add("damping", spring.damping)
            out.add("initialVelocity", velocity)
            return out
        case .swiftui:
            // A damping ratio past about 1.8e16 rounds the bounce to −1, outside SwiftUI's
            // (−1, 1]: refused rather than written as a spring no reader accepts.
            guard spring.bounce > -1 else {
                throw .invalidParameter(
                    name: "spring.damping", value: "\(spring.damping)",
                    allowed:
                        "a damping ratio below 1.8e16 for --to swiftui (this one, \(spring.dampingRatio), rounds "
                        + "SwiftUI's bounce to -1, outside (-1, 1])")
            }
            out.add("duration", spring.duration)
            out.add("bounce", spring.bounce)
        case .uikit:
            let duration = spring.uiKitDuration(initialVelocity: velocity)
            guard duration.isFinite else {
                throw .invalidParameter(
                    name: "spring.damping", value: "0",
                    allowed:
                        "> 0 for --to uikit (an undamped spring never settles, so no animator duration describes it)")
            }
            out.add("duration", duration)
            out.add("dampingRatio", spring.dampingRatio)
            out.add("initialVelocity", velocity)
            return out
        case .android:
            out.add("stiffness", spring.androidStiffness)
            out.add("dampingRatio", spring.dampingRatio)
        case .motion:
            out.add("type", "spring")
            out.add("stiffness", spring.stiffness)
            out.add("damping", spring.damping)
            out.add("mass", spring.mass)
        case .reactSpring:
            out.add("tension", spring.tension)
            out.add("friction", spring.friction)
            out.add("mass", spring.mass)
        case .css:
            throw .invalidParameter(name: "--to", value: "css", allowed: "handled by EasingExport")
        }
        if velocity != 0 { out.add("initialVelocity", velocity) }
        return out
    }
}
