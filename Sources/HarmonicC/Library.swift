import HarmonicPlatform
import CHarmonic
import Harmonic

/// `harmonic_version()`'s string: the tool's version, made once and never written again (so
/// sharing it between threads is safe), kept for the life of the process.
nonisolated(unsafe) private let versionString: UnsafeMutablePointer<CChar> = strdup(HarmonicVersion.string)!

@_cdecl("harmonic_version")
public func harmonicVersion() -> UnsafePointer<CChar> { UnsafePointer(versionString) }

@_cdecl("harmonic_abi_version")
// Int: a small constant of the header.
public func harmonicABIVersion() -> UInt32 { UInt32(HARMONIC_ABI_VERSION) }
