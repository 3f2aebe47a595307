/// One line of a chart, in data coordinates, or a set of marked points.
struct ChartSeries {
    enum Marker { case dot, square }
    var name: String
    var color: String
    var points: [(x: Double, y: Double)]
    var dashed = false
    /// Draws each point as this marker instead of a line through the points.
    var marker: Marker? = nil
    /// Leaves a gap at a jump instead of a vertical connector: for velocities, which jump
    /// where a keyframe track turns a corner or a step falls (the jump is not motion).
    var breaksAtJumps = false

    /// The points as runs to draw as separate lines: one run, or, with ``breaksAtJumps``, a
    /// new run after every isolated jump — a step between neighbours above a fifth of the
    /// series' range and eight times the steps on either side of it, which a smooth curve
    /// sampled finely enough to plot never takes.
    var lineRuns: [ArraySlice<(x: Double, y: Double)>] {
        guard breaksAtJumps, points.count > 2 else { return [points[...]] }
        let ys = points.map(\.y)
        let range = (ys.max() ?? 0) - (ys.min() ?? 0)
        guard range > 0 else { return [points[...]] }
        func step(_ i: Int) -> Double { i >= 0 && i + 1 < ys.count ? abs(ys[i + 1] - ys[i]) : 0 }
        var runs: [ArraySlice<(x: Double, y: Double)>] = []
        var start = 0
        for i in 0..<(ys.count - 1) {
            let jump = step(i)
            if jump > 0.2 * range, jump > 8 * Swift.max(step(i - 1), step(i + 1)) {
                runs.append(points[start...i])
                start = i + 1
            }
        }
        runs.append(points[start...])
        return runs
    }
}

/// A labelled reference line across a panel: a target value, a settling time.
struct ReferenceLine {
    enum Orientation { case horizontal, vertical }
    var orientation: Orientation
    var value: Double
    var label: String
    var color = "#6b7280"
    /// For vertical lines: which row of labels (0 at the top), so neighbours do not overlap.
    var labelRow = 0
}

/// One set of axes with its series.
struct ChartPanel {
    var xLabel: String
    var yLabel: String
    var series: [ChartSeries]
    var references: [ReferenceLine] = []
    /// Equal units on both axes (a 2-D trajectory), with start and end markers.
    var trajectory = false
}

/// A titled figure: panels sharing the time axis stacked on the left, an optional trajectory
/// panel on the right. Rendered as a self-contained SVG.
///
/// Design choices, for charts that read well in a review: a quiet frame (light grid, no box),
/// tick labels at nice numbers, the series in a colour-blind-safe palette (Okabe and Ito),
/// a legend inside each panel, reference lines dashed and labelled where they are, and lines
/// simplified to a fifth of a pixel so that a million samples still make a small file.
struct Chart {
    var title: String
    var subtitle: String
    var panels: [ChartPanel]
    var side: ChartPanel?

    /// Okabe–Ito colours (blue, vermillion, bluish green, reddish purple, orange, sky blue).
    static let palette = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9"]
    /// The most lines a legend lists.
    static let legendLines = 12

    static let font = "Inter, 'Helvetica Neue', Helvetica, Arial, sans-serif"
    static let ink = "#111827"
    static let muted = "#6b7280"
    static let grid = "#e5e7eb"
    static let axis = "#9ca3af"

    /// The figure's size in SVG units: 900 wide (1,380 with a trajectory panel), 540 high
    /// (760 with a velocity panel).
    var width: Double { Self.leftWidth + (side == nil ? 0 : 480) }
    var height: Double { panels.count > 1 ? 760 : 540 }
    static let leftWidth = 900.0

    /// The most markers one series draws (every k-th beyond it).
    static let maximumMarkers = 2_000

