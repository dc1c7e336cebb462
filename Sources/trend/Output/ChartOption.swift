import TrendCore

/// When and how a command draws its terminal chart: on a terminal unless
/// `--no-chart`; elsewhere only with `--chart`.
struct ChartOption: Sendable {
    let always: Bool
    let never: Bool

    func isWanted(on terminal: Terminal) -> Bool {
        !never && (always || terminal.isOutputTerminal)
    }

    static func chart(
        points: [ProgressReport.Point], estimated: [ProgressReport.EstimatedDay] = [], from: CalendarDay, to: CalendarDay,
        goal: Double?, unit: WeightUnit, terminal: Terminal
    ) -> TextChart {
        TextChart(
            points: points.map {
                TextChart.Point(dayNumber: $0.entry.calendarDay.dayNumber, kilograms: $0.kilograms, trendKilograms: $0.trendKilograms)
            } + estimated.map {
                TextChart.Point(dayNumber: $0.day.dayNumber, kilograms: $0.kilograms, trendKilograms: $0.trendKilograms, isEstimated: true)
            },
            firstDay: from, lastDay: to, goalKilograms: goal, label: { unit.format(kilograms: $0) },
            width: max(40, min(terminal.width, 120)), height: 12, unicode: terminal.isUTF8, color: terminal.useColor)
    }
}
