/// Why the studio's server refuses a request: the HTTP status and a one-line message, sent as
/// `{"error": "…"}`.
enum StudioError: Error, Equatable {
    /// 400: the input is wrong (the library's or the tool's one-line message).
    case badRequest(String)
    /// 404: no such command or page.
    case notFound(String)
    /// 413: the body is larger than ``StudioLimits/requestBytes``.
    case tooLarge(String)
    /// 503: every command slot is busy (``StudioLimits/concurrentCommands``).
    case busy(String)

    var status: Int {
        switch self {
        case .badRequest: 400
        case .notFound: 404
        case .tooLarge: 413
        case .busy: 503
        }
    }

    var message: String {
        switch self {
        case let .badRequest(m), let .notFound(m), let .tooLarge(m), let .busy(m): m
        }
    }
}
