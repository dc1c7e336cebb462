import TrendCore
import TrendPresentation

/// The dashboard laid out on a screen of a given size (SPEC §19): the
/// range tabs and the series on top, the chart filling the middle, the
/// headline figures below it, the keys (or the prompt) on the last row.
/// Reading the Dashboard and its ViewModels here is what the run loop
/// observes: whatever this reads and later changes redraws the screen.
@MainActor
struct DashboardView {
    let dashboard: Dashboard
    let columns: Int
    let rows: Int

    /// Below this the dashboard shows what fits and says the window is small.
    static let fullSize = (columns: 80, rows: 24)

    private var display: Display { dashboard.display }
    private var progress: ProgressViewModel { dashboard.progress }
    /// The selection's look: a colour where colour is allowed, else reverse video.
    private var selected: String { display.usesColor ? "1;97;44" : "7" }
    private var bar: String { display.usesColor ? "44;97" : "7" }
    private var dim: String { display.usesColor ? "2" : "" }

    func screen() -> Screen {
        var screen = Screen(columns: columns, rows: rows)
        guard rows > 0, columns > 0 else { return screen }
        drawHeader(&screen)
        let bottom = rows - 1
        switch dashboard.mode {
        case .help: drawHelp(&screen, from: 1, to: bottom)
        case .list, .confirmingDelete: drawList(&screen, from: 1, to: bottom)
        case .chart, .prompt: drawChart(&screen, from: 1, to: bottom)
        }
        drawStatus(&screen, row: bottom)
        return screen
    }

    private func drawHeader(_ screen: inout Screen) {
        let isSmall = columns < Self.fullSize.columns || rows < Self.fullSize.rows
        var column = screen.put(" trend ", row: 0, style: "1")
        // A small window says so first, and keeps the tabs without their digits.
        if isSmall { column = screen.put("small window ", row: 0, column: column, style: dim) }
        for (index, range) in ProgressRange.allCases.enumerated() {
            column = screen.put(isSmall ? " " : " \(index + 1) ", row: 0, column: column, style: dim)
            column = screen.put(" \(range.rawValue) ", row: 0, column: column, style: range == progress.range ? selected : "")
        }
        screen.put("  " + progress.metric.title, row: 0, column: column, style: "1")
    }

    private func drawChart(_ screen: inout Screen, from top: Int, to bottom: Int) {
        // The figures first, from the bottom up, so the chart takes what is left.
        var figureLines = figures(width: columns - 2)
        var last = bottom - 1
        if let message = dashboard.message {
            screen.put(" " + message, row: last, style: "1")
            last -= 1
        }
        let room = max(0, last - top + 1)
        if figureLines.count > room { figureLines = Array(figureLines.prefix(room)) }
        for (offset, line) in figureLines.reversed().enumerated() { screen.put(" " + line, row: last - offset) }
        let chartBottom = last - figureLines.count
        let height = chartBottom - top + 1
        let report = progress.report
        guard report.count > 0 || !report.intakeDays.isEmpty || !report.measuredEntries.isEmpty else {
            if height > 0 { screen.put(" " + Messages.noWeighInsYet + " Or press l.", row: top + height / 2) }
            return
        }
        // A chart's day axis and legend take three rows below its plot.
        guard height >= 6, var lines = progress.terminalChartLines(columns: columns, rows: max(3, height - 3), display: display) else { return }
        // A strip of marked days, or a legend that wraps, takes rows of its own: the plot gives them up.
        if lines.count > height, let fitted = progress.terminalChartLines(columns: columns, rows: max(3, height - 3 - (lines.count - height)), display: display) {
            lines = fitted
        }
        for (offset, line) in lines.prefix(height).enumerated() { screen.put(styledLine: line, row: top + offset) }
    }

