import Foundation

/// Runs the built `trend` binary as a subprocess, the way users and scripts do.
public struct TrendBinary: Sendable {
    public struct Result: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String
        /// Killed by a signal rather than exiting.
        public let signaled: Bool
        /// The output's bytes as written (a PNG is not text).
        public var stdoutData = Data()
    }

    public let url: URL

    public init(url: URL) {
        self.url = url
    }

    /// Finds `trend` beside the test bundle (`swift test` builds it there).
    public static func locate() throws -> TrendBinary {
        var candidates: [URL] = []
        let bundle = Bundle.main.bundleURL
        candidates.append(bundle.appendingPathComponent("trend"))
        candidates.append(bundle.deletingLastPathComponent().appendingPathComponent("trend"))
        let argument0 = URL(fileURLWithPath: CommandLine.arguments[0])
        candidates.append(argument0.deletingLastPathComponent().appendingPathComponent("trend"))
        candidates.append(argument0.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("trend"))
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return TrendBinary(url: candidate)
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: candidates.map(\.path).joined(separator: ", ")])
    }

    /// A small, fixed environment: cron-like, so the user's own settings never
    /// leak in. On the real clock, what moves the clock of this whole test
    /// run (Debian's `faketime`: `LD_PRELOAD` and the `FAKETIME` variables)
    /// is passed on, so the binary and the test agree on what "now" is; with
    /// `TREND_NOW` in `extra` the binary's clock is pinned and needs neither.
    public static func environment(dataDirectory: String?, home: String? = nil, extra: [String: String] = [:]) -> [String: String] {
        var environment = extra["TREND_NOW"] == nil ? clockEnvironment : [:]
        environment.merge(["PATH": "/usr/bin:/bin", "TZ": "UTC", "LANG": "C"]) { $1 }
        if let dataDirectory { environment["TREND_DATA_DIR"] = dataDirectory }
        if let home { environment["HOME"] = home }
        environment.merge(extra) { $1 }
        return environment
    }

    /// The variables of this process that shift the clock (`faketime`).
    public static var clockEnvironment: [String: String] {
        ProcessInfo.processInfo.environment.filter { $0.key == "LD_PRELOAD" || $0.key.hasPrefix("FAKETIME") }
    }

    /// A run that did not end within its time limit: it was killed, and the
    /// test fails instead of hanging the suite.
    public typealias TimedOut = SpawnedProcess.TimedOut

    /// Runs to the end, or at most `timeout` seconds.
    public func run(
        _ arguments: [String], environment: [String: String], stdin: String? = nil, currentDirectory: String? = nil,
        timeout: Double = 120
    ) throws -> Result {
        // Output goes to files, not pipes: nothing can block on a full pipe.
        let scratch = try TemporaryDirectory()
        let process = try SpawnedProcess(
            url.path, arguments, environment: environment, currentDirectory: currentDirectory,
            input: stdin.map { .bytes(Array($0.utf8)) } ?? .none, stdout: scratch.file("out"), stderr: scratch.file("err"))
        let ended = try process.wait(seconds: timeout)
        let outputData = scratch.bytes("out") ?? Data()
        let errorData = scratch.bytes("err") ?? Data()
        return Result(
            status: ended.status, stdout: String(decoding: outputData, as: UTF8.self),
            stderr: String(decoding: errorData, as: UTF8.self), signaled: !ended.exited, stdoutData: outputData)
    }
}
