#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TrendCore

/// The command line as the C library gives it, and the first argument that
/// is not valid UTF-8 (refused, 64, never silently altered as
/// `CommandLine.arguments` would). Plain `[String]`, not `[String?]`: an
/// array of optionals has no ready-made type metadata, and every run would
/// build it.
enum ProcessArguments {
    struct Words {
        var words: [String] = []
        /// 1-based, as a person counts them.
        var firstInvalid: Int?

        mutating func append(_ word: String?) {
            if let word { words.append(word) } else if firstInvalid == nil { firstInvalid = words.count + 1 }
        }
    }

    static func read() -> Words {
        var result = Words()
        if CommandLine.argc > 0 {
            for index in 1..<Int(CommandLine.argc) {
                result.append(CommandLine.unsafeArgv[index].flatMap { String(validatingCString: $0) })
            }
            return result
        }
        return fromProcFileSystem() ?? result
    }

    /// On Linux the Swift runtime finds argv by walking back from `environ`;
    /// a preloaded library that moves the environment before main
    /// (libfaketime, which CI runs the tests under) leaves it with none.
    /// The kernel's copy is the same bytes.
    private static func fromProcFileSystem() -> Words? {
        let fd = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { Platform.read(fd, into: $0) }
            guard n > 0 else { break }
            bytes += chunk[0..<n]
        }
        let words = bytes.split(separator: 0, omittingEmptySubsequences: false)
        // The last separator ends the last argument; the first word is the program.
        var result = Words()
        for word in words.dropLast(bytes.last == 0 ? 1 : 0).dropFirst() { result.append(String(validating: word, as: UTF8.self)) }
        return result
    }
}
