import Testing
import TestSupport
@testable import TrendCore

@Suite("Sorting what is nearly in order")
struct NearlyOrderedSortTests {
    struct Row: Equatable {
        let minute: Int
        let line: Int
    }

    /// Many rows share a minute: sorted by the minute alone, they must keep
    /// their lines' order, whether they are mended row by row (a few out of
    /// place) or sorted whole (shuffled, past the budget of moves).
    @Test("rows of one key keep their order, mended row by row or sorted whole", arguments: ["in order", "a few late", "one far back", "shuffled", "reversed"])
    func stable(shape: String) {
        var generator = SeededGenerator(seed: 5)
        var minute = 0
        var rows = (0..<3_000).map { line -> Row in
            minute += Int.random(in: 0...1, using: &generator)
            return Row(minute: minute, line: line)
        }
        switch shape {
        case "a few late":
            for start in stride(from: 100, to: 2_900, by: 700) { rows.swapAt(start, start + 9) }
        case "one far back": rows.append(Row(minute: -1, line: rows.count))
        case "shuffled": rows.shuffle(using: &generator)
        case "reversed": rows.reverse()
        default: break
        }
        let expected = rows.enumerated().sorted { ($0.element.minute, $0.offset) < ($1.element.minute, $1.offset) }.map(\.element)
        rows.sortNearlyOrdered { $0.minute < $1.minute }
        #expect(rows == expected)
    }

    @Test("an empty array and one element are left as they are")
    func tiny() {
        var none: [Int] = []
        none.sortNearlyOrdered(by: <)
        #expect(none.isEmpty)
        var one = [4]
        one.sortNearlyOrdered(by: <)
        #expect(one == [4])
    }
}
