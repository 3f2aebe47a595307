// The C library of the platform the package is built on, imported once for every target: the
// mathematics (`sqrt`, `exp`, `fma`, `nextafter`), the files and processes (`open`, `mkstemp`,
// `posix_spawn`) and the dynamic loader (`dlopen`) the targets call. A file writes
// `import HarmonicPlatform` instead of choosing between Glibc (Debian, Ubuntu), Musl (Alpine,
// the static Linux SDK) and Darwin (macOS) itself.
//
// Re-exported only to the package's own targets: none of them re-exports this module, so a
// client that imports Harmonic sees its API, not the C library.

#if canImport(Glibc)
    @_exported import Glibc
#elseif canImport(Musl)
    @_exported import Musl
#elseif canImport(Darwin)
    @_exported import Darwin
#endif
