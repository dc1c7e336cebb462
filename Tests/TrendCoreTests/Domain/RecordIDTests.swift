import Foundation
import Testing
import TestSupport
@testable import TrendCore

@Suite("RecordID")
struct RecordIDTests {
    /// Random ids, and ids that differ only in one byte, at either end.
    static func samples() -> [UUID] {
        var generator = SeededGenerator(seed: 11)
        var ids: [UUID] = []
        for _ in 0..<200 {
            var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            withUnsafeMutableBytes(of: &bytes) { raw in for i in 0..<16 { raw[i] = UInt8.random(in: 0...255, using: &generator) } }
            ids.append(UUID(uuid: bytes))
        }
        ids.append(UUID(uuidString: "00000000-0000-0000-0000-000000000000")!)
        ids.append(UUID(uuidString: "00000000-0000-0000-0000-000000000001")!)
        ids.append(UUID(uuidString: "01000000-0000-0000-0000-000000000000")!)
        ids.append(UUID(uuidString: "00000000-0000-0001-0000-000000000000")!)
        ids.append(UUID(uuidString: "00000000-0000-0000-0100-000000000000")!)
        ids.append(UUID(uuidString: "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF")!)
        return ids
    }

    @Test("an id kept as two words reads back as the same UUID, byte for byte")
    func roundTrip() {
        for id in Self.samples() {
            let kept = RecordID(id)
            #expect(kept.uuid == id)
            withUnsafeBytes(of: id.uuid) { raw in
                for i in 0..<16 { #expect(kept.byte(i) == raw[i]) }
            }
        }
    }

    @Test("ids order as their lowercase text orders, and are equal only when the UUIDs are")
    func order() {
        let ids = Self.samples()
        for a in ids.prefix(60) {
            for b in ids {
                let (x, y) = (RecordID(a), RecordID(b))
                #expect((x < y) == (a.uuidString.lowercased() < b.uuidString.lowercased()))
                #expect((x == y) == (a == b))
            }
        }
    }

    @Test("the text written to files is the UUID's, in lowercase")
    func text() {
        for id in Self.samples() {
            let written = EntryID.withText(of: RecordID(id)) { String(decoding: $0, as: UTF8.self) }
            #expect(written == id.uuidString.lowercased())
        }
    }

    @Test("the parser of the store's ids gives the id its text names, and refuses what is not one")
    func parsing() {
        for id in Self.samples() {
            let text = Array(id.uuidString.utf8)
            let parsed = text.withUnsafeBufferPointer { EntryID.parse($0) }
            #expect(parsed == RecordID(id))
        }
        for bad in ["0000000g-0000-4000-8000-000000000001", "00000000-0000-4000-8000+000000000001", "00000000-0000-4000-8000-00000000001"] {
            let text = Array(bad.utf8)
            #expect(text.withUnsafeBufferPointer { EntryID.parse($0) } == nil)
        }
    }

    @Test("ids made for an import are random version-4 UUIDs")
    func importIDs() {
        var source = WeightEntry.IDSource()
        var seen = Set<RecordID>()
        for _ in 0..<10_000 {
            let id = source.next()
            seen.insert(id)
            let text = id.uuid.uuidString
            #expect(Array(text)[14] == "4")
            #expect("89AB".contains(Array(text)[19]))
        }
        #expect(seen.count == 10_000)
    }
}
