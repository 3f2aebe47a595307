extension StringProtocol {
    /// The text without leading and trailing whitespace (spaces, tabs, newlines).
    func trimmingWhitespace() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
