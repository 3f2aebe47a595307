extension Transform3D {
    /// The inverse matrix (`CATransform3DInvert`), or `nil` when the transform is singular
    /// (a scale of 0, or a projection onto a plane).
    ///
    /// Gauss–Jordan elimination with partial pivoting; a pivot below `1e-14` times the largest
    /// entry counts as singular.
    ///
    /// - Complexity: O(1), about 130 multiply-adds.
    public var inverted: Transform3D? {
        var a = storage
        var inv = Transform3D.identity.storage
        var largest = 0.0
        for i in 0..<16 { largest = Swift.max(largest, abs(a[i])) }
        guard largest > 0, largest.isFinite else { return nil }
        for col in 0..<4 {
            var pivot = col
            for r in (col + 1)..<4 where abs(a[r * 4 + col]) > abs(a[pivot * 4 + col]) { pivot = r }
            let p = a[pivot * 4 + col]
            guard abs(p) > 1e-14 * largest else { return nil }
            if pivot != col {
                for c in 0..<4 {
                    a.swapAt(pivot * 4 + c, col * 4 + c)
                    inv.swapAt(pivot * 4 + c, col * 4 + c)
                }
            }
            for c in 0..<4 {
                a[col * 4 + c] /= p
                inv[col * 4 + c] /= p
            }
            for r in 0..<4 where r != col {
                let f = a[r * 4 + col]
                guard f != 0 else { continue }
                for c in 0..<4 {
                    a[r * 4 + c] -= f * a[col * 4 + c]
                    inv[r * 4 + c] -= f * inv[col * 4 + c]
                }
            }
        }
        for i in 0..<16 where !inv[i].isFinite { return nil }
        return Transform3D(storage: inv)
    }
}

extension SIMD16 where Scalar == Double {
    fileprivate mutating func swapAt(_ i: Int, _ j: Int) {
        let t = self[i]
        self[i] = self[j]
        self[j] = t
    }
}
