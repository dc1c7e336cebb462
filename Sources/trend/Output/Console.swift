#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where output goes. Commands write through this, never `print`, so what
/// they write is collected in tests and flushed in one piece in production.
final class Console {
    /// Bytes, not a String: `list` and `export` can write a hundred megabytes.
    private(set) var standardOutputBytes: [UInt8] = []
    private(set) var standardError = ""
    /// `-q`: messages are dropped; data and errors are not.
    var isQuiet: Bool

    init(isQuiet: Bool) {
        self.isQuiet = isQuiet
    }

    /// Data: what scripts read.
    func out(_ text: String) {
        standardOutputBytes.append(contentsOf: text.utf8)
    }

    func out(bytes: [UInt8]) {
        if standardOutputBytes.isEmpty {
            standardOutputBytes = bytes
        } else {
            standardOutputBytes.append(contentsOf: bytes)
        }
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
        write(standardOutputBytes, to: 1)
        write(Array(standardError.utf8), to: 2)
        standardOutputBytes = []
        standardError = ""
    }

    private func write(_ bytes: [UInt8], to fd: Int32) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { raw in Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += n
        }
    }
}
