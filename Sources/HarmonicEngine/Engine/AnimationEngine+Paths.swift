import Harmonic

/// Path properties (`CAShapeLayer.path`, `shadowPath`) and the stroke that `strokeStart` and
/// `strokeEnd` trim from them.
///
/// A path property holds the path's ``/Harmonic/PathCoordinates``: numbers like any other
/// property's, so that transactions, implicit animations, basic and spring animations and
/// keyframes apply to it. Animating between two paths morphs them element by element
/// (``/Harmonic/Path/morphed(to:fraction:)``); both must have the structure the property was
/// created with, as Core Animation requires of the paths it interpolates.
extension AnimationEngine {
    /// Sets a path property's model value (creating the property with this path's structure the
    /// first time). A change is committed and animated implicitly as
    /// ``setValue(_:forKeyPath:of:)-(AnimatableVector,_,_)`` describes, morphing from the shown
    /// path to the new one.
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` for an unknown layer, a key path that names another
    ///   kind of property, or a path whose structure differs from the property's (naming both).
    public func setPath(_ path: Path, forKeyPath keyPath: String = "path", of layer: LayerID) throws(HarmonicError) {
        try requirePathProperty(keyPath)
        try setValue(AnimatableVector(PathCoordinates(path).numbers), forKeyPath: keyPath, of: layer)
    }

    /// A path property's model value.
    public func modelPath(forKeyPath keyPath: String = "path", of layer: LayerID) throws(HarmonicError) -> Path {
        try requirePathProperty(keyPath)
        return try PathCoordinates(numbers: modelValue(forKeyPath: keyPath, of: layer).components).path()
    }

    /// A path property's presentation value at root time `t` (the current time by default).
    public func presentationPath(forKeyPath keyPath: String = "path", of layer: LayerID, at t: Double? = nil)
        throws(HarmonicError) -> Path
    {
        try requirePathProperty(keyPath)
        return try PathCoordinates(numbers: presentation(keyPath, of: layer, at: t)).path()
    }

    /// What a shape layer strokes at root time `t` (the current time by default): its
    /// presentation `path` trimmed to the presentation `strokeStart` … `strokeEnd` fractions of
    /// its length (``/Harmonic/Path/trimmed(from:to:)``: exact, clamped to `[0, 1]`, a lone
    /// move-to when `strokeEnd ≤ strokeStart`).
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` for an unknown layer or a layer without a `path`.
    public func presentationStroke(of layer: LayerID, at t: Double? = nil) throws(HarmonicError) -> Path {
        let path = try presentationPath(forKeyPath: "path", of: layer, at: t)
        return try path.trimmed(
            from: presentation("strokeStart", of: layer, at: t)[0], to: presentation("strokeEnd", of: layer, at: t)[0])
    }

    /// A key path's presentation numbers at `t`, or now.
    private func presentation(_ keyPath: String, of layer: LayerID, at t: Double?) throws(HarmonicError) -> [Double] {
        if let t { return try presentationValue(forKeyPath: keyPath, of: layer, at: t).components }
        return try presentationValue(forKeyPath: keyPath, of: layer).components
    }

    func requirePathProperty(_ keyPath: String) throws(HarmonicError) {
        guard StandardLayerProperty.pathNames.contains(keyPath) else {
            throw .invalidParameter(
                name: "keyPath", value: "\"\(keyPath)\"",
                allowed: StandardLayerProperty.pathNames.sorted().joined(separator: " or "))
        }
    }

    /// Checks that `numbers` are path coordinates of `structure`.
    static func requirePath(_ numbers: [Double], structure: String, named name: String) throws(HarmonicError) {
        let coordinates = try PathCoordinates(numbers: numbers)
        guard coordinates.structure == structure else {
            throw .invalidParameter(
                name: name, value: "a path \"\(coordinates.structure)\"",
                allowed: "a path of the property's structure \"\(structure)\" (paths morph element by element)")
        }
    }
}
