import TrendCore

/// The one line that says how far a long import, merge or export has come
/// (SPEC §6): shown once the work has run a second (or what
/// `TREND_PROGRESS_DELAY` sets), redrawn at most ten times a second, with
/// the share and the time left when the whole is known, bytes and records
/// when it is not. A face feeds it what the work reports, with the time,
/// and draws the line it gives back (and clears it at the end); when to
/// draw is decided here, so every face draws alike.
public struct ProgressLine: Sendable {
    /// Seconds between two drawings, at least.
    public static let interval = 0.1

    /// `Importing export.xml`.
    let title: String
    let started: Double
    /// Seconds of work before the line is first shown: quick work says nothing.
    let delay: Double
    private var drawn: Double?

    /// `title` says what is being done (`Importing export.xml`); times in
    /// seconds on any steady clock; `delay` is `TREND_PROGRESS_DELAY`'s.
    public init(title: String, startedAt: Double, delay: Double = WaitLimits.standard.progressSeconds) {
        self.title = title
        started = startedAt
        self.delay = delay
    }

    /// What takes a drawn line away (nil when none is shown); the work is then done, and nothing more is drawn.
    public mutating func clear() -> String? {
        defer { drawn = nil; isDone = true }
        return drawn == nil ? nil : Self.clearing
    }

    private var isDone = false

    /// The line to draw at `now`, at most `width` columns; nil when it is not time.
    public mutating func line(for progress: WorkProgress, at now: Double, width: Int) -> String? {
        guard !isDone, now - started >= delay else { return nil }
        if let drawn, now - drawn < Self.interval { return nil }
        drawn = now
        let text = Self.text(title, progress, elapsed: now - started)
        return text.count < width ? text : String(text.prefix(max(0, width - 1)))
    }

    /// `Importing export.xml: 412.0 MiB of 1204.3 MiB (34%), about 12 s left`;
    /// `Importing -: 412.0 MiB, 1,204,332 records`.
    static func text(_ title: String, _ progress: WorkProgress, elapsed: Double) -> String {
        var text = title + ": " + EntryRendering.readableSize(progress.bytes)
        if let total = progress.totalBytes, total > 0 {
            let share = min(100, progress.bytes * 100 / total)
            text += " of \(EntryRendering.readableSize(total)) (\(share)%)"
            if progress.bytes > 0, progress.bytes < total {
                let left = elapsed * Double(total - progress.bytes) / Double(progress.bytes)
                text += ", " + timeLeft(left)
            }
        } else if let records = progress.records {
            text += ", " + EntryRendering.grouped(records) + (records == 1 ? " record" : " records")
        }
        return text
    }

    /// `about 12 s left`, `about 3 min left`.
    static func timeLeft(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "" }
        let whole = Int(seconds.rounded(.up))
        return whole < 90 ? "about \(max(1, whole)) s left" : "about \((whole + 30) / 60) min left"
    }

    /// What takes the line away: back to its start, erased to the end.
    public static let clearing = "\r\u{1B}[K"
}
