import CHarmonic

/// The object behind an opaque handle of the C interface (`harmonic_curve *`,
/// `harmonic_engine *`): a retained class instance whose address is the handle.
///
/// Each kind of object carries its own tag, so a handle of one kind passed where another is
/// expected, or a handle used after its destroy call, is detected in debug builds: destroying
/// marks the object dead and keeps its memory instead of freeing it (a debug build leaks
/// destroyed handles on purpose), so the tag can still be read. Release builds free the object
/// at once and check nothing, as `free` does.
class Handle {
    /// What a live object of each kind holds, and what a destroyed one holds.
    enum Tag: UInt64 {
        case curve = 0x4841_524D_4355_5256  // "HARMCURV"
        case engine = 0x4841_524D_454E_474E  // "HARMENGN"
        case lottie = 0x4841_524D_4C4F_5454  // "HARMLOTT"
        case destroyed = 0xDEAD_DEAD_DEAD_DEAD
    }

    private(set) var tag: Tag

    init(tag: Tag) { self.tag = tag }

    /// The handle that stands for `self`; the handle owns one reference until ``destroy(_:)``.
    func retainedPointer() -> OpaquePointer {
        OpaquePointer(Unmanaged.passRetained(self).toOpaque())
    }

    /// The object of kind `T` behind `pointer`, checked as far as the build allows.
    static func object<T: Handle>(
        _ pointer: OpaquePointer?, as type: T.Type, tag: Tag, parameter: String
    ) throws(ABIFailure) -> T {
        guard let pointer else { throw .null(parameter) }
        let object = Unmanaged<Handle>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
        #if DEBUG
            if object.tag == .destroyed {
                throw .invalid(
                    parameter, "a destroyed handle", "a live handle (used after its destroy call)",
                    status: HARMONIC_ERROR_DESTROYED_HANDLE)
            }
            if object.tag != tag {
                throw .invalid(parameter, "a handle of another kind", "a \(tag) handle")
            }
        #endif
        return unsafeDowncast(object, to: T.self)
    }

    /// Ends the handle's life: frees the object (release builds) or marks it destroyed and
    /// keeps it (debug builds). `NULL` and, in debug builds, a second destroy are ignored.
    static func destroy(_ pointer: OpaquePointer?) {
        guard let pointer else { return }
        let unmanaged = Unmanaged<Handle>.fromOpaque(UnsafeRawPointer(pointer))
        #if DEBUG
            let object = unmanaged.takeUnretainedValue()
            guard object.tag != .destroyed else { return }
            object.tag = .destroyed
        #else
            unmanaged.release()
        #endif
    }
}
