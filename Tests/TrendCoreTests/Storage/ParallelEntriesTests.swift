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
