import Foundation
import Harmonic
import Testing
@testable import HarmonicEngine

/// Declared key paths (scenes, the C interface, Python): a typo is an error that names the
/// closest known key; custom properties are declared when a layer is made; `frame` is
/// derived from position and bounds.
@Suite struct DeclaredKeyPathTests {
    func declaredEngine() throws -> (AnimationEngine, LayerID) {
        let engine = try AnimationEngine()
        engine.keyPathPolicy = .declared
        let box = try engine.makeLayer(
            named: "box", values: ["bounds": [0, 0, 100, 50], "position": [50, 25]], custom: ["progress": [0]])
        return (engine, box)
    }

    func message(_ body: () throws -> Void) -> String {
        do {
            try body()
            return ""
        } catch {
            return "\(error)"
        }
    }

    /// Distances worked by hand: substitutions, insertions, a swap of neighbours, case.
    @Test func editDistanceCountsDamerausFourEdits() {
        #expect(KeyPathSuggestion.editDistance("kitten", "sitting") == 3)
        #expect(KeyPathSuggestion.editDistance("opacty", "opacity") == 1)
        #expect(KeyPathSuggestion.editDistance("opcaity", "opacity") == 1)
        #expect(KeyPathSuggestion.editDistance("Opacity", "opacity") == 0)
        #expect(KeyPathSuggestion.editDistance("", "frame") == 5)
        #expect(KeyPathSuggestion.editDistance("ca", "abc") == 3)
        #expect(KeyPathSuggestion.closest(to: "postion", among: ["opacity", "position", "zPosition"]) == "position")
        #expect(KeyPathSuggestion.closest(to: "x", among: ["b", "a"]) == "a")
    }

    @Test func aTypoIsAnErrorNamingTheClosestKey() throws {
        let (engine, box) = try declaredEngine()
        let set = message { try engine.setValue(0.5, forKeyPath: "opacty", of: box) }
        #expect(set.contains("\"opacty\"") && set.contains("opacity") && !set.contains("\n"))
        let animate = message {
            try engine.add(BasicAnimation(keyPath: "backgroundColour", to: 1), forKey: "a", to: box)
        }
        #expect(animate.contains("backgroundColor"))
        let declared = message { try engine.setValue(0.5, forKeyPath: "progres", of: box) }
        #expect(declared.contains("(the closest is progress)"))
        #expect(throws: HarmonicError.self) { try engine.makeLayer(named: "bad", values: ["opacty": [1]]) }
        // Nothing was defined by the failed calls.
        #expect(throws: HarmonicError.self) { try engine.modelValue(forKeyPath: "opacty", of: box) }
    }

    @Test func declaredCustomPropertiesAnimate() throws {
        let (engine, box) = try declaredEngine()
        try engine.add(
            BasicAnimation(keyPath: "progress", from: 0, to: 1, timing: try timing(duration: 1)), forKey: "p", to: box)
        #expect(try engine.scalar("progress", of: box, at: 0.25) == 0.25)
        // A custom property cannot take a standard name.
        #expect(throws: HarmonicError.self) { try engine.makeLayer(named: "c", custom: ["opacity": [1]]) }
        // Key-value coding (the Swift default) still defines a property on first set.
        let (kvc, layer) = try engineWithBox()
        try kvc.setValue(3, forKeyPath: "wobble", of: layer)
        #expect(try kvc.modelValue(forKeyPath: "wobble", of: layer) == [3])
    }

    /// `frame` sets the bounds' size and puts the anchor point at origin + anchorPoint·size.
    @Test func frameSetsPositionAndBounds() throws {
        let (engine, box) = try declaredEngine()
        try engine.begin(TransactionSettings(disableActions: true))
        try engine.setValue([10, 20, 200, 80], forKeyPath: "frame", of: box)
        try engine.commit()
        #expect(try engine.modelValue(forKeyPath: "position", of: box) == [110, 60])
        #expect(try engine.modelValue(forKeyPath: "bounds", of: box) == [0, 0, 200, 80])
        #expect(try engine.modelValue(forKeyPath: "frame", of: box) == [10, 20, 200, 80])
        // Set with actions, both properties animate implicitly; the frame follows them.
        try engine.setValue([30, 20, 100, 80], forKeyPath: "frame", of: box)
        try engine.flush()
        #expect(try engine.animationKeys(of: box).sorted() == ["bounds.size", "position"])
        let half = try engine.presentationValue(forKeyPath: "frame", of: box, at: 0.125).components
        let p = try engine.presentationValue(forKeyPath: "position", of: box, at: 0.125).components
        let b = try engine.presentationValue(forKeyPath: "bounds", of: box, at: 0.125).components
        #expect(half == [p[0] - b[2] / 2, p[1] - b[3] / 2, b[2], b[3]])
        // An initial frame, with a non-default anchor point.
        let pinned = try engine.makeLayer(named: "pinned", values: ["anchorPoint": [0, 1], "frame": [5, 5, 10, 20]])
        #expect(try engine.modelValue(forKeyPath: "position", of: pinned) == [5, 25])
        // It is derived: explicit animations go to position and bounds.
        let refused = message {
            try engine.add(
                BasicAnimation(keyPath: "frame", fromValue: [0, 0, 1, 1], toValue: [1, 1, 2, 2]), forKey: "f", to: box)
        }
        #expect(refused.contains("animate position and bounds"))
    }
}
