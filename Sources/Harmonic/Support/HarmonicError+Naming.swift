extension HarmonicError {
    /// The same error with its parameter names qualified by `path` (`stiffness` →
    /// `spring.stiffness`, `toValue` → `animations[1].toValue`; both names of a conflict), so
    /// a message points into the spec, scene or group the value came from. A name already
    /// under `path` is left as it is; an empty `path` changes nothing.
    package func prefixingParameter(with path: String) -> HarmonicError {
        guard !path.isEmpty else { return self }
        let qualified = { (name: String) in name.hasPrefix(path + ".") || name == path ? name : "\(path).\(name)" }
        switch self {
        case let .invalidParameter(name, value, allowed):
            return .invalidParameter(name: qualified(name), value: value, allowed: allowed)
        case let .conflict(parameters, reason):
            return .conflict(parameters: parameters.map(qualified), reason: reason)
        case .syntax:
            return self
        }
    }

    /// The same error with a parameter renamed by `names` (`stiffness` → `bounceStiffness`,
    /// `rate` → `--fps`), for values built from options that the caller knows under another
    /// name.
    package func renamingParameter(_ names: [String: String]) -> HarmonicError {
        guard case let .invalidParameter(name, value, allowed) = self, let renamed = names[name] else { return self }
        return .invalidParameter(name: renamed, value: value, allowed: allowed)
    }
}
