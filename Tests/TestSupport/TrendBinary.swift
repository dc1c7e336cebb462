import Foundation

/// Runs the built `trend` binary as a subprocess, the way users and scripts do.
public struct TrendBinary: Sendable {
    public struct Result: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String
        /// Killed by a signal rather than exiting.
        public let signaled: Bool
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

    /// A small, fixed environment: cron-like, so the user's own settings never leak in.
    public static func environment(dataDirectory: String?, home: String? = nil, extra: [String: String] = [:]) -> [String: String] {
        var environment = ["PATH": "/usr/bin:/bin", "TZ": "UTC", "LANG": "C"]
        if let dataDirectory { environment["TREND_DATA_DIR"] = dataDirectory }
        if let home { environment["HOME"] = home }
        environment.merge(extra) { $1 }
        return environment
    }

    public func run(
        _ arguments: [String], environment: [String: String], stdin: String? = nil, currentDirectory: String? = nil
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
        try process.run()
        if let stdin {
            input.fileHandleForWriting.write(Data(stdin.utf8))
            try input.fileHandleForWriting.close()
        }
        process.waitUntilExit()
        let outputData = scratch.bytes("out") ?? Data()
        let errorData = scratch.bytes("err") ?? Data()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outputData, as: UTF8.self),
            stderr: String(decoding: errorData, as: UTF8.self), signaled: process.terminationReason == .uncaughtSignal)
    }
}
