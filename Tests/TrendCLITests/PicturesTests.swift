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
        let html = ProgressPage.rendered(report, unit: .kilograms, chart: .svg(chart))
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

    @Test("every label lies inside the picture: a legend too wide for one row takes a second, and the plot makes room for it", arguments: [800, 560, 420, 200])
    func labelsInside(width: Int) throws {
        let model = try #require(ChartModel(report: Self.report(Array(Self.realistic().suffix(120))), unit: .kilograms))
        for metrics in [ChartPicture.TextMetrics.svg, PNGChart.metrics] {
            let picture = ChartPicture(model: model, width: width, height: 400, metrics: metrics)
            var legendRows: Set<Double> = []
            for shape in picture.shapes {
                guard case .text(let x, let y, let text, let anchor, let element) = shape else { continue }
                let textWidth = metrics.width(text, element: element)
                let left = anchor == .start ? x : anchor == .end ? x - textWidth : x - textWidth / 2
                #expect(left >= 0 && left + textWidth <= Double(width), "'\(text)' spans \(left)...\(left + textWidth) of \(width)")
                #expect(y > 0 && y <= 400)
                if element == .legendLabel {
                    legendRows.insert(y)
                    #expect(y > picture.plot.y + picture.plot.height + 20, "the legend is below the day labels")
                }
            }
            let needed = model.legend.map { 24 + metrics.width(ChartPicture.legendName($0)) + 18 }.reduce(0, +)
            #expect(legendRows.count == (needed > Double(width) - picture.plot.x ? 2 : 1) || legendRows.count > 2, "\(width): \(legendRows.count) rows")
        }
    }

    @Test("the bitmap font draws every character the chart's labels use")
    func font() {
        let labels = "0123456789 kg lb st % . , : - + / ( ) Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec goal ↓↑ weigh-ins above below trend estimated plan projection Weight Body fat"
        for character in labels where character != " " {
            #expect(BitmapFont.glyphs[character] != nil, "\(character)")
            #expect(BitmapFont.glyph(character).count == BitmapFont.rows)
        }
        #expect(BitmapFont.glyph("€") == BitmapFont.glyph("\u{25A1}"))
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
        let html = ProgressPage.rendered(report, unit: .kilograms, chart: .svg(SVGChart(report: report, unit: .kilograms)))
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
        #expect(image.width == 1600 && image.height == 800, "twice the pixels, shown at 800 × 400")
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
