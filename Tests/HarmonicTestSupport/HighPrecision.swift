/// The extended-precision type the tests compute independent references in.
///
/// On x86-64 it is `Float80` (64-bit significand). Other processors have no `Float80`; there
/// it is ``ReferenceDoubleDouble`` (about 106 bits), which covers the references built from
/// arithmetic and square roots (Bézier bisection, Catmull–Rom and Barry–Goldman evaluation,
/// root bracketing). References that need `Float80`'s elementary functions (`exp`, `sin`, …)
/// are compiled only on x86-64, and the committed mpmath tables (`scripts/references/`) check
/// the same code on every processor.
///
/// Building the tests with `-Xswiftc -DHARMONIC_DOUBLE_DOUBLE_REFERENCE` selects the
/// double-double path on x86-64 too, which is how it is exercised on the x86-64 build machines.
#if arch(x86_64) && !HARMONIC_DOUBLE_DOUBLE_REFERENCE
    public typealias HighPrecision = Float80
    public let hasExtendedElementaryFunctions = true
#else
    public typealias HighPrecision = ReferenceDoubleDouble
    public let hasExtendedElementaryFunctions = false
#endif
