import Testing
@testable import TrendCore

@Suite("Repeated ids are found however the ids are spread")
struct RepeatedIDsTests {
    /// Random ids as trend makes them, crowded ids that share most bits,
    /// and ids that differ in one word only.
    static func ids(_ layout: String, count: Int) -> [RecordID] {
        var source = WeightEntry.IDSource()
        return (0..<count).map { n in
            switch layout {
            case "random": source.next()
            case "sequential": RecordID(high: 0, low: UInt64(n))
            case "high word only": RecordID(high: UInt64(n) << 40, low: 7)
            default: RecordID(high: 1, low: 1)
            }
        }
    }

    /// Whether any id of `ids` is there twice.
    static func anyRepeated(_ ids: [RecordID]) -> Bool {
        !RepeatedIDs.repeated(ids, firstOnly: true).isEmpty
    }

    @Test("no repeat is reported where there is none", arguments: ["random", "sequential", "high word only"], [0, 1, 2, 5_000, 70_000])
    func noRepeat(layout: String, count: Int) {
        #expect(!Self.anyRepeated(Self.ids(layout, count: count)))
    }

    @Test("a repeat is found wherever it is planted", arguments: ["random", "sequential", "high word only"], [(0, 1), (0, 4_999), (2_500, 2_501), (4_998, 4_999)])
    func plantedRepeat(layout: String, positions: (Int, Int)) {
        var ids = Self.ids(layout, count: 5_000)
        ids[positions.1] = ids[positions.0]
        #expect(Self.anyRepeated(ids))
    }

    @Test("ids equal in one word but not the other are not a repeat")
    func halfEqual() {
        let ids = [RecordID(high: 1, low: 2), RecordID(high: 1, low: 3), RecordID(high: 2, low: 2)]
        #expect(!Self.anyRepeated(ids))
        #expect(Self.anyRepeated(ids + [RecordID(high: 2, low: 2)]))
    }
}
