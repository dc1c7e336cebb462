import Foundation
import Testing
@testable import TrendCore

@Suite("WeightEntry")
struct WeightEntryTests {
    static let id = UUID(uuidString: "00000000-0000-4000-8000-000000000001")!
    static let when = Timestamp(epochSeconds: 1_790_000_000, utcOffsetSeconds: 3600)

    @Test("body fat reads back as given, and nil as nil")
    func fat() {
        var entry = WeightEntry(id: Self.id, timestamp: Self.when, kilograms: 80)
        #expect(entry.fatPercent == nil)
        entry.fatPercent = 22.4
        #expect(entry.fatPercent == 22.4)
        entry.fatPercent = nil
        #expect(entry.fatPercent == nil)
        #expect(WeightEntry(id: Self.id, timestamp: Self.when, kilograms: 80, fatPercent: 0.5).fatPercent == 0.5)
    }

    @Test("entries without body fat are equal and hash alike; body fat, a note or a weight tells them apart")
    func equality() {
        let plain = WeightEntry(id: Self.id, timestamp: Self.when, kilograms: 80)
        let same = WeightEntry(id: Self.id, timestamp: Self.when, kilograms: 80)
        #expect(plain == same)
        #expect(plain.hashValue == same.hashValue)
        #expect(Set([plain, same]).count == 1)
        #expect(plain != WeightEntry(id: Self.id, timestamp: Self.when, kilograms: 80, fatPercent: 20))
        #expect(WeightEntry(id: Self.id, timestamp: Self.when, kilograms: 80, fatPercent: 20) == WeightEntry(id: Self.id, timestamp: Self.when, kilograms: 80, fatPercent: 20))
        #expect(plain != WeightEntry(id: Self.id, timestamp: Self.when, kilograms: 80, note: "n"))
        #expect(plain != WeightEntry(id: Self.id, timestamp: Self.when, kilograms: 80.1))
        #expect(plain != WeightEntry(id: Self.id, timestamp: Timestamp(epochSeconds: 1_790_000_000, utcOffsetSeconds: 0), kilograms: 80))
    }

    @Test("an entry is 64 bytes: a long history is an array of them (body fat without an Optional's tag)")
    func size() {
        #expect(MemoryLayout<WeightEntry>.stride == 64)
    }
}
