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

    @Test("the leading run in order is counted, and a sort told of it checks only after it", arguments: [0, 1, 6, 9])
    func inOrderPrefix(known: Int) {
        let values = [1, 2, 2, 5, 7, 9, 3, 8, 10]
        #expect(values.inOrderPrefix(by: <) == 6)
        #expect(values.inOrderPrefix(by: <, from: 7) == 9)
        #expect([Int]().inOrderPrefix(by: <) == 0)
        #expect([4].inOrderPrefix(by: <) == 1)
        // Told of as many as are in order, or fewer, the sort gives the same.
        var sorted = values
        sorted.sortNearlyOrdered(by: <, inOrder: min(known, 6))
        #expect(sorted == values.sorted())
        // Told of more than are in order, it trusts them: the 3 is not found.
        if known == 9 {
            var trusted = values
            trusted.sortNearlyOrdered(by: <, inOrder: known)
            #expect(trusted == values)
        }
    }
}
