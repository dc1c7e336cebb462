import Foundation
import Testing
import TestSupport

/// SPEC §8's page as a browser lays it out: the report in an iframe of
/// each width, measured by a script in the page around it and read back
/// with `--dump-dom`. A text block is the box a run of text wraps in.
@Suite("The page's layout in a real browser")
struct PageLayoutTests {
    /// Ten weeks to 29 Nov 2026: weigh-ins on six days of seven, meals on most days, a weekly tape.
    static func tenWeeks(_ cli: CLIHarness) throws {
        var weights = "date,weight\n"
        var intake = "date,kcal\n"
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        let end = formatter.date(from: "2026-11-29")!
        for i in 0..<70 {
            let day = formatter.string(from: end.addingTimeInterval(-Double(69 - i) * 86_400))
            if i % 7 != 3 { weights += "\(day) 07:00,\(String(format: "%.2f", 88 - 0.06 * Double(i) + [0.3, -0.2, 0.1, -0.3, 0.2][i % 5]))\n" }
            if i % 11 != 5 { intake += "\(day),\(1800 + (i * 53) % 400)\n" }
            if i % 7 == 6 { try cli.ok("measure", "waist", String(format: "%.1f", 96 - 0.1 * Double(i)), "--date", day + " 07:30") }
        }
        try cli.directory.write(weights, to: "weights.csv")
        try cli.directory.write(intake, to: "intake.csv")
        try cli.ok("import", cli.directory.file("weights.csv"), "-q")
        try cli.ok("import", cli.directory.file("intake.csv"), "-q")
        try cli.ok("height", "178cm")
    }

    struct Layout: Decodable {
        struct Block: Decodable {
            let text: String
            let width: Double
            let lines: Int
        }

        let scrollWidth: Double
        let clientWidth: Double
        let blocks: [Block]
        /// Chart text whose box leaves its chart's box.
        let clipped: [String]
        let charts: Int
    }

    static let measuringPage = """
        <!DOCTYPE html><html><body style="margin:0">
        <iframe id="report" src="report.html" style="width:WIDTHpx;height:4000px;border:0"></iframe>
        <pre id="layout"></pre>
        <script>
        document.getElementById('report').addEventListener('load', () => {
          const d = document.getElementById('report').contentDocument;
          const w = d.defaultView;
          const shown = e => e.getClientRects().length > 0;
          const blocks = new Set();
          const walker = d.createTreeWalker(d.body, NodeFilter.SHOW_TEXT);
          for (let n = walker.nextNode(); n; n = walker.nextNode()) {
            if (!n.data.trim() || n.parentElement.closest('svg')) continue;
            let e = n.parentElement;
            while (e !== d.body && ['inline', 'inline-block', 'contents'].includes(w.getComputedStyle(e).display)) e = e.parentElement;
            if (shown(e)) blocks.add(e);
          }
          const measured = [...blocks].map(e => {
            // Lines: the distinct tops of the text's own boxes (a table cell is as tall as its row).
            const range = d.createRange();
            range.selectNodeContents(e);
            const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
            return {text: e.textContent.trim().slice(0, 60), width: e.getBoundingClientRect().width, lines: tops.size};
          });
          const clipped = [];
          const charts = [...d.querySelectorAll('svg')].filter(shown);
          for (const svg of charts) {
            const box = svg.getBoundingClientRect();
            for (const t of svg.querySelectorAll('text')) {
              const r = t.getBoundingClientRect();
              if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5) clipped.push(t.textContent);
            }
          }
          document.getElementById('layout').textContent = JSON.stringify({
            scrollWidth: d.documentElement.scrollWidth, clientWidth: d.documentElement.clientWidth, blocks: measured, clipped, charts: charts.length});
        });
        </script></body></html>
        """

    static func layout(of page: String, width: Int, in directory: TemporaryDirectory) throws -> Layout {
        try directory.write(page, to: "report.html")
        try directory.write(measuringPage.replacingOccurrences(of: "WIDTH", with: String(width)), to: "measure.html")
        let run = try TrendBinary(url: URL(fileURLWithPath: PicturesTests.chromium!)).run(
            ["--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files", "--virtual-time-budget=10000", "--dump-dom",
             "file://" + directory.file("measure.html")],
            environment: ["PATH": "/usr/bin:/bin", "HOME": directory.path])
        let json = try #require(run.stdout.firstMatch(of: /<pre id="layout">(.*)<\/pre>/)?.1, "\(run.stderr)")
        let text = json.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
        return try JSONDecoder().decode(Layout.self, from: Data(text.utf8))
    }

    @Test(
        "ten weeks of weigh-ins, meals and a weekly tape: three charts; no text block squeezed under 150 px, nothing scrolls sideways, no chart text cut",
        .enabled(if: PicturesTests.chromium != nil, "needs chromium"), arguments: [360, 800, 1400])
    func layout(width: Int) throws {
        let cli = try CLIHarness()
        try Self.tenWeeks(cli)
        let page = try cli.ok("progress", "--range", "3M", "--format", "html").stdout
        let layout = try Self.layout(of: page, width: width, in: cli.directory)
        #expect(layout.charts == 3, "weight, intake and waist")
        #expect(layout.blocks.count > 20, "the figures and the report were measured: \(layout.blocks.count)")
        #expect(layout.scrollWidth <= layout.clientWidth, "scrolls sideways: \(layout.scrollWidth) in \(layout.clientWidth)")
        #expect(layout.clipped.isEmpty, "cut at the chart's edge: \(layout.clipped)")
        let squeezed = layout.blocks.filter { $0.width < 150 && (width < 600 || $0.lines > 1) }
        // On a phone no block is narrower than 150 px; wider, a one-line label in a table's first column may be.
        #expect(squeezed.isEmpty, "\(squeezed.map { "\($0.text) \(Int($0.width)) px, \($0.lines) lines" })")
    }
}
