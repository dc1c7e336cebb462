extension ProgressReport {
    /// A weigh-in or an estimated day: one row of a listing or one step of a
    /// chart's trend line.
    public enum Row: Equatable, Sendable {
        case weighIn(Point)
        case estimated(EstimatedDay)

        public var day: CalendarDay {
            switch self {
            case .weighIn(let point): point.entry.calendarDay
            case .estimated(let day): day.day
            }
        }

        public var trendKilograms: Double {
            switch self {
            case .weighIn(let point): point.trendKilograms
            case .estimated(let day): day.trendKilograms
            }
        }

        public var isEstimated: Bool {
            if case .estimated = self { return true }
            return false
        }
    }

    /// Weigh-ins and estimated days, oldest day first; weigh-ins of one day
    /// keep their order (an estimated day never shares a day with one).
    public static func rows(points: [Point], estimatedDays: [EstimatedDay]) -> [Row] {
        let rows = points.map(Row.weighIn) + estimatedDays.map(Row.estimated)
        return rows.enumerated().sorted { ($0.element.day, $0.offset) < ($1.element.day, $1.offset) }.map(\.element)
    }

    /// The order `rows` lists weigh-ins in, as indices into `entries`: by
    /// local day, then as stored; for a list that streams and holds no rows.
    public static func dayOrder(of entries: [WeightEntry]) -> [Int] {
        let inOrder = zip(entries, entries.dropFirst()).allSatisfy { $0.calendarDay <= $1.calendarDay }
        return inOrder ? Array(entries.indices) : entries.indices.sorted { (entries[$0].calendarDay, $0) < (entries[$1].calendarDay, $1) }
    }

    /// The report's weigh-ins and estimated days in day order.
    public var rows: [Row] { Self.rows(points: points, estimatedDays: estimatedDays) }
}