    /// The headline figures, as many to a line as fit.
    private func figures(width: Int) -> [String] {
        let separator = display.isUTF8 ? "  ·  " : "  |  "
        var lines: [String] = []
        var line = ""
        for figure in progress.headline {
            let text = figure.value + " " + figure.label
            if !line.isEmpty, DisplayWidth.of(line) + separator.count + DisplayWidth.of(text) > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : separator) + text
        }
        if !line.isEmpty { lines.append(line) }
        if let note = progress.staleNote { lines.append(note) }
        return lines
    }

    private func drawList(_ screen: inout Screen, from top: Int, to bottom: Int) {
        let listing = dashboard.listing
        screen.put(" " + listing.header, row: top, style: "1")
        let visible = max(0, bottom - top - 2)
        dashboard.listPageRows = max(1, visible)
        // The selected row in view, and no empty rows below the last entry.
        var first = max(0, min(dashboard.firstListedRow, listing.rows.count - visible))
        if dashboard.selectedRow >= first + visible { first = dashboard.selectedRow - visible + 1 }
        for (offset, row) in listing.rows.dropFirst(first).prefix(visible).enumerated() {
            let isSelected = first + offset == dashboard.selectedRow
            screen.put(" " + row.line, row: top + 1 + offset, style: isSelected ? selected : "")
            if isSelected { screen.fill(row: top + 1 + offset, from: 0, style: selected) }
        }
        if listing.rows.isEmpty { screen.put(" No \(listing.plural) in \(progress.range.rawValue).", row: top + 1) }
        if let message = dashboard.message { screen.put(" " + message, row: bottom - 1, style: "1") }
    }

    private func drawHelp(_ screen: inout Screen, from top: Int, to bottom: Int) {
        let arrows = display.isUTF8 ? "←/→" : "Left/Right"
        let help = [
            "1-5, \(arrows)  the range: 1M 3M 6M 1Y All",
            "Tab        the next series: weight, fat, intake, each measurement",
            "l          log a weigh-in, a note after it (80.5, 177.4lb, 82.1 after run)",
            "e          log food, a note after it (650, 2720kJ, 380 porridge)",
            "m          log a measurement, a note after it (waist 84.5, waist 84 tape)",
            "           Enter again logs what was refused as a likely typo or a repeat",
            "k          mark today: period, sick, travel, a name of your own (Tab offers those used)",
            "u, r       undo, redo the last change",
            "L          the entries of the series shown: \(display.isUTF8 ? "↑/↓" : "Up/Down"), PgUp/PgDn, d deletes (y confirms), Esc back",
            "q, Ctrl-C  quit;  Ctrl-Z suspends (fg comes back)",
            "",
            "Changes made elsewhere show within two seconds. Any key closes this help.",
        ]
        for (offset, line) in help.prefix(max(0, bottom - top - 1)).enumerated() { screen.put("  " + line, row: top + 1 + offset) }
    }

    /// The keys of the chart, each in bold before what it does.
    static let chartKeys = [
        ("1-5", "range"), ("Tab", "series"), ("l", "log"), ("e", "eat"), ("m", "measure"), ("k", "mark"), ("u", "undo"), ("r", "redo"), ("L", "list"),
        ("?", "help"), ("q", "quit"),
    ]

    /// The keys the bar shows: all where they fit with a space between
    /// them, else all but redo (help lists it), so quit is always shown.
    private var barKeys: [(String, String)] {
        let width = 1 + Self.chartKeys.reduce(0) { $0 + $1.0.count + 1 + $1.1.count } + Self.chartKeys.count - 1
        return width <= columns ? Self.chartKeys : Self.chartKeys.filter { $0.0 != "r" }
    }

    /// The prompt, what was typed and the cursor on one row: the end of a
    /// line too long for it, and the keys only where they fit.
    private func promptLine(_ prompt: Dashboard.Prompt) -> String {
        let lead = " " + prompt.label
        let cursor = display.isUTF8 ? "▏" : "_"
        let typed = dashboard.typed.terminalSafe
        let keys = prompt == .mark ? "   Enter marks, Esc cancels" : "   Enter logs, Esc cancels"
        let room = columns - DisplayWidth.of(lead) - cursor.count
        if DisplayWidth.of(typed) + keys.count <= room { return lead + typed + cursor + keys }
        if DisplayWidth.of(typed) <= room { return lead + typed + cursor }
        let more = display.isUTF8 ? "…" : "<"
        return lead + more + DisplayWidth.suffix(typed, fitting: max(0, room - 1)) + cursor
    }

    private func drawStatus(_ screen: inout Screen, row: Int) {
        let text: String
        switch dashboard.mode {
        case .prompt(.mark) where dashboard.typed.isEmpty && !dashboard.namesOffered.isEmpty:
            // The names used before, offered until something is typed.
            text = " " + Dashboard.Prompt.mark.label + (display.isUTF8 ? "▏" : "_") + "   Tab: " + dashboard.namesOffered.joined(separator: ", ")
        case .prompt(let prompt):
            text = promptLine(prompt)
        case .list: text = " \(display.isUTF8 ? "↑↓" : "Up Down") PgUp PgDn move  d delete  Esc back"
        case .confirmingDelete: text = " Delete \(dashboard.selectedEntry?.named ?? "the selected entry")? y/n"
        case .help: text = " any key: back"
        case .chart:
            // Two spaces between keys where they fit, one where the window is narrow.
            let keys = barKeys
            let pairs = keys.reduce(0) { $0 + $1.0.count + 1 + $1.1.count }
            let gap = 1 + pairs + 2 * (keys.count - 1) <= columns ? "  " : " "
            var column = 0
            for (index, (key, label)) in keys.enumerated() {
                column = screen.put(index == 0 ? " " : gap, row: row, column: column, style: bar)
                column = screen.put(key, row: row, column: column, style: bar + ";1")
                column = screen.put(" " + label, row: row, column: column, style: bar)
            }
            screen.fill(row: row, style: bar)
            return
        }
        screen.put(text, row: row, style: bar)
        screen.fill(row: row, style: bar)
    }
}
