import Foundation
import Harmonic
import HarmonicTestSupport
import Testing

/// `CAValueFunction`: transforms built from interpolated inputs, against the closed forms.
@Suite("Value functions")
struct ValueFunctionTests {
    /// rotateZ from 0 to 2π turns once: half-way the input is π and the transform is the
    /// half-turn diag(−1, −1, 1, 1); interpolating the two end matrices (both the identity)
    /// would stand still.
    @Test func rotateZThroughAWholeTurn() throws {
        let start = try ValueFunction.rotateZ.transform([0]), end = try ValueFunction.rotateZ.transform([2 * Double.pi])
        #expect(maxDifference(start, .identity) <= 1e-15 && maxDifference(end, .identity) <= 1e-15)
        let half = try ValueFunction.rotateZ.transform([Double.pi])
        #expect(maxDifference(half, .scale(x: -1, y: -1)) <= 1e-15)
        #expect(maxDifference(start.interpolated(to: end, fraction: 0.5), .identity) <= 1e-15)
        // A quarter of the way: 90°, x → y.
        let quarter = try ValueFunction.rotateZ.transform([Double.pi / 2]).apply(x: 1, y: 0, z: 0)
        #expect(abs(quarter.x) <= 1e-15 && abs(quarter.y - 1) <= 1e-15)
    }

    /// Each function against its closed form.
    @Test func everyFunctionMatchesItsTransform() throws {
        let angle = 0.7
        #expect(
            try maxDifference(ValueFunction.rotateX.transform([angle]), .rotation(angle: angle, x: 1, y: 0, z: 0)) == 0)
        #expect(
            try maxDifference(ValueFunction.rotateY.transform([angle]), .rotation(angle: angle, x: 0, y: 1, z: 0)) == 0)
        #expect(try ValueFunction.scale.transform([2, 3, 4]) == .scale(x: 2, y: 3, z: 4))
        #expect(try ValueFunction.scaleX.transform([2]) == .scale(x: 2, y: 1))
        #expect(try ValueFunction.scaleY.transform([2]) == .scale(x: 1, y: 2))
        #expect(try ValueFunction.scaleZ.transform([2]) == .scale(x: 1, y: 1, z: 2))
        #expect(try ValueFunction.translate.transform([1, 2, 3]) == .translation(x: 1, y: 2, z: 3))
        #expect(try ValueFunction.translateX.transform([5]) == .translation(x: 5, y: 0))
        #expect(try ValueFunction.translateY.transform([5]) == .translation(x: 0, y: 5))
        #expect(try ValueFunction.translateZ.transform([5]) == .translation(x: 0, y: 0, z: 5))
        for function in ValueFunction.allCases {
            #expect(try function.transform(function.identityInput) == .identity, "\(function)")
        }
        // One factor scales all three axes; two offsets translate in the plane.
        #expect(try ValueFunction.scale.transform([2]) == .scale(x: 2, y: 2, z: 2))
        #expect(try ValueFunction.translate.transform([1, 2]) == .translation(x: 1, y: 2))
        // Scale passes through 0, which no decomposition of the end matrices can.
        #expect(try ValueFunction.scale.transform([0, 0, 1]).apply(x: 3, y: 4, z: 0) == SIMD3(0, 0, 0))
    }

    /// skewX(a) and skewY(a), CSS's shears: (0, 1) → (tan a, 1) and (1, 0) → (1, tan a), the
    /// other axis fixed; their rate is (1 + tan² a)·a′ in that entry, against a central
    /// difference of the transform.
    @Test func skewsShearByTheTangent() throws {
        let a = 0.6
        let x = try ValueFunction.skewX.transform([a]), y = try ValueFunction.skewY.transform([a])
        #expect(x.apply(x: 0, y: 1, z: 0) == SIMD3(tan(a), 1, 0) && x.apply(x: 1, y: 0, z: 0) == SIMD3(1, 0, 0))
        #expect(y.apply(x: 1, y: 0, z: 0) == SIMD3(1, tan(a), 0) && y.apply(x: 0, y: 1, z: 0) == SIMD3(0, 1, 0))
        // As a 2-D affine transform: skewX is c = tan a (x′ = a·x + c·y).
        let flat = try #require(Transform2D(x))
        #expect(flat.c == tan(a) && flat.b == 0)
        for function in [ValueFunction.skewX, .skewY] {
            let h = 1e-6, rate = 0.8
            let (_, dm) = try function.transformWithRate([a], inputRate: [rate])
            let ahead = try function.transform([a + h]), behind = try function.transform([a - h])
            for i in 0..<4 {
                for j in 0..<4 {
                    let difference = (ahead[i, j] - behind[i, j]) / (2 * h) * rate
                    #expect(abs(dm[i, j] - difference) <= 1e-8, "\(function) [\(i), \(j)]")
                }
            }
        }
    }

    /// Wrong counts and non-finite inputs are errors naming the function.
    @Test func badInputIsAnError() {
        #expect(throws: HarmonicError.self) { try ValueFunction.scale.transform([1, 2]) }
        #expect(throws: HarmonicError.self) { try ValueFunction.translate.transform([1]) }
        #expect(throws: HarmonicError.self) { try ValueFunction.rotateZ.transform([.nan]) }
        do {
            _ = try ValueFunction.translate.transform([1])
        } catch {
            #expect("\(error)".contains("valueFunction translate") && "\(error)".contains("2 or 3"))
        }
    }
}

