import Foundation
import Testing
import TestSupport
@testable import TrendCore
@testable import TrendPresentation

@MainActor
@Suite("Undo, merge, import and export screens")
struct HistorySyncImportExportScreensTests {
    @Test("undo reverts the latest change and says what it did; redo re-applies it; the journal marks where the store is")
    func undoRedo() async throws {
        let repository = InMemoryRecordRepository(store: fifteenDays(), clock: .fixed(epochSeconds: TestAppModelFactory.now, timeZone: FixedOffsetTimeZone(offsetSeconds: 0)), command: "log 80")
        let app = TestAppModelFactory.make(weights: repository)
        try await app.weightLogFeature.add(kilograms: 80, at: app.clock.now)
        let viewModel = HistoryViewModel(app: app)
        try await viewModel.undo()
        #expect(await repository.store.entries.count == 15)
        #expect(viewModel.moveReport?.hasPrefix("Undone: log 80 on ") == true)
        try await viewModel.loadJournal()
        #expect(viewModel.listing.contains("^ the store is here (before all of these)"))
        try await viewModel.redo()
        #expect(await repository.store.entries.count == 16)
        #expect(viewModel.moveReport?.hasPrefix("Redone: ") == true)
    }

    @Test("merging a copy adds what only it has and names each conflict, keeping ours by default")
    func merge() async throws {
        var store = fifteenDays()
        var copy = store
        copy.insert(WeightEntry(timestamp: Timestamp(epochSeconds: TestAppModelFactory.now + 60, utcOffsetSeconds: 0), kilograms: 79.9))
        var changed = store.entries[0]
        changed.kilograms = 90
        copy.replace(changed)
        store.insert(IntakeEntry(timestamp: Timestamp(epochSeconds: TestAppModelFactory.now, utcOffsetSeconds: 0), kilocalories: 500))
        let repository = InMemoryRecordRepository(store: store, copies: ["phone.json": copy], clock: .fixed(epochSeconds: TestAppModelFactory.now, timeZone: FixedOffsetTimeZone(offsetSeconds: 0)))
        let viewModel = SyncViewModel(app: TestAppModelFactory.make(weights: repository))
        let text = try await viewModel.merge(copies: ["phone.json"], prefer: .ours, dryRun: false, deleteMerged: false)
        #expect(text.hasPrefix("Merged phone.json: 1 added, 14 same, 1 conflict (kept ours)."))
        #expect(text.contains(": ours 82.0 kg on 2026-11-16 08:00, theirs 90.0 kg on 2026-11-16 08:00"))
        #expect(await repository.store.entries.count == 16)
        #expect(await repository.store.entries[0].kilograms == 82)
    }

    @Test("an import reads the file, stores its rows and reports them; a dry run stores nothing")
    func importing() async throws {
        let directory = try TemporaryDirectory()
        try directory.write("date,weight\n2026-11-01,80.5\n2026-11-02,80.3\n", to: "w.csv")
        let repository = InMemoryStoreRepository()
        let app = TestAppModelFactory.make(repository: repository)
        let dry = ImportViewModel(app: app)
        dry.request = ImportFeature.Request(input: .path(directory.file("w.csv")), dryRun: true)
        try await dry.run()
        #expect(dry.report.hasPrefix("Would import"))
        #expect(await repository.store.entries.isEmpty)
        let real = ImportViewModel(app: app)
        real.request = ImportFeature.Request(input: .path(directory.file("w.csv")))
        try await real.run()
        #expect(real.report.contains("2 added"))
        #expect(await repository.store.entries.map(\.kilograms) == [80.5, 80.3])
    }

    @Test("the export renders the CSV and the JSON document of everything, and names where it wrote")
    func export() async throws {
        let store = fifteenDays()
        let app = TestAppModelFactory.make(repository: InMemoryStoreRepository(store: store))
        let viewModel = ExportViewModel(app: app)
        try await viewModel.load()
        let csv = OutputBuffer()
        try ExportFormat.csv.render(viewModel, to: csv)
        #expect(csv.text.hasPrefix("date,weight,unit,note\n"))
        #expect(csv.text.split(separator: "\n").count == 16)
        let json = OutputBuffer()
        try ExportFormat.json.render(viewModel, to: json)
        #expect(try StoreDocument.decodeExport(json.bytes, path: "export.json").store.entries == store.entries)
        #expect(viewModel.confirmation(path: "backup.json") == "Exported 15 weigh-ins to backup.json.\n")
    }
}
