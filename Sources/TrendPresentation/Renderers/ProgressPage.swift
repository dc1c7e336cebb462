import TrendCore

/// The progress report as one self-contained HTML5 page (SPEC §8): the
/// headline figures as large numbers, then the chart, then the report as a
/// table; light and dark colour schemes, printable, and nothing that loads
/// from outside (no scripts, fonts or links). Deterministic, every piece
/// of text escaped. In a mail the chart is the attached PNG (`cid:`),
/// since most mail programs show no inline SVG.
enum ProgressPage {
    enum Chart {
        /// The chart laid out for each width of page, each shown from its page width up.
        case svg([(chart: SVGChart, fromPageWidth: Int)])
        /// A `cid:` image of the mail, with its size and a description.
        case mailImage(contentID: String, width: Int, height: Int, description: String)
    }

    /// The mail's pictures are drawn for a phone's column, 360 px (SPEC
    /// §17): labels of 12 px there, so at least 10 px as a 360 px phone
    /// shows them inside the page's margins; a mail program's 600 px column
    /// shows them larger. Three pixels a point: sharp on both.
    static let mailWidth = 360
    static let mailHeight = 270
    static let mailSeriesHeight = 190
    static let mailScale = 3
    /// The width a mail program's column shows the pictures at.
    static let mailColumnWidth = 600
    /// The other series' charts are this tall: they sit below the main one.
    static let seriesChartHeight = 240

    /// The page's charts (SPEC §17): one laid out for phones (square, fewer
    /// ticks), one for tablets, and the one asked for; each shown on pages
    /// from where its labels, scaled to the page, are 11 CSS px or more
    /// (the page is 2 rem narrower than the window, at most the chart wide).
    static func chartLayouts(width: Int, height: Int) -> [(width: Int, height: Int, fromPageWidth: Int)] {
        var layouts: [(width: Int, height: Int, fromPageWidth: Int)] = [(300, 340, 0)]
        if width > 450 { layouts.append((450, 330, 420 + pageMargin)) }
        if width > 300 {
            let labels = 12 * ChartPicture.TextMetrics(pictureWidth: width).factor
            let legible = Int((Double(width) * 11 / labels).rounded(.up))
            layouts.append((width, height, max(layouts.last!.fromPageWidth + 1, legible + pageMargin)))
        }
        return layouts
    }

    /// The page's side padding, both sides.
    static let pageMargin = 32

    /// The figures a reader wants first: the trend, the weekly rate, what is
    /// left to the goal (or that it is reached), BMI and body fat when known.
    static func headline(_ report: ProgressReport, unit: WeightUnit) -> [(label: String, value: String)] {
        var figures: [(String, String)] = []
        if let trend = report.trendKilograms { figures.append(("trend", unit.format(kilograms: trend))) }
        if let rate = report.weeklyRateKilograms {
            figures.append(("a week", unit.formatChange(kilograms: rate)))
        } else if report.trendKilograms != nil {
            figures.append(("a week", "after a week of weigh-ins"))
        }
        if let goal = report.goal {
            figures.append(goal.isReached ? ("goal", "reached") : ("to go", unit.format(kilograms: abs(goal.remainingKilograms))))
        }
        if let bmi = report.bmi { figures.append(("BMI", DecimalText.shortest((bmi.value * 10).rounded() / 10))) }
        if let fat = report.bodyComposition?.fatPercent { figures.append(("body fat", Decimal1.text(fat) + "%")) }
        // What is burned and what to eat (SPEC §15), when the data says.
        if let expenditure = report.expenditure?.value {
            figures.append(("burned a day (\(IntakeText.tens(expenditure.low))–\(IntakeText.tens(expenditure.high)))", IntakeText.tens(expenditure.kilocalories) + " kcal"))
        }
        if let target = report.targetIntake, !target.isBelowSafeMinimum {
            let range = EntryRendering.intakeRange(target)
            figures.append(("to eat a day", String(range.dropLast("/day".count))))
        }
        if let waist = report.measurements?.summaries.first(where: { $0.name == .waist }) {
            figures.append(("waist", LengthUnit(weightUnit: unit).format(centimetres: waist.trend)))
        }
        return figures
    }

