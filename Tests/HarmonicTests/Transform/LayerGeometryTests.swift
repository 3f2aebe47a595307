import Foundation
import Harmonic
import Testing

@Suite struct LayerGeometryTests {
    /// A 100 × 50 layer at (200, 100) rotated by θ about its centre: its frame is the box of
    /// the rotated rectangle, `100·|cos θ| + 50·|sin θ|` wide and `100·|sin θ| + 50·|cos θ|`
    /// high, centred on the position.
    @Test(arguments: [0.0, Double.pi / 6, Double.pi / 2, 2.0])
    func frameOfARotatedLayer(theta: Double) {
        let layer = LayerGeometry(
            bounds: .init(x: 0, y: 0, width: 100, height: 50), position: SIMD2(200, 100),
            transform: .rotation(angle: theta, x: 0, y: 0, z: 1))
        let frame = layer.frame
        let w = 100 * abs(cos(theta)) + 50 * abs(sin(theta)), h = 100 * abs(sin(theta)) + 50 * abs(cos(theta))
        #expect(abs(frame.size.x - w) <= 1e-12 && abs(frame.size.y - h) <= 1e-12)
        #expect(abs(frame.origin.x - (200 - w / 2)) <= 1e-12 && abs(frame.origin.y - (100 - h / 2)) <= 1e-12)
    }

    /// Identity transform: origin = position − anchorPoint·size, for any bounds origin; setting
    /// the frame moves the anchor to origin + anchorPoint·size and takes the size.
    @Test func frameWithoutTransformAndSettingIt() {
        var layer = LayerGeometry(
            bounds: .init(x: 7, y: -3, width: 80, height: 40), position: SIMD2(10, 20), anchorPoint: SIMD2(0.25, 1))
        #expect(layer.frame == .init(x: -10, y: -20, width: 80, height: 40))
        layer.setFrame(.init(x: 100, y: 200, width: 60, height: 30))
        #expect(layer.position == SIMD2(115, 230) && layer.bounds.size == SIMD2(60, 30))
        #expect(layer.frame == .init(x: 100, y: 200, width: 60, height: 30))
    }

    /// A child turned by θ about y under a parent whose sublayerTransform has perspective
    /// m34 = −1/d (parent 200 × 200, child 100 × 100 centred in it). A point (u, v) of the
    /// child lands at x = 100 + (u − 50)·cos θ / w, y = 100 + (v − 50) / w with
    /// w = 1 + (u − 50)·sin θ / d (Core Animation's rotation about y sends x to −x·sin θ in z).
    @Test func perspectiveMappingAndItsInverse() throws {
        let d = 500.0, theta = 0.7
        var perspective = Transform3D.identity
        perspective.storage[11] = -1 / d
        let parent = LayerGeometry(
            bounds: .init(x: 0, y: 0, width: 200, height: 200), position: SIMD2(100, 100),
            sublayerTransform: perspective)
        let child = LayerGeometry(
            bounds: .init(x: 0, y: 0, width: 100, height: 100), position: SIMD2(100, 100),
            transform: .rotation(angle: theta, x: 0, y: 1, z: 0))
        let toParent = child.toSuperlayer(parent)
        for (u, v) in [(0.0, 0.0), (100, 0), (30, 80), (50, 50), (95, 12)] {
            let w = 1 + (u - 50) * sin(theta) / d
            let p = toParent.apply(x: u, y: v, z: 0)
            #expect(abs(p.x - (100 + (u - 50) * cos(theta) / w)) <= 1e-12)
            #expect(abs(p.y - (100 + (v - 50) / w)) <= 1e-12)
            let back = try #require(toParent.planePoint(mappingTo: p.x, p.y))
            #expect(abs(back.x - u) <= 1e-10 && abs(back.y - v) <= 1e-10)
        }
    }

    /// No answer where no point maps: a plane seen edge-on (scaled to zero along x), and a
    /// point that only a part of the plane behind the eye would reach.
    @Test func pointsThatDoNotMapHaveNoAnswer() {
        #expect(Transform3D.scale(x: 0, y: 1).planePoint(mappingTo: 1, 1) == nil)
        // Turned by 80° about y with the eye 60 away: x = u·cos θ / (1 + u·sin θ / 60) never
        // exceeds 60·cot θ ≈ 10.6 for points in front of the eye, so x = 40 has no preimage.
        var m = Transform3D.rotation(angle: 80 * .pi / 180, x: 0, y: 1, z: 0)
        var perspective = Transform3D.identity
        perspective.storage[11] = -1.0 / 60
        m = m.concatenating(perspective)
        #expect(m.planePoint(mappingTo: 40, 0) == nil)
        #expect(m.planePoint(mappingTo: 5, 0) != nil)
    }
}
