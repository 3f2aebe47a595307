import HarmonicPlatform
import Harmonic
import HarmonicSpec

/// What a curve kind adds to its plot: a title, a line of parameters, reference lines.
protocol PlotDescribing {
    var plotTitle: String { get }
    var plotSubtitle: String { get }
    /// Reference lines for the value panel (targets, settling times).
    var plotReferences: [ReferenceLine] { get }
    /// The label of the horizontal axis: `time (s)`, or `progress` for a timing function.
    var plotTimeLabel: String { get }
    /// Whether the default plot runs a little past the curve's default interval: for a
    /// motion in time (its settled tail shows), not for a curve of progress, which has no
    /// meaning past 1 (`steps(4)` would show a fifth level there).
    var plotsPastDefaultDomain: Bool { get }
    /// Points to mark on the 2-D trajectory (a keyframe track's values), in value units.
    var plotKeyPoints: [[Double]] { get }
    /// A series' name for value component `component` (`nil`: `value.0`, `value.1`, …).
    func plotComponentName(_ component: Int) -> String?
    /// A component's colour (an index into the palette) and whether its line is dashed
    /// (`nil`: one colour per component, solid).
    func plotComponentStyle(_ component: Int) -> (color: Int, dashed: Bool)?
    /// Pairs of value components drawn as paths in the plane (`nil`: the two components of
    /// a 2-D value).
    var plotTrajectoryPairs: [(Int, Int)]? { get }
}

extension PlotDescribing {
    var plotKeyPoints: [[Double]] { [] }
    func plotComponentName(_ component: Int) -> String? { nil }
    func plotComponentStyle(_ component: Int) -> (color: Int, dashed: Bool)? { nil }
    var plotTrajectoryPairs: [(Int, Int)]? { nil }
}

/// Builds the chart `harmonic plot` draws from samples of a curve.
enum CurvePlot {
    struct Samples {
        var times: [Double] = []
        var values: [[Double]] = []  // per component
        var velocities: [[Double]] = []
    }

    /// Samples `curve` a block at a time (its batch path: a grid kernel, a network's matrix
    /// product).
    static func sample(_ curve: any SampledCurve, times: TimeGrid) -> Samples {
        var samples = Samples()
        let d = curve.dimension
        samples.values = Array(repeating: [], count: d)
        samples.velocities = Array(repeating: [], count: d)
        var block = SampleBlock(dimension: d, capacity: 1024)
        var start = 0
        while start < times.count {
            let range = start..<min(times.count, start + block.capacity)
            curve.sample(times, range, velocity: true, into: &block)
            for r in 0..<range.count {
                samples.times.append(block.times[r])
                for i in 0..<d {
                    samples.values[i].append(block.values[r * d + i])
                    samples.velocities[i].append(block.velocities[r * d + i])
                }
            }
            start = range.upperBound
        }
        return samples
    }

    static func chart(_ curve: any ExportableCurve, _ samples: Samples, velocity: Bool) -> Chart {
        let timeLabel = curve.plotTimeLabel
        let dimension = curve.dimension
        func names(_ base: String) -> [String] {
            if curve.plotComponentName(0) != nil {
                return (0..<dimension).map { curve.plotComponentName($0)! + (base == "value" ? "" : " \(base)") }
            }
            return dimension == 1 ? [base] : (0..<dimension).map { "\(base).\($0)" }
        }
        func series(_ columns: [[Double]], _ base: String, breaksAtJumps: Bool = false) -> [ChartSeries] {
            zip(names(base), columns).enumerated().map { i, pair in
                let style = curve.plotComponentStyle(i) ?? (i, false)
                return ChartSeries(
                    name: pair.0, color: Chart.palette[style.color % Chart.palette.count],
                    points: zip(samples.times, pair.1).map { ($0, $1) }, dashed: style.dashed,
                    breaksAtJumps: breaksAtJumps)
            }
        }
        var panels = [
            ChartPanel(
                xLabel: timeLabel, yLabel: "value", series: series(samples.values, "value"),
                references: curve.plotReferences)
        ]
        if velocity {
            let unit = timeLabel == "progress" ? "value per unit progress" : "value units / s"
            panels.append(
                ChartPanel(
                    xLabel: timeLabel, yLabel: "velocity (\(unit))",
                    series: series(samples.velocities, "velocity", breaksAtJumps: true)))
        }
        var side: ChartPanel?
        if let pairs = curve.plotTrajectoryPairs, !pairs.isEmpty {
            let paths = pairs.enumerated().map { k, pair in
                ChartSeries(
                    name: curve.plotComponentName(pair.0).map { String($0.dropLast(2)) } ?? "\(pair.0), \(pair.1)",
                    color: Chart.palette[(curve.plotComponentStyle(pair.0)?.color ?? k) % Chart.palette.count],
                    points: zip(samples.values[pair.0], samples.values[pair.1]).map { ($0, $1) })
            }
            side = ChartPanel(xLabel: "x", yLabel: "y (downward, as on screen)", series: paths, trajectory: true)
        } else if dimension == 2 {
            var trajectory = [
                ChartSeries(
                    name: "trajectory", color: Chart.palette[2],
                    points: zip(samples.values[0], samples.values[1]).map { ($0, $1) })
            ]
            // Where the value is at every twentieth of the curve's own interval (a keyframe
            // track's progress, a spring's settling time): their spacing shows the speed
            // along the path — even for paced keyframes, bunched where the motion slows.
            let domain = curve.defaultDomain
            let ticks = timeTicks(samples.times, from: domain.lowerBound, to: domain.upperBound, count: 20)
            if ticks.count > 2 {
                trajectory.append(
                    ChartSeries(
                        name: "every 5 % of the \(timeLabel == "progress" ? "progress" : "duration")", color: Chart.ink,
                        points: ticks.map { (samples.values[0][$0], samples.values[1][$0]) }, marker: .dot))
            }
            let keys = curve.plotKeyPoints.filter { $0.count == 2 }
            if !keys.isEmpty {
                trajectory.append(
                    ChartSeries(
                        name: "keyframes", color: Chart.palette[1], points: keys.map { ($0[0], $0[1]) }, marker: .square
                    ))
            }
            side = ChartPanel(
                xLabel: "value.0", yLabel: "value.1 (downward, as on screen)", series: trajectory, trajectory: true)
        }
        let range = samples.times.isEmpty ? "" : " · \(samples.times.count) samples"
        return Chart(
            title: curve.plotTitle,
            subtitle: curve.plotSubtitle + range,
            panels: panels, side: side)
    }

