import Foundation
import Testing
import TestSupport
import TrendCore

#if canImport(FoundationXML)
import FoundationXML
#endif

@testable import trend

/// SPEC §8: the SVG chart and the HTML page.
@Suite("Pictures: SVG and HTML")
struct SVGChartTests {
    static let today = CalendarDay(year: 2026, month: 11, day: 30)!

    /// About two years of daily weigh-ins like a real scale's: a slow loss,
    /// a regain, day-to-day noise, some missed days. Deterministic.
    static func realistic(days: Int = 700) -> [WeightEntry] {
        var generator = SeededGenerator(seed: 11)
        var entries: [WeightEntry] = []
        for day in 0..<days where Double.random(in: 0...1, using: &generator) > 0.15 {
            let base = 92 - 10 * sin(Double(day) / Double(days) * 2.2) - Double(day) * 0.004
            let weight = base + Double.random(in: -0.9...0.9, using: &generator)
            let dayNumber = today.adding(days: day - days + 1).dayNumber
            entries.append(WeightEntry(timestamp: Timestamp(epochSeconds: Int64(dayNumber) * 86_400 + 6 * 3600 + 60 * Int64(day % 50), utcOffsetSeconds: 0), kilograms: (weight * 10).rounded() / 10))
        }
        return entries
    }

    static func report(_ entries: [WeightEntry], goal: Double? = 78, range: ProgressRange = .all) -> ProgressReport {
        ProgressReport.prepare(entries: entries, goalKilograms: goal, range: range, today: today)
    }

    @Test("y ticks are round values that cover the data", arguments: [(77.3, 84.9), (0.4, 0.6), (150.2, 151.0), (60, 120)])
    func ticks(low: Double, high: Double) throws {
        let ticks = SVGChart.ticks(low: low, high: high)
        #expect(try #require(ticks.first) <= low)
        #expect(try #require(ticks.last) >= high)
        #expect((3...12).contains(ticks.count), "\(ticks)")
        let step = ticks[1] - ticks[0]
        let magnitude = pow(10, (log10(step)).rounded(.down))
        #expect([1.0, 2, 2.5, 5, 10].contains { abs(step / magnitude - $0) < 1e-9 }, "\(step)")
        for tick in ticks { #expect(abs((tick / step).rounded() * step - tick) < 1e-9) }
    }

    @Test("date labels never overlap", arguments: [(30, 700.0), (365, 700.0), (3000, 700.0), (7, 300.0), (90, 200.0)])
    func labels(days: Int, width: Double) throws {
        let chart = SVGChart(report: Self.report(Array(Self.realistic(days: days))), unit: .kilograms, width: Int(width) + 92, height: 300)
        let svg = chart.rendered()
        // Every date label's centre, from the markup.
        let centres = svg.split(separator: "\n").filter { $0.contains("text-anchor=\"middle\">2") }
            .compactMap { line in Double(line.split(separator: "\"")[1]) }
        #expect(!centres.isEmpty)
        let labelWidth = 10 * SVGChart.characterWidth
        for (a, b) in zip(centres, centres.dropFirst()) { #expect(b - a >= labelWidth, "\(centres)") }
    }

    @Test("the SVG is well-formed XML with a viewBox, dots, a solid and a dashed trend, and the goal labelled")
    func wellFormed() throws {
        let svg = SVGChart(report: Self.report(Self.realistic()), unit: .kilograms).rendered()
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"800\" height=\"400\" viewBox=\"0 0 800 400\""))
        #expect(svg.contains("class=\"dot\""))
        #expect(svg.contains("<path class=\"trend\" d=\"M"))
        #expect(svg.contains("<path class=\"trend estimated\" d=\"M"))
        #expect(svg.contains(">Goal 78.0 kg</text>"))
        // FoundationXML on Linux, Foundation itself on macOS.
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    }

    @Test("the same data and clock give the same bytes; --width and --height size it")
    func deterministic() {
        let report = Self.report(Self.realistic())
        #expect(SVGChart(report: report, unit: .pounds).rendered() == SVGChart(report: report, unit: .pounds).rendered())
        #expect(SVGChart(report: report, unit: .kilograms, width: 1200, height: 500).rendered().contains("viewBox=\"0 0 1200 500\""))
    }

    @Test("no weigh-ins, one weigh-in, a goal far outside the data, and stones")
    func edges() throws {
        let empty = SVGChart(report: Self.report([]), unit: .kilograms).rendered()
        #expect(empty.contains("No weigh-ins in this period"))
        let one = SVGChart(report: Self.report(Array(Self.realistic().suffix(1)), goal: nil), unit: .kilograms).rendered()
        #expect(one.filter { $0 == "\n" }.count > 5 && one.contains("class=\"dot\"") && one.contains("class=\"trend\""))
        // A far goal is labelled at the edge it lies beyond, not drawn: the data keeps the scale.
        let far = SVGChart(report: Self.report(Self.realistic(), goal: 50), unit: .kilograms).rendered()
        #expect(far.contains(">Goal 50.0 kg ↓</text>"))
        #expect(!far.contains("class=\"goal\""))
        #expect(!far.contains(">50 kg</text>"))
        let near = SVGChart(report: Self.report(Self.realistic(), goal: 78), unit: .kilograms).rendered()
        #expect(near.contains("<line class=\"goal\""))
        let stones = SVGChart(report: Self.report(Self.realistic()), unit: .stones).rendered()
        #expect(stones.contains(" st</text>"))
        #expect(stones.contains(">Goal 12 st 4.0 lb</text>"))
    }

