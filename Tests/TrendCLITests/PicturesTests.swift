import Foundation
import Testing
import TestSupport
import TrendCore

#if canImport(FoundationXML)
import FoundationXML
#endif

@testable import TrendPresentation

/// SPEC §8: the SVG chart, the HTML page, the PNG and the mail.
@Suite("Pictures: SVG, HTML, PNG and mail")
struct PicturesTests {
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
            entries.append(
                WeightEntry(
                    timestamp: Timestamp(epochSeconds: Int64(dayNumber) * 86_400 + 6 * 3600 + 60 * Int64(day % 50), utcOffsetSeconds: 0),
                    kilograms: (weight * 10).rounded() / 10))
        }
        return entries
    }

    static func report(_ entries: [WeightEntry], goal: Double? = 78, range: ProgressRange = .all) -> ProgressReport {
        ProgressReport.prepare(entries: entries, goalKilograms: goal, range: range, today: today)
    }

    /// Every element of an SVG with its attributes, parsed by a real XML parser.
    final class Elements: NSObject, XMLParserDelegate {
        var elements: [(name: String, attributes: [String: String])] = []
        var texts: [String] = []
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]) {
            elements.append((name, attributes))
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { texts.append(string) }

        static func parse(_ svg: String) throws -> Elements {
            let parser = XMLParser(data: Data(svg.utf8))
            let elements = Elements()
            parser.delegate = elements
            #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
            return elements
        }

        func withClass(_ name: String) -> [[String: String]] {
            elements.filter { ($0.attributes["class"] ?? "").split(separator: " ").contains(Substring(name)) }.map(\.attributes)
        }
    }

    @Test("the SVG is well-formed SVG 1.1 with a viewBox, and every drawn element carries a class naming what it is")
    func classes() throws {
        let svg = SVGChart(report: Self.report(Array(Self.realistic().suffix(150))), unit: .kilograms).rendered()
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"800\" height=\"400\" viewBox=\"0 0 800 400\""))
        let parsed = try Elements.parse(svg)
        let drawn = parsed.elements.filter { ["line", "path", "circle", "rect", "text"].contains($0.name) }
        #expect(!drawn.isEmpty)
        for element in drawn { #expect(element.attributes["class"]?.isEmpty == false, "\(element)") }
        for name in ["weigh-in", "trend", "estimated", "floater", "sinker", "goal", "projection", "tick", "legend"] {
            #expect(!parsed.withClass(name).isEmpty, "no element of class \(name)")
        }
    }

    @Test("one floater or sinker per weigh-in off its trend while at most 200 are in view, none beyond")
    func floaters() throws {
        let entries = Array(Self.realistic().suffix(180))
        let report = Self.report(entries)
        let model = try #require(ChartModel(report: report, unit: .kilograms))
        let parsed = try Elements.parse(SVGChart(model: model).rendered())
        let stems = parsed.withClass("floater").count + parsed.withClass("sinker").count
        let legendStems = parsed.elements.filter { $0.attributes["class"]?.hasPrefix("legend ") == true && $0.name == "line" && ($0.attributes["class"]!.contains("floater") || $0.attributes["class"]!.contains("sinker")) }.count
        let offTrend = model.weighIns.filter { $0.value != $0.trend }.count
        #expect(report.points.count <= 200)
        #expect(stems - legendStems == offTrend)
        // Each stem runs from a weigh-in's dot to its day's trend: its x is a dot's x.
        let dotX = Set(parsed.withClass("weigh-in").compactMap { $0["cx"] })
        for stem in parsed.withClass("floater") where !(stem["class"]!.hasPrefix("legend")) { #expect(dotX.contains(stem["x1"] ?? "")) }
        let many = try Elements.parse(SVGChart(report: Self.report(Self.realistic()), unit: .kilograms).rendered())
        #expect(many.withClass("floater").filter { !$0["class"]!.hasPrefix("legend") }.isEmpty)
        #expect(many.withClass("weigh-in").count > 500)
    }

    @Test("date ticks are calendar boundaries and their labels never overlap", arguments: [(30, 800), (365, 800), (3000, 800), (7, 300), (90, 240)])
    func dayLabels(days: Int, width: Int) throws {
        let svg = SVGChart(report: Self.report(Self.realistic(days: days)), unit: .kilograms, width: width, height: 300).rendered()
        _ = try Elements.parse(svg)
        // Each day label's centre and text, from the markup.
        let labels = svg.split(separator: "\n").filter { $0.hasPrefix("<text class=\"tick label\"") && $0.contains("text-anchor=\"middle\"") }
            .map { line -> (x: Double, text: String) in
                let x = Double(line.split(separator: "\"")[3]) ?? -1
                let text = line.split(separator: ">")[1].split(separator: "<")[0]
                return (x, String(text))
            }
        #expect(!labels.isEmpty)
        #expect(!labels.contains { $0.text.count == 10 && $0.text.contains("-") }, "calendar names, not ISO dates")
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        for label in labels {
            let words = label.text.split(separator: " ")
            let isYear = words.count == 1 && Int(words[0]) != nil
            let isMonth = months.contains(String(words[0])) && (words.count == 1 || Int(words[1]) != nil)
            let isDay = words.count == 2 && Int(words[0]) != nil && months.contains(String(words[1]))
            #expect(isYear || isMonth || isDay, "\(label.text)")
        }
        // Never overlapping: centres at least half of each label (7 px a character) and a gap apart.
        for (a, b) in zip(labels, labels.dropFirst()) {
            #expect(b.x - a.x >= Double(a.text.count + b.text.count) * 3.5 + 6, "\(a) \(b)")
        }
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
        let one = try Elements.parse(SVGChart(report: Self.report(Array(Self.realistic().suffix(1)), goal: nil), unit: .kilograms).rendered())
        #expect(one.withClass("weigh-in").count == 2, "the dot, and the legend's")
        #expect(one.withClass("trend").count >= 1)
        let far = SVGChart(report: Self.report(Self.realistic(), goal: 50), unit: .kilograms).rendered()
        #expect(far.contains(">goal 50.0 kg ↓</text>"))
        #expect(!far.contains("<line class=\"goal\""))
        let near = SVGChart(report: Self.report(Self.realistic(), goal: 78), unit: .kilograms).rendered()
        #expect(near.contains("<line class=\"goal\""))
        let stones = SVGChart(report: Self.report(Self.realistic()), unit: .stones).rendered()
        #expect(stones.contains(" st</text>"))
        #expect(stones.contains(">goal 12 st 4.0 lb</text>"))
    }

    @Test("text is escaped for XML and HTML")
    func escaping() {
        #expect(XMLText.escaped("<b>\"Tom & Jerry's\"</b>\u{1}") == "&lt;b&gt;&quot;Tom &amp; Jerry&#39;s&quot;&lt;/b&gt;\u{FFFD}")
    }

    @Test("the HTML page opens with the headline figures, then the same SVG, then the report; no scripts or fetches")
    func page() throws {
        let report = ProgressReport.prepare(
            entries: Self.realistic(), goalKilograms: 78, heightCentimetres: 180, range: .sixMonths, today: Self.today)
        let chart = SVGChart(report: report, unit: .kilograms)
        let html = ProgressPage.rendered(report, unit: .kilograms, chart: .svg([(chart, 0)]))
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">"))
        #expect(html.hasSuffix("</body>\n</html>\n"))
        #expect(html.contains("<title>Progress over the last 6M (trend)</title>"))
        let trend = try #require(report.trendKilograms)
        let headline = try #require(html.range(of: "<div class=\"headline\">"))
        let figure = try #require(html.range(of: "<figure>"))
        let table = try #require(html.range(of: "<table>"))
        #expect(headline.lowerBound < figure.lowerBound && figure.lowerBound < table.lowerBound)
        #expect(html.contains("<span class=\"value\">\(WeightUnit.kilograms.format(kilograms: trend))</span><span class=\"label\">trend</span>"))
        #expect(html.contains("<span class=\"label\">BMI</span>"))
        #expect(html.contains("<span class=\"label\">to go</span>") || html.contains("<span class=\"value\">reached</span>"))
        #expect(html.contains(chart.rendered()))
        #expect(html.contains("prefers-color-scheme:dark") && html.contains("@media print"))
        for forbidden in ["<script", "<link", "<img", "url(", "@import", "src=", "href="] {
            #expect(!html.contains(forbidden), "\(forbidden)")
        }
        #expect(html.components(separatedBy: "http").count == 2)  // only the SVG namespace, which fetches nothing
    }

    @Test("the PNG decodes to the size asked for, in the chart's colours, the same bytes each time; --scale 2 doubles it")
    func png() throws {
        let model = ChartModel(report: Self.report(Array(Self.realistic().suffix(120))), unit: .kilograms)
        let bytes = try PNGChart(model: model, width: 640, height: 320).rendered()
        #expect(try PNGChart(model: model, width: 640, height: 320).rendered() == bytes)
        let image = try DecodedPNG(bytes)
        #expect(image.width == 640 && image.height == 320)
        #expect(image.chunkTypes == ["IHDR", "IDAT", "IEND"])
        #expect(image.pixel(2, 2) == (255, 255, 255, 255), "paper white")
        #expect(image.count(near: "1d4ed8", tolerance: 30) > 400, "the trend in blue")
        #expect(image.count(near: "dc2626", tolerance: 40) > 50, "floaters in red")
        #expect(image.count(near: "16a34a", tolerance: 40) > 50, "sinkers in green")
        #expect(image.count(near: "b58900", tolerance: 40) > 100, "the goal in yellow")
        // Anti-aliased: the trend's edges are blends, not only full blue and white.
        let blends = image.count(near: "8ea6ec", tolerance: 40)
        #expect(blends > 50)
        let double = try DecodedPNG(try PNGChart(model: model, width: 640, height: 320, scale: 2).rendered())
        #expect(double.width == 1280 && double.height == 640)
        let empty = try DecodedPNG(try PNGChart(model: nil, width: 300, height: 200).rendered())
        #expect(empty.inked() > 100, "says there are no weigh-ins")
    }

    /// A history with a goal inside the chart, a plan and floaters, sinkers and a projection: every kind of label.
    static func fullModel(width: Int, height: Int) throws -> ChartModel {
        let entries = Array(Self.realistic().suffix(120))
        let report = ProgressReport.prepare(
            entries: entries, goalKilograms: 84, goalPlan: GoalPlan(start: Self.today.adding(days: -60), pace: .by(Self.today.adding(days: 120))),
            range: .threeMonths, today: Self.today)
        return try #require(ChartModel(report: report, unit: .kilograms, valueTickCount: max(3, height / 70)))
    }

    @Test(
        "from 320 px every label lies inside the picture and clear of the others, the goal's clear of the dots, and the legend wraps between entries; a thumbnail's labels stay inside",
        arguments: [(320, 300), (360, 340), (600, 360), (800, 400), (1400, 600), (200, 160)])
    func labelsInside(width: Int, height: Int) throws {
        let model = try Self.fullModel(width: width, height: height)
        let picture = ChartPicture(model: model, width: width, height: height)
        let boxes = picture.labelBoxes
        #expect(boxes.contains { $0.element == .goalLabel }, "the goal is labelled")
        for box in boxes {
            #expect(box.x >= 0 && box.x + box.width <= Double(width) + 0.01, "'\(box.text)' spans \(box.x)...\(box.x + box.width) of \(width)")
            #expect(box.y >= 0 && box.y + box.height <= Double(height) + 0.01, "'\(box.text)' spans \(box.y)...\(box.y + box.height) of \(height)")
        }
        // A thumbnail (200 × 160) holds every label inside, but not every one apart.
        guard width >= 320 else { return }
        for (i, a) in boxes.enumerated() {
            for b in boxes[(i + 1)...] {
                #expect(!a.overlaps(b), "'\(a.text)' and '\(b.text)' overlap at \(width) px")
            }
        }
        // No label over a dot: only the goal's lies inside the plot, placed where no dot is.
        let dots = picture.shapes.compactMap { shape -> (Double, Double, Double)? in
            if case .circle(let x, let y, let r, let element) = shape, case .weighIn = element { return (x, y, r) }
            return nil
        }
        let goal = try #require(boxes.first { $0.element == .goalLabel })
        #expect(!dots.contains { goal.contains(x: $0.0, y: $0.1, margin: $0.2) }, "the goal's label covers a weigh-in at \(width) px")
        // Labels are at least 12 px (SPEC §17), larger in a wide picture.
        let label = picture.metrics.style(.tickLabel).size
        if width >= 300 { #expect(label >= 12 && label <= 12 * max(1, (Double(width) / 600).squareRoot()) + 0.5) } else { #expect(label >= 9) }
        // Each legend entry's mark and name share a row.
        let legendLabels = boxes.filter { $0.element == .legendLabel }
        #expect(legendLabels.count == model.legend.count)
        let samples = picture.shapes.compactMap { shape -> (x: Double, y: Double)? in
            switch shape {
            case .line(let x1, let y1, _, _, let element) where element.classNames.hasPrefix("legend"): (x1, y1)
            case .circle(let x, let y, _, let element) where element.classNames.hasPrefix("legend"): (x, y)
            case .rect(let x, let y, _, _, let element) where element.classNames.hasPrefix("legend"): (x, y)
            default: nil
            }
        }
        for name in legendLabels {
            #expect(
                samples.contains { $0.x < name.x && name.x - $0.x < 40 * picture.metrics.factor && $0.y >= name.y - 12 && $0.y <= name.y + name.height + 8 },
                "'\(name.text)' has its mark beside it at \(width) px")
        }
        if width <= 360 { #expect(Set(legendLabels.map(\.y)).count > 1, "a narrow legend takes more than one row") }
    }

    @Test("the value labels of a chart all have the same number of decimals")
    func sameDecimals() throws {
        for (low, high) in [(79.6, 80.4), (70.0, 90.0), (79.95, 80.05), (60.0, 61.3)] {
            let labels = ChartModel.valueLabels(ChartTicks.values(low: low, high: high, count: 5, steps: nil), metric: .weight, unit: .kilograms)
            let decimals = Set(labels.map { $0.split(separator: " ")[0].split(separator: ".").dropFirst().first?.count ?? 0 })
            #expect(decimals.count == 1, "\(labels)")
        }
        #expect(ChartModel.valueLabels([79.5, 80, 80.5], metric: .weight, unit: .kilograms) == ["79.5 kg", "80.0 kg", "80.5 kg"])
        #expect(ChartModel.valueLabels([78, 80, 82], metric: .weight, unit: .kilograms) == ["78 kg", "80 kg", "82 kg"])
    }

    @Test("the page has a chart for phones, one for tablets and the one asked for, each shown where its labels are 11 CSS px or more")
    func responsivePage() throws {
        let layouts = ProgressPage.chartLayouts(width: 800, height: 400)
        #expect(layouts.map(\.width) == [300, 450, 800])
        #expect(layouts[0].height >= layouts[0].width, "a taller aspect on a phone")
        for (index, layout) in layouts.enumerated() {
            let until = index + 1 < layouts.count ? layouts[index + 1].fromPageWidth - 1 : 1600
            let label = 12 * ChartPicture.TextMetrics(pictureWidth: layout.width).factor
            // The page is 2 rem narrower than the window and at most 860 px wide.
            for window in [max(320, layout.fromPageWidth), until] {
                let shown = Double(min(window - ProgressPage.pageMargin, 860))
                #expect(label * shown / Double(layout.width) >= 11, "\(layout.width)-px chart at a \(window)-px window")
            }
        }
        let report = Self.report(Array(Self.realistic().suffix(120)))
        let charts = layouts.map {
            (SVGChart(model: ChartModel(report: report, unit: .kilograms, valueTickCount: max(3, $0.height / 70)), width: $0.width, height: $0.height), $0.fromPageWidth)
        }
        let html = ProgressPage.rendered(report, unit: .kilograms, chart: .svg(charts))
        #expect(html.components(separatedBy: "<svg ").count == 4)
        #expect(html.contains("@media (max-width:\(layouts[1].fromPageWidth - 1)px){.chart0{display:block}}"))
        #expect(html.contains("@media print{.chart2{display:block}.chart0,.chart1{display:none}}"))
    }

    @Test("end to end: --format svg, html and png write the pictures; bad sizes are usage errors")
    func endToEnd() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80", "--date", "2026-11-01")
        try cli.ok("log", "79", "--date", "2026-11-05")
        let svg = try cli.ok("progress", "--format", "svg", "--width", "640", "--height", "320").stdout
        #expect(svg.hasPrefix("<svg ") && svg.contains("viewBox=\"0 0 640 320\""))
        let html = try cli.ok("progress", "--format", "html", "--since", "2026-11-01", "--until", "2026-11-06").stdout
        #expect(html.contains("<h1>Progress</h1>") && html.contains("2026-11-01 to 2026-11-06 (2 weigh-ins)"))
        let png = try cli.binary.run(["progress", "--format", "png", "--scale", "2"], environment: cli.environment)
        #expect(png.status == 0)
        let image = try DecodedPNG(Array(png.stdoutData))
        #expect(image.width == 1600 && image.height == 800)
        #expect(try cli.run("progress", "--format", "svg", "--width", "50").status == 64)
        #expect(try cli.run("progress", "--format", "png", "--scale", "5").status == 64)
        #expect(try cli.run("progress", "--format", "png", "--width", "9000", "--height", "9000").status == 64)
        #expect(try cli.run("progress", "--range", "1M", "--since", "2026-11-01").status == 64)
        #expect(try cli.run("progress", "--to", "me@example.com").status == 64, "--to is for mail")
    }

    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first(where: Requirement.installed)

    func screenshot(_ html: String, name: String, in directory: TemporaryDirectory, size: String = "1000,1100") throws -> DecodedPNG {
        try directory.write(html, to: name + ".html")
        let shot = directory.file(name + ".png")
        let run = try TrendBinary(url: URL(fileURLWithPath: Self.chromium!)).run(
            ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--screenshot=\(shot)", "--window-size=\(size)",
             "file://" + directory.file(name + ".html")],
            environment: ["PATH": "/usr/bin:/bin", "HOME": directory.path])
        #expect(FileManager.default.fileExists(atPath: shot), "\(run.stderr)")
        if let out = ProcessInfo.processInfo.environment["TREND_SCREENSHOT_DIR"] {
            try? FileManager.default.removeItem(atPath: out + "/" + name + ".png")
            try? FileManager.default.copyItem(atPath: shot, toPath: out + "/" + name + ".png")
        }
        return try DecodedPNG(path: shot)
    }

    @Test("a real browser draws the page: the trend, floaters, sinkers and goal in their colours", .enabled(if: chromium != nil, "needs chromium"))
    func browser() throws {
        let directory = try TemporaryDirectory()
        let report = Self.report(Array(Self.realistic().suffix(150)))
        let html = ProgressPage.rendered(report, unit: .kilograms, chart: .svg([(SVGChart(report: report, unit: .kilograms), 0)]))
        let image = try screenshot(html, name: "page", in: directory)
        #expect(image.width == 1000)
        #expect(image.count(near: "1d4ed8", tolerance: 30) > 300, "too little trend blue")
        #expect(image.count(near: "dc2626", tolerance: 40) > 40, "no floaters")
        #expect(image.count(near: "16a34a", tolerance: 40) > 40, "no sinkers")
        #expect(image.count(near: "b58900", tolerance: 40) > 100, "no goal line")
    }

    /// A mail read by Python's `email` package: each part's type, headers and decoded body.
    struct ParsedMail: Decodable {
        struct Part: Decodable {
            let type: String
            let contentID: String?
            let disposition: String?
            let body: String?
            let bytes: Int
        }

        let to: String?
        let subject: String
        let date: String
        let messageID: String
        let mimeVersion: String
        let type: String
        let parts: [Part]
        let longestLine: Int
        let defects: Int
    }

    static let python = Requirement.find("python3")

    func parseMail(_ mail: String, in directory: TemporaryDirectory) throws -> ParsedMail {
        try directory.write(mail, to: "mail.eml")
        let script = """
            import email, email.policy, json, sys, base64
            raw = open(sys.argv[1], 'rb').read()
            m = email.message_from_bytes(raw, policy=email.policy.default)
            parts = []
            defects = len(m.defects)
            for p in m.walk():
                defects += len(p.defects)
                body = None
                data = p.get_payload(decode=True) if not p.is_multipart() else None
                if p.get_content_type() == 'image/png':
                    open(sys.argv[2], 'wb').write(data)
                elif data is not None:
                    body = data.decode('utf-8')
                parts.append({'type': p.get_content_type(), 'contentID': p.get('Content-ID'), 'disposition': p.get('Content-Disposition'),
                              'body': body, 'bytes': len(data or b'')})
            print(json.dumps({'to': m['To'], 'subject': str(m['Subject']), 'date': m['Date'], 'messageID': m['Message-ID'],
                              'mimeVersion': m['MIME-Version'], 'type': m.get_content_type(), 'parts': parts,
                              'longestLine': max(len(l) for l in raw.split(b'\\n')), 'defects': defects}))
            """
        try directory.write(script, to: "parse.py")
        let result = try TrendBinary(url: URL(fileURLWithPath: Self.python!)).run(
            [directory.file("parse.py"), directory.file("mail.eml"), directory.file("chart.png")], environment: ["PATH": "/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONDecoder().decode(ParsedMail.self, from: Data(result.stdout.utf8))
    }

    @Test("the mail is a complete MIME message a real parser reads: related, alternative text and HTML, the PNG by cid",
          .enabled(if: python != nil, "needs python3"))
    func mail() throws {
        var cli = try CLIHarness()
        cli.now = "2026-12-01T08:30:00+01:00"
        cli.extraEnvironment["TZ"] = "Europe/Paris"
        for i in 0..<30 {
            try cli.ok("log", String(82 - 0.06 * Double(i) + (i % 2 == 0 ? 0.4 : -0.4)), "--date", CLICalendar.day("2026-12-01", adding: i - 29) + " 07:00", "--force")
        }
        try cli.ok("goal", "79")
        let result = try cli.ok("progress", "--format", "email", "--to", "Me <me@example.com>")
        #expect(try cli.ok("progress", "--format", "email", "--to", "Me <me@example.com>").stdout == result.stdout, "the same bytes for the same data and clock")
        let directory = try TemporaryDirectory()
        let mail = try parseMail(result.stdout, in: directory)
        #expect(mail.defects == 0)
        #expect(mail.to == "Me <me@example.com>")
        #expect(mail.subject.hasPrefix("Weight: "))
        #expect(mail.subject.contains("kg/week (1 Dec 2026)"))
        #expect(mail.subject.contains("\u{2212}"), "a real minus, encoded: \(mail.subject)")
        #expect(mail.date == "Tue, 01 Dec 2026 08:30:00 +0100" || mail.date == "Tue, 1 Dec 2026 08:30:00 +0100", "\(mail.date)")
        #expect(mail.messageID.hasPrefix("<20261201T073000Z.") && mail.messageID.hasSuffix("@trend>"))
        #expect(mail.mimeVersion == "1.0")
        #expect(mail.type == "multipart/related")
        #expect(mail.parts.map(\.type) == ["multipart/related", "multipart/alternative", "text/plain", "text/html", "image/png"])
        #expect(mail.longestLine <= 78)
        #expect(!result.stdout.contains("From:"), "left to the mail program")
        let text = try #require(mail.parts[2].body)
        #expect(text.hasPrefix("Progress over the last 1M"))
        #expect(!text.contains("\u{1B}"))
        let html = try #require(mail.parts[3].body)
        let png = mail.parts[4]
        let cid = try #require(png.contentID).trimmingCharacters(in: CharacterSet(charactersIn: "<>"))
        #expect(html.contains("<img src=\"cid:\(cid)\""))
        #expect(!html.contains("<svg"), "no inline SVG: most mail programs show none")
        #expect(png.disposition?.hasPrefix("inline") == true)
        // Base64 lines of at most 76 characters.
        let base64Lines = result.stdout.split(separator: "\n").filter { $0.count > 60 && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "/" || $0 == "=" } }
        #expect(!base64Lines.isEmpty && base64Lines.allSatisfy { $0.count <= 76 })
        let image = try DecodedPNG(path: directory.file("chart.png"))
        #expect(image.width == 1080 && image.height == 810, "three pixels a point of a 360 px phone's column (SPEC §17)")
        #expect(html.contains("width=\"600\" height=\"450\""), "shown the width of a mail program's column")
        #expect(image.count(near: "1d4ed8", tolerance: 30) > 400)
        if Self.chromium != nil {
            // The HTML as a mail program shows it: the cid: image is the attached PNG.
            let shown = html.replacingOccurrences(of: "cid:\(cid)", with: "chart.png")
            let page = try screenshot(shown, name: "mail", in: directory)
            #expect(page.count(near: "1d4ed8", tolerance: 30) > 300, "the chart is shown")
        }
    }

    @Test("--to and --subject that would add headers are refused; a subject of one's own is used as given")
    func mailHeaders() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80")
        for bad in ["me@example.com\nBcc: all@example.com", "me\r\n", "", "a\u{85}b"] {
            let result = try cli.run("progress", "--format", "email", "--to", bad)
            #expect(result.status == 64, "\(bad.debugDescription)")
            #expect(result.stdout.isEmpty)
        }
        #expect(try cli.run("progress", "--format", "email", "--subject", "Hi\nBcc: x@y").status == 64)
        let own = try cli.ok("progress", "--format", "email", "--subject", "Weekly weight").stdout
        #expect(own.hasPrefix("Subject: Weekly weight\n"))
        #expect(!own.contains("\nTo:"))
    }
}