    func render() -> String {
        let leftWidth = Self.leftWidth, sideWidth = width - leftWidth
        let header = 84.0
        var svg = SVGDocument(width: width, height: height)
        svg.rect(x: 0, y: 0, width: width, height: height, ["fill": "#ffffff"])
        svg.beginGroup(["font-family": Self.font, "fill": Self.ink])
        svg.text(title, x: 32, y: 40, ["font-size": "22", "font-weight": "600"])
        svg.text(subtitle, x: 32, y: 64, ["font-size": "13", "fill": Self.muted])

        // Stacked time panels: the first (values) gets the larger share.
        let available = height - header - 8
        let shares: [Double] =
            panels.count == 1
            ? [1] : [0.58] + Array(repeating: 0.42 / Double(panels.count - 1), count: panels.count - 1)
        var top = header
        for (panel, share) in zip(panels, shares) {
            let box = (x: 86.0, y: top + 14, width: leftWidth - 86 - 28, height: available * share - 14 - 52)
            draw(panel, in: box, on: &svg)
            top += available * share
        }
        if let side {
            let size = Swift.min(sideWidth - 86 - 32, available - 14 - 52)
            let box = (x: leftWidth + 86 - 16, y: header + 14, width: size, height: size)
            draw(side, in: box, on: &svg)
        }
        svg.endGroup()
        return svg.text
    }

    typealias Box = (x: Double, y: Double, width: Double, height: Double)

