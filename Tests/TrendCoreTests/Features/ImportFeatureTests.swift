import Foundation
import Testing
import TestSupport
@testable import TrendCore

@MainActor
@Suite("ImportFeature")
struct ImportFeatureTests {
    @Test("a file's rows are stored in one change; the same file again adds nothing")
    func importTwice() async throws {
        let directory = try TemporaryDirectory()
        try directory.write("date,weight\n2026-11-01,80.5\n2026-11-02,80.3\n2026-11-03,80.1\n", to: "w.csv")
        let repository = InMemoryStoreRepository()
        let app = TestAppModelFactory.make(repository: repository)
        let request = ImportFeature.Request(input: .path(directory.file("w.csv")))
        let first = try await app.importFeature.importFile(request)
        #expect(first.added == 3 && first.duplicates == 0)
        #expect(app.recordLogFeature.changes.count == 1)
        let again = try await app.importFeature.importFile(request)
        #expect(again.added == 0 && again.duplicates == 3)
        #expect(app.recordLogFeature.changes.count == 1)
        #expect(await repository.store.entries.count == 3)
    }

    @Test("a file with a row that cannot be read stores nothing, unless told to skip it")
    func allOrNothing() async throws {
        let directory = try TemporaryDirectory()
        try directory.write("date,weight\n2026-11-01,80.5\n2026-11-02,eighty\n", to: "w.csv")
        let repository = InMemoryStoreRepository()
        let app = TestAppModelFactory.make(repository: repository)
        await #expect(throws: ImportError.self) { try await app.importFeature.importFile(ImportFeature.Request(input: .path(directory.file("w.csv")))) }
        #expect(await repository.store.entries.isEmpty)
        let skipped = try await app.importFeature.importFile(ImportFeature.Request(input: .path(directory.file("w.csv")), skipInvalid: true))
        #expect(skipped.added == 1 && skipped.invalid == 1)
    }
}
