/// Where a chart's axes are marked (SPEC §8): values at round numbers,
/// days at calendar boundaries. Pure, so every chart (terminal, SVG, PNG,
/// a GUI) marks the same places.
public enum ChartTicks {
    /// Round values covering `low...high`, about `count` of them, a step of
    /// 1, 2, 2.5 or 5 × 10^k; the first at or below `low`, the last at or
    /// above `high`. `steps` replaces that ladder (stones: half and whole).
    public static func values(low: Double, high: Double, count: Int = 5, steps: [Double]? = nil) -> [Double] {
        let wanted = Double(max(2, count))
        let span = max(high - low, 1e-9)
        let raw = span / wanted
        let step: Double
        if let steps, let fitting = steps.first(where: { $0 >= raw }) ?? steps.last {
            // A ladder that runs out goes on in multiples of its last step.
            step = fitting >= raw ? fitting : (raw / fitting).rounded(.up) * fitting
        } else {
            var magnitude = 1.0
            while magnitude * 10 <= raw { magnitude *= 10 }
            while magnitude > raw { magnitude /= 10 }
            step = [1.0, 2, 2.5, 5, 10].map { $0 * magnitude }.first { $0 >= raw * 0.999 } ?? 10 * magnitude
        }
        let first = (low / step + 1e-9).rounded(.down)
        var ticks: [Double] = []
        var index = 0.0
        repeat {
            ticks.append(clean((first + index) * step))
            index += 1
        } while ticks.last! < high - step * 1e-6 && ticks.count < 100
        if ticks.count < 2 { ticks.append(clean((first + index) * step)) }
        return ticks
    }

    /// Half and whole stones, then 2, 5 and 10 stones.
    public static let stoneSteps = [0.5, 1, 2, 5, 10, 20]

    /// Removes the binary noise of `k × step` (0.30000000000000004).
    static func clean(_ value: Double) -> Double {
        (value * 1e6).rounded() / 1e6
    }

    /// How far apart calendar ticks are.
    public enum Calendar: CaseIterable, Sendable {
        case day, twoDays, week, twoWeeks, month, quarter, halfYear, year, twoYears, fiveYears, tenYears
    }

    public struct DayTick: Equatable, Sendable {
        public let day: CalendarDay
        public let label: String
    }

    /// The ticks of one spacing from `first` to `last`: days, Monday weeks,
    /// month starts (`Nov`, with the year at January and at the first
    /// tick), years.
    public static func days(_ spacing: Calendar, from first: CalendarDay, through last: CalendarDay) -> [DayTick] {
        var ticks: [DayTick] = []
        func add(_ day: CalendarDay, _ label: String) {
            if day >= first && day <= last { ticks.append(DayTick(day: day, label: label)) }
        }
        switch spacing {
        case .day, .twoDays, .week, .twoWeeks:
            let every = spacing == .day ? 1 : spacing == .twoDays ? 2 : spacing == .week ? 7 : 14
            // Weeks start on Monday; single days and pairs from the first day.
            var day = every >= 7 ? first.adding(days: (7 - first.weekdayFromMonday) % 7) : first
            // Fortnights on every other Monday counted from 5 Jan 1970, so a span's ticks do not depend on where it starts.
            if every == 14 && ((day.dayNumber - 4) / 7) % 2 != 0 { day = day.adding(days: 7) }
            while day <= last {
                add(day, "\(day.day) \(monthNames[day.month - 1])")
                day = day.adding(days: every)
            }
        case .month, .quarter, .halfYear:
            let months = spacing == .month ? 1 : spacing == .quarter ? 3 : 6
            var year = first.year
            var month = first.month
            // Month starts on or after the first day, aligned to the spacing.
            if first.day != 1 { (year, month) = next(year, month) }
            while (month - 1) % months != 0 { (year, month) = next(year, month) }
            while let day = CalendarDay(year: year, month: month, day: 1), day <= last {
                let label = ticks.isEmpty || month == 1 ? "\(monthNames[month - 1]) \(year)" : monthNames[month - 1]
                add(day, label)
                for _ in 0..<months { (year, month) = next(year, month) }
            }
        case .year, .twoYears, .fiveYears, .tenYears:
            let every = spacing == .year ? 1 : spacing == .twoYears ? 2 : spacing == .fiveYears ? 5 : 10
            var year = first.month == 1 && first.day == 1 ? first.year : first.year + 1
            while year % every != 0 { year += 1 }
            while let day = CalendarDay(year: year, month: 1, day: 1), day <= last {
                add(day, String(year))
                year += every
            }
        }
        return ticks
    }

    /// The finest spacing whose labels fit without touching: `position`
    /// places a day on the axis, `width` measures a label, and neighbours
    /// keep `gap` between them. At least two ticks when any spacing gives
    /// two; the coarsest spacing when nothing fits better.
    public static func days(
        from first: CalendarDay, through last: CalendarDay, position: (CalendarDay) -> Double, width: (String) -> Double, gap: Double
    ) -> [DayTick] {
        var fallback: [DayTick] = []
        for spacing in Calendar.allCases {
            let ticks = days(spacing, from: first, through: last)
            if ticks.count < 2 {
                if fallback.isEmpty { fallback = ticks }
                continue
            }
            let fits = zip(ticks, ticks.dropFirst()).allSatisfy { a, b in
                position(a.day) + width(a.label) / 2 + gap <= position(b.day) - width(b.label) / 2
            }
            if fits { return ticks }
            fallback = [ticks[0]]
        }
        return fallback
    }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private static func next(_ year: Int, _ month: Int) -> (Int, Int) {
        month == 12 ? (year + 1, 1) : (year, month + 1)
    }
}
