/// The named periods of the progress report. Their day counts are product
/// decisions, so every front end reads them from here.
public enum ProgressRange: String, CaseIterable, Identifiable, Sendable {
    case month = "1M"
    case threeMonths = "3M"
    case sixMonths = "6M"
    case year = "1Y"
    case all = "All"

    public var id: Self { self }

    /// Nil for `All`: no limit.
    public var days: Int? {
        switch self {
        case .month: 30
        case .threeMonths: 90
        case .sixMonths: 180
        case .year: 365
        case .all: nil
        }
    }

    /// The first day the range covers when today is `today`; nil for `All`.
    public func firstDay(today: CalendarDay) -> CalendarDay? {
        days.map { today.adding(days: -($0 - 1)) }
    }
}
