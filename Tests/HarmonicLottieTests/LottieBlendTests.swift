import Foundation
import Harmonic
import HarmonicRender
import Testing

@testable import HarmonicLottie

/// Layer blend modes drawn by direct evaluation, read back as pixels against closed forms.
@Suite("Lottie: blend modes")
struct LottieBlendTests {
    typealias F = LottieTestFiles

    static func square(_ index: Int, at p: [Double], size: Double, rgb: [Double], opacity: Double = 100, bm: Int = 0)
        -> [String: Any]
    {
        F.shapeLayer(
            index: index, name: "square \(index)", transform: F.transform(position: p, opacity: opacity),
            shapes: [F.rectangle(size, size), F.fill(rgb)], extra: ["bm": bm])
    }

    /// Frame 0 of a 100 × 100 file, drawn on nothing.
    static func picture(_ a: LottieAnimation) throws -> RasterImage {
        try SVGRasterizer.pixels(svg: a.frame(at: 0).svg(), width: 100, height: 100, scale: 1, transparent: true)
    }

    /// Within 0.01 of the wanted value in every channel (8-bit rounding and the filters'
    /// premultiplication).
    static func near(_ p: SIMD4<Double>, _ want: SIMD4<Double>) -> Bool {
        ((p - want) * (p - want)).max() <= 0.01 * 0.01
    }

    static func pixel(_ image: RasterImage, _ x: Int, _ y: Int) -> SIMD4<Double> {
        let i = (y * image.width + x) * 4
        return SIMD4((0..<4).map { Double(image.rgba[i + $0]) / 255 })
    }

    /// Add (16, CSS `plus-lighter`): the layer's premultiplied colour added to what is below,
    /// clamped — over an opaque background `b`, a layer of colour `c` at opacity `a` gives
    /// `min(b + a·c, 1)`; over nothing, the layer itself; two adds stack. Inside a
    /// precomposition an add adds to the precomposition's own layers only.
    @Test func addSumsWithWhatIsBelow() throws {
        let background = Self.square(9, at: [50, 50], size: 100, rgb: [0.4, 0.2, 0.1])
        let file = F.animation(
            width: 100, height: 100,
            layers: [
                Self.square(1, at: [50, 50], size: 20, rgb: [0.5, 0.5, 0.5], bm: 16),
                Self.square(2, at: [30, 30], size: 40, rgb: [0.8, 0.3, 0.2], opacity: 50, bm: 16), background,
            ])
        let a = try F.load(file)
        #expect(a.unsupported.isEmpty, "\(a.unsupported)")
        #expect(a.frame(at: 0).layers[0].blendMode == "plus-lighter")
        let image = try Self.picture(a)
        // Background alone, then the half-opaque add: 0.4 + 0.4, 0.2 + 0.15, 0.1 + 0.1.
        #expect(Self.near(Self.pixel(image, 80, 20), [0.4, 0.2, 0.1, 1]))
        #expect(Self.near(Self.pixel(image, 20, 20), [0.8, 0.35, 0.2, 1]), "\(Self.pixel(image, 20, 20))")
        // Both adds: 0.4 + 0.4 + 0.5 clamps to 1; 0.2 + 0.15 + 0.5; 0.1 + 0.1 + 0.5.
        #expect(Self.near(Self.pixel(image, 45, 45), [1, 0.85, 0.7, 1]), "\(Self.pixel(image, 45, 45))")
        // The second add alone over the background.
        #expect(Self.near(Self.pixel(image, 55, 55), [0.9, 0.7, 0.6, 1]), "\(Self.pixel(image, 55, 55))")
        // Over nothing (a file without the background): the layer as it is.
        let bare = try F.load(
            F.animation(
                width: 100, height: 100,
                layers: [Self.square(1, at: [50, 50], size: 20, rgb: [0.5, 0.5, 0.5], bm: 16)]))
        let alone = try Self.picture(bare)
        #expect(Self.near(Self.pixel(alone, 50, 50), [0.5, 0.5, 0.5, 1]) && Self.pixel(alone, 10, 10).w == 0)
        // In a precomposition over the background: the add meets only the precomposition's
        // transparent ground, so the square is drawn as it is over the background.
        let inner = Self.square(1, at: [50, 50], size: 20, rgb: [0.5, 0.5, 0.5], bm: 16)
        let precomp: [String: Any] = [
            "ty": 0, "ind": 1, "nm": "precomp", "refId": "inner", "w": 100, "h": 100, "ip": 0, "op": 100, "st": 0,
            "sr": 1, "ks": F.transform(),
        ]
        let nested = try F.load(
            F.animation(
                width: 100, height: 100, layers: [precomp, background], assets: [["id": "inner", "layers": [inner]]]))
        let inside = try Self.picture(nested)
        #expect(Self.near(Self.pixel(inside, 50, 50), [0.5, 0.5, 0.5, 1]), "\(Self.pixel(inside, 50, 50))")
    }

    /// Hard Mix (17): per channel 1 where the backdrop's and the layer's colours sum to at
    /// least 1, else 0, composited as every separable blend — `S·(1 − αb) + D·(1 − αs) + αs·αb·B`
    /// (Compositing and Blending Level 1). Over an opaque background (0.8, 0.3, 0.1): an opaque
    /// (0.4, 0.5, 0.95) gives B = (1, 0, 1); a half-opaque (0.1, 0.75, 0.5) gives half the
    /// background plus half of B = (0, 1, 0); over nothing, the layer itself. The engine's
    /// frames (`hardMixBlendMode`) are the same.
    @Test func hardMixThresholdsTheSum() throws {
        let file = F.animation(
            width: 100, height: 100,
            layers: [
                Self.square(1, at: [30, 30], size: 40, rgb: [0.4, 0.5, 0.95], bm: 17),
                Self.square(2, at: [70, 70], size: 40, rgb: [0.1, 0.75, 0.5], opacity: 50, bm: 17),
                Self.square(9, at: [55, 55], size: 70, rgb: [0.8, 0.3, 0.1]),
            ])
        let a = try F.load(file)
        #expect(a.unsupported.isEmpty, "\(a.unsupported)")
        #expect(a.frame(at: 0).layers[0].blendMode == "hard-mix")
        let image = try Self.picture(a)
        #expect(Self.near(Self.pixel(image, 85, 25), [0.8, 0.3, 0.1, 1]), "\(Self.pixel(image, 85, 25))")
        #expect(Self.near(Self.pixel(image, 25, 25), [1, 0, 1, 1]), "\(Self.pixel(image, 25, 25))")
        #expect(Self.near(Self.pixel(image, 75, 75), [0.4, 0.65, 0.05, 1]), "\(Self.pixel(image, 75, 75))")
        // Past the background's edge (it spans 20…90): the opaque layer over nothing is itself.
        #expect(Self.near(Self.pixel(image, 15, 15), [0.4, 0.5, 0.95, 1]), "\(Self.pixel(image, 15, 15))")
        #expect(Self.pixel(image, 95, 5).w == 0)
        let scene = try a.engineScene()
        #expect(scene.notPlayed.isEmpty, "\(scene.notPlayed)")
        for gap in try LottieEngineSceneTests.gaps(file, frames: [0]) {
            #expect(gap.worst <= 2, "\(gap)")
        }
    }
}
