import Dispatch
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
    public struct TimedOut: Error, CustomStringConvertible {
        public let command: String
        public let seconds: Double
        public var description: String { "\(command) did not finish within \(seconds) s and was killed" }
    }

    /// Runs to the end, or at most `timeout` seconds.
    public func run(
        _ arguments: [String], environment: [String: String], stdin: String? = nil, currentDirectory: String? = nil,
        timeout: Double = 120
    ) throws -> Result {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.environment = environment
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        // Output goes to files, not pipes: nothing can block on a full pipe.
        let scratch = try TemporaryDirectory()
        _ = FileManager.default.createFile(atPath: scratch.file("out"), contents: nil)
        _ = FileManager.default.createFile(atPath: scratch.file("err"), contents: nil)
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch.file("out")))
        let error = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch.file("err")))
        defer {
            try? output.close()
            try? error.close()
        }
        process.standardOutput = output
        process.standardError = error
        let input = Pipe()
        process.standardInput = stdin == nil ? FileHandle.nullDevice : input
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        if let stdin {
            input.fileHandleForWriting.write(Data(stdin.utf8))
            try input.fileHandleForWriting.close()
        }
        if ended.wait(timeout: .now() + timeout) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            _ = ended.wait(timeout: .now() + 10)
            throw TimedOut(command: ([url.lastPathComponent] + arguments).joined(separator: " "), seconds: timeout)
        }
        process.waitUntilExit()
        let outputData = scratch.bytes("out") ?? Data()
        let errorData = scratch.bytes("err") ?? Data()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outputData, as: UTF8.self),
            stderr: String(decoding: errorData, as: UTF8.self), signaled: process.terminationReason == .uncaughtSignal, stdoutData: outputData)
    }
}
