import Foundation
import Testing
import TestSupport
import TrendCore

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

    @discardableResult
    func run(_ arguments: [String], stdin: String? = nil) throws -> TrendBinary.Result {
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
        try writeWeights(Data(text.utf8))
    }

    func writeWeights(_ bytes: Data) throws {
        try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
        try bytes.write(to: URL(fileURLWithPath: weightsPath))
    }

    /// A weigh-in as a test types it for `trend log WEIGHT --date DATE --fat FAT`.
    struct TypedWeighIn {
        let date: String
        let weight: String
        var fat: String?
    }

    /// Stores weigh-ins as `trend log WEIGHT --date DATE --force` stores them
    /// (read by the same rules, written by the store's own writer), in one
    /// write instead of one run of the binary each: for tests whose subject
    /// is what comes after them. The journal has no step for them and no
    /// hook hears of them; `SeedTests` holds it to what `log` stores.
    func seed(_ weighIns: [TypedWeighIn]) throws {
        #expect(environment["TZ"] == "UTC" && weightsFile == nil, "seeding writes a new store, its dates read in UTC")
        let dates = DateInput(timeZone: FixedOffsetTimeZone(offsetSeconds: 0), nowEpochSeconds: 0)
        let store = RecordStore(entries: try weighIns.map { typed in
            WeightEntry(
                timestamp: try dates.timestamp(parsing: typed.date),
                kilograms: try WeightInput.kilograms(parsing: typed.weight, defaultUnit: .kilograms),
                fatPercent: try typed.fat.map { text throws(WeightInputError) in try WeightInput.fatPercent(parsing: text) })
        })
        // The writer gives the file the version its content needs, as every write does.
        try writeWeights(Data(StoreDocument.encode(store)))
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
