/// Content with some of its properties held still: what the engine needs to split a path that
/// several properties move into one part per property (or per set moving in step).
///
/// A path that is affine in its driving properties `d₁ … dₙ` together is its value with all of
/// them held at one frame `τ`, plus, for each `dᵢ`, the change it makes alone:
/// `P(d(t)) = P(d(τ)) + Σᵢ [P(dᵢ(t), the others at τ) − P(d(τ))]`. Each term moves with `dᵢ`'s
/// own keyframes and easing, so it is a keyframe animation of its own (the engine adds them as
/// path offsets, ``/Harmonic/PathCoordinates/offsets(to:)``; ``LottiePathDriver``).
extension LottieShape {
    /// This content with every property whose JSON path is a key of `replacements` replaced by
    /// its value there (a property held still, ``LottieProperty/init(holding:at:except:)``); the
    /// rest, and paints, unchanged.
    func replacing(_ replacements: [String: LottieProperty]) -> LottieShape {
        mappingGeometry { replacements[$0.path] ?? $0 }
    }

    /// Every property that shapes this content's paths (geometry, group and repeater
    /// transforms, trims, rounding; not paints), in the file's order.
    var geometryProperties: [LottieProperty] {
        var found: [LottieProperty] = []
        _ = mappingGeometry { p in
            found.append(p)
            return p
        }
        return found
    }

    /// This content with each property that shapes its paths replaced by `map` of it.
    private func mappingGeometry(_ map: (LottieProperty) -> LottieProperty) -> LottieShape {
        func hold(_ p: LottieProperty?) -> LottieProperty? { p.map(map) }
        switch self {
        case let .group(children, transform):
            var t = transform
            for field in LottieTransform.properties { t[keyPath: field] = hold(t[keyPath: field]) }
            return .group(children.map { $0.mappingGeometry(map) }, t)
        case let .geometry(rule):
            return .geometry(rule.mapping(hold))
        case let .trim(trim):
            return .trim(trim.mapping(hold))
        case let .repeated(children, repeater):
            var r = repeater
            for field in LottieRepeater.properties { r[keyPath: field] = hold(r[keyPath: field]) }
            return .repeated(children.map { $0.mappingGeometry(map) }, r)
        case let .roundCorners(rounding):
            return .roundCorners(rounding.mapping(hold))
        case .fill, .stroke, .fixed:
            return self
        }
    }
}

extension LottieTransform {
    /// Every animatable property of a transform.
    static var properties: [WritableKeyPath<LottieTransform, LottieProperty?>] {
        [
            \.anchor, \.position, \.positionX, \.positionY, \.scale, \.rotation, \.opacity, \.skew, \.skewAxis,
            \.rotationX, \.rotationY, \.orientation3D,
        ]
    }
}

extension LottieRepeater {
    /// Every animatable property of a repeater.
    static var properties: [WritableKeyPath<LottieRepeater, LottieProperty?>] {
        [\.copies, \.offset, \.anchor, \.position, \.scale, \.rotation, \.startOpacity, \.endOpacity]
    }
}
