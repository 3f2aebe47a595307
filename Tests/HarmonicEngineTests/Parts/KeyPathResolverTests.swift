import Foundation
import Harmonic
import Testing
@testable import HarmonicEngine

/// Key-path resolution on its own: standard properties appear on first use, sub-paths address
/// runs of components, transform pieces are virtual, custom properties are defined only by a
/// whole key path with a value, and a key path's numbers are read and written in place.
@Suite struct KeyPathResolverTests {
    static func storageWithLayer() -> (LayerStorage, LayerRecord) {
        var storage = LayerStorage()
        let i = storage.append(name: "box", capacity: 8)
        return (storage, storage[i])
    }

    @Test func standardPropertiesAreCreatedWithTheirDefaultOnFirstUse() throws {
        var (storage, box) = Self.storageWithLayer()
        #expect(box.slots.isEmpty)
        let x = try KeyPathResolver.resolve("bounds.size.width", in: box, storage: &storage)
        #expect(box.slots.map(\.name) == ["bounds"])
        #expect(x.target == .components(2..<3))
        #expect(x.dimension == 1)
        #expect(x.componentStart == 2)
        let whole = try KeyPathResolver.resolve("bounds", in: box, storage: &storage)
        #expect(whole.slot == x.slot)
        #expect(whole.dimension == 4)
        #expect(box.slots.count == 1)
    }

    @Test func transformPiecesAreVirtualComponents() throws {
        var (storage, box) = Self.storageWithLayer()
        let z = try KeyPathResolver.resolve("transform.rotation.z", in: box, storage: &storage)
        #expect(z.target == .transform(.rotationZ))
        #expect(!z.isWholeTransform)
        #expect(try KeyPathResolver.resolve("transform", in: box, storage: &storage).isWholeTransform)
        // Written into a whole transform and read back through the decomposition.
        var full = Transform3D.identity.components
        z.write([0.5], shape: .transform, into: &full)
        #expect(abs(z.read(slots: box.slots, from: full)[0] - 0.5) < 1e-15)
        #expect(abs(Transform3D(unchecked: full)[0, 1] - sin(0.5)) < 1e-15)
    }

    @Test func customPropertiesNeedAWholeKeyPathAndAValue() throws {
        var (storage, box) = Self.storageWithLayer()
        #expect(throws: HarmonicError.self) { try KeyPathResolver.resolve("wobble", in: box, storage: &storage) }
        let wobble = try KeyPathResolver.resolve("wobble", in: box, storage: &storage, definingWith: [1, 2, 3])
        #expect(wobble.dimension == 3)
        #expect(storage.committedValues(of: box.index).suffix(3) == [1, 2, 3])
        #expect(throws: HarmonicError.self) {
            try KeyPathResolver.resolve("other.x", in: box, storage: &storage, definingWith: [1])
        }
    }

    @Test func unknownSubPathsNameTheKnownOnes() throws {
        var (storage, box) = Self.storageWithLayer()
        #expect {
            try KeyPathResolver.resolve("position.w", in: box, storage: &storage)
        } throws: { error in
            "\(error)".contains("position.x") && "\(error)".contains("position.y")
        }
    }
}
