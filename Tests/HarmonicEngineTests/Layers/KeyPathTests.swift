import Foundation
@testable import Harmonic
import HarmonicTestSupport
import Testing
@testable import HarmonicEngine

@Suite struct KeyPathTests {
    @Test func standardPropertiesHaveCoreAnimationDefaults() throws {
        let (engine, box) = try engineWithBox([:])
        #expect(try engine.modelValue(forKeyPath: "opacity", of: box) == [1])
        #expect(try engine.modelValue(forKeyPath: "anchorPoint", of: box) == [0.5, 0.5])
        #expect(try engine.modelValue(forKeyPath: "transform", of: box).components == Transform3D.identity.components)
        #expect(try engine.modelValue(forKeyPath: "shadowOffset.height", of: box) == [-3])
    }

    @Test func componentSubPaths() throws {
        let (engine, box) = try engineWithBox(["position": [1, 2], "bounds": [0, 0, 100, 50]])
        #expect(try engine.modelValue(forKeyPath: "position.y", of: box) == [2])
        #expect(try engine.modelValue(forKeyPath: "bounds.size", of: box) == [100, 50])
        #expect(try engine.modelValue(forKeyPath: "bounds.size.height", of: box) == [50])
        try engine.begin(TransactionSettings(disableActions: true))
        try engine.setValue(7, forKeyPath: "position.x", of: box)
        try engine.setValue([3, 4], forKeyPath: "bounds.origin", of: box)
        try engine.commit()
        #expect(try engine.modelValue(forKeyPath: "position", of: box) == [7, 2])
        #expect(try engine.presentationValue(forKeyPath: "bounds", of: box) == [3, 4, 100, 50])
    }

    @Test func virtualTransformPathsReadAndWriteTheDecomposition() throws {
        let (engine, box) = try engineWithBox([:])
        try engine.begin(TransactionSettings(disableActions: true))
        try engine.setValue(2, forKeyPath: "transform.scale", of: box)
        try engine.setValue(.pi / 3, forKeyPath: "transform.rotation.z", of: box)
        try engine.setValue([10, 20], forKeyPath: "transform.translation", of: box)
        try engine.commit()
        let m = try Transform3D(components: engine.modelValue(forKeyPath: "transform", of: box).components)
        let expected = Transform3D.scale(x: 2, y: 2, z: 2)
            .concatenating(.rotation(angle: .pi / 3, x: 0, y: 0, z: 1))
            .concatenating(.translation(x: 10, y: 20))
        #expect(maxDifference(m, expected) < 1e-14)
        #expect(close(try engine.modelValue(forKeyPath: "transform.rotation", of: box)[0], .pi / 3, 1e-15))
        #expect(close(try engine.modelValue(forKeyPath: "transform.scale.y", of: box)[0], 2, 1e-15))
        #expect(try engine.modelValue(forKeyPath: "transform.translation.x", of: box) == [10])
    }

    @Test func customProperties() throws {
        let (engine, box) = try engineWithBox(["progress": [0.25], "tint": [1, 0, 0]])
        #expect(try engine.modelValue(forKeyPath: "tint.y", of: box) == [0])
        try engine.begin(TransactionSettings(disableActions: true))
        try engine.setValue([5, 6], forKeyPath: "offset", of: box)  // defined by the first set
        try engine.commit()
        #expect(try engine.presentationValue(forKeyPath: "offset.y", of: box) == [6])
    }

    @Test func errorsNameTheProblem() throws {
        let (engine, box) = try engineWithBox()
        #expect(throws: HarmonicError.self) { try engine.modelValue(forKeyPath: "nothing", of: box) }
        #expect(throws: HarmonicError.self) { try engine.modelValue(forKeyPath: "position.q", of: box) }
        #expect(throws: HarmonicError.self) { try engine.modelValue(forKeyPath: "opacity.x", of: box) }
        #expect(throws: HarmonicError.self) { try engine.setValue([1, 2, 3], forKeyPath: "position", of: box) }
        #expect(throws: HarmonicError.self) { try engine.setValue(.nan, forKeyPath: "opacity", of: box) }
        #expect(throws: HarmonicError.self) { try engine.makeLayer(named: "box") }
        #expect(throws: HarmonicError.self) { try engine.makeLayer(named: "x", values: ["position": [1]]) }
        do {
            _ = try engine.modelValue(forKeyPath: "position.q", of: box)
        } catch {
            #expect(error.description.contains("position.x"))
        }
    }
}