    static func rendered(_ report: ProgressReport, unit: WeightUnit, chart: Chart, others: [Chart] = []) -> String {
        let title = ProgressText.heading(report)
        var page = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        page += "<title>\(XMLText.escaped(title)) (trend)</title>\n<style>\n"
        // The marks' colours only on a page that shades marked days (SPEC §21).
        let paints = ChartPaint.allCases.filter { !$0.isMark || !report.marks.isEmpty }
        page += ":root{color-scheme:light dark;" + paints.map { "\($0.variable):\($0.light)" }.joined(separator: ";") + "}\n"
        page += "@media (prefers-color-scheme:dark){:root{" + paints.map { "\($0.variable):\($0.dark)" }.joined(separator: ";") + "}}\n"
        var widest = 860
        if case .svg(let charts) = chart { widest = max(widest, charts.map(\.chart.width).max() ?? 0) }
        page += "body{margin:2rem auto;max-width:\(widest)px;padding:0 1rem;font-family:sans-serif;color:var(--ink);background:var(--paper)}\n"
        page += "h1{font-size:1.4rem;margin-bottom:.2rem}p{margin:.2rem 0 1rem}table{border-collapse:collapse;margin:1rem 0}\n"
        page += ".headline{display:flex;flex-wrap:wrap;gap:1.5rem 2.5rem;margin:1.2rem 0}.figure{display:flex;flex-direction:column}\n"
        page += ".figure .value{font-size:2rem;font-weight:700;line-height:1.1}.figure .label{font-size:.85rem;opacity:.75}\n"
        page += "th{text-align:left;padding:.25rem 1rem .25rem 0;font-weight:600;white-space:nowrap}td{padding:.25rem 1rem .25rem 0}td.value{text-align:right;white-space:nowrap}\n"
        page += "figure{margin:1rem 0}svg,img{max-width:100%;height:auto}figure svg{width:100%}\n"
        // A phone's column (SPEC §8): each row's label above its value and detail, the full width for both.
        page += "@media (max-width:599px){table,tbody,tr,th,td{display:block}tr{padding:.35rem 0}tr:has(th:not(:empty)){border-top:1px solid rgba(128,128,128,.3)}"
            + "th,td{padding:0}th:empty{display:none}td.value{display:inline;text-align:left;font-weight:600;margin-right:.5rem}td.value:empty{display:none}td:last-child{display:inline}"
            // Two figures a row, each at least 150 px, one alone when it is wider.
            + ".headline{gap:1rem}.figure{flex:1 1 auto;min-width:150px}}\n"
        for (figure, each) in ([chart] + others).enumerated() {
            guard case .svg(let charts) = each, charts.count > 1 else { continue }
            // One chart at a time: each from its page width to the next's.
            let name = { (index: Int) in figure == 0 ? ".chart\(index)" : ".chart\(figure)-\(index)" }
            for (index, variant) in charts.enumerated() {
                var rules: [String] = []
                if variant.fromPageWidth > 0 { rules.append("(min-width:\(variant.fromPageWidth)px)") }
                if index + 1 < charts.count { rules.append("(max-width:\(charts[index + 1].fromPageWidth - 1)px)") }
                page += "\(name(index)){display:none}@media " + rules.joined(separator: " and ") + "{\(name(index)){display:block}}\n"
            }
            page += "@media print{\(name(charts.count - 1)){display:block}" + (0..<(charts.count - 1)).map(name).joined(separator: ",") + "{display:none}}\n"
        }
        page += "@media print{body{margin:0;max-width:none;color:#000;background:#fff}:root{--ink:#000;--paper:#fff}}\n"
        page += "</style>\n</head>\n<body>\n"
        page += "<h1>\(XMLText.escaped(title))</h1>\n"
        guard !report.hasNoHistory else {
            return page + "<p>" + Messages.noWeighInsYetHTML + "</p>\n</body>\n</html>\n"
        }
        page += "<p>\(XMLText.escaped(ProgressText.emptyRangeNote(report) ?? ProgressText.span(report)))</p>\n"
        page += "<div class=\"headline\">\n"
        for figure in headline(report, unit: unit) {
            page += "<div class=\"figure\"><span class=\"value\">\(XMLText.escaped(figure.value))</span><span class=\"label\">\(XMLText.escaped(figure.label))</span></div>\n"
        }
        page += "</div>\n"
        if let note = ProgressText.staleNote(report) { page += "<p class=\"note\">\(XMLText.escaped(note))</p>\n" }
        for (figure, each) in ([chart] + others).enumerated() {
            switch each {
            case .svg(let charts):
                page += "<figure>\n"
                for (index, variant) in charts.enumerated() {
                    let name = figure == 0 ? "chart\(index)" : "chart\(figure)-\(index)"
                    page += charts.count > 1 ? "<div class=\"\(name)\">\n" + variant.chart.rendered() + "</div>\n" : variant.chart.rendered()
                }
                page += "</figure>\n"
            case .mailImage(let contentID, let width, let height, let description):
                // Shown the column's width, whatever it was drawn for: the page narrows it on a phone.
                let shownHeight = (mailColumnWidth * height + width / 2) / width
                page += "<figure><img src=\"cid:\(XMLText.escaped(contentID))\" width=\"\(mailColumnWidth)\" height=\"\(shownHeight)\" alt=\"\(XMLText.escaped(description))\"></figure>\n"
            }
        }
        page += "<table>\n"
        for (label, value, detail) in ProgressText.rows(report, unit: unit) {
            page += "<tr><th scope=\"row\">\(XMLText.escaped(label))</th><td class=\"value\">\(XMLText.escaped(value))</td><td>\(XMLText.escaped(detail))</td></tr>\n"
        }
        page += "</table>\n</body>\n</html>\n"
        return page
    }
}
