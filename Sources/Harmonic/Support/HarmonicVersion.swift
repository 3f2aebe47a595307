/// The version of Harmonic, in one place: `harmonic --version`, the C library's
/// `harmonic_version()` and the Python package's `__version__` all read it.
///
/// It follows semantic versioning (https://semver.org): the spec format, the CLI's output
/// columns and exit statuses, and the C interface change incompatibly only with the major
/// version.
package enum HarmonicVersion {
    /// `major.minor.patch`.
    package static let string = "0.9.0"
}