    private func draw(_ panel: ChartPanel, in box: Box, on svg: inout SVGDocument) {
        let all = panel.series.flatMap(\.points)
        var xs = all.map(\.x), ys = all.map(\.y)
        for reference in panel.references {
            if reference.orientation == .horizontal { ys.append(reference.value) } else { xs.append(reference.value) }
        }
        var xScale = NiceScale(xs.min() ?? 0, xs.max() ?? 1, target: panel.trajectory ? 5 : 8, tight: !panel.trajectory)
        var yScale = NiceScale(ys.min() ?? 0, ys.max() ?? 1, target: 5)
        if !panel.trajectory, let yLow = ys.min(), let yHigh = ys.max() {
            // Headroom: data within 2 % of the range from a bound (an overdamped spring ending
            // on its target) would run along the frame, its label outside it; that bound
            // moves out one step, the ticks inside stay.
            let margin = 0.02 * (yScale.upper - yScale.lower)
            yScale = yScale.extended(below: yLow < yScale.lower + margin, above: yHigh > yScale.upper - margin)
        }
        var plot = box
        if panel.trajectory {
            // Equal units: widen the narrower range about its centre.
            let unitsPerPixel = Swift.max(
                (xScale.upper - xScale.lower) / box.width, (yScale.upper - yScale.lower) / box.height)
            let xMid = (xScale.lower + xScale.upper) / 2, yMid = (yScale.lower + yScale.upper) / 2
            xScale = NiceScale(xMid - unitsPerPixel * box.width / 2, xMid + unitsPerPixel * box.width / 2, target: 5)
            yScale = NiceScale(yMid - unitsPerPixel * box.height / 2, yMid + unitsPerPixel * box.height / 2, target: 5)
            let unit = Swift.max((xScale.upper - xScale.lower) / box.width, (yScale.upper - yScale.lower) / box.height)
            plot.width = (xScale.upper - xScale.lower) / unit
            plot.height = (yScale.upper - yScale.lower) / unit
            plot.x = box.x + (box.width - plot.width) / 2
            plot.y = box.y + (box.height - plot.height) / 2
        }
        let px = { (x: Double) in plot.x + (x - xScale.lower) / (xScale.upper - xScale.lower) * plot.width }
        // SVG's y axis points down; trajectories keep it (screen coordinates, as Core
        // Animation's positions are), time plots put larger values up.
        let py = { (y: Double) in
            panel.trajectory
                ? plot.y + (y - yScale.lower) / (yScale.upper - yScale.lower) * plot.height
                : plot.y + plot.height - (y - yScale.lower) / (yScale.upper - yScale.lower) * plot.height
        }

        // Grid and tick labels.
        for tick in yScale.ticks {
            let y = py(tick)
            svg.line(
                plot.x, y, plot.x + plot.width, y, ["stroke": tick == 0 ? Self.axis : Self.grid, "stroke-width": "1"])
            svg.text(
                yScale.label(tick), x: plot.x - 10, y: y + 4,
                ["font-size": "12", "fill": Self.muted, "text-anchor": "end"])
        }
        for tick in xScale.ticks {
            let x = px(tick)
            svg.line(
                x, plot.y, x, plot.y + plot.height,
                ["stroke": tick == 0 && panel.trajectory ? Self.axis : Self.grid, "stroke-width": "1"])
            svg.text(
                xScale.label(tick), x: x, y: plot.y + plot.height + 20,
                ["font-size": "12", "fill": Self.muted, "text-anchor": "middle"])
        }
        svg.line(
            plot.x, plot.y + plot.height, plot.x + plot.width, plot.y + plot.height,
            ["stroke": Self.axis, "stroke-width": "1"])
        svg.text(
            panel.xLabel, x: plot.x + plot.width / 2, y: plot.y + plot.height + 42,
            ["font-size": "13", "fill": Self.ink, "text-anchor": "middle"])
        let labelX = plot.x - 58, labelY = plot.y + plot.height / 2
        svg.text(
            panel.yLabel, x: labelX, y: labelY,
            [
                "font-size": "13", "fill": Self.ink, "text-anchor": "middle",
                "transform": "rotate(-90 \(SVGDocument.number(labelX)) \(SVGDocument.number(labelY)))",
            ])

        // Reference lines, labelled at their ends.
        for reference in panel.references {
            switch reference.orientation {
            case .horizontal:
                let y = py(reference.value)
                svg.line(
                    plot.x, y, plot.x + plot.width, y,
                    ["stroke": reference.color, "stroke-width": "1.25", "stroke-dasharray": "5 4"])
                svg.text(
                    reference.label, x: plot.x + plot.width - 4, y: y - 6,
                    ["font-size": "12", "fill": reference.color, "text-anchor": "end"], halo: true)
            case .vertical:
                let x = px(reference.value)
                svg.line(
                    x, plot.y, x, plot.y + plot.height,
                    ["stroke": reference.color, "stroke-width": "1.25", "stroke-dasharray": "5 4"])
                let anchorEnd = x > plot.x + plot.width * 0.7
                svg.text(
                    reference.label, x: anchorEnd ? x - 6 : x + 6, y: plot.y + 16 + Double(reference.labelRow) * 17,
                    ["font-size": "12", "fill": reference.color, "text-anchor": anchorEnd ? "end" : "start"], halo: true
                )
            }
        }

        // Series: lines first, markers on top.
        for series in panel.series where series.marker == nil {
            let runs = series.lineRuns.map {
                PolylineSimplification.simplify($0.map { (px($0.x), py($0.y)) }, tolerance: 0.2)
            }
            for pixels in PolylineSimplification.thin(runs) {
                svg.polyline(
                    pixels,
                    [
                        "stroke": series.color, "stroke-width": "2.5", "stroke-linejoin": "round",
                        "stroke-linecap": "round", "stroke-dasharray": series.dashed ? "7 5" : "none",
                    ])
            }
        }
        for series in panel.series {
            guard let marker = series.marker else { continue }
            // Markers beyond a few thousand cover each other: every k-th is drawn.
            let every = (series.points.count + Self.maximumMarkers - 1) / Self.maximumMarkers
            // Int: a stride over marker indices (counts).
            for point in Swift.stride(from: 0, to: series.points.count, by: Swift.max(every, 1)).map({
                series.points[$0]
            }) {
                Self.mark(marker, at: px(point.x), py(point.y), color: series.color, on: &svg)
            }
        }
        // Start and end of a trajectory on top of everything.
        for series in panel.series where series.marker == nil && panel.trajectory {
            if let first = series.points.first, let last = series.points.last {
                svg.circle(
                    px(first.x), py(first.y), r: 5, ["fill": "#ffffff", "stroke": series.color, "stroke-width": "2"])
                svg.circle(px(last.x), py(last.y), r: 5, ["fill": series.color])
            }
        }

        // Legend, top left of the plot area on a white card.
        let lines = panel.series.filter { $0.marker == nil }, marked = panel.series.filter { $0.marker != nil }
        // A legend of many lines (a network's nodes) lists the first ones and counts the rest.
        let listed = lines.count > Self.legendLines ? Array(lines.prefix(Self.legendLines - 1)) : lines
        let more: [(String, String, Bool, ChartSeries.Marker?)] =
            lines.count > listed.count ? [("… \(lines.count - listed.count) more", "#ffffff", false, nil)] : []
        let entries: [(String, String, Bool, ChartSeries.Marker?)] =
            listed.map { ($0.name, $0.color, $0.dashed, nil) } + more
            + (panel.trajectory && !lines.isEmpty ? [("start", "", false, nil), ("end", "", false, nil)] : [])
            + marked.map { ($0.name, $0.color, false, $0.marker) }
        guard !entries.isEmpty else { return }
        let longest = entries.map { Double($0.0.count) }.max() ?? 0
        let cardWidth = 44 + longest * 7.2
        let cardHeight = Double(entries.count) * 20 + 10
        // The corner whose card covers the fewest drawn points.
        let pixelsDrawn = panel.series.flatMap { $0.points.map { (px($0.x), py($0.y)) } }
        let corners = [
            (plot.x + 12, plot.y + 10), (plot.x + plot.width - 12 - cardWidth, plot.y + 10),
            (plot.x + 12, plot.y + plot.height - 10 - cardHeight),
            (plot.x + plot.width - 12 - cardWidth, plot.y + plot.height - 10 - cardHeight),
        ]
        let stride = Swift.max(1, pixelsDrawn.count / 2000)
        func covered(_ corner: (Double, Double)) -> Int {
            var n = 0
            // Int: a stride over pixel indices (counts).
            for i in Swift.stride(from: 0, to: pixelsDrawn.count, by: stride) {
                let (x, y) = pixelsDrawn[i]
                if x >= corner.0 - 6, x <= corner.0 + cardWidth + 6, y >= corner.1 - 6, y <= corner.1 + cardHeight + 6 {
                    n += 1
                }
            }
            return n
        }
        let (cardX, cardY) = corners.min { covered($0) < covered($1) } ?? corners[0]
        svg.rect(
            x: cardX, y: cardY, width: cardWidth, height: cardHeight,
            ["fill": "#ffffff", "fill-opacity": "0.92", "stroke": Self.grid, "rx": "6"])
        for (i, entry) in entries.enumerated() {
            let y = cardY + 15 + Double(i) * 20
            let color = entry.1.isEmpty ? (lines.first?.color ?? Self.ink) : entry.1
            if let marker = entry.3 {
                Self.mark(marker, at: cardX + 22, y, color: color, on: &svg)
            } else if entry.0 == "start" && entry.1.isEmpty {
                svg.circle(cardX + 22, y, r: 4.5, ["fill": "#ffffff", "stroke": color, "stroke-width": "2"])
            } else if entry.0 == "end" && entry.1.isEmpty {
                svg.circle(cardX + 22, y, r: 4.5, ["fill": color])
            } else {
                svg.line(
                    cardX + 10, y, cardX + 34, y,
                    [
                        "stroke": color, "stroke-width": "2.5", "stroke-linecap": "round",
                        "stroke-dasharray": entry.2 ? "7 5" : "none",
                    ])
            }
            svg.text(entry.0, x: cardX + 42, y: y + 4, ["font-size": "12", "fill": Self.ink])
        }
    }

