/// A cell's animatable numbers as one list: what an animation of a cell's key path
/// (`emitterCells.NAME.KEY`) changes, and what ``EmitterTimeline`` keeps at its knots.
///
/// Apple marks every numeric `CAEmitterCell` property "Animatable". A particle takes its cell's
/// values as they are at its birth (as it takes the layer's, ``EmitterParameters``): animating
/// `emitterCells.spark.velocity` changes the speed of the sparks born after, never of those
/// already flying. ``drag``, ``emission``, ``contents`` and ``isEnabled`` are not in the list:
/// they hold for the whole emission.
extension EmitterCell {
    /// The animatable keys, Core Animation's names, in the order of ``animatableValues``
    /// (`color` is four numbers, every other key one).
    public static let animatableKeys = [
        "birthRate", "lifetime", "lifetimeRange", "emissionLatitude", "emissionLongitude", "emissionRange",
        "velocity", "velocityRange", "xAcceleration", "yAcceleration", "zAcceleration", "scale", "scaleRange",
        "scaleSpeed", "spin", "spinRange", "color", "redRange", "greenRange", "blueRange", "alphaRange", "redSpeed",
        "greenSpeed", "blueSpeed", "alphaSpeed",
    ]

    /// How many numbers ``animatableValues`` has: 24 keys of one number and `color`'s four.
    public static let animatableCount = 28

    /// How many numbers the animatable key `key` has (4 for `color`, else 1), or nil when it is
    /// not one.
    public static func animatableDimension(of key: String) -> Int? {
        guard animatableKeys.contains(key) else { return nil }
        return key == "color" ? 4 : 1
    }

    /// The numbers of ``animatableKeys``, in order (`color` as red, green, blue, alpha).
    public var animatableValues: [Double] {
        [
            birthRate, lifetime, lifetimeRange, emissionLatitude, emissionLongitude, emissionRange, velocity,
            velocityRange, acceleration.x, acceleration.y, acceleration.z, scale, scaleRange, scaleSpeed, spin,
            spinRange, color.x, color.y, color.z, color.w, colorRange.x, colorRange.y, colorRange.z, colorRange.w,
            colorSpeed.x, colorSpeed.y, colorSpeed.z, colorSpeed.w,
        ]
    }

    /// This cell with its animatable numbers from `v` (``animatableCount`` numbers, in the order
    /// of ``animatableValues``); its name, sub-cells and other properties kept.
    ///
    /// - Precondition: `v` has ``animatableCount`` numbers.
    package func withAnimatableValues<C: Collection<Double>>(_ v: C) -> EmitterCell where C.Index == Int {
        precondition(v.count == Self.animatableCount, "a cell has \(Self.animatableCount) animatable numbers")
        let o = v.startIndex
        var cell = self
        cell.birthRate = v[o]
        cell.lifetime = v[o + 1]
        cell.lifetimeRange = v[o + 2]
        cell.emissionLatitude = v[o + 3]
        cell.emissionLongitude = v[o + 4]
        cell.emissionRange = v[o + 5]
        cell.velocity = v[o + 6]
        cell.velocityRange = v[o + 7]
        cell.acceleration = SIMD3(v[o + 8], v[o + 9], v[o + 10])
        cell.scale = v[o + 11]
        cell.scaleRange = v[o + 12]
        cell.scaleSpeed = v[o + 13]
        cell.spin = v[o + 14]
        cell.spinRange = v[o + 15]
        cell.color = SIMD4(v[o + 16], v[o + 17], v[o + 18], v[o + 19])
        cell.colorRange = SIMD4(v[o + 20], v[o + 21], v[o + 22], v[o + 23])
        cell.colorSpeed = SIMD4(v[o + 24], v[o + 25], v[o + 26], v[o + 27])
        return cell
    }

    /// Every cell of `cells` and their sub-cells with their paths (names joined by `/`, as
    /// ``ParticleSystem/cellPaths`` gives them), depth first.
    public static func flattened(_ cells: [EmitterCell]) -> [(path: String, cell: EmitterCell)] {
        var out: [(String, EmitterCell)] = []
        func visit(_ cell: EmitterCell, _ prefix: String) {
            let path = prefix.isEmpty ? cell.name : prefix + "/" + cell.name
            out.append((path, cell))
            for child in cell.emitterCells { visit(child, path) }
        }
        for cell in cells { visit(cell, "") }
        return out
    }

    /// The key path of the cell at `path` (`fire/spark` → `emitterCells.fire.emitterCells.spark`).
    public static func keyPath(ofCellPath path: String) -> String {
        "emitterCells."
            + path.split(separator: "/", omittingEmptySubsequences: false).joined(separator: ".emitterCells.")
    }
}
