/// Values must move as one body does (SPEC §18, read by evidence): within
/// a calendar day one person's readings stay within 5 % of that day's
/// median. A column in which more than a quarter of the days with several
/// readings spread wider (60, 80, 100, 140 kg on one evening: the sets of
/// a workout, or several people on one scale) is not a body's, whatever
/// its header says. A day spreads wider when more than a quarter of its
/// readings lie farther than that from its median: one typo among a
/// scale's 77 readings of a day is a typo (listed), not another body.
enum OneBody {
    static let dayLimit = 0.05
    /// The share of a day's readings, and of the days, that may lie wider.
    static let wideShare = 0.25

    /// Why the weights are not one body's.
    struct Finding: Equatable {
        /// Days with several readings, and how many of them spread wider.
        let days: Int
        let wideDays: Int
        /// The widest of those days: its lowest and highest readings (kg).
        let example: (day: CalendarDay, low: Double, high: Double)

        static func == (a: Finding, b: Finding) -> Bool {
            a.days == b.days && a.wideDays == b.wideDays && a.example.day == b.example.day && a.example.low == b.example.low
                && a.example.high == b.example.high
        }
    }

    /// Nil when the rows' weigh-ins move as one body's. Rows are walked in
    /// the file's order: a file in time order (either way) has each day's
    /// rows together; only one that is not is sorted by day first.
    static func check(_ rows: [ImportRow]) -> Finding? {
        var tally = Tally()
        var direction = 0
        var previous: Int?
        var ordered = true
        for case .entry(let entry, _) in rows {
            let day = entry.timestamp.day.dayNumber
            if let last = previous, day != last {
                let step = day > last ? 1 : -1
                if direction == 0 { direction = step } else if step != direction { ordered = false; break }
                tally.close()
            }
            previous = day
            tally.add(day: day, kilograms: entry.kilograms)
        }
        if !ordered {
            var pairs: [(day: Int, kilograms: Double)] = []
            for case .entry(let entry, _) in rows { pairs.append((entry.timestamp.day.dayNumber, entry.kilograms)) }
            pairs.sort { $0.day < $1.day }
            tally = Tally()
            for (index, pair) in pairs.enumerated() {
                if index > 0 && pair.day != pairs[index - 1].day { tally.close() }
                tally.add(day: pair.day, kilograms: pair.kilograms)
            }
        }
        tally.close()
        guard let example = tally.widest, Double(tally.wideDays) > Double(tally.days) * wideShare else { return nil }
        return Finding(days: tally.days, wideDays: tally.wideDays, example: example)
    }

    /// The days seen so far: the open day's readings, and what the closed days showed.
    private struct Tally {
        var day = 0
        var readings: [Double] = []
        var days = 0
        var wideDays = 0
        var widest: (day: CalendarDay, low: Double, high: Double)?

        mutating func add(day: Int, kilograms: Double) {
            self.day = day
            readings.append(kilograms)
        }

        /// Ends the open day.
        mutating func close() {
            defer { readings.removeAll(keepingCapacity: true) }
            guard readings.count > 1 else { return }
            days += 1
            readings.sort()
            // The lower median, as elsewhere: at least half the readings are at most this.
            let median = readings[(readings.count - 1) / 2]
            let wide = readings.count { abs($0 - median) > median * dayLimit }
            guard Double(wide) > Double(readings.count) * wideShare else { return }
            wideDays += 1
            let low = readings[0]
            let high = readings[readings.count - 1]
            if widest.map({ high / low > $0.high / $0.low }) ?? true { widest = (CalendarDay(dayNumber: day), low, high) }
        }
    }
}
