import TrendCore

/// The progress chart as an SVG 1.1 document (SPEC §8): weigh-ins as dots,
/// the trend as a line (dashed through estimated days), the goal as a
/// labelled line, round y ticks in the display unit, date labels that never
/// overlap, and a title. Fed by the report: it lays out, it does not compute
/// trends. Deterministic: the same report gives the same bytes.
struct SVGChart {
    let report: ProgressReport
    let unit: WeightUnit
    var width = 800
    var height = 400

    static let margin = (left: 72.0, right: 20.0, top: 44.0, bottom: 40.0)
    /// About how wide a character of the 12px labels is.
    static let characterWidth = 7.0

    var title: String {
        let period = report.isCustomPeriod ? "Progress" : report.range == .all ? "All time" : "Last \(report.range.rawValue)"
        return "\(period): \(report.from?.description ?? report.to.description) to \(report.to)"
    }

    /// Round tick values covering `low...high`: steps of 1, 2, 2.5 or 5 × 10^k, about five of them.
    static func ticks(low: Double, high: Double, count: Int = 5) -> [Double] {
        let span = max(high - low, 0.1)
        let raw = span / Double(count)
        var magnitude = 1.0
        while magnitude * 10 <= raw { magnitude *= 10 }
        while magnitude > raw { magnitude /= 10 }
        let step = [1.0, 2, 2.5, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? 10 * magnitude
        let first = (low / step).rounded(.down) * step
        var values: [Double] = []
        var value = first
        while value <= high + step * 0.5 && values.count < 50 {
            values.append(value)
            value = first + step * Double(values.count)
        }
        if let last = values.last, last < high || values.count < 2 { values.append(last + step) }
        return values
    }

    /// Every how many days a date label goes, so labels `labelWidth` wide never overlap.
    static func labelEvery(days: Int, plotWidth: Double, labelWidth: Double) -> Int {
        let perDay = plotWidth / Double(max(days, 1))
        for step in [1, 2, 7, 14, 28, 56, 91, 182, 365, 730, 1461, 3652] where perDay * Double(step) >= labelWidth + 12 {
            return step
        }
        return max(days, 1)
    }

    func rendered() -> String {
        let m = Self.margin
        let plot = (x: m.left, y: m.top, width: Double(width) - m.left - m.right, height: Double(height) - m.top - m.bottom)
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\">\n"
        svg += "<title>\(XMLText.escaped(title))</title>\n"
        svg += "<style>text{font-family:sans-serif;font-size:12px;fill:var(--ink,#333)}.title{font-size:15px;font-weight:bold}"
        svg += ".grid{stroke:var(--grid,#ddd);stroke-width:1}.dot{fill:var(--dot,#7a8fa6)}.trend{fill:none;stroke:var(--trend,#1b7f3b);stroke-width:2.5}"
        svg += ".estimated{stroke-dasharray:5 4;opacity:.8}.goal{stroke:var(--goal,#c2410c);stroke-width:1.5;stroke-dasharray:8 4}.goal-label{fill:var(--goal,#c2410c);font-weight:bold;paint-order:stroke;stroke:var(--paper,#fff);stroke-width:4px;stroke-linejoin:round}</style>\n"
        svg += "<rect width=\"100%\" height=\"100%\" fill=\"var(--paper,#fff)\"/>\n"
        svg += "<text class=\"title\" x=\"\(m.left)\" y=\"24\">\(XMLText.escaped(title))</text>\n"
        guard let from = report.from, !report.isEmpty else {
            svg += "<text x=\"\(Self.number(plot.x + plot.width / 2))\" y=\"\(Self.number(plot.y + plot.height / 2))\" text-anchor=\"middle\">No weigh-ins in this period</text>\n</svg>\n"
            return svg
        }
        // Every value in the display unit: the axis reads in it.
        let shown = { (kilograms: Double) in kilograms / unit.kilograms(from: 1) }
        let days = report.rows.map { ($0.day, shown($0.trendKilograms), $0.isEstimated) }
        var values = report.points.map { shown($0.kilograms) } + days.map(\.1)
        // The goal joins the scale when it is near the data; a far one would
        // squeeze the weigh-ins into a strip, so it is labelled at the edge.
        let goal = report.goalKilograms.map(shown)
        let span = max(values.max()! - values.min()!, 1 / unit.kilograms(from: 1))
        let goalInView = goal.map { $0 >= values.min()! - span && $0 <= values.max()! + span } ?? false
        if goalInView, let goal { values.append(goal) }
        let ticks = Self.ticks(low: values.min()!, high: values.max()!)
        let low = ticks.first!, high = ticks.last!
        // All time ends at the latest weigh-in: a stale history is not squeezed into a corner.
        let end = report.range == .all && !report.isCustomPeriod ? (report.asOf ?? report.to) : report.to
        let lastDay = max(end.dayNumber, from.dayNumber + 1)
        func x(_ day: CalendarDay) -> Double { plot.x + Double(day.dayNumber - from.dayNumber) / Double(lastDay - from.dayNumber) * plot.width }
        func y(_ value: Double) -> Double { plot.y + (high - value) / (high - low) * plot.height }
        for tick in ticks {
            let ty = Self.number(y(tick))
            svg += "<line class=\"grid\" x1=\"\(Self.number(plot.x))\" y1=\"\(ty)\" x2=\"\(Self.number(plot.x + plot.width))\" y2=\"\(ty)\"/>\n"
            svg += "<text x=\"\(Self.number(plot.x - 8))\" y=\"\(Self.number(y(tick) + 4))\" text-anchor=\"end\">\(Self.tickLabel(tick, unit: unit))</text>\n"
        }
        let labelWidth = Double("2026-11-30".count) * Self.characterWidth
        let every = Self.labelEvery(days: lastDay - from.dayNumber, plotWidth: plot.width, labelWidth: labelWidth)
        var day = from
        var lastLabelRight = -Double.infinity
        while day.dayNumber <= lastDay {
            let center = x(day)
            if center - labelWidth / 2 >= lastLabelRight + 6 && center + labelWidth / 2 <= Double(width) {
                svg += "<text x=\"\(Self.number(center))\" y=\"\(Self.number(plot.y + plot.height + 22))\" text-anchor=\"middle\">\(day)</text>\n"
                lastLabelRight = center + labelWidth / 2
            }
            day = day.adding(days: every)
        }
        // Smaller dots when there are many, so the trend line stays the thing you see.
        let radius = report.points.count > 150 ? "1.8" : "3"
        for point in report.points {
            svg += "<circle class=\"dot\" cx=\"\(Self.number(x(point.entry.calendarDay)))\" cy=\"\(Self.number(y(shown(point.kilograms))))\" r=\"\(radius)\"/>\n"
        }
        // The trend over the dots: solid between weigh-in days, dashed where it runs through estimated days.
        var solid = ""
        var dashed = ""
        for (a, b) in zip(days, days.dropFirst()) {
            let segment = "M\(Self.number(x(a.0))) \(Self.number(y(a.1)))L\(Self.number(x(b.0))) \(Self.number(y(b.1)))"
            if a.2 || b.2 { dashed += segment } else { solid += segment }
        }
        if days.count == 1, let only = days.first {
            solid = "M\(Self.number(x(only.0) - 3)) \(Self.number(y(only.1)))L\(Self.number(x(only.0) + 3)) \(Self.number(y(only.1)))"
        }
        if !solid.isEmpty { svg += "<path class=\"trend\" d=\"\(solid)\"/>\n" }
        if !dashed.isEmpty { svg += "<path class=\"trend estimated\" d=\"\(dashed)\"/>\n" }
        if let goalKilograms = report.goalKilograms, let goal {
            let label = "Goal " + XMLText.escaped(unit.format(kilograms: goalKilograms))
            if goalInView {
                let gy = Self.number(y(goal))
                svg += "<line class=\"goal\" x1=\"\(Self.number(plot.x))\" y1=\"\(gy)\" x2=\"\(Self.number(plot.x + plot.width))\" y2=\"\(gy)\"/>\n"
                svg += "<text class=\"goal-label\" x=\"\(Self.number(plot.x + plot.width - 4))\" y=\"\(Self.number(y(goal) - 6))\" text-anchor=\"end\">\(label)</text>\n"
            } else {
                let below = goal < low
                let edge = below ? plot.y + plot.height - 6 : plot.y + 14
                svg += "<text class=\"goal-label\" x=\"\(Self.number(plot.x + plot.width - 4))\" y=\"\(Self.number(edge))\" text-anchor=\"end\">\(label) \(below ? "↓" : "↑")</text>\n"
            }
        }
        svg += "</svg>\n"
        return svg
    }

    /// Fixed-point, never a locale's decimal comma: the same bytes everywhere.
    static func number(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        let text = DecimalText.shortest(tenths / 10)
        return text
    }

    static func tickLabel(_ value: Double, unit: WeightUnit) -> String {
        DecimalText.shortest((value * 100).rounded() / 100) + " " + unit.rawValue
    }
}

/// Text for XML and HTML: the five characters that could end or open markup.
enum XMLText {
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            // Controls other than tab and line breaks are not allowed in XML 1.0 at all.
            case _ where scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r": out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
