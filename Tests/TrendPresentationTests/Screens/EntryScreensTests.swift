import Foundation
import Testing
import TestSupport
import TrendCore

@testable import TrendPresentation

@MainActor
@Suite("Log, edit, remove, last, list and completion screens")
struct EntryScreensTests {
    @Test("logging a weigh-in stores it and shows the trend; a typo is refused with the likely value")
    func log() async throws {
        let repository = InMemoryStoreRepository(store: fifteenDays())
        let app = TestAppModelFactory.make(repository: repository)
        let viewModel = LogViewModel(app: app)
        viewModel.weight = "80,4"
        try await viewModel.log()
        #expect(viewModel.outcome?.entry.kilograms == 80.4)
        #expect(viewModel.trend != nil)
        #expect(viewModel.text.contains("Logged 80.4 kg"))
        #expect(await repository.store.entries.count == 16)
        let typo = LogViewModel(app: app)
        typo.weight = "804"
        await #expect(throws: LogError.self) { try await typo.log() }
        #expect(await repository.store.entries.count == 16)
    }

    @Test("editing a weigh-in by its short id changes it and says what it is now")
    func edit() async throws {
        let store = fifteenDays()
        let repository = InMemoryStoreRepository(store: store)
        let viewModel = EditViewModel(app: TestAppModelFactory.make(repository: repository))
        viewModel.id = store.entries[3].shortID
        viewModel.weight = "81"
        viewModel.force = true
        try await viewModel.edit()
        #expect(await repository.store.entries[3].kilograms == 81)
        #expect(viewModel.text.hasPrefix("Updated "))
    }

    @Test("removing names what it removed; an unknown id removes nothing")
    func remove() async throws {
        let store = fifteenDays()
        let repository = InMemoryStoreRepository(store: store)
        let app = TestAppModelFactory.make(repository: repository)
        let viewModel = RemoveViewModel(app: app)
        viewModel.ids = [store.entries[0].shortID, store.entries[1].shortID]
        try await viewModel.remove()
        #expect(viewModel.removed.map(\.id) == [store.entries[0].id, store.entries[1].id])
        let unknown = RemoveViewModel(app: app)
        unknown.ids = ["ffff0000", store.entries[2].shortID]
        await #expect(throws: LogError.self) { try await unknown.remove() }
        #expect(await repository.store.entries.count == 13)
    }

    @Test("the latest weigh-in is too old only when strictly older than the age asked")
    func last() async throws {
        let viewModel = LastViewModel(app: TestAppModelFactory.make(repository: InMemoryStoreRepository(store: fifteenDays())))
        viewModel.maxAge = try ElapsedTime(parsing: "1d")
        try await viewModel.load()
        #expect(viewModel.latest != nil)
        #expect(!viewModel.isTooOld)
        let empty = LastViewModel(app: TestAppModelFactory.make())
        empty.maxAge = try ElapsedTime(parsing: "1d")
        try await empty.load()
        #expect(empty.isTooOld)
    }

    @Test("the list gives each weigh-in its day's trend, with the estimated days between when asked")
    func list() async throws {
        var store = fifteenDays()
        store.remove(WeightEntry.self, id: store.entries[7].id)
        let viewModel = ListViewModel(app: TestAppModelFactory.make(repository: InMemoryStoreRepository(store: store)))
        viewModel.showsEstimatedDays = true
        try await viewModel.load(streaming: false)
        #expect(viewModel.points.count == 14)
        #expect(viewModel.estimatedDays.count == 1)
        #expect(viewModel.rows.count == 15)
        let streamed = ListViewModel(app: TestAppModelFactory.make(repository: InMemoryStoreRepository(store: store)))
        try await streamed.load(streaming: true)
        var csv: [UInt8] = []
        streamed.writeCSV { csv += $0 }
        let lines = String(decoding: csv, as: UTF8.self).split(separator: "\n")
        #expect(lines.first == "id,date,weight,unit,trend,note")
        #expect(lines.count == 15)
    }

    @Test("completion offers the ids a prefix starts, described on request, and measurement names")
    func completion() async throws {
        var store = fifteenDays()
        store.insert(MeasurementEntry(timestamp: Timestamp(epochSeconds: TestAppModelFactory.now, utcOffsetSeconds: 0), name: MeasurementName("waist")!, centimetres: 90))
        let app = TestAppModelFactory.make(repository: InMemoryStoreRepository(store: store))
        let first = store.entries[0]
        let viewModel = CompletionViewModel(app: app)
        viewModel.prefix = String(first.shortID.prefix(4))
        viewModel.describe = true
        await viewModel.load()
        let line = try #require(viewModel.lines.first { $0.hasPrefix(first.shortID) })
        #expect(line.contains("\t"))
        #expect(line.hasSuffix("82 kg"))
        let refused = CompletionViewModel(app: app)
        refused.prefix = "$(rm"
        await refused.load()
        #expect(refused.lines.isEmpty)
        let names = CompletionViewModel(app: app)
        names.kind = .names
        names.prefix = "wa"
        await names.load()
        #expect(names.lines.contains("waist"))
    }
}
