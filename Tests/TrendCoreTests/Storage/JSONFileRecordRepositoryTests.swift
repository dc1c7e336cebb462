import Foundation
import Testing
import TestSupport
@testable import TrendCore

@Suite("JSON file repositories")
struct JSONFileRepositoryTests {
    @Test("every change re-reads the file, so edits from elsewhere are kept")
    func recordLevel() async throws {
        let dir = try TemporaryDirectory()
        let first = JSONFileRecordRepository(path: dir.file("weights.json"))
        let second = JSONFileRecordRepository(path: dir.file("weights.json"))
        let a = WeightEntry(timestamp: .local(2026, 11, 1), kilograms: 80)
        let b = WeightEntry(timestamp: .local(2026, 11, 2), kilograms: 81)
        _ = try await first.modify { $0.insert(a) }.store
        let after = try await second.modify { $0.insert(b) }.store
        #expect(after.entries.map(\.id) == [a.id, b.id])
        _ = try await first.modify { $0.goalKilograms = 75 }.store
        let loaded = try await second.load()
        #expect(loaded.entries.count == 2)
        #expect(loaded.goalKilograms == 75)
    }

    @Test("a missing file or directory reads as no data and creates nothing")
    func missingIsEmpty() async throws {
        let dir = try TemporaryDirectory()
        let store = try await JSONFileRecordRepository(path: dir.file("none/weights.json")).load()
        #expect(store.entries.isEmpty)
        let settings = try await JSONFileSettingsRepository(path: dir.file("none/settings.json")).load()
        #expect(settings.unit == .kilograms)
        #expect(!FileManager.default.fileExists(atPath: dir.file("none")))
    }

    @Test("a damaged file is never written over")
    func damagedNotWritten() async throws {
        let dir = try TemporaryDirectory()
        try dir.write("{\"entries\": [", to: "weights.json")
        let repository = JSONFileRecordRepository(path: dir.file("weights.json"))
        await #expect(throws: DataFileError.self) {
            _ = try await repository.modify { $0.insert(WeightEntry(timestamp: .local(2026, 11, 1), kilograms: 80)) }
        }
        #expect(dir.read("weights.json") == "{\"entries\": [")
    }

    @Test("a newer version is readable but never written")
    func newerNotWritten() async throws {
        let dir = try TemporaryDirectory()
        let text = #"{"entries": [], "version": 5}"#
        try dir.write(text, to: "weights.json")
        let repository = JSONFileRecordRepository(path: dir.file("weights.json"))
        #expect(try await repository.load().version == 5)
        await #expect(throws: DataFileError.newerVersion(path: dir.file("weights.json"), version: 5)) {
            _ = try await repository.modify { $0.goalKilograms = 70 }.store
        }
        #expect(dir.read("weights.json") == text)
    }

    @Test("settings round-trip and damaged settings are reported")
    func settings() async throws {
        let dir = try TemporaryDirectory()
        let repository = JSONFileSettingsRepository(path: dir.file("settings.json"))
        #expect(try await repository.modify { $0.unit = .stones }.unit == .stones)
        #expect(dir.read("settings.json") == "{\n  \"unit\": \"st\",\n  \"version\": 1\n}\n")
        #expect(try await repository.load().unit == .stones)
        try dir.write(#"{"unit": "furlongs", "version": 1}"#, to: "settings.json")
        await #expect(throws: DataFileError.self) { _ = try await repository.load() }
    }

    @Test("no data directory: reads are empty, writes fail")
    func noDirectory() async throws {
        let repository = JSONFileRecordRepository(path: nil)
        #expect(try await repository.load().entries.isEmpty)
        await #expect(throws: StorageError.noDataDirectory) { _ = try await repository.modify { $0.goalKilograms = 1 }.store }
    }
}
