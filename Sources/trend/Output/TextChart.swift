import TrendCore

/// A line chart for the terminal: weigh-ins as dots, the trend as a line,
/// the goal as a reference line when it lies inside the plotted span.
///
/// Positions are computed in kilograms (scaling is the same in any unit);
/// only the axis labels go through the display unit.
struct TextChart {
    struct Point {
        let dayNumber: Int
        let kilograms: Double
        let trendKilograms: Double
        /// A day without a weigh-in: it shapes the trend line (drawn lighter
        /// next to it) but has no dot.
        var isEstimated = false
    }

    let points: [Point]
    let firstDay: CalendarDay
    let lastDay: CalendarDay
    let goalKilograms: Double?
    let label: (Double) -> String
    let width: Int
    var height = 10
    var unicode = true
    var color = false

    private var glyphs: (dot: String, trend: String, estimated: String, rise: String, goal: String, axis: String, tick: String, corner: String, rule: String) {
        unicode ? ("•", "─", "╌", "│", "┄", "│", "┤", "└", "─") : ("o", "-", "~", "|", ".", "|", "+", "+", "-")
    }

    func rendered() -> String {
        guard !points.isEmpty else { return "" }
        let weighIns = points.filter { !$0.isEstimated }
        guard !weighIns.isEmpty else { return "" }
        let values = weighIns.map(\.kilograms) + points.map(\.trendKilograms)
        var low = values.min()!
        var high = values.max()!
        if high - low < 0.2 {
            low -= 0.1
            high += 0.1
        }
        let labels = [label(high), label((high + low) / 2), label(low)]
        let labelWidth = labels.map(\.count).max()!
        let plotWidth = max(10, width - labelWidth - 2)
        let rows = max(3, height)
        let span = max(1, lastDay.dayNumber - firstDay.dayNumber)

        func column(_ day: Double) -> Int {
            min(plotWidth - 1, max(0, Int(((day - Double(firstDay.dayNumber)) / Double(span) * Double(plotWidth - 1)).rounded())))
        }
        func row(_ kilograms: Double) -> Int {
            min(rows - 1, max(0, Int(((high - kilograms) / (high - low) * Double(rows - 1)).rounded())))
        }

        enum Cell { case empty, goal, trend, estimated, rise, dot }
        var grid = Array(repeating: Array(repeating: Cell.empty, count: plotWidth), count: rows)
        if let goal = goalKilograms, goal >= low, goal <= high {
            let r = row(goal)
            for c in 0..<plotWidth { grid[r][c] = .goal }
        }
        for point in weighIns { grid[row(point.kilograms)][column(Double(point.dayNumber))] = .dot }
        // The trend, piecewise linear between days, sampled per column and
        // drawn over the dots so it stays visible where they are dense;
        // lighter where it runs through estimated days.
        let sorted = points.sorted { $0.dayNumber < $1.dayNumber }
        let firstColumn = column(Double(sorted.first!.dayNumber))
        let lastColumn = column(Double(sorted.last!.dayNumber))
        var previousRow: Int?
        var index = 0
        for c in firstColumn...lastColumn {
            let day = Double(firstDay.dayNumber) + Double(c) / Double(max(1, plotWidth - 1)) * Double(span)
            while index + 1 < sorted.count && Double(sorted[index + 1].dayNumber) <= day { index += 1 }
            let a = sorted[index]
            let b = sorted[min(index + 1, sorted.count - 1)]
            let fraction = b.dayNumber == a.dayNumber ? 0 : min(1, max(0, (day - Double(a.dayNumber)) / Double(b.dayNumber - a.dayNumber)))
            let r = row(a.trendKilograms + (b.trendKilograms - a.trendKilograms) * fraction)
            if let previousRow, abs(r - previousRow) > 1 {
                for between in (min(r, previousRow) + 1)..<max(r, previousRow) { grid[between][c] = .rise }
            }
            grid[r][c] = a.isEstimated || b.isEstimated ? .estimated : .trend
            previousRow = r
        }

        let g = glyphs
        func paint(_ cell: Cell) -> String {
            switch cell {
            case .empty: return " "
            case .goal: return color ? "\u{1B}[2m" + g.goal + "\u{1B}[0m" : g.goal
            case .trend: return color ? "\u{1B}[32m" + g.trend + "\u{1B}[0m" : g.trend
            case .estimated: return color ? "\u{1B}[2;32m" + g.estimated + "\u{1B}[0m" : g.estimated
            case .rise: return color ? "\u{1B}[32m" + g.rise + "\u{1B}[0m" : g.rise
            case .dot: return color ? "\u{1B}[1m" + g.dot + "\u{1B}[0m" : g.dot
            }
        }
        var out = ""
        for (r, cells) in grid.enumerated() {
            let text: String
            switch r {
            case 0: text = labels[0]
            case (rows - 1) / 2: text = labels[1]
            case rows - 1: text = labels[2]
            default: text = ""
            }
            var line = String(repeating: " ", count: labelWidth - text.count) + text
            line += text.isEmpty ? " " + g.axis : " " + g.tick
            line += cells.map(paint).joined()
            while line.hasSuffix(" ") { line.removeLast() }
            out += line + "\n"
        }
        out += String(repeating: " ", count: labelWidth + 1) + g.corner + String(repeating: g.rule, count: plotWidth) + "\n"
        let start = firstDay.description
        let end = lastDay.description
        let gap = max(1, plotWidth + 1 - start.count - end.count)
        out += String(repeating: " ", count: labelWidth + 1) + start + String(repeating: " ", count: gap) + end + "\n"
        return out
    }
}
