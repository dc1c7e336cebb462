import Testing
import TestSupport
@testable import TrendCore

@Suite("OrderStatistic")
struct OrderStatisticTests {
    /// Weights as files hold them (a tenth apart, so many repeat), in file
    /// order, sorted, reversed, all equal, and one or two of them.
    @Test(
        "the value at a place is what a sorted copy holds there, at its first, middle and last place",
        arguments: ["one", "two", "random", "sorted", "reversed", "all equal", "few distinct"])
    func matchesSorting(shape: String) {
        var generator = SeededGenerator(seed: 11)
        let count = ["one": 1, "two": 2][shape] ?? 5_001
        var values = (0..<count).map { _ in (Double(Int.random(in: 500...1_500, using: &generator)) / 10) }
        switch shape {
        case "sorted": values.sort()
        case "reversed": values.sort(by: >)
        case "all equal": values = Array(repeating: 80.5, count: count)
        case "few distinct": values = values.map { $0 < 100 ? 70 : 90.2 }
        default: break
        }
        let sorted = values.sorted()
        for index in Set([0, (count - 1) / 2, count / 2, count - 1]) {
            #expect(OrderStatistic.value(at: index, in: values) == sorted[index], "place \(index) of \(count)")
        }
    }

    @Test("every place of a small list gives the sorted list")
    func everyPlace() {
        var generator = SeededGenerator(seed: 3)
        let values = (0..<200).map { _ in Double(Int.random(in: 0...40, using: &generator)) / 4 }
        #expect(values.indices.map { OrderStatistic.value(at: $0, in: values) } == values.sorted())
    }
}
