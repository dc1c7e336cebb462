import Foundation
import Testing
import TestSupport
import TrendCore

@testable import TrendPresentation

/// SPEC §8: the braille chart, read back dot by dot.
@Suite("Terminal chart")
struct TerminalChartTests {
    static let today = CalendarDay(year: 2026, month: 11, day: 30)!

    static func entries(days: Int, weight: (Int) -> Double) -> [WeightEntry] {
        (0..<days).map { i in
            let day = today.adding(days: i - days + 1)
            return WeightEntry(timestamp: .local(day.year, day.month, day.day, 7), kilograms: weight(i))
        }
    }

    static func model(_ entries: [WeightEntry], goal: Double? = nil, plan: GoalPlan? = nil, valueTicks: Int = 5) throws -> ChartModel {
        let report = ProgressReport.prepare(entries: entries, goalKilograms: goal, goalPlan: plan, range: .all, today: today)
        return try #require(ChartModel(report: report, unit: .kilograms, valueTickCount: valueTicks))
    }

    /// The plot's dots, read back from the braille characters: `dots[y][x]`,
    /// and each cell's SGR colour when the chart has colour.
    struct Decoded {
        var dots: [[Bool]]
        var colours: [[String?]]
        let labelColumn: Int

        init(_ text: String, rows: Int) {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(rows).map(String.init)
            // The plot starts after the axis character.
            let axis = lines.compactMap { line in Self.strip(line).firstIndex { $0 == "│" || $0 == "┤" } }.min() ?? 0
            labelColumn = axis
            var dots: [[Bool]] = []
            var colours: [[String?]] = []
            for line in lines {
                let cells = Self.cells(line).dropFirst(axis + 1)
                var top = Array(repeating: [Bool](), count: 4)
                var rowColours: [String?] = []
                for (character, colour) in cells {
                    let value = character.unicodeScalars.first.map { $0.value >= 0x2800 && $0.value <= 0x28FF ? Int($0.value - 0x2800) : 0 } ?? 0
                    let bits = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]
                    for row in 0..<4 {
                        top[row] += [value & bits[row][0] != 0, value & bits[row][1] != 0]
                    }
                    rowColours.append(colour)
                }
                dots += top
                colours.append(rowColours)
            }
            let width = dots.map(\.count).max() ?? 0
            self.dots = dots.map { $0 + Array(repeating: false, count: width - $0.count) }
            self.colours = colours
        }

        static func strip(_ line: String) -> [Character] { cells(line).map(\.0) }

        /// Characters with the SGR colour in force, escapes removed.
        static func cells(_ line: String) -> [(Character, String?)] {
            var out: [(Character, String?)] = []
            var colour: String?
            var iterator = Array(line).makeIterator()
            while let c = iterator.next() {
                if c == "\u{1B}" {
                    var code = ""
                    _ = iterator.next()  // [
                    while let d = iterator.next(), d != "m" { code.append(d) }
                    colour = code == "0" ? nil : code
                    continue
                }
                out.append((c, colour))
            }
            return out
        }

