/// The progress an interactive animator supplies at one time: `progress` and its rate of
/// change per second of root time.
struct DriverSample: Sendable {
    var progress: Double
    var rate: Double
}
