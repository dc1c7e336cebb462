import TrendCore

/// The progress report as one self-contained HTML5 page (SPEC §8): the
/// report as a table and the SVG chart inline; light and dark colour
/// schemes, printable, and nothing that loads from outside (no scripts,
/// fonts, images or links). Deterministic, every piece of text escaped.
enum ProgressPage {
    static func rendered(_ report: ProgressReport, unit: WeightUnit, chart: SVGChart) -> String {
        let title = ProgressText.heading(report)
        var page = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        page += "<title>\(XMLText.escaped(title)) (trend)</title>\n<style>\n"
        page += ":root{color-scheme:light dark;--ink:#222;--paper:#fff;--grid:#e3e3e3;--dot:#6b7f96;--trend:#15803d;--goal:#c2410c}\n"
        page += "@media (prefers-color-scheme:dark){:root{--ink:#e5e5e5;--paper:#161616;--grid:#3a3a3a;--dot:#8ea3bb;--trend:#4ade80;--goal:#fb923c}}\n"
        page += "body{margin:2rem auto;max-width:860px;padding:0 1rem;font-family:sans-serif;color:var(--ink);background:var(--paper)}\n"
        page += "h1{font-size:1.4rem;margin-bottom:.2rem}p{margin:.2rem 0 1rem}table{border-collapse:collapse;margin:1rem 0}\n"
        page += "th{text-align:left;padding:.25rem 1rem .25rem 0;font-weight:600}td{padding:.25rem 1rem .25rem 0}td.value{text-align:right;white-space:nowrap}\n"
        page += "figure{margin:1rem 0}svg{max-width:100%;height:auto}\n"
        page += "@media print{body{margin:0;max-width:none;color:#000;background:#fff}:root{--ink:#000;--paper:#fff}}\n"
        page += "</style>\n</head>\n<body>\n"
        page += "<h1>\(XMLText.escaped(title))</h1>\n"
        guard !report.hasNoHistory else {
            return page + "<p>No weigh-ins yet. Log one with <code>trend log 80.5</code>.</p>\n</body>\n</html>\n"
        }
        page += "<p>\(XMLText.escaped(ProgressText.span(report)))</p>\n"
        do {
            if let note = ProgressText.staleNote(report) { page += "<p class=\"note\">\(XMLText.escaped(note))</p>\n" }
            page += "<table>\n"
            for (label, value, detail) in ProgressText.rows(report, unit: unit) {
                page += "<tr><th scope=\"row\">\(XMLText.escaped(label))</th><td class=\"value\">\(XMLText.escaped(value))</td><td>\(XMLText.escaped(detail))</td></tr>\n"
            }
            page += "</table>\n"
        }
        page += "<figure>\n" + chart.rendered() + "</figure>\n</body>\n</html>\n"
        return page
    }
}