    @Test("text is escaped for XML and HTML")
    func escaping() {
        #expect(XMLText.escaped("<b>\"Tom & Jerry's\"</b>\u{1}") == "&lt;b&gt;&quot;Tom &amp; Jerry&#39;s&quot;&lt;/b&gt;\u{FFFD}")
    }

    @Test("the HTML page is one self-contained document: the report table and the same SVG, no scripts or fetches")
    func page() throws {
        let report = Self.report(Self.realistic(), range: .sixMonths)
        let chart = SVGChart(report: report, unit: .kilograms)
        let html = ProgressPage.rendered(report, unit: .kilograms, chart: chart)
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">"))
        #expect(html.hasSuffix("</body>\n</html>\n"))
        #expect(html.contains("<title>Progress over the last 6M (trend)</title>"))
        #expect(html.contains("<th scope=\"row\">Trend</th>"))
        #expect(html.contains(chart.rendered()))
        #expect(html.contains("prefers-color-scheme:dark") && html.contains("@media print"))
        for forbidden in ["<script", "<link", "<img", "url(", "@import", "src=", "href="] {
            #expect(!html.contains(forbidden), "\(forbidden)")
        }
        #expect(html.components(separatedBy: "http").count == 2)  // only the SVG namespace, which fetches nothing
        for tag in ["html", "head", "body", "table", "figure", "svg", "style", "title"] {
            #expect(html.components(separatedBy: "<\(tag)").count - 1 == html.components(separatedBy: "</\(tag)>").count - 1, "\(tag)")
        }
    }

    @Test("end to end: progress --format svg and html write the pictures; bad sizes are usage errors")
    func endToEnd() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80", "--date", "2026-11-01")
        try cli.ok("log", "79", "--date", "2026-11-05")
        let svg = try cli.ok("progress", "--format", "svg", "--width", "640", "--height", "320").stdout
        #expect(svg.hasPrefix("<svg ") && svg.contains("viewBox=\"0 0 640 320\""))
        let html = try cli.ok("progress", "--format", "html", "--since", "2026-11-01", "--until", "2026-11-06").stdout
        #expect(html.contains("<h1>Progress</h1>") && html.contains("2026-11-01 to 2026-11-06 (2 weigh-ins)"))
        #expect(try cli.run("progress", "--format", "svg", "--width", "50").status == 64)
        #expect(try cli.run("progress", "--range", "1M", "--since", "2026-11-01").status == 64)
    }

    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first(where: Requirement.installed)

    @Test("a real browser draws the page: not blank, the trend, dots and goal in their colours where the chart is",
          .enabled(if: chromium != nil && Requirement.installed("/usr/bin/python3"), "needs chromium and python3"))
    func browser() throws {
        let directory = try TemporaryDirectory()
        let report = Self.report(Self.realistic())
        let html = ProgressPage.rendered(report, unit: .kilograms, chart: SVGChart(report: report, unit: .kilograms))
        try directory.write(html, to: "progress.html")
        let shot = directory.file("progress.png")
        let run = try TrendBinary(url: URL(fileURLWithPath: Self.chromium!)).run(
            ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--screenshot=\(shot)", "--window-size=1000,900",
             "file://" + directory.file("progress.html")],
            environment: ["PATH": "/usr/bin:/bin", "HOME": directory.path])
        #expect(FileManager.default.fileExists(atPath: shot), "\(run.stderr)")
        // The chart sits below the table: count colours there.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let measure = try TrendBinary(url: URL(fileURLWithPath: "/usr/bin/python3")).run(
            [root.appendingPathComponent("Tools/png_colours.py").path, shot, "60", "430", "920", "860", "15803d", "6b7f96", "c2410c"],
            environment: ["PATH": "/usr/bin:/bin"])
        let numbers = measure.stdout.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        try #require(numbers.count == 6, "\(measure.stdout)\(measure.stderr)")
        #expect(numbers[0] == 1000 && numbers[1] == 900)
        #expect(numbers[2] > 5_000, "the chart area is blank")
        #expect(numbers[3] > 300, "too little trend green: \(numbers)")
        #expect(numbers[4] > 300, "too few dots: \(numbers)")
        #expect(numbers[5] > 100, "no goal line: \(numbers)")
        if let out = ProcessInfo.processInfo.environment["TREND_SCREENSHOT_OUT"] {
            try? FileManager.default.removeItem(atPath: out)
            try FileManager.default.copyItem(atPath: shot, toPath: out)
        }
    }
}
