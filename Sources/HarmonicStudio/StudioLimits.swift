/// What one request to the studio may ask of the machine. The commands bound their own work
/// before starting it (the tool's work budget: any command on an input of at most 1 MB answers
/// or refuses within about 6 s on a 2-core machine); the server adds a cap on the body and on
/// the commands running at once, so a flood of requests queues nothing unbounded.
enum StudioLimits {
    /// The largest request body (bytes): the tool's own limit on a spec.
    static let requestBytes = 1 << 20
    /// Commands evaluated at once.
    static let concurrentCommands = 2
    /// Requests waiting for a command slot, in order of arrival; one more is answered 503 at once.
    /// With the work budget's 6 s a command, the last waits under a minute, inside
    /// ``requestSeconds``.
    static let waitingCommands = 16
    /// How long a connection may take to send its request and receive the answer (seconds).
    static let requestSeconds = 120.0
    /// The longest response body (bytes); a command whose output is longer is refused (400) and
    /// asked for fewer samples.
    static let responseBytes = 64 << 20
}
