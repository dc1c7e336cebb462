#if canImport(Glibc)
@preconcurrency import Glibc
#else
import Darwin
#endif

/// Where in a menstrual cycle a day lies, from the days marked `period`
/// (SPEC §15, §21): what tells the expenditure model when a cycle's water
/// comes. The water a cycle holds is taken as highest on a period's first
/// day, rising in the days before it and falling through it: the cosine
/// of the share of the cycle since the period began.
public struct PeriodCycle: Equatable, Sendable {
    /// The first day of each period: a marked day whose day before is not, oldest first.
    public let starts: [CalendarDay]
    /// Days from one period's start to the next: the median of those the
    /// marks show (20 to 45 days apart), else four weeks.
    public let typicalLength: Int

    /// A cycle this many days long or longer is taken as a period not marked.
    static let lengths = 20...45
    static let usualLength = 28
    /// How long after its expected start a period not marked still gives
    /// the cycle: after that the marks no longer tell.
    static let lateDays = 14

    /// `periodDays`: the days marked `period`, in any order.
    public init(periodDays: [CalendarDay]) {
        let days = Set(periodDays.map(\.dayNumber)).sorted()
        var starts: [CalendarDay] = []
        for (index, day) in days.enumerated() where index == 0 || days[index - 1] != day - 1 { starts.append(CalendarDay(dayNumber: day)) }
        self.starts = starts
        let gaps = zip(starts, starts.dropFirst()).map { $1.dayNumber - $0.dayNumber }.filter { Self.lengths.contains($0) }.sorted()
        typicalLength = gaps.isEmpty ? Self.usualLength : gaps[gaps.count / 2]
    }

    public var isEmpty: Bool { starts.isEmpty }

    /// cos(2π × the share of its cycle `day` is into): 1 on a period's first
    /// day, −1 halfway to the next; nil where the marks do not tell (long
    /// before the first, or long after the last).
    public func waterShape(on day: CalendarDay) -> Double? {
        guard let share = share(on: day) else { return nil }
        return cos(2 * Double.pi * share)
    }

    /// How far into its cycle `day` is, 0 on a period's first day.
    func share(on day: CalendarDay) -> Double? {
        // The last start on or before the day, and the first after it.
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= day { low = middle + 1 } else { high = middle }
        }
        let previous = low > 0 ? starts[low - 1] : nil
        let next = low < starts.count ? starts[low] : nil
        if let previous, let next, Self.lengths.contains(next.dayNumber - previous.dayNumber) {
            return Double(day.dayNumber - previous.dayNumber) / Double(next.dayNumber - previous.dayNumber)
        }
        if let previous, day.dayNumber - previous.dayNumber < typicalLength + Self.lateDays {
            return Double(day.dayNumber - previous.dayNumber) / Double(typicalLength)
        }
        if let next, next.dayNumber - day.dayNumber <= typicalLength + Self.lateDays {
            return Double(day.dayNumber - next.dayNumber) / Double(typicalLength)
        }
        return nil
    }
}
