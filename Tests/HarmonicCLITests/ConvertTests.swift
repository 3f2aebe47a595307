import Foundation
import Testing

/// `harmonic convert` end to end: every target, the read-back of every printed object, the
/// CSS export's accuracy against an independent spring formula, and the error paths.
@Suite("harmonic convert")
struct ConvertTests {
    static func object(_ run: CLIRun) throws -> [String: Any] {
        let data = Data(run.stdout.utf8)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(run.stdout)")
    }

    static func number(_ object: [String: Any], _ key: String) -> Double? {
        (object[key] as? NSNumber)?.doubleValue
    }

    @Test("physics, swiftui, uikit, android, motion and react-spring print their own names")
    func targets() throws {
        let spec = #"{"spring": {"duration": 0.5, "bounce": 0.3}}"#
        let expected: [String: Set<String>] = [
            "physics": ["mass", "stiffness", "damping", "initialVelocity"],
            "swiftui": ["duration", "bounce"],
            "uikit": ["duration", "dampingRatio", "initialVelocity"],
            "android": ["stiffness", "dampingRatio"],
            "motion": ["type", "stiffness", "damping", "mass"],
            "react-spring": ["tension", "friction", "mass"],
        ]
        for (target, keys) in expected {
            let run = try CLIRun.run(["convert", spec, "--to", target])
            #expect(run.status == 0, "\(target): \(run.stderr)")
            #expect(run.stderr.isEmpty)
            #expect(Set(try Self.object(run).keys) == keys, "\(target)")
        }
        // SwiftUI's documented mapping (REFERENCE §1): k = (2π/0.5)², c = 2(1 − 0.3)√k.
        let physics = try Self.object(try CLIRun.run(["convert", spec, "--to", "physics"]))
        let k = pow(2 * Double.pi / 0.5, 2)
        #expect(abs(Self.number(physics, "stiffness")! - k) < 1e-12 * k)
        #expect(abs(Self.number(physics, "damping")! - 2 * 0.7 * k.squareRoot()) < 1e-12 * k)
        // Apple: Spring(mass: 1, stiffness: 100, damping: 10) has duration ≈ 0.63, bounce 0.5.
        let swiftui = try Self.object(try CLIRun.run(["convert", #"{"spring": {}}"#, "--to", "swiftui"]))
        #expect(abs(Self.number(swiftui, "duration")! - 2 * Double.pi / 10) < 1e-15)
        #expect(abs(Self.number(swiftui, "bounce")! - 0.5) < 1e-15)
    }

    @Test("Every printed object reads back as a spring spec with the same motion",
        arguments: ["physics", "swiftui", "uikit", "android", "motion", "react-spring"])
    func readBack(target: String) throws {
        let spec = #"{"spring": {"mass": 2, "stiffness": 300, "damping": 12, "initialVelocity": 1.5}}"#
        let printed = try CLIRun.run(["convert", spec, "--to", target])
        #expect(printed.status == 0, "\(printed.stderr)")
        let back = try CLIRun.run(["convert", "{\"spring\": \(printed.stdout)}", "--to", "physics"])
        #expect(back.status == 0, "\(back.stderr)")
        let physics = try Self.object(back)
        // Same k/m and c/m (the motion), whatever mass the ecosystem uses.
        let m = Self.number(physics, "mass")!
        #expect(abs(Self.number(physics, "stiffness")! / m / 150 - 1) < 1e-12)
        #expect(abs(Self.number(physics, "damping")! / m / 6 - 1) < 1e-12)
        #expect(Self.number(physics, "initialVelocity") == 1.5)
    }

    @Test("Motion forms: type spring with duration/bounce uses Motion's mapping, visualDuration its own")
    func motionForms() throws {
        let run = try CLIRun.run(["convert", #"{"spring": {"type": "spring", "duration": 0.8, "bounce": 0.25}}"#, "--to", "physics"])
        #expect(run.status == 0, "\(run.stderr)")
        // (ζ/√(1−ζ²))·e^(−ζ·ω·T) = 0.001 with ζ = 0.75, T = 0.8, solved here by bisection.
        let zeta = 0.75, duration = 0.8
        var low = 0.01, high = 1000.0
        for _ in 0..<200 {
            let mid = (low + high) / 2
            if zeta / (1 - zeta * zeta).squareRoot() * exp(-zeta * mid * duration) > 0.001 { low = mid } else { high = mid }
        }
        let k = try #require(Self.number(try Self.object(run), "stiffness"))
        #expect(abs(k / (low * low) - 1) < 1e-12)
        let visual = try Self.object(try CLIRun.run(["convert", #"{"spring": {"visualDuration": 0.5, "bounce": 0.2}}"#, "--to", "swiftui"]))
        #expect(abs(Self.number(visual, "duration")! - 0.6) < 1e-15)
        #expect(abs(Self.number(visual, "bounce")! - 0.2) < 1e-15)
    }

    /// Parses `linear(y0, y1 x1%, …, yn)` and evaluates it as CSS does (interpolation between
    /// stops; this only needs the forms `convert` prints).
    static func linearEasing(_ css: String) throws -> (xs: [Double], ys: [Double]) {
        #expect(css.hasPrefix("linear(") && css.hasSuffix(")"))
        let body = css.dropFirst("linear(".count).dropLast()
        var xs: [Double] = [], ys: [Double] = []
        let stops = body.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        for (i, stop) in stops.enumerated() {
            let parts = stop.split(separator: " ")
            ys.append(try #require(Double(String(parts[0]))))
            if parts.count == 2 {
                xs.append(try #require(Double(String(parts[1].dropLast()))) / 100)
            } else {
                #expect(i == 0 || i == stops.count - 1)
                xs.append(i == 0 ? 0 : 1)
            }
        }
        return (xs, ys)
    }

    @Test("--to css stays within the tolerance of the spring, with fewer stops than even spacing",
        arguments: [
            (#"{"spring": {"duration": 0.5, "bounce": 0.3}}"#, 0.001),
            (#"{"spring": {"mass": 1, "stiffness": 100, "damping": 5}}"#, 0.001),
            (#"{"spring": {"stiffness": 100, "damping": 30, "initialVelocity": 4}}"#, 0.0005),
            (#"{"spring": {"duration": 0.4, "bounce": 0.6}}"#, 0.01),
        ])
    func css(spec: String, tolerance: Double) throws {
        let run = try CLIRun.run(["convert", spec, "--to", "css", "--tolerance", "\(tolerance)"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try Self.object(run)
        let duration = try #require(Self.number(object, "duration"))
        let (xs, ys) = try Self.linearEasing(try #require(object["css"] as? String))
        #expect(xs.count == (object["stops"] as? Int))
        #expect(ys.first == 0 && ys.last == 1)
        let even = try #require(object["evenlySpacedStops"] as? Int)
        #expect(xs.count * 3 < even, "\(xs.count) stops vs \(even) evenly spaced")
        // The spring's parameters, from the tool's physics form, evaluated independently.
        let physics = try Self.object(try CLIRun.run(["convert", spec, "--to", "physics"]))
        let m = Self.number(physics, "mass")!, k = Self.number(physics, "stiffness")!
        let c = Self.number(physics, "damping")!, v0 = Self.number(physics, "initialVelocity")!
        let reference = UnitSpringReference(mass: m, stiffness: k, damping: c, initialVelocity: v0)
        var worst = 0.0
        var segment = 0
        for i in 0...100_000 {
            let x = Double(i) / 100_000
            while segment + 2 < xs.count, xs[segment + 1] <= x { segment += 1 }
            let u = (x - xs[segment]) / (xs[segment + 1] - xs[segment])
            let css = ys[segment] + (ys[segment + 1] - ys[segment]) * u
            worst = max(worst, abs(css - reference.progress(x * duration)))
        }
        #expect(worst <= tolerance, "max error \(worst)")
        // After the duration the element holds 1; the spring must stay within tolerance of it.
        for i in 1...2000 {
            let t = duration * (1 + Double(i) / 200)
            #expect(abs(1 - reference.progress(t)) <= tolerance)
        }
    }

    @Test("Error paths: one line, non-zero status, nothing on standard output",
        arguments: [
            (["convert", #"{"spring": {}}"#, "--to", "flash"], "--to = flash is invalid"),
            (["convert", #"{"spring": {"stifness": 3}}"#, "--to", "physics"], "spring.stifness = 3.0 is invalid: must be absent (unknown key; known keys: mass, stiffness, damping, initialVelocity)"),
            (["convert", #"{"spring": {"dampingRatio": 0.5}}"#, "--to", "physics"], "spring.dampingRatio = given alone"),
            (["convert", #"{"spring": {"duration": 1, "stiffness": 3}}"#, "--to", "physics"], "spring.duration and spring.stiffness cannot be combined"),
            (["convert", #"{"spring": {"type": "tween", "duration": 1}}"#, "--to", "physics"], "spring.type = \"tween\" is invalid"),
            (["convert", #"{"spring": {"type": "spring", "stiffness": 3, "duration": 1}}"#, "--to", "physics"], "cannot be combined: use Motion's stiffness/damping/mass or its duration/bounce"),
            (["convert", #"{"spring": {"duration": 1, "dampingRatio": 0}}"#, "--to", "physics"], "spring.dampingRatio = 0.0 is invalid: must be finite and > 0"),
            (["convert", #"{"spring": {"damping": 0}}"#, "--to", "css"], "spring.damping = 0 is invalid: must be > 0 for --to css"),
            (["convert", #"{"spring": {"damping": 0}}"#, "--to", "uikit"], "spring.damping = 0 is invalid: must be > 0 for --to uikit"),
            (["convert", #"{"spring": {}}"#, "--to", "css", "--tolerance", "0"], "--tolerance = 0.0 is invalid"),
            (["convert", #"{"spring": {}}"#, "--to", "physics", "--tolerance", "0.01"], "--tolerance applies to --to css only"),
            (["convert", #"{"spring": {"stiffness": -1}}"#, "--to", "physics"], "spring.stiffness = -1.0 is invalid: must be finite and > 0"),
            (["convert", #"{"spring": {"mass": 1"#, "--to", "physics"], "invalid JSON spec"),
            (["convert", #"{"spring": {}, "colour": 1}"#, "--to", "physics"], "colour = 1.0 is invalid: must be absent (unknown key"),
        ])
    func errors(arguments: [String], message: String) throws {
        let run = try CLIRun.run(arguments)
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("harmonic: "), "\(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
    }
}

/// The unit spring curve `1 − x(t)` from the closed forms of REFERENCE §1 in Float80 where
/// available, written independently of the library.
struct UnitSpringReference {
    var mass, stiffness, damping, initialVelocity: Double

    #if arch(x86_64)
        typealias Real = Float80
    #else
        typealias Real = Double
    #endif

    func progress(_ t: Double) -> Double {
        guard t > 0 else { return 0 }
        let m = Real(mass), k = Real(stiffness), c = Real(damping)
        let lambda = c / (2 * m), w0sq = k / m
        let x0: Real = -1, v0 = Real(initialVelocity), tt = Real(t)
        let disc = w0sq - lambda * lambda
        let x: Real
        if disc > 1e-9 * w0sq {
            let wd = disc.squareRoot()
            x = Self.exp(-lambda * tt) * (x0 * Self.cos(wd * tt) + (v0 + lambda * x0) / wd * Self.sin(wd * tt))
        } else if disc < -1e-9 * w0sq {
            let r = (-disc).squareRoot()
            let slow = -lambda + r, fast = -lambda - r
            let c2 = (v0 - slow * x0) / (fast - slow)
            x = (x0 - c2) * Self.exp(slow * tt) + c2 * Self.exp(fast * tt)
        } else {
            x = (x0 + (v0 + lambda * x0) * tt) * Self.exp(-lambda * tt)
        }
        return Double(1 + x)
    }

    #if arch(x86_64)
        static func exp(_ x: Real) -> Real { expl(x) }
        static func sin(_ x: Real) -> Real { sinl(x) }
        static func cos(_ x: Real) -> Real { cosl(x) }
    #else
        static func exp(_ x: Real) -> Real { Foundation.exp(x) }
        static func sin(_ x: Real) -> Real { Foundation.sin(x) }
        static func cos(_ x: Real) -> Real { Foundation.cos(x) }
    #endif
}

@Suite("harmonic convert --to css with timing functions")
struct ConvertTimingFunctionTests {
    /// y(x) of a cubic Bézier with P0 = (0,0), P3 = (1,1), by bisection on x(t) (REFERENCE §2).
    static func bezier(_ p: [Double], _ x: Double) -> Double {
        func axis(_ a: Double, _ b: Double, _ t: Double) -> Double {
            3 * (1 - t) * (1 - t) * t * a + 3 * (1 - t) * t * t * b + t * t * t
        }
        var low = 0.0, high = 1.0
        for _ in 0..<80 {
            let mid = (low + high) / 2
            if axis(p[0], p[2], mid) < x { low = mid } else { high = mid }
        }
        return axis(p[1], p[3], (low + high) / 2)
    }

    @Test("An overshooting cubic-bezier exports within tolerance, without a duration")
    func cubicBezier() throws {
        let p = [0.34, 1.56, 0.64, 1.0]
        let run = try CLIRun.run(["convert", #"{"cubicBezier": [0.34, 1.56, 0.64, 1]}"#, "--to", "css"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try ConvertTests.object(run)
        #expect(object["duration"] == nil)
        let (xs, ys) = try ConvertTests.linearEasing(try #require(object["css"] as? String))
        var worst = 0.0
        var segment = 0
        for i in 0...20_000 {
            let x = Double(i) / 20_000
            while segment + 2 < xs.count, xs[segment + 1] <= x { segment += 1 }
            let u = (x - xs[segment]) / (xs[segment + 1] - xs[segment])
            worst = max(worst, abs(ys[segment] + (ys[segment + 1] - ys[segment]) * u - Self.bezier(p, x)))
        }
        #expect(worst <= 0.001, "max error \(worst)")
        #expect(xs.count < (object["evenlySpacedStops"] as? Int ?? 0))
    }

    @Test("Curves linear() cannot follow are refused with one line",
        arguments: [
            (#"{"css": "steps(4)"}"#, "SPEC = a curve with jumps"),
            (#"{"cubicBezier": [0.42, 0, 0.58, 1], "timing": {"duration": 2}}"#, "timing = {…} is invalid: must be absent for --to css"),
            (#"{"cubicBezier": [0.42, 0, 0.58, 1]}"#, "a spec with a \"spring\" curve for --to swiftui"),
        ])
    func refused(spec: String, message: String) throws {
        let target = spec.contains("timing\"") || spec.contains("steps") ? "css" : "swiftui"
        let run = try CLIRun.run(["convert", spec, "--to", target])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("harmonic: ") && run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
    }
}
