import Foundation
import Testing
import TestSupport
@testable import TrendCore

@Suite("Reading large files on two cores")
struct ParallelEntriesTests {
    /// A canonical store larger than the parallel threshold: a few thousand
    /// entries, whose second half comes back in several chunks of `chunk`.
    static func largeStore() -> WeightStore {
        var generator = SeededGenerator(seed: 99)
        let entries = (0..<8_000).map { i in
            WeightEntry(
                timestamp: Timestamp(epochSeconds: 1_500_000_000 + Int64(i) * 3_000, utcOffsetSeconds: [0, 3600, -18000][i % 3]),
                kilograms: Double.random(in: 60...100, using: &generator), note: i % 10 == 0 ? "note \(i), \"quoted\"" : nil)
        }
        return WeightStore(entries: entries, goalKilograms: 72.5)
    }

    /// Entries per chunk of the second part in these tests: the reader's
    /// own chunk is 32,768, which would take a file of 70,000 entries.
    static let chunk = 1_000

    @Test("gives exactly what the sequential reader gives")
    func sameAsSequential() async throws {
        let dir = try TemporaryDirectory()
        let store = Self.largeStore()
        let bytes = WeightsDocument.encode(store)
        #expect(bytes.count > ParallelEntries.minimumSize)
        #expect(store.entries.count / 2 > 3 * Self.chunk)
        try Data(bytes).write(to: URL(fileURLWithPath: dir.file("weights.json")))
        let viaParallel = try await DurableFile(path: dir.file("weights.json")).withContents { contents in
            ParallelEntries.decode(contents.bytes, descriptor: try #require(contents.descriptor), chunkCount: Self.chunk)
        }
        #expect(viaParallel == store)
        let loaded = try await JSONFileWeightRepository(path: dir.file("weights.json")).load()
        #expect(loaded == store)
    }

    /// The large store with a meal every few hours and a waist or hips
    /// every few days after it: the other records' arrays follow the entries.
    static func largeStoreWithOtherRecords(meals: Int, measurements measured: Int = 300, sharingIDWith shared: Int? = nil) -> WeightStore {
        let base = largeStore()
        var intake: [IntakeEntry] = []
        for i in 0..<meals {
            let timestamp = Timestamp(epochSeconds: 1_500_000_000 + Int64(i) * 20_000, utcOffsetSeconds: 3600)
            let kilocalories = Double(300 + i % 700) + 0.5
            let note: String? = i % 7 == 0 ? "meal \(i), \"big\"" : nil
            let id = i == meals / 2 ? shared.map { base.entries[$0].id } : nil
            intake.append(IntakeEntry(id: id ?? WeightEntry.newID(), timestamp: timestamp, kilocalories: kilocalories, note: note))
        }
        var measurements: [MeasurementEntry] = []
        for i in 0..<measured {
            let timestamp = Timestamp(epochSeconds: 1_500_000_000 + Int64(i) * 200_000, utcOffsetSeconds: 0)
            let name = MeasurementName(uncheckedText: i % 2 == 0 ? "waist" : "hips")
            measurements.append(MeasurementEntry(timestamp: timestamp, name: name, centimetres: 80 + Double(i % 20) / 4, note: i % 5 == 0 ? "tape" : nil))
        }
        return WeightStore(entries: base.entries, goalKilograms: base.goalKilograms, intake: intake, measurements: measurements)
    }

    @Test(
        "a store with intake and measurements reads the same on two cores, wherever the middle falls",
        arguments: [(1_000, 300, ParallelEntries.Section.entries), (20_000, 300, .intake), (0, 15_000, .measurements)])
    func otherRecords(meals: Int, measurements: Int, middle: ParallelEntries.Section) async throws {
        let dir = try TemporaryDirectory()
        let store = Self.largeStoreWithOtherRecords(meals: meals, measurements: measurements)
        let bytes = WeightsDocument.encode(store)
        let split = try bytes.withUnsafeBufferPointer { try #require(ParallelEntries.split(of: $0, entriesEnd: ParallelEntries.endOfEntries(in: $0))) }
        #expect(bytes.withUnsafeBufferPointer { ParallelEntries.section(at: split, in: $0) } == middle)
        try Data(bytes).write(to: URL(fileURLWithPath: dir.file("weights.json")))
        let viaParallel = try await DurableFile(path: dir.file("weights.json")).withContents { contents in
            ParallelEntries.decode(contents.bytes, descriptor: try #require(contents.descriptor), chunkCount: Self.chunk)
        }
        #expect(viaParallel == store)
        #expect(try WeightsDocument.decode(bytes, path: "weights.json") == store)
    }

    /// Where the weigh-ins' array ends in the canonical layout: the first
    /// other array's key.
    static func firstOtherKey(_ bytes: [UInt8]) -> Int {
        let text = String(decoding: bytes, as: UTF8.self)
        let keys = ["\"intake\": [", "\"measurements\": ["].compactMap { text.range(of: $0) }
        return keys.map { text.utf8.distance(from: text.startIndex, to: $0.lowerBound) }.min() ?? bytes.count
    }

    @Test(
        "the split gives both cores the same reading time, a byte of weigh-ins counting as `entryCost` and another record's as `otherCost`",
        arguments: [(0, 0), (1_000, 300), (20_000, 300), (60_000, 0), (0, 15_000)])
    func balancedSplit(meals: Int, measurements: Int) throws {
        let bytes = WeightsDocument.encode(Self.largeStoreWithOtherRecords(meals: meals, measurements: measurements))
        let end = Self.firstOtherKey(bytes)
        let found = bytes.withUnsafeBufferPointer { ParallelEntries.endOfEntries(in: $0) }
        #expect(found >= end - 200 && found <= end + ParallelEntries.endPrecision)
        let middle = bytes.withUnsafeBufferPointer { ParallelEntries.balancedMiddle(of: $0, entriesEnd: found) }
        func cost(_ range: Range<Int>) -> Int {
            let entries = range.clamped(to: 0..<end).count, others = range.count - entries
            return entries * ParallelEntries.entryCost + others * ParallelEntries.otherCost
        }
        let difference = abs(cost(0..<middle) - cost(middle..<bytes.count))
        #expect(difference <= 2 * ParallelEntries.endPrecision * ParallelEntries.entryCost)
        if meals + measurements == 0 { #expect(abs(middle - bytes.count / 2) <= 1) }
        if meals >= 20_000 { #expect(middle > end) }
    }

    /// The file of `largeStoreWithOtherRecords(meals:)` and the parts it is
    /// read in.
    static func parts(meals: Int, measurements: Int = 300) -> (bytes: [UInt8], split: Int, resume: Int?) {
        let bytes = WeightsDocument.encode(Self.largeStoreWithOtherRecords(meals: meals, measurements: measurements))
        let parts = bytes.withUnsafeBufferPointer { ParallelEntries.parts(of: $0, entriesEnd: ParallelEntries.endOfEntries(in: $0)) }
        return (bytes, parts?.split ?? -1, parts?.resume)
    }

    @Test("a middle in the intake gives the other core the intake from its first record, and this core the weigh-ins and the intake after it")
    func intakeFromItsStart() throws {
        let (bytes, split, resume) = Self.parts(meals: 20_000)
        let text = String(decoding: bytes, as: UTF8.self)
        let key = try #require(text.range(of: "\"intake\": [\n"))
        let first = text.utf8.distance(from: text.startIndex, to: key.upperBound) + 4
        #expect(split == first)
        #expect(bytes[split] == UInt8(ascii: "{"))
        let stop = try #require(resume)
        #expect(bytes.withUnsafeBufferPointer { ParallelEntries.section(at: stop, in: $0) } == .intake)
        // Both cores read for as long: the weigh-ins and the intake after
        // the stop on this one, the intake up to it on the other.
        let end = Self.firstOtherKey(bytes)
        func cost(_ range: Range<Int>) -> Int {
            let entries = range.clamped(to: 0..<end).count
            return entries * ParallelEntries.entryCost + (range.count - entries) * ParallelEntries.otherCost
        }
        let difference = abs(cost(0..<split) + cost(stop..<bytes.count) - cost(split..<stop))
        #expect(difference <= 2 * ParallelEntries.endPrecision * ParallelEntries.entryCost)
    }

    @Test("a middle in the weigh-ins or the measurements leaves the other core to read to the end", arguments: [(1_000, 300), (0, 15_000), (3_000, 15_000)])
    func toTheEnd(meals: Int, measurements: Int) {
        let (_, split, resume) = Self.parts(meals: meals, measurements: measurements)
        #expect(split > 0)
        #expect(resume == nil)
    }

    @Test("the intake's first record is found after the members that come between the arrays, and not where there is none")
    func firstIntakeRecord() throws {
        let store = Self.largeStoreWithOtherRecords(meals: 20_000)
        var planned = store
        planned.setGoal(72.5, plan: GoalPlan(start: try #require(CalendarDay(year: 2017, month: 7, day: 14)), pace: .weeklyRate(kilograms: -0.5)))
        for bytes in [WeightsDocument.encode(store), WeightsDocument.encode(planned)] {
            let text = String(decoding: bytes, as: UTF8.self)
            let key = try #require(text.range(of: "\"intake\": [\n"))
            let found = bytes.withUnsafeBufferPointer { ParallelEntries.firstIntakeRecord(in: $0, entriesEnd: ParallelEntries.endOfEntries(in: $0)) }
            #expect(found == text.utf8.distance(from: text.startIndex, to: key.upperBound) + 4)
        }
        let none = WeightsDocument.encode(Self.largeStoreWithOtherRecords(meals: 0, measurements: 15_000))
        #expect(none.withUnsafeBufferPointer { ParallelEntries.firstIntakeRecord(in: $0, entriesEnd: ParallelEntries.endOfEntries(in: $0)) } == nil)
    }

    /// The intake lines of the file, by index among them, with `i` and `j`
    /// swapped: the file is then out of order there.
    static func swappingIntake(_ bytes: [UInt8], _ i: Int, _ j: Int) -> [UInt8] {
        var lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\n")
        let intake = lines.indices.filter { lines[$0].hasPrefix("    {\"date\"") && lines[$0].contains("\"kilocalories\"") }
        let (a, b) = (intake[i < 0 ? intake.count + i : i], intake[j < 0 ? intake.count + j : j])
        // Each keeps its own line's ending: the last has no comma.
        func body(_ line: String) -> Substring { line.hasSuffix(",") ? line.dropLast() : line[...] }
        let (bodyA, bodyB) = (body(lines[a]), body(lines[b]))
        lines[a] = bodyB + (lines[a].hasSuffix(",") ? "," : "")
        lines[b] = bodyA + (lines[b].hasSuffix(",") ? "," : "")
        return Array(lines.joined(separator: "\n").utf8)
    }

    /// Intake lines out of order where each core reads and where they
    /// meet: the other core counts how many of its records lead in order,
    /// and the rest is checked after the join.
    @Test(
        "intake out of order in either core's part or where they meet reads as the sequential reader reads it",
        arguments: [(10, 11), (-3, -2), (0, -1)])
    func intakeOutOfOrder(first: Int, second: Int) async throws {
        let dir = try TemporaryDirectory()
        let (ordered, split, resume) = Self.parts(meals: 20_000)
        let stop = try #require(resume)
        var bytes = Self.swappingIntake(ordered, first, second)
        if first == 0 {
            // Where the parts meet: the other core's last record and this core's first.
            let before = ordered[split..<stop].filter { $0 == 10 }.count
            bytes = Self.swappingIntake(ordered, before - 1, before)
        }
        #expect(bytes.count == ordered.count)
        try Data(bytes).write(to: URL(fileURLWithPath: dir.file("weights.json")))
        let expected = try WeightsDocument.decode(bytes, path: "weights.json")
        let inOrder = try WeightsDocument.decode(ordered, path: "weights.json")
        #expect(bytes != ordered)
        #expect(expected == inOrder)
        let viaParallel = try await DurableFile(path: dir.file("weights.json")).withContents { contents in
            ParallelEntries.decode(contents.bytes, descriptor: try #require(contents.descriptor), chunkCount: Self.chunk)
        }
        let decoded = try #require(viaParallel)
        let read = try #require(decoded)
        #expect(read == expected)
        #expect(read.intake == expected.intake.sorted(by: IntakeEntry.isOrderedBefore))
    }

    @Test("an id repeated in the intake, within either core's part or across them, is refused", arguments: [(5, 6), (5, -5), (-6, -5)])
    func repeatedIntakeID(original: Int, copy: Int) async throws {
        let dir = try TemporaryDirectory()
        var store = Self.largeStoreWithOtherRecords(meals: 20_000)
        var intake = store.intake
        func index(_ i: Int) -> Int { i < 0 ? intake.count + i : i }
        let copied = intake[index(copy)]
        intake[index(copy)] = IntakeEntry(recordID: intake[index(original)].recordID, timestamp: copied.timestamp, kilocalories: copied.kilocalories, note: copied.note)
        store = WeightStore(entries: store.entries, goalKilograms: store.goalKilograms, intake: intake, measurements: store.measurements)
        let bytes = WeightsDocument.encode(store)
        #expect(bytes.withUnsafeBufferPointer { ParallelEntries.parts(of: $0, entriesEnd: ParallelEntries.endOfEntries(in: $0))?.resume } != nil)
        try Data(bytes).write(to: URL(fileURLWithPath: dir.file("weights.json")))
        let viaParallel = try await DurableFile(path: dir.file("weights.json")).withContents { contents in
            ParallelEntries.decode(contents.bytes, descriptor: try #require(contents.descriptor), chunkCount: Self.chunk)
        }
        #expect(try #require(viaParallel) == nil)
        await #expect(throws: DataFileError.self) { _ = try await JSONFileWeightRepository(path: dir.file("weights.json")).load() }
    }

    @Test("the parts' records are joined in file order, whether the second part kept room in front or not", arguments: [0, 5, 500])
    func joinedInOrder(room: Int) {
        let records = Self.largeStoreWithOtherRecords(meals: 40, measurements: 0).intake
        var first = Array(records.prefix(15))
        var second: [IntakeEntry] = []
        second.reserveCapacity(25 + room)
        second.append(contentsOf: records.dropFirst(15))
        #expect(ParallelEntries.joined(&first, &second) == records)
        var none: [IntakeEntry] = []
        var all = records
        #expect(ParallelEntries.joined(&none, &all) == records)
        var rest: [IntakeEntry] = []
        all = records
        #expect(ParallelEntries.joined(&all, &rest) == records)
        // The other core's first, then this core's appended.
        var head = Array(records.prefix(25))
        head.reserveCapacity(records.count + room)
        var tail = Array(records.dropFirst(25))
        #expect(ParallelEntries.joined(&head, &tail) == records)
        #expect(tail.isEmpty)
    }

    @Test("a member written in both parts is refused, as the sequential reader refuses it")
    func memberInBothParts() async throws {
        let dir = try TemporaryDirectory()
        var text = String(decoding: WeightsDocument.encode(Self.largeStoreWithOtherRecords(meals: 12_000)), as: UTF8.self)
        // The goal sits before the intake (the first part); a second one after it lands in the second.
        text = text.replacingOccurrences(of: "  \"version\": 3", with: "  \"goalKilograms\": 70,\n  \"version\": 3")
        try Data(text.utf8).write(to: URL(fileURLWithPath: dir.file("weights.json")))
        let viaParallel = try await DurableFile(path: dir.file("weights.json")).withContents { contents in
            ParallelEntries.decode(contents.bytes, descriptor: try #require(contents.descriptor), chunkCount: Self.chunk)
        }
        #expect(try #require(viaParallel) == nil)
        await #expect(throws: DataFileError.self) { _ = try await JSONFileWeightRepository(path: dir.file("weights.json")).load() }
    }

    @Test("an id an intake entry shares with a weigh-in is refused from a large file")
    func sharedIDAcrossKinds() async throws {
        let dir = try TemporaryDirectory()
        let store = Self.largeStoreWithOtherRecords(meals: 1_000, sharingIDWith: 7)
        try Data(WeightsDocument.encode(store)).write(to: URL(fileURLWithPath: dir.file("weights.json")))
        let viaParallel = try await DurableFile(path: dir.file("weights.json")).withContents { contents in
            ParallelEntries.decode(contents.bytes, descriptor: try #require(contents.descriptor), chunkCount: Self.chunk)
        }
        // nil inside: the file was there and the fast path declined it.
        #expect(try #require(viaParallel) == nil)
        await #expect(throws: DataFileError.self) { _ = try await JSONFileWeightRepository(path: dir.file("weights.json")).load() }
    }

    @Test("damage in the second half is reported with its line, as by the sequential reader", arguments: [0.25, 0.75, 0.999])
    func damage(at fraction: Double) async throws {
        let dir = try TemporaryDirectory()
        var bytes = WeightsDocument.encode(Self.largeStore())
        // Turn one weight into a string somewhere in the file.
        var index = Int(Double(bytes.count) * fraction)
        let marker = Array("\"kilograms\": ".utf8)
        while !bytes[index...].starts(with: marker) { index += 1 }
        bytes.insert(UInt8(ascii: "\""), at: index + marker.count)
        try Data(bytes).write(to: URL(fileURLWithPath: dir.file("weights.json")))
        let line = bytes[..<index].filter { $0 == 10 }.count + 1
        do {
            _ = try await JSONFileWeightRepository(path: dir.file("weights.json")).load()
            Issue.record("damage was not noticed")
        } catch let error as DataFileError {
            guard case .damaged(_, let reportedLine, _, let reason) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(reportedLine == line)
            #expect(reason.contains("must be a number, not a string"))
        }
    }

    /// Entries counted from the start (positive) or the end (negative) of
    /// the large store: the first part's ids are hashed in order, the
    /// second part's into a table as it reads them.
    @Test(
        "an id repeated is refused, in either part or across them",
        arguments: [(3, -5), (-5, 3), (-10, -5), (3, 10), (0, -1)])
    func repeatedID(original: Int, copy: Int) async throws {
        let dir = try TemporaryDirectory()
        var entries = Self.largeStore().entries
        func index(_ i: Int) -> Int { i < 0 ? entries.count + i : i }
        entries[index(copy)] = WeightEntry(id: entries[index(original)].id, timestamp: entries[index(copy)].timestamp, kilograms: 80)
        try Data(WeightsDocument.encode(WeightStore(entries: entries))).write(to: URL(fileURLWithPath: dir.file("weights.json")))
        let viaParallel = try await DurableFile(path: dir.file("weights.json")).withContents { contents in
            ParallelEntries.decode(contents.bytes, descriptor: try #require(contents.descriptor), chunkCount: Self.chunk)
        }
        // nil inside: the file was there and the fast path declined it.
        #expect(try #require(viaParallel) == nil)
        await #expect(throws: DataFileError.self) { _ = try await JSONFileWeightRepository(path: dir.file("weights.json")).load() }
    }

    @Test("a change to a large file reads it on two cores and keeps every entry")
    func changeLargeFile() async throws {
        let dir = try TemporaryDirectory()
        let store = Self.largeStore()
        try Data(WeightsDocument.encode(store)).write(to: URL(fileURLWithPath: dir.file("weights.json")))
        let repository = JSONFileWeightRepository(path: dir.file("weights.json"))
        let added = WeightEntry(timestamp: Timestamp(epochSeconds: 1_700_000_000, utcOffsetSeconds: 0), kilograms: 81)
        let after = try await repository.modify { $0.insert(added) }.store
        #expect(after.entries.count == store.entries.count + 1)
        var expected = store
        expected.insert(added)
        #expect(try await repository.load() == expected)
    }
}