    /// The indices of the samples nearest to the `count + 1` evenly spaced times from `lower`
    /// to `upper` that lie within the samples' span (times increasing), without repeats.
    static func timeTicks(_ times: [Double], from lower: Double, to upper: Double, count: Int) -> [Int] {
        guard let first = times.first, let last = times.last, last > first, upper > lower, count > 0 else { return [] }
        var indices: [Int] = []
        var i = 0
        for k in 0...count {
            let target = lower + (upper - lower) * Double(k) / Double(count)
            guard target >= first, target <= last else { continue }
            while i + 1 < times.count, abs(times[i + 1] - target) <= abs(times[i] - target) { i += 1 }
            if indices.last != i { indices.append(i) }
        }
        return indices
    }

    /// Short numbers for titles: four significant digits.
    static func short(_ x: Double) -> String {
        guard x.isFinite else { return x > 0 ? "∞" : "−∞" }
        return NumberText.significant(x, digits: 4)
    }
}

extension SpringSpec: PlotDescribing {
    var plotTitle: String {
        let regime: String
        switch spring.regime {
        case .undamped: regime = "undamped"
        case .underdamped: regime = "underdamped"
        case .criticallyDamped: regime = "critically damped"
        case .overdamped: regime = "overdamped"
        }
        return "Spring · \(regime), ζ = \(CurvePlot.short(spring.dampingRatio))"
    }

    var plotSubtitle: String {
        var parts = [
            "mass \(CurvePlot.short(spring.mass))", "stiffness \(CurvePlot.short(spring.stiffness))",
            "damping \(CurvePlot.short(spring.damping))",
            "SwiftUI duration \(CurvePlot.short(spring.duration)) s, bounce \(CurvePlot.short(spring.bounce))",
        ]
        if initialVelocity != 0 { parts.append("initialVelocity \(CurvePlot.short(initialVelocity))/s") }
        return parts.joined(separator: " · ")
    }

    var plotReferences: [ReferenceLine] {
        var lines: [ReferenceLine] = []
        if dimension == 1 {
            lines.append(
                ReferenceLine(
                    orientation: .horizontal, value: endpoints.to[0],
                    label: "target \(CurvePlot.short(endpoints.to[0]))"))
        }
        let estimate = spring.settlingDuration(initialVelocity: initialVelocity)
        let exact = spring.settlingTime(epsilon: 0.001, initialVelocity: initialVelocity)
        if exact.isFinite {
            lines.append(
                ReferenceLine(
                    orientation: .vertical, value: exact, label: "settled within 0.1 % at \(CurvePlot.short(exact)) s",
                    color: "#009E73", labelRow: 0))
        }
        if estimate.isFinite {
            lines.append(
                ReferenceLine(
                    orientation: .vertical, value: estimate, label: "settlingDuration \(CurvePlot.short(estimate)) s",
                    color: "#6b7280", labelRow: 1))
        }
        return lines
    }

    var plotTimeLabel: String { "time (s)" }
    var plotsPastDefaultDomain: Bool { true }
}
