import HarmonicPlatform

/// `x` formatted by C's `printf` conversion `format` (one conversion of a `double`:
/// `%.2f`, `%.4g`), as plot labels and CSS stops print fixed-precision numbers: rounded
/// correctly from the exact binary value, as C requires.
package func printfFormat(_ format: String, _ x: Double) -> String {
    var capacity = 64
    while true {
        var buffer = [CChar](repeating: 0, count: capacity)
        // Int: from the Int32 snprintf returns.
        let n = Int(
            withVaList([x]) { arguments in
                buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, format, arguments) }
            })
        // vsnprintf returns the length the whole text needs; retry once with that room.
        if n < 0 { return x.description }
        if n < capacity { return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        capacity = n + 1
    }
}
