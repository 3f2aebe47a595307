extension Optional where Wrapped == [Double] {
    /// Calls `body` with the array's base address, or `nil`.
    @inline(__always)
    func withOptionalBufferPointer<R>(_ body: (UnsafePointer<Double>?) -> R) -> R {
        switch self {
        case let .some(array): return array.withUnsafeBufferPointer { body($0.baseAddress) }
        case .none: return body(nil)
        }
    }
}
