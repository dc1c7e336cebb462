import Foundation
import Testing
import TestSupport
@testable import TrendCore

/// What a change wrote, found by id: the hook's `entries` and
/// `removedEntries`, and the counts `undo` reports.
@Suite("StoreChange")
struct StoreChangeTests {
    static func entry(_ n: Int, _ kilograms: Double, note: String? = nil) -> WeightEntry {
        WeightEntry(
            id: UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", n))!,
            timestamp: Timestamp(epochSeconds: 1_790_000_000 + Int64(n) * 86_400, utcOffsetSeconds: 3600), kilograms: kilograms, note: note)
    }

    static func store(_ entries: [WeightEntry], goal: Double? = nil) -> RecordStore {
        var store = RecordStore(entries: entries)
        store.setGoal(goal, plan: nil)
        return store
    }

    @Test("added and changed entries are written as they are now, removed ones as they were, in store order")
    func diff() {
        let before = Self.store([Self.entry(1, 80), Self.entry(2, 81), Self.entry(3, 82), Self.entry(4, 83)])
        let after = Self.store([Self.entry(1, 80), Self.entry(2, 81.5), Self.entry(4, 83, note: "new note"), Self.entry(5, 84)], goal: 75)
        let change = StoreChange(from: before, to: after)
        #expect(change.written.map(\.kilograms) == [81.5, 83, 84])
        #expect(change.written.map(\.note) == [nil, "new note", nil])
        #expect(change.removed == [Self.entry(3, 82)])
        #expect(change.summary == ChangeSummary(added: 1, removed: 1, changed: 2, goalChanged: true))
        #expect(change.goal?.kilograms == 75)
        #expect(ChangeSummary(from: before, to: after) == change.summary)
    }

    @Test("undoing it is the same change seen backwards")
    func backwards() {
        let before = Self.store([Self.entry(1, 80), Self.entry(2, 81)])
        let after = Self.store([Self.entry(2, 81.2), Self.entry(3, 82)])
        let forward = StoreChange(from: before, to: after)
        let back = StoreChange(from: after, to: before)
        #expect(back.summary == forward.summary.reversed)
        #expect(back.written.map(\.id) == [Self.entry(1, 0).id, Self.entry(2, 0).id])
        #expect(back.removed.map(\.id) == [Self.entry(3, 0).id])
    }

    @Test("the first change to an empty store writes every entry; a goal alone writes none")
    func edges() {
        let entries = (1...50).map { Self.entry($0, 80 + Double($0) / 10) }
        let first = StoreChange(from: RecordStore(), to: Self.store(entries))
        #expect(first.written == entries && first.removed.isEmpty)
        #expect(first.summary == ChangeSummary(added: 50, removed: 0, changed: 0, goalChanged: false))
        let goal = StoreChange(from: Self.store(entries), to: Self.store(entries, goal: 70))
        #expect(goal.written.isEmpty && goal.removed.isEmpty)
        #expect(goal.summary == ChangeSummary(added: 0, removed: 0, changed: 0, goalChanged: true))
        let cleared = StoreChange(from: Self.store(entries), to: RecordStore())
        #expect(cleared.removed == entries && cleared.summary.removed == 50)
    }

    /// The plain definition: by id, through a table.
    static func reference(_ before: RecordStore, _ after: RecordStore) -> (written: [WeightEntry], removed: [WeightEntry], changed: Int) {
        var old: [UUID: WeightEntry] = [:]
        for entry in before.entries { old[entry.id] = entry }
        let newIDs = Set(after.entries.map(\.id))
        let written = after.entries.filter { old[$0.id] != $0 }
        let changed = written.filter { old[$0.id] != nil }.count
        return (written, before.entries.filter { !newIDs.contains($0.id) }, changed)
    }