    /// A point marker: a small filled dot (time ticks along a trajectory), or a hollow square
    /// (keyframes), both with a white outline so they stay visible on the line.
    private static func mark(
        _ marker: ChartSeries.Marker, at x: Double, _ y: Double, color: String, on svg: inout SVGDocument
    ) {
        switch marker {
        case .dot:
            svg.circle(x, y, r: 3, ["fill": color, "stroke": "#ffffff", "stroke-width": "1"])
        case .square:
            svg.rect(
                x: x - 5, y: y - 5, width: 10, height: 10,
                ["fill": "#ffffff", "fill-opacity": "0.85", "stroke": color, "stroke-width": "2"])
        }
    }
}

/// Drops polyline vertices that lie within `tolerance` pixels of the line through their
/// neighbours' kept chain: a fan (cone-intersection) pass, O(n), the drawn line moves by at
/// most `tolerance` pixels.
///
/// A series that still has more than ``maximumVertices`` in all (a 2-D path of thousands of
/// segments scribbling over the same pixels, an angle that wraps thousands of times) is
/// thinned (``thin(_:)``): a picture no one could read vertex by vertex, drawn in bounded time.
/// librsvg's cost grows faster than the vertex count on such scribbles: the PNG of a
/// 20,000-segment random path took 400 s with every vertex, 49 s with 20,000 per series and
/// 4.7 s with 4,000.
enum PolylineSimplification {
    /// The most vertices one series draws.
    static let maximumVertices = 4_000

