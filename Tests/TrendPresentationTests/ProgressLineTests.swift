import Testing
import TrendCore
@testable import TrendPresentation

/// SPEC §6: a long import, merge or export shows one line of how far it
/// is once it has run a second, redrawn at most ten times a second. The
/// times are handed in, so the rule is proven without waiting.
@Suite("The progress line")
struct ProgressLineTests {
    let half = WorkProgress(bytes: 16 << 20, totalBytes: 32 << 20)

    @Test("nothing before a second of work; then the line, and not again within a tenth of a second")
    func timing() {
        var line = ProgressLine(title: "Importing export.xml", startedAt: 100)
        #expect(line.line(for: half, at: 100.5, width: 80) == nil)
        #expect(line.line(for: half, at: 100.999, width: 80) == nil)
        let first = line.line(for: half, at: 101, width: 80)
        #expect(first == "Importing export.xml: 16.0 MiB of 32.0 MiB (50%), about 1 s left")
        #expect(line.line(for: half, at: 101.05, width: 80) == nil)
        #expect(line.line(for: half, at: 101.2, width: 80) != nil)
    }

    @Test("the delay TREND_PROGRESS_DELAY gives is the one kept; 0 draws at once", arguments: [0.0, 0.25, 5])
    func delay(seconds: Double) {
        var line = ProgressLine(title: "Merging laptop.json", startedAt: 10, delay: seconds)
        if seconds > 0 { #expect(line.line(for: half, at: 10 + seconds * 0.99, width: 80) == nil) }
        #expect(line.line(for: half, at: 10 + seconds, width: 80)?.hasPrefix("Merging laptop.json: 16.0 MiB of 32.0 MiB (50%)") == true)
    }

    @Test("clearing takes away a line drawn, says nothing when none was, and ends the drawing")
    func clearing() {
        var quick = ProgressLine(title: "Exporting", startedAt: 0)
        #expect(quick.line(for: half, at: 0.2, width: 80) == nil)
        #expect(quick.clear() == nil)
        #expect(quick.line(for: half, at: 5, width: 80) == nil)

        var long = ProgressLine(title: "Exporting", startedAt: 0)
        #expect(long.line(for: half, at: 2, width: 80) != nil)
        #expect(long.clear() == "\r\u{1B}[K")
        #expect(long.line(for: half, at: 9, width: 80) == nil)
    }

    @Test("a pipe's line has bytes and records, no share; a line never reaches the terminal's last column")
    func shapes() {
        var pipe = ProgressLine(title: "Importing -", startedAt: 0)
        #expect(pipe.line(for: WorkProgress(bytes: 12 << 20, records: 58_805), at: 1, width: 80) == "Importing -: 12.0 MiB, 58,805 records")
        var narrow = ProgressLine(title: "Importing export.xml", startedAt: 0)
        #expect(narrow.line(for: half, at: 1, width: 20) == "Importing export.xm")
        #expect(ProgressLine.timeLeft(95) == "about 2 min left")
        #expect(ProgressLine.text("Exporting", WorkProgress(bytes: 3 << 20), elapsed: 1) == "Exporting: 3.0 MiB")
    }
}
