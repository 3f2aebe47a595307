import Foundation
import HarmonicTestSupport
import Testing
@testable import Harmonic

@Suite struct TransformTests {
    @Test func rotationFollowsCoreAnimationConventions() {
        // CATransform3DMakeRotation(a, 0, 0, 1): m11 = cos a, m12 = sin a, m21 = −sin a.
        let a = 0.7
        let z = Transform3D.rotation(angle: a, x: 0, y: 0, z: 1)
        #expect(z[0, 0] == cos(a) && z[0, 1] == sin(a) && z[1, 0] == -sin(a) && z[1, 1] == cos(a))
        // The x axis maps to (cos a, sin a): counter-clockwise in y-up coordinates.
        let p = z.apply(x: 1, y: 0, z: 0)
        #expect(isClose(p.x, cos(a), relative: 1e-15, scale: 1) && isClose(p.y, sin(a), relative: 1e-15, scale: 1))
        // Translation is in the fourth row; concatenation applies the left operand first.
        let moved = Transform3D.scale(x: 2, y: 2).concatenating(.translation(x: 10, y: 0))
        let q = moved.apply(x: 1, y: 1, z: 0)
        #expect(q == SIMD3(12, 2, 0))
        #expect(Transform3D.rotation(angle: 1, x: 0, y: 0, z: 0) == .identity)
    }

    @Test func decompositionRecomposesRandomTransforms() {
        var rng = Lehmer(state: 42)
        var worst = 0.0
        for _ in 0..<2000 {
            let c = TransformComponents(
                translation: SIMD3(rng.uniform(-100, 100), rng.uniform(-100, 100), rng.uniform(-100, 100)),
                scale: SIMD3(rng.uniform(0.1, 3), rng.uniform(0.1, 3), rng.uniform(-3, -0.1)),
                skew: SIMD3(rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1)),
                perspective: SIMD4(rng.uniform(-0.01, 0.01), rng.uniform(-0.01, 0.01), rng.uniform(-0.01, 0.01), 1),
                rotation: SIMD3(rng.uniform(-3, 3), rng.uniform(-1.5, 1.5), rng.uniform(-3, 3)))
            // Decomposition normalises by m44 (a homogeneous matrix and its multiples are the
            // same transform), so compare with the normalised matrix.
            let m = Transform3D(storage: c.transform.storage / c.transform[3, 3])
            guard let d = m.decomposed else {
                Issue.record("not decomposable: \(m)")
                return
            }
            worst = max(worst, maxDifference(d.transform, m) / max(1, (0..<16).map { abs(m.storage[$0]) }.max() ?? 1))
        }
        #expect(worst < 1e-12)
    }

    @Test func decompositionReadsBackThePieces() throws {
        let c = TransformComponents(
            translation: SIMD3(3, -4, 5), scale: SIMD3(2, 0.5, 1.5), rotation: SIMD3(0.3, -0.2, 2.5))
        let d = try #require(c.transform.decomposed)
        #expect(max(abs(d.rotation.x - 0.3), abs(d.rotation.y + 0.2), abs(d.rotation.z - 2.5)) < 1e-13)
        #expect(max(abs(d.scale.x - 2), abs(d.scale.y - 0.5), abs(d.scale.z - 1.5)) < 1e-13)
        #expect(d.translation == SIMD3(3, -4, 5))
        #expect(max(abs(d.skew.x), abs(d.skew.y), abs(d.skew.z)) < 1e-13)
    }

    @Test func zeroScaleStillDecomposes() throws {
        // transform.scale from 0 must work: a layer scaled to 0 keeps its rotation readable as 0.
        let m = Transform3D.scale(x: 0, y: 0, z: 0).concatenating(.translation(x: 5, y: 6))
        let d = try #require(m.decomposed)
        #expect(d.scale == .zero && d.translation == SIMD3(5, 6, 0))
        #expect(maxDifference(d.transform, m) == 0)
        let flat = try #require(Transform3D.scale(x: 2, y: 0, z: 1).decomposed)
        #expect(flat.scale == SIMD3(2, 0, 1) && flat.rotation == .zero)
        #expect(Transform3D(storage: .zero).decomposed == nil)  // m44 = 0
    }

    /// A row of scale 0 has a free direction; the decomposition gives it the one that keeps the
    /// rotation the other rows carry, so that a `transform.scale` animation from 0 (a pop-in)
    /// turns nothing: (0, 0, 1) and (0, 0, 0) read as no rotation, and a layer turned 30° about
    /// z then flattened along x still reads as 30° about z.
    @Test func aZeroScaleKeepsTheRotationOfTheOtherRows() throws {
        for m in [Transform3D.scale(x: 0, y: 0, z: 1), .scale(x: 0, y: 0, z: 0), .scale(x: 0, y: 3, z: 1)] {
            let d = try #require(m.decomposed)
            #expect(d.rotation == .zero, "\(m)")
            #expect(maxDifference(d.transform, m) == 0)
        }
        let angle = 30 * Double.pi / 180
        let turned = Transform3D.scale(x: 0, y: 2, z: 1).concatenating(.rotation(angle: angle, x: 0, y: 0, z: 1))
        let d = try #require(turned.decomposed)
        #expect(abs(d.rotation.z - angle) < 1e-15 && abs(d.rotation.x) < 1e-15 && abs(d.rotation.y) < 1e-15)
        #expect(d.scale == SIMD3(0, 2, 1))
        #expect(maxDifference(d.transform, turned) < 1e-15)
    }

    @Test func interpolationKeepsRotationsRigid() {
        // Half-way between +80° and −80° about z is the identity rotation (shortest arc), not
        // the element-wise average (a squashed matrix).
        let a = Transform3D.rotation(angle: 80 * .pi / 180, x: 0, y: 0, z: 1)
        let b = Transform3D.rotation(angle: -80 * .pi / 180, x: 0, y: 0, z: 1)
        #expect(maxDifference(a.interpolated(to: b, fraction: 0.5), .identity) < 1e-14)
        // A quarter of the way from 0 to 120° about an arbitrary axis is 30° about that axis.
        let axis = (1.0, 2.0, 2.0)
        let full = Transform3D.rotation(angle: 2 * .pi / 3, x: axis.0, y: axis.1, z: axis.2)
        let quarter = Transform3D.identity.interpolated(to: full, fraction: 0.25)
        #expect(maxDifference(quarter, .rotation(angle: .pi / 6, x: axis.0, y: axis.1, z: axis.2)) < 1e-14)
        // Translation and scale interpolate linearly.
        let s = Transform3D.scale(x: 1, y: 1).interpolated(
            to: .scale(x: 3, y: 5).concatenating(.translation(x: 10, y: 0)), fraction: 0.5)
        #expect(maxDifference(s, Transform3D.scale(x: 2, y: 3).concatenating(.translation(x: 5, y: 0))) < 1e-14)
    }

    @Test func inverse() throws {
        let c = TransformComponents(translation: SIMD3(1, 2, 3), scale: SIMD3(2, 3, 4), rotation: SIMD3(0.1, 0.2, 0.3))
        let m = c.transform
        let inverse = try #require(m.inverted)
        #expect(maxDifference(m.concatenating(inverse), .identity) < 1e-14)
        #expect(Transform3D.scale(x: 0, y: 1).inverted == nil)
    }
}
