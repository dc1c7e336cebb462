import Foundation
import Testing
import TestSupport

/// One temporary data directory and the `trend` binary to run against it.
struct CLIHarness {
    let directory: TemporaryDirectory
    let binary: TrendBinary
    var extraEnvironment: [String: String] = [:]

    init() throws {
        directory = try TemporaryDirectory()
        binary = try TrendBinary.locate()
    }

    var dataDirectory: String { directory.file("data") }
    var weightsPath: String { dataDirectory + "/weights.json" }

    var environment: [String: String] {
        TrendBinary.environment(dataDirectory: dataDirectory, home: directory.file("home"), extra: extraEnvironment)
    }

    @discardableResult
    func run(_ arguments: String..., stdin: String? = nil) throws -> TrendBinary.Result {
        try binary.run(arguments, environment: environment, stdin: stdin)
    }

    /// Runs and requires success.
    @discardableResult
    func ok(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> TrendBinary.Result {
        let result = try binary.run(arguments, environment: environment)
        #expect(result.status == 0, "trend \(arguments.joined(separator: " ")): \(result.stderr)", sourceLocation: sourceLocation)
        return result
    }

    var weightsFile: Data? { FileManager.default.contents(atPath: weightsPath) }

    func weightsJSON() throws -> [String: Any] {
        let data = try #require(weightsFile)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func entries() throws -> [[String: Any]] {
        try #require(try weightsJSON()["entries"] as? [[String: Any]])
    }

    func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }

    func writeWeights(_ text: String) throws {
        try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: weightsPath))
    }
}