    static func simplify(_ points: [(Double, Double)], tolerance: Double) -> [(Double, Double)] {
        fanSimplify(columnExtremes(points), tolerance: tolerance)
    }

    /// The runs of one series within ``maximumVertices`` in all: unchanged if they fit; else
    /// every m-th run is kept (when there are more runs than half the budget), and of each
    /// kept run every k-th vertex and its last, with k and m the smallest that fit.
    static func thin(_ runs: [[(Double, Double)]]) -> [[(Double, Double)]] {
        let total = runs.reduce(0) { $0 + $1.count }
        guard total > maximumVertices else { return runs }
        let everyRun = (2 * runs.count + maximumVertices - 1) / maximumVertices
        // Int: a stride over run indices (counts).
        let kept = Swift.stride(from: 0, to: runs.count, by: Swift.max(everyRun, 1)).map { runs[$0] }
        let keptTotal = kept.reduce(0) { $0 + $1.count }
        // Each run keeps its last vertex too: budget what remains after those.
        let room = Swift.max(maximumVertices - kept.count, kept.count)
        let every = Swift.max((keptTotal + room - 1) / room, 1)
        return kept.map { run in
            guard run.count > 2, every > 1 else { return run }
            // Int: a stride over vertex indices (counts).
            var thinned = Swift.stride(from: 0, to: run.count - 1, by: every).map { run[$0] }
            thinned.append(run[run.count - 1])
            return thinned
        }
    }

    private static func fanSimplify(_ points: [(Double, Double)], tolerance: Double) -> [(Double, Double)] {
        guard points.count > 2 else { return points }
        var kept = [points[0]]
        var anchor = points[0]
        var i = 1
        while i < points.count {
            // Grow a segment from the anchor while every skipped point stays within tolerance
            // of the chord from the anchor to the candidate end.
            var end = i
            var j = i + 1
            while j < points.count {
                let (ax, ay) = anchor, (bx, by) = points[j]
                let dx = bx - ax, dy = by - ay
                let length = (dx * dx + dy * dy).squareRoot()
                var fits = true
                if length > 0 {
                    for k in i..<j {
                        let (qx, qy) = points[k]
                        // Distance to the segment (not the infinite line), so back-tracking
                        // wiggles are kept.
                        let u = ((qx - ax) * dx + (qy - ay) * dy) / (length * length)
                        let cu = Swift.min(Swift.max(u, 0), 1)
                        let ex = ax + cu * dx - qx, ey = ay + cu * dy - qy
                        if ex * ex + ey * ey > tolerance * tolerance { fits = false; break }
                    }
                } else {
                    fits = false
                }
                if !fits || j - i > 256 { break }
                end = j
                j += 1
            }
            kept.append(points[end])
            anchor = points[end]
            i = end + 1
        }
        return kept
    }

    /// For dense runs of points moving left to right, keeps per pixel column only the first,
    /// lowest, highest and last point (in their order): what a rasteriser could draw from
    /// that column anyway ("M4" aggregation, Jugel et al., VLDB 2014). Other input is returned
    /// unchanged.
    static func columnExtremes(_ points: [(Double, Double)]) -> [(Double, Double)] {
        guard points.count > 4096, zip(points, points.dropFirst()).allSatisfy({ $0.0 <= $1.0 }) else { return points }
        var out: [(Double, Double)] = []
        var start = 0
        while start < points.count {
            let column = points[start].0.rounded(.down)
            var end = start
            var low = start, high = start
            while end + 1 < points.count, points[end + 1].0.rounded(.down) == column {
                end += 1
                if points[end].1 < points[low].1 { low = end }
                if points[end].1 > points[high].1 { high = end }
            }
            for index in Set([start, low, high, end]).sorted() { out.append(points[index]) }
            start = end + 1
        }
        return out
    }
}
