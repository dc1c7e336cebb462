#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where output goes. Commands write through this, never `print`, so what
/// they write is collected in tests and flushed in one piece in production.
final class Console {
    private(set) var standardOutput = ""
    private(set) var standardError = ""
    /// `-q`: messages are dropped; data and errors are not.
    var isQuiet: Bool

    init(isQuiet: Bool) {
        self.isQuiet = isQuiet
    }

    /// Data: what scripts read.
    func out(_ text: String) {
        standardOutput += text
    }

    /// Messages for people: warnings, summaries, "nothing here yet".
    func message(_ text: String) {
        if !isQuiet { standardError += text }
    }

    /// Errors are never silenced.
    func error(_ text: String) {
        standardError += text
    }

    func flush() {
        write(standardOutput, to: 1)
        write(standardError, to: 2)
        standardOutput = ""
        standardError = ""
    }

    private func write(_ text: String, to fd: Int32) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { raw in Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += n
        }
        bytes.removeAll()
    }
}
