/// How eating changed around a day (SPEC §15): the mean logged intake of
/// the week ending on it minus the mean of the two weeks before that week.
/// A diet that starts or ends shows as a shift of several hundred kcal,
/// and with it glycogen and its water leave or come back; an ordinary
/// week's ups and downs show as much less.
enum IntakeShift {
    static let recentDays = 7
    static let earlierDays = 14
    /// Days before a day whose intake its shift reads.
    static var leadDays: Int { recentDays + earlierDays - 1 }

    /// For each of `totals` (consecutive calendar days' intake, nil where
    /// none was logged), its shift; nil where the week, or the two weeks
    /// before it, has fewer than half its days logged, or reach before the first.
    static func shifts(_ totals: [Double?]) -> [Double?] {
        // Running sums, so each day costs the same.
        var sums = [0.0]
        var counts = [0]
        for total in totals {
            sums.append(sums.last! + (total ?? 0))
            counts.append(counts.last! + (total == nil ? 0 : 1))
        }
        func mean(_ range: Range<Int>) -> Double? {
            let logged = counts[range.upperBound] - counts[range.lowerBound]
            guard logged * 2 >= range.count else { return nil }
            return (sums[range.upperBound] - sums[range.lowerBound]) / Double(logged)
        }
        return totals.indices.map { day in
            let recentStart = day + 1 - recentDays
            let earlierStart = recentStart - earlierDays
            guard earlierStart >= 0, let recent = mean(recentStart..<(day + 1)), let earlier = mean(earlierStart..<recentStart) else { return nil }
            return recent - earlier
        }
    }
}
