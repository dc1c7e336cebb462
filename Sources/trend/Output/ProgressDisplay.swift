#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import TrendCore
import TrendPresentation

/// Draws a long piece of work's progress line (`ProgressLine`, SPEC §6) on
/// standard error, from whichever thread the work reports on, and clears
/// it at the end. Made only where it can be seen: a terminal that redraws
/// a line, and no `-q`.
final class ProgressDisplay: Sendable {
    private let line: Mutex<ProgressLine>
    private let start = ContinuousClock.now
    private let width: Int

    init?(title: String, terminal: Terminal, console: Console, delay: Double) {
        guard terminal.redrawsErrorLine, !console.isQuiet else { return nil }
        width = Terminal.size(of: 2)?.columns ?? 80
        line = Mutex(ProgressLine(title: title, startedAt: 0, delay: delay))
    }

    /// What the work is given: cheap when it is not time to draw.
    var reporter: WorkProgress.Reporter {
        { [self] progress in report(progress) }
    }

    private func report(_ progress: WorkProgress) {
        let elapsed = start.duration(to: .now)
        let now = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        line.withLock { line in
            guard let text = line.line(for: progress, at: now, width: width) else { return }
            Self.write(ProgressLine.clearing + text)
        }
    }

    /// Takes the line away, when one was drawn.
    func finish() {
        line.withLock { line in
            if let clearing = line.clear() { Self.write(clearing) }
        }
    }

    private static func write(_ text: String) {
        var text = text
        _ = text.withUTF8 { Platform.writeAll(2, UnsafeRawBufferPointer($0)) }
    }
}