    @Test("walking both stores in order finds what the table by id finds, for random edits, moves, inserts, removals and merges")
    func walkMatchesTable() {
        var generator = SeededGenerator(seed: 26)
        for round in 0..<400 {
            let count = Int.random(in: 0...60, using: &generator)
            var entries = (0..<count).map { n in
                WeightEntry(
                    timestamp: Timestamp(epochSeconds: 1_790_000_000 + Int64.random(in: 0...30, using: &generator) * 3600, utcOffsetSeconds: 0),
                    kilograms: 80 + Double(n % 7))
            }
            let before = RecordStore(entries: entries)
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                guard !entries.isEmpty || round % 2 == 0 else { break }
                switch Int.random(in: 0...5, using: &generator) {
                case 0: entries.append(WeightEntry(timestamp: Timestamp(epochSeconds: 1_790_000_000 + Int64.random(in: 0...40, using: &generator) * 3600, utcOffsetSeconds: 0), kilograms: 70))
                case 1 where !entries.isEmpty: entries.remove(at: Int.random(in: 0..<entries.count, using: &generator))
                case 2 where !entries.isEmpty: entries[Int.random(in: 0..<entries.count, using: &generator)].kilograms += 0.5
                case 3 where !entries.isEmpty: entries[Int.random(in: 0..<entries.count, using: &generator)].timestamp = Timestamp(epochSeconds: 1_790_000_000 + Int64.random(in: 0...40, using: &generator) * 3600, utcOffsetSeconds: 0)
                case 4 where !entries.isEmpty: entries[Int.random(in: 0..<entries.count, using: &generator)].note = "edited"
                default: entries += (0..<Int.random(in: 1...20, using: &generator)).map { _ in WeightEntry(timestamp: Timestamp(epochSeconds: 1_790_000_000 + Int64.random(in: 0...40, using: &generator) * 3600, utcOffsetSeconds: 0), kilograms: 90) }
                }
            }
            let after = RecordStore(entries: entries)
            for (from, to) in [(before, after), (after, before)] {
                let change = StoreChange(from: from, to: to)
                let expected = Self.reference(from, to)
                #expect(change.written == expected.written, "round \(round)")
                #expect(change.removed == expected.removed, "round \(round)")
                #expect(change.summary.changed == expected.changed && change.summary.added == expected.written.count - expected.changed, "round \(round)")
                #expect(change.summary.removed == expected.removed.count)
            }
        }
    }

    @Test("what a write records as it goes says the same as comparing before and after, for random sequences of every mutating call")
    func recordedMatchesCompared() {
        var generator = SeededGenerator(seed: 2026)
        func stamp() -> Timestamp { Timestamp(epochSeconds: 1_790_000_000 + Int64.random(in: 0...50, using: &generator) * 3600, utcOffsetSeconds: 0) }
        for round in 0..<600 {
            let start = (0..<Int.random(in: 0...40, using: &generator)).map { _ in WeightEntry(timestamp: stamp(), kilograms: 80) }
            var store = RecordStore(entries: start, goalKilograms: round % 3 == 0 ? 75 : nil)
            let before = store
            store.edits = RecordStore.Edits(before: store)
            var taken: [WeightEntry] = []
            for _ in 0..<Int.random(in: 0...8, using: &generator) {
                let existing = store.entries.randomElement(using: &generator)
                switch Int.random(in: 0...7, using: &generator) {
                case 0: store.insert(WeightEntry(timestamp: stamp(), kilograms: 70))
                case 1: store.insert(contentsOf: (0..<Int.random(in: 0...12, using: &generator)).map { _ in WeightEntry(timestamp: stamp(), kilograms: 90) })
                case 2:
                    if var entry = existing {
                        entry.kilograms += Double.random(in: 0...1, using: &generator) < 0.3 ? 0 : 0.5
                        entry.timestamp = Double.random(in: 0...1, using: &generator) < 0.5 ? entry.timestamp : stamp()
                        store.replace(entry)
                    }
                case 3: if let entry = existing, let gone = store.remove(id: entry.id) { taken.append(gone) }
                case 4: if let entry = existing { store.setFat([entry.id: Double.random(in: 10...30, using: &generator).rounded()]) }
                case 5: if let back = taken.popLast() { store.insert(back) }
                case 6: store.setGoal(Double.random(in: 0...1, using: &generator) < 0.5 ? nil : 76, plan: nil)
                default:
                    if let back = taken.popLast() {
                        var changed = back
                        changed.note = "back"
                        store.insert(changed)
                    }
                }
            }
            let edits = store.edits!
            store.edits = nil
            let recorded = StoreChange(edits: edits, after: store)
            let compared = StoreChange(from: before, to: store)
            #expect(recorded.written == compared.written, "round \(round)")
            #expect(recorded.removed == compared.removed, "round \(round)")
            #expect(recorded.summary == compared.summary, "round \(round): \(recorded.summary) vs \(compared.summary)")
            #expect(recorded.goal == compared.goal)
        }
    }

    @Test("the hook's JSON is one line, keys sorted, with entries as weights.json stores them")
    func document() throws {
        var fat = Self.entry(5, 84)
        fat.fatPercent = 22.4
        let before = Self.store([Self.entry(1, 80), Self.entry(3, 82)])
        let after = Self.store([Self.entry(1, 80), fat, Self.entry(6, 85, note: "line\nbreak \"quoted\"")], goal: 75.5)
        let context = ChangeDocument.Context(command: "import", commandLine: "trend import 'a b.csv'", dataFile: "/d/weights.json")
        let bytes = ChangeDocument.json(StoreChange(from: before, to: after), context: context)
        #expect(bytes.last == 10 && bytes.dropLast().contains(10) == false)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("{\"added\": 2, \"changed\": 0, \"command\": \"import\", \"commandLine\": \"trend import 'a b.csv'\", \"dataFile\": \"/d/weights.json\", \"entries\": [{\"date\": \"2026-"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(object.keys.sorted() == [
            "added", "changed", "command", "commandLine", "dataFile", "entries", "goalChanged", "goalKilograms", "intake", "marks", "measurements", "removed",
            "removedEntries", "removedIntake", "removedMarks", "removedMeasurements",
        ])
        #expect(object["goalKilograms"] as? Double == 75.5 && object["goalChanged"] as? Bool == true && object["removed"] as? Int == 1)
        let entries = try #require(object["entries"] as? [[String: Any]])
        #expect(entries.map { $0["kilograms"] as? Double } == [84, 85])
        #expect(entries[0]["fatPercent"] as? Double == 22.4)
        #expect(entries[1]["note"] as? String == "line\nbreak \"quoted\"")
        #expect(entries[0]["id"] as? String == "00000000-0000-4000-8000-000000000005")
        // The same text as the data file's line for that entry.
        let file = String(decoding: StoreDocument.encode(after), as: UTF8.self)
        let line = String(text.split(separator: "[", maxSplits: 1)[1].split(separator: "}", maxSplits: 1)[0]) + "}"
        #expect(file.contains(line))
        let removed = try #require(object["removedEntries"] as? [[String: Any]])
        #expect(removed.map { $0["kilograms"] as? Double } == [82])
    }

    @Test("a long change streams in pieces, and the pieces are the document")
    func streamed() {
        let entries = (1...3_000).map { Self.entry($0, 70 + Double($0 % 300) / 10) }
        let change = StoreChange(from: RecordStore(), to: Self.store(entries))
        let context = ChangeDocument.Context(command: "import", commandLine: "trend import x", dataFile: "/d/weights.json")
        var pieces: [[UInt8]] = []
        ChangeDocument.json(change, context: context) { pieces.append($0) }
        #expect(pieces.count > 1)
        #expect(pieces.dropLast().allSatisfy { $0.count >= ChunkingSink.chunkSize })
        #expect(pieces.flatMap { $0 } == ChangeDocument.json(change, context: context))
    }
}
