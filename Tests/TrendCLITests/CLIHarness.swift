import Foundation
import Testing
import TestSupport

/// One temporary data directory and the `trend` binary to run against it.
struct CLIHarness {
    let directory: TemporaryDirectory
    let binary: TrendBinary
    var extraEnvironment: [String: String] = [:]
    /// The binary's "now" (`TREND_NOW`, SPEC §14), so that what a test
    /// expects never depends on the day it runs; nil runs on the real clock,
    /// for tests that compute what they expect from it.
    var now: String? = CLIHarness.fixedNow

    /// Noon UTC on 30 Nov 2026: what the tests' dates are relative to.
    static let fixedNow = "2026-11-30T12:00:00Z"

    init() throws {
        directory = try TemporaryDirectory()
        binary = try TrendBinary.locate()
    }

    var dataDirectory: String { directory.file("data") }
    var weightsPath: String { dataDirectory + "/weights.json" }

    var environment: [String: String] {
        var extra = extraEnvironment
        if let now, extra["TREND_NOW"] == nil { extra["TREND_NOW"] = now }
        return TrendBinary.environment(dataDirectory: dataDirectory, home: directory.file("home"), extra: extra)
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

    @discardableResult
    func ok(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> TrendBinary.Result {
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

    /// A large canonical weights.json (numbered ids, one day), so a write
    /// takes long enough to be interrupted.
    func writeNumberedHistory(count: Int) throws {
        let lines = (0..<count).map { i in
            let id = String(format: "%08x-0000-4000-8000-%012x", i, i)
            return "{\"date\": \"2020-01-01T00:00:00+00:00\", \"id\": \"\(id)\", \"kilograms\": \(60 + i % 40)}"
        }
        try writeWeights("{\n  \"entries\": [\n    " + lines.joined(separator: ",\n    ") + "\n  ],\n  \"version\": 1\n}\n")
    }
}
