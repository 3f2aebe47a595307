import COpenBLAS
import Synchronization

/// How many threads OpenBLAS uses for Harmonic's matrix products.
///
/// OpenBLAS starts with one thread per core. Harmonic's products are small and usually run
/// inside an engine's own threads, so the first ``SpringBasis`` evaluation sets OpenBLAS to
/// **one** thread unless ``setCount(_:)`` was called before; call it to use more (on this
/// project's 2-core machines, 2). The setting is process-wide: OpenBLAS has one thread pool.
public enum BLASThreads {
    private static let configured = Atomic<Bool>(false)

    /// The number of threads OpenBLAS uses now (its own count until Harmonic first sets it).
    // Int: from the C int OpenBLAS returns.
    public static var count: Int { Int(openblas_get_num_threads()) }

    /// Sets the number of OpenBLAS threads, clamped to at least 1.
    ///
    /// - Parameter threads: The thread count; values below 1 count as 1.
    public static func setCount(_ threads: Int) {
        configured.store(true, ordering: .sequentiallyConsistent)
        openblas_set_num_threads(Int32(clamping: max(1, threads)))
    }

    /// Applies the default of one thread once, unless a count was set explicitly.
    static func configureDefault() {
        if configured.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged {
            openblas_set_num_threads(1)
        }
    }
}
