import Benchmark
import Harmonic
import HarmonicEngine
import HarmonicRender

/// The layer tree's per-frame cost: 1,000 layers (10 roots with perspective, each with 9
/// children turned about y, each with 10 grandchildren; 1,000 in all) whose positions move on
/// repeating animations. A frame is `advance(to:)` followed by every layer's world transform
/// from presentation values (``AnimationEngine/worldTransforms(source:)``), as a renderer
/// needs them; "and a hit test" adds one hit test at the centre on presentation values.
func layerTreeBenchmarks() {
    let config = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal], warmupIterations: 3, scalingFactor: .one,
        maxDuration: .seconds(5))
    for hit in [false, true] {
        Benchmark(
            "Layer tree: 1000 layers, frame + world transforms" + (hit ? " + a hit test" : ""),
            configuration: config
        ) { benchmark in
            guard let engine = try? layerTree() else { return }
            // The first frame outside the measurement: it builds the frame plan and gives the
            // geometry properties not set at creation their slots.
            _ = try? engine.advance(to: 1.0 / 60)
            _ = try? engine.worldTransforms(source: .presentation)
            benchmark.startMeasurement()
            blackHole(try? engine.advance(to: 2.0 / 60))
            blackHole(try? engine.worldTransforms(source: .presentation))
            if hit { blackHole(try? engine.hitTest(SIMD2(500, 500), source: .presentation)) }
            benchmark.stopMeasurement()
        }
    }
    // The frame renderer on the same tree, every layer painted: the SVG of one frame. With
    // perspective every layer's rectangle is projected; without, it is written with an affine
    // matrix.
    for perspective in [false, true] {
        Benchmark(
            "Frame renderer: 1000 layers to SVG, " + (perspective ? "perspective" : "affine"), configuration: config
        ) { benchmark in
            guard let engine = try? layerTree(perspective: perspective, painted: true) else { return }
            _ = try? engine.advance(to: 1.0 / 60)
            _ = try? FrameRenderer().render(engine)
            benchmark.startMeasurement()
            blackHole(try? engine.advance(to: 2.0 / 60))
            blackHole(try? FrameRenderer().render(engine))
            benchmark.stopMeasurement()
        }
    }
}

/// The tree of ``layerTreeBenchmarks()``.
private func layerTree(perspective hasPerspective: Bool = true, painted: Bool = false) throws -> AnimationEngine {
    let engine = try AnimationEngine()
    var perspective = Transform3D.identity
    if hasPerspective { perspective.storage[11] = -1.0 / 800 }
    let timing = try MediaTiming(duration: 2, repeatCount: .infinity, autoreverses: true)
    var count = 0
    func animate(_ layer: LayerID) throws {
        try engine.add(
            BasicAnimation(keyPath: "position.x", by: Double(count % 7 + 1) * 3, timing: timing),
            forKey: "drift", to: layer)
    }
    for r in 0..<10 {
        let root = try engine.makeLayer(
            named: "root\(r)",
            values: [
                "bounds": [0, 0, 1000, 1000], "position": [500, 500],
                "sublayerTransform": AnimatableVector(perspective.components),
            ])
        count += 1
        for c in 0..<9 {
            let turn = Transform3D.rotation(
                angle: 0.1 * Double(c), x: 0, y: hasPerspective ? 1 : 0, z: hasPerspective ? 0 : 1)
            let child = try engine.makeLayer(
                named: "child\(r).\(c)", parent: root,
                values: [
                    "bounds": [0, 0, 300, 300], "position": [Double(100 * c + 150), 500],
                    "transform": AnimatableVector(turn.components),
                ])
            count += 1
            try animate(child)
            for g in 0..<10 {
                let leaf = try engine.makeLayer(
                    named: "leaf\(r).\(c).\(g)", parent: child,
                    values: [
                        "bounds": [0, 0, 20, 20], "position": [Double(30 * g + 15), 150], "zPosition": [Double(g)],
                    ])
                count += 1
                try animate(leaf)
            }
        }
    }
    // 10 + 90 + 900 = 1,000 layers.
    precondition(count == 1_000)
    if painted {
        try engine.begin(TransactionSettings(disableActions: true))
        var pending = try engine.sublayers(of: nil)
        var i = 0
        while let layer = pending.popLast() {
            let shade = Double(i % 10) / 10
            try engine.setValue([shade, 0.4, 1 - shade, 1], forKeyPath: "backgroundColor", of: layer)
            pending += try engine.sublayers(of: layer)
            i += 1
        }
        try engine.commit()
    }
    return engine
}
