#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TrendCore

/// The command line as the C library gives it: nil where an argument is
/// not valid UTF-8 (refused, 64, never silently altered as
/// `CommandLine.arguments` would).
enum ProcessArguments {
    static func read() -> [String?] {
        if CommandLine.argc > 0 {
            return (1..<Int(CommandLine.argc)).map { index in
                CommandLine.unsafeArgv[index].flatMap { String(validatingCString: $0) }
            }
        }
        return fromProcFileSystem() ?? []
    }

    /// On Linux the Swift runtime finds argv by walking back from `environ`;
    /// a preloaded library that moves the environment before main
    /// (libfaketime, which CI runs the tests under) leaves it with none.
    /// The kernel's copy is the same bytes.
    private static func fromProcFileSystem() -> [String?]? {
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
        return words.dropLast(bytes.last == 0 ? 1 : 0).dropFirst().map { String(validating: $0, as: UTF8.self) }
    }
}