        func row(ofDotsIn x: Int) -> [Int] { dots.indices.filter { dots[$0][x] } }
    }

    @Test("a flat trend and a goal land on the dot rows their values give, the goal in dashes of two dots")
    func knownLines() throws {
        let model = try Self.model(Self.entries(days: 30) { _ in 80 }, goal: 79)
        let rows = 16
        let chart = BrailleChart(model: model, columns: 100, rows: rows, unicode: true, color: false).rendered()
        let decoded = Decoded(chart, rows: rows)
        let height = rows * 4
        func dotRow(_ value: Double) -> Int { Int(((model.high - value) / (model.high - model.low) * Double(height - 1)).rounded()) }
        let trendRow = dotRow(80)
        let goalRow = dotRow(79)
        #expect(trendRow != goalRow)
        let width = decoded.dots[0].count
        // The trend (and the weigh-ins on it) from the first day to the latest: every dot column on one row.
        let days = Double(model.lastDay.dayNumber - model.firstDay.dayNumber)
        let lastTrendX = Int((Double(Self.today.dayNumber - model.firstDay.dayNumber) / days * Double(width - 1)).rounded())
        for x in 0...lastTrendX { #expect(decoded.dots[trendRow][x], "no trend dot at x \(x)") }
        for x in 0..<width {
            #expect(decoded.dots[goalRow][x] == (x % 4 < 2), "goal dot at x \(x)")
            let others = decoded.row(ofDotsIn: x).filter { $0 != trendRow && $0 != goalRow }
            #expect(others.isEmpty, "stray dots at x \(x): \(others)")
        }
    }

    @Test("a slope reads as a slope: the falling trend's dots step down column by column, with no holes")
    func slope() throws {
        let model = try Self.model(Self.entries(days: 60) { 90 - 0.1 * Double($0) })
        let chart = BrailleChart(model: model, columns: 80, rows: 12, unicode: true, color: true).rendered()
        let decoded = Decoded(chart, rows: 12)
        // Trend cells are blue (34); read their dots only.
        var trendDots: [(x: Int, y: Int)] = []
        for y in decoded.dots.indices {
            for x in decoded.dots[y].indices where decoded.dots[y][x] {
                if decoded.colours[y / 4][x / 2] == "34" { trendDots.append((x, y)) }
            }
        }
        let columns = Set(trendDots.map(\.x)).sorted()
        let first = try #require(columns.first)
        let last = try #require(columns.last)
        #expect(last - first > 100, "the line spans the chart")
        // Each column's highest dot is no higher than the previous column's: it falls.
        var previous = -1
        for x in first...last {
            let ys = trendDots.filter { $0.x == x }.map(\.y)
            guard let top = ys.min() else { continue }
            #expect(top >= previous - 1, "rises at \(x)")
            previous = top
        }
    }

    @Test("colours as SPEC §8 says: the trend blue, floaters red, sinkers green, goal and plan yellow; none without colour")
    func colours() throws {
        let entries = Self.entries(days: 30) { 80 - 0.05 * Double($0) + ($0 % 2 == 0 ? 0.6 : -0.6) }
        let plan = GoalPlan(start: Self.today.adding(days: -20), pace: .by(Self.today.adding(days: 60)))
        let model = try Self.model(entries, goal: 78.5, plan: plan)
        let coloured = BrailleChart(model: model, columns: 100, rows: 16, unicode: true, color: true).rendered()
        for code in ["\u{1B}[34m", "\u{1B}[31m", "\u{1B}[32m", "\u{1B}[33m"] { #expect(coloured.contains(code), "\(code.debugDescription)") }
        let plain = BrailleChart(model: model, columns: 100, rows: 16, unicode: true, color: false).rendered()
        #expect(!plain.contains("\u{1B}"))
        #expect(plain.split(separator: "\n").allSatisfy { Decoded.strip(String($0)).count <= 100 }, "no line wider than the terminal")
    }

    @Test("the legend names what is drawn, the goal with its weight; a goal beyond the span is an edge label with an arrow")
    func legendAndEdge() throws {
        let entries = Self.entries(days: 30) { 80 - 0.02 * Double($0) }
        let near = BrailleChart(model: try Self.model(entries, goal: 79), columns: 100, rows: 16, unicode: true, color: false).rendered()
        let legend = try #require(near.split(separator: "\n").last)
        #expect(legend.contains("⣴ below trend") && legend.contains("trend") && legend.contains("goal 79.0 kg") && legend.contains("projection"))
        #expect(!legend.contains("plan"))
        let far = BrailleChart(model: try Self.model(entries, goal: 60), columns: 100, rows: 16, unicode: true, color: false).rendered()
        let lines = far.split(separator: "\n").map(String.init)
        #expect(lines[15].hasSuffix("goal 60.0 kg ↓"), "on the plot's last row, at the right: \(lines[15])")
        let ascii = BrailleChart(model: try Self.model(entries, goal: 60), columns: 100, rows: 16, unicode: false, color: false).rendered()
        #expect(ascii.contains("goal 60.0 kg (below)"))
    }

    @Test("--ascii draws each series with its own character (SPEC §17) and nothing beyond ASCII")
    func ascii() throws {
        let plan = GoalPlan(start: Self.today.adding(days: -30), pace: .by(Self.today.adding(days: 40)))
        let model = try Self.model(Self.entries(days: 40) { 80 - 0.05 * Double($0) + ($0 % 3 == 0 ? 0.5 : -0.3) }, goal: 78, plan: plan)
        let chart = BrailleChart(model: model, columns: 90, rows: 12, unicode: false, color: false).rendered()
        #expect(chart.unicodeScalars.allSatisfy { $0.isASCII })
        let rows = chart.split(separator: "\n").prefix(12)
        // After the axis (| or + at a tick) only the chart's characters, or the goal's edge label.
        let plotCharacters = Set(rows.flatMap { line -> [Character] in
            guard let axis = line.firstIndex(where: { $0 == "|" || $0 == "+" }) else { return [] }
            return Array(line[line.index(after: axis)...])
        })
        #expect(plotCharacters == Set("+o*=/: "), "\(plotCharacters)")
        let legend = chart.split(separator: "\n").suffix(2).joined(separator: " ")
        for entry in ["+ above trend", "o below trend", "*** trend", "= = goal 78.0 kg", "/// plan", "::: projection"] {
            #expect(legend.contains(entry), "\(entry) in \(legend)")
        }
    }

    @Test("without colour every series has its own braille mark: above and below the trend, trend, goal, plan and projection")
    func marksWithoutColour() throws {
        let plan = GoalPlan(start: Self.today.adding(days: -30), pace: .by(Self.today.adding(days: 40)))
        let model = try Self.model(Self.entries(days: 40) { 80 - 0.05 * Double($0) + ($0 % 3 == 0 ? 0.5 : -0.3) }, goal: 78, plan: plan)
        let chart = BrailleChart(model: model, columns: 90, rows: 12, unicode: true, color: false).rendered()
        #expect(!chart.contains("\u{1B}"))
        let plot = chart.split(separator: "\n").prefix(12).joined()
        #expect(plot.contains("⠟") && plot.contains("⣴"), "weigh-ins above and below the trend, each its own mark")
        let legend = chart.split(separator: "\n").suffix(2).joined(separator: " ")
        var samples: [String: String] = [:]
        for name in ["above trend", "below trend", "trend", "goal 78.0 kg", "plan", "projection"] {
            let range = try #require(legend.range(of: " " + name), "\(name) in \(legend)")
            let sample = legend[..<range.lowerBound].split(separator: "   ").last.map(String.init) ?? ""
            samples[name] = sample.trimmingCharacters(in: .whitespaces)
        }
        #expect(Set(samples.values).count == samples.count, "every sample differs: \(samples)")
        // The legend wraps between entries at 40 columns, never inside one.
        let narrow = BrailleChart(model: model, columns: 40, rows: 12, unicode: true, color: false).rendered()
        let legendLines = narrow.split(separator: "\n").suffix(4).filter { !$0.contains("┬") && !$0.contains("│") && !$0.contains("┤") }
        #expect(legendLines.count >= 2)
        for line in legendLines { #expect(Decoded.strip(String(line)).count <= 40) }
        let joined = legendLines.map { String($0).trimmingCharacters(in: .whitespaces) }
        for name in ["above trend", "below trend", "goal 78.0 kg", "plan", "projection"] {
            #expect(joined.contains { $0.contains(name) }, "'\(name)' whole on one line: \(joined)")
        }
    }

    @Test("a single weigh-in is one dot at its value")
    func single() throws {
        let model = try Self.model(Self.entries(days: 1) { _ in 80 })
        let decoded = Decoded(BrailleChart(model: model, columns: 60, rows: 8, unicode: true, color: false).rendered(), rows: 8)
        let dots = decoded.dots.enumerated().flatMap { y, row in row.enumerated().filter(\.element).map { (x: $0.offset, y: y) } }
        #expect(dots.count == 1)
        let expectedRow = Int(((model.high - 80) / (model.high - model.low) * 31).rounded())
        #expect(dots.first?.y == expectedRow)
    }

    @Test("day labels sit under their ticks and never touch; months are named, the year at January")
    func dayAxis() throws {
        let model = try Self.model(Self.entries(days: 200) { 80 + sin(Double($0) / 10) })
        let chart = BrailleChart(model: model, columns: 100, rows: 16, unicode: true, color: false).rendered()
        let lines = chart.split(separator: "\n").map(String.init)
        let rule = lines[16]
        let labels = lines[17]
        #expect(rule.contains("┬"))
        #expect(labels.contains("Jan 2026") || labels.contains("Jun 2026"), "\(labels)")
        let words = labels.split(separator: " ", omittingEmptySubsequences: true)
        #expect(words.contains("Aug") || words.contains("Sep"))
        #expect(!labels.contains("2026-"), "calendar names, not ISO dates")
    }

    @Test("in a real terminal: trend progress draws the chart at the terminal's width, in colour, 16 rows by default",
          .enabled(if: Requirement.find("tmux") != nil, "tmux is not installed"))
    func tmux() throws {
        let cli = try CLIHarness()
        try cli.seed((0..<40).map { (i: Int) -> CLIHarness.TypedWeighIn in
            let kilograms: Double = 82 - 0.05 * Double(i) + (i % 2 == 0 ? 0.4 : -0.4)
            return CLIHarness.TypedWeighIn(date: CLICalendar.day("2026-11-30", adding: i - 39) + " 07:00", weight: String(kilograms))
        })
        try cli.ok("goal", "79")
        let environment = cli.environment.merging(["TERM": "xterm-256color", "LANG": "C.UTF-8", "TREND_PAGER": "cat"]) { $1 }
        let screen = try TerminalSession(
            command: "\(cli.binary.url.path) progress --range 3M; sleep 30", environment: environment, columns: 100, rows: 60)
        defer { screen.close() }
        #expect(screen.waitFor("projection"), "\(screen.text)")
        let text = screen.screen(escapes: true)
        #expect(text.contains("\u{1B}[34m"), "the trend in blue")
        let plotLines = screen.text.split(separator: "\n").filter { $0.contains("┤") || $0.contains("│") }
        #expect(plotLines.count == 16, "\(screen.text)")
        #expect(plotLines.allSatisfy { $0.count <= 100 })
        #expect(plotLines.contains { $0.count > 90 }, "as wide as the terminal")
        if let out = ProcessInfo.processInfo.environment["TREND_CAPTURE_OUT"] { try? text.write(toFile: out, atomically: true, encoding: .utf8) }
    }

    @Test("--chart-height and --ascii end to end; a chart under 6 rows is a usage error")
    func options() throws {
        var cli = try CLIHarness()
        cli.extraEnvironment["LANG"] = "C.UTF-8"
        try cli.seed((0..<10).map { (i: Int) -> CLIHarness.TypedWeighIn in .init(date: "2026-11-\(20 + i) 07:00", weight: String(80 - 0.1 * Double(i))) })
        let tall = try cli.ok("progress", "--chart", "--chart-height", "10").stdout
        let chartLines = tall.split(separator: "\n").filter { $0.contains("┤") || $0.contains("│") }
        #expect(chartLines.count == 10)
        let ascii = try cli.ok("progress", "--chart", "--ascii").stdout
        #expect(ascii.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(ascii.contains("*"))
        let small = try cli.run("progress", "--chart-height", "3")
        #expect(small.status == 64)
        #expect(small.stderr.hasPrefix("Error: --chart-height must be 6 to 200 rows"))
        let listed = try cli.ok("list", "--chart", "--ascii").stdout
        #expect(listed.contains("*"))
        // A locale that is not UTF-8 gets the ASCII chart without asking.
        cli.extraEnvironment["LANG"] = "C"
        #expect(try cli.ok("progress", "--chart").stdout.unicodeScalars.allSatisfy { $0.isASCII })
    }
}