/// `CGAffineTransform`: composition, inversion, the 4×4 form, and decomposition.
@Suite("Affine transforms")
struct Transform2DTests {
    typealias P = SIMD2<Double>

    func close(_ x: Transform2D, _ y: Transform2D, _ tolerance: Double = 1e-14) -> Bool {
        let d = [x.a - y.a, x.b - y.b, x.c - y.c, x.d - y.d, x.tx - y.tx, x.ty - y.ty].map(abs).max()!
        return d <= tolerance
    }

    /// Concatenation applies the receiver first: translate then rotate 90° sends (1, 0) to
    /// (2, 0) then to (0, 2).
    @Test func concatenationOrder() {
        let t = Transform2D.translation(x: 1, y: 0).concatenating(.rotation(Double.pi / 2))
        let p = t.apply(to: P(1, 0))
        #expect(abs(p.x) <= 1e-15 && abs(p.y - 2) <= 1e-15)
        // Rotation by θ: a = d = cos θ, b = sin θ, c = −sin θ (CGAffineTransformMakeRotation).
        let r = Transform2D.rotation(0.3)
        #expect(r.a == cos(0.3) && r.b == sin(0.3) && r.c == -sin(0.3) && r.d == cos(0.3))
    }

    /// The inverse undoes the transform; a collapsed plane has none.
    @Test func inverse() throws {
        let t = Transform2D(a: 2, b: 1, c: -1, d: 3, tx: 5, ty: -7)
        let inverse = try #require(t.inverted)
        #expect(close(t.concatenating(inverse), .identity))
        #expect(Transform2D.scale(x: 0, y: 1).inverted == nil)
    }

    /// The 4×4 form acts the same on points of the plane and round-trips; a 3-D rotation or
    /// perspective is not affine in the plane.
    @Test func toAndFromTransform3D() throws {
        let t = Transform2D(a: 2, b: 1, c: -1, d: 3, tx: 5, ty: -7)
        let q = t.transform3D.apply(x: 4, y: -2, z: 0)
        let p = t.apply(to: P(4, -2))
        #expect(q == SIMD3(p.x, p.y, 0))
        #expect(Transform2D(t.transform3D) == t)
        #expect(Transform2D(.rotation(angle: 0.3, x: 1, y: 0, z: 0)) == nil)
        var perspective = Transform3D.identity
        perspective[2, 3] = -1 / 500
        #expect(Transform2D(perspective) == nil)
        // The layer engine's rotation about z is the affine rotation.
        let rz = try #require(Transform2D(.rotation(angle: 0.3, x: 0, y: 0, z: 1)))
        #expect(close(rz, .rotation(0.3), 1e-16))
    }

    /// Components put back together give the transform; known parts come back out.
    @Test func decomposition() throws {
        let built = Transform2DComponents(translation: P(3, -4), rotation: 0.8, scale: P(2, -0.5), shear: 0.3)
        let parts = try #require(built.transform.components)
        #expect(abs(parts.rotation - 0.8) <= 1e-15 && abs(parts.shear - 0.3) <= 1e-15)
        #expect(abs(parts.scale.x - 2) <= 1e-15 && abs(parts.scale.y + 0.5) <= 1e-15)
        #expect(parts.translation == P(3, -4))
        for t in [
            Transform2D(a: 2, b: 1, c: -1, d: 3, tx: 5, ty: -7), .rotation(-2.5), .scale(x: -1, y: 2),
            Transform2D(a: 1, b: 0, c: 0.5, d: 1, tx: 0, ty: 0),
        ] {
            #expect(close(try #require(t.components).transform, t))
        }
        #expect(Transform2D.scale(x: 0, y: 0).components == nil)
    }

    /// Half-way from the identity to a rotation by 170° (the short way) is a rotation by 85°,
    /// not a shrunken matrix; half-way to −170° is −85°, and across ±π the shorter way is taken.
    @Test func interpolationKeepsRotations() {
        let to = Transform2D.rotation(170 * Double.pi / 180)
        #expect(close(Transform2D.identity.interpolated(to: to, fraction: 0.5), .rotation(85 * Double.pi / 180)))
        let from = Transform2D.rotation(170 * Double.pi / 180), across = Transform2D.rotation(-170 * Double.pi / 180)
        #expect(close(from.interpolated(to: across, fraction: 0.5), .rotation(Double.pi)))
        let scaled = Transform2D.scale(x: 1, y: 1).interpolated(to: .scale(x: 3, y: 5), fraction: 0.25)
        #expect(close(scaled, .scale(x: 1.5, y: 2)))
    }
}
