import Foundation
import Testing
import TestSupport

/// Issue 67: the mail's charts read on a phone. A 360 px phone shows the
/// mail's page inside its margins (1 rem each side: 328 CSS px), and the
/// picture scaled to that width; its labels must be at least 10 px there.
@Suite("The mail on a phone")
struct MailOnPhoneTests {
    static let python = Requirement.find("python3")
    /// What a 360 px phone gives the picture: the page's 1 rem margins taken away.
    static let phoneColumn = 360.0 - 2 * 16

    /// The mail's first picture and the width its page shows it at.
    func mailChart(_ cli: CLIHarness, in directory: TemporaryDirectory) throws -> (image: DecodedPNG, shownWidth: Int) {
        try directory.write(try cli.ok("progress", "--format", "email").stdout, to: "mail.eml")
        let script = """
            import email, email.policy, re, sys
            m = email.message_from_bytes(open(sys.argv[1], 'rb').read(), policy=email.policy.default)
            pngs = [p for p in m.walk() if p.get_content_type() == 'image/png']
            open(sys.argv[2], 'wb').write(pngs[0].get_payload(decode=True))
            html = [p for p in m.walk() if p.get_content_type() == 'text/html'][0].get_payload(decode=True).decode()
            print(re.search(r'<img [^>]*width="([0-9]+)"', html).group(1))
            """
        try directory.write(script, to: "chart.py")
        let result = try TrendBinary(url: URL(fileURLWithPath: Self.python!)).run(
            [directory.file("chart.py"), directory.file("mail.eml"), directory.file("chart.png")], environment: ["PATH": "/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.stderr)")
        return (try DecodedPNG(path: directory.file("chart.png")), Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0)
    }

    /// The heights in pixels of the value labels at the chart's left (`85 kg`): each a run of rows with dark ink
    /// in the band left of the plot, from the top of the digits to the foot of the `g`.
    func valueLabelHeights(_ image: DecodedPNG) -> [Int] {
        let band = image.width * 12 / 100
        var heights: [Int] = []
        var run = 0
        for y in 0..<image.height {
            let dark = (0..<band).contains { x in image.pixel(x, y).red < 140 }
            if dark {
                run += 1
            } else {
                if run >= 3 { heights.append(run) }
                run = 0
            }
        }
        return heights
    }

    @Test("the chart's labels are at least 10 px as a 360 px phone shows the mail, and larger in a 600 px column",
          .enabled(if: python != nil, "needs python3"))
    func labels() throws {
        var cli = try CLIHarness()
        cli.extraEnvironment["LANG"] = "C.UTF-8"
        for i in 0..<30 {
            try cli.ok("log", String(82 - 0.06 * Double(i) + (i % 2 == 0 ? 0.4 : -0.4)), "--date", CLICalendar.day("2026-11-30", adding: i - 29) + " 07:00", "--force")
        }
        let directory = try TemporaryDirectory()
        let (image, shown) = try mailChart(cli, in: directory)
        #expect(shown == 600, "a mail program's column")
        let heights = valueLabelHeights(image)
        #expect(heights.count >= 3, "\(heights)")
        // A label's ink from the top of its digits to the foot of its `g` is about its size (DejaVu Sans: 0.73 + 0.24 em).
        let label = Double(heights.sorted()[heights.count / 2])
        let onPhone = label * Self.phoneColumn / Double(image.width)
        #expect(onPhone >= 10, "labels of \(onPhone) px on a phone (\(label) of \(image.width) pixels)")
        #expect(label * Double(shown) / Double(image.width) >= onPhone, "no smaller in a mail program's column")
    }
}
