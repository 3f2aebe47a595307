import Testing
@testable import HarmonicEngine

/// Growth keeps elements; reference-counted elements are released when removed.
@Suite struct FlatBufferTests {
    final class Token {}

    @Test func growsAndKeepsElements() {
        let buffer = FlatBuffer<Double>(capacity: 1)
        for i in 0..<1000 { buffer.append(Double(i)) }
        buffer.append(contentsOf: [1, 2])
        buffer.append(repeating: 7, count: 3)
        #expect(buffer.count == 1005)
        #expect(buffer[999] == 999 && buffer[1001] == 2 && buffer[1004] == 7)
        buffer[0] = -1
        #expect(buffer.buffer.first == -1)
        buffer.removeAll()
        #expect(buffer.count == 0)
    }

    @Test func releasesWhatItHeld() {
        weak var weak: Token?
        do {
            let buffer = FlatBuffer<Token>()
            let token = Token()
            weak = token
            buffer.append(token)
            buffer.append(repeating: token, count: 20)
        }
        #expect(weak == nil)
    }
}
