import Harmonic
import HarmonicJSON
import HarmonicEngine

/// The scene format's objects for code that drives an ``AnimationEngine`` itself (the C
/// library): an animation, a transaction's settings and a layer's initial values, parsed by
/// the same readers `harmonic scene` uses, so the same JSON means the same thing everywhere.
package enum EmbeddedScene {
    /// An animation as a scene's `add.animation` object (`{"keyPath": "opacity", "to": 0}`).
    package static func animation(json: String) throws(HarmonicError) -> LayerAnimation {
        try SceneAnimationSpec.parse(JSONValue.parse(json), name: "animation")
    }

    /// A transaction's settings as a scene's `begin` object (`{"duration": 0.5}`): the change
    /// to apply to the enclosing transaction's settings, or `nil` when the object is empty.
    package static func transaction(json: String) throws(HarmonicError) -> ((inout TransactionSettings) -> Void)? {
        guard let changes = try SceneAction.transaction(JSONValue.parse(json), "transaction") else { return nil }
        return changes.apply(to:)
    }

    /// A layer's initial model values: an object of property name → number, array of numbers
    /// or SVG path data, and under `custom` an object of the custom properties it declares.
    package static func layerValues(json: String) throws(HarmonicError) -> SceneSpec.Layer {
        try SceneSpec.layerDescription(JSONValue.parse(json), name: "values")
    }
}
