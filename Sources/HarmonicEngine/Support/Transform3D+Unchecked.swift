import Harmonic

extension Transform3D {
    /// From 16 numbers already validated (a compiled endpoint); missing entries are identity.
    init(unchecked components: [Double]) {
        var s = Transform3D.identity.storage
        for i in 0..<Swift.min(16, components.count) { s[i] = components[i] }
        self.init(storage: s)
    }
}
