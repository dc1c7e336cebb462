import Foundation
import Testing
import TestSupport
import TrendCore

/// Day marks as a Feature on the in-memory store (SPEC §21).
@MainActor
@Suite("MarkFeature")
struct MarkFeatureTests {
    let today = CalendarDay(dayNumber: Int(TestAppModelFactory.now / 86_400))

    @Test("marking a run adds one mark a day, skips a day already marked, and records its own edits")
    func markRun() async throws {
        let repository = InMemoryStoreRepository()
        let app = TestAppModelFactory.make(repository: repository)
        let marks = app.markFeature
        let first = try await marks.mark(.period, from: today.adding(days: -6), days: 3)
        #expect(first.added.map(\.day) == [today.adding(days: -6), today.adding(days: -5), today.adding(days: -4)])
        let second = try await marks.mark(.period, from: today.adding(days: -4), days: 2, note: "light")
        #expect(second.alreadyMarked == [today.adding(days: -4)] && second.added.map(\.note) == ["light"])
        #expect(marks.marks.count == 4)
        let change = try #require(app.recordLogFeature.changes.last)
        #expect(change.summary[.mark] == ChangeSummary.Counts(added: 1) && change.records(DayMark.self).written.count == 1)
        // Everything already marked: nothing is written, no change is kept.
        let before = app.recordLogFeature.changes.count
        let none = try await marks.mark(.period, from: today.adding(days: -5), days: 1)
        #expect(none.added.isEmpty && app.recordLogFeature.changes.count == before)
        #expect(await repository.store.marks.count == 4)
    }

    @Test("a run longer than a year, or none, and a day after today are refused before anything is written")
    func bounds() async throws {
        let repository = InMemoryStoreRepository()
        let marks = TestAppModelFactory.make(repository: repository).markFeature
        await #expect(throws: LogError.markDaysOutOfRange(days: 0)) { try await marks.mark(.period, from: today, days: 0) }
        await #expect(throws: LogError.markDaysOutOfRange(days: 367)) { try await marks.mark(.period, from: today.adding(days: -400), days: 367) }
        await #expect(throws: LogError.markInFuture(day: today.adding(days: 1))) { try await marks.mark(.period, from: today, days: 2) }
        #expect(await repository.saveCallCount == 0)
    }

    @Test("names: what a series or the tape calls itself is refused, and the names used come back most recent first")
    func names() async throws {
        let marks = TestAppModelFactory.make().markFeature
        #expect(throws: LogError.invalidMarkName(name: "intake", takenBy: "a series of the report")) { try marks.name(parsing: "intake") }
        #expect(throws: LogError.invalidMarkName(name: "hips-left", takenBy: "a place the tape measures")) { try marks.name(parsing: "hips-left") }
        #expect(throws: LogError.invalidMarkName(name: "Sick", takenBy: nil)) { try marks.name(parsing: "Sick") }
        #expect(throws: LogError.invalidMarkName(name: "", takenBy: nil)) { try marks.name(parsing: "") }
        try await marks.mark(try marks.name(parsing: "travel"), from: today.adding(days: -9))
        try await marks.mark(try marks.name(parsing: "sick"), from: today.adding(days: -3))
        try await marks.mark(try marks.name(parsing: "travel"), from: today.adding(days: -7))
        #expect(marks.namesUsed.map(\.text) == ["sick", "travel"], "by day: sick was the latest day marked")
    }

    @Test("an edit moving a mark onto a day its name holds is refused; otherwise it changes name, day and note")
    func update() async throws {
        let marks = TestAppModelFactory.make().markFeature
        let added = try await marks.mark(.period, from: today.adding(days: -3), days: 2).added
        await #expect(throws: LogError.alreadyMarked(day: today.adding(days: -2), name: "period")) {
            try await marks.update(matching: added[0].idText, day: today.adding(days: -2))
        }
        let changed = try await marks.update(matching: added[0].idText, name: try marks.name(parsing: "salty"), day: today.adding(days: -2), note: .set("ramen"))
        #expect(changed.name.text == "salty" && changed.day == today.adding(days: -2) && changed.note == "ramen")
        await #expect(throws: LogError.markInFuture(day: today.adding(days: 1))) { try await marks.update(matching: added[1].idText, day: today.adding(days: 1)) }
    }
}
