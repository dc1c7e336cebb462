#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParsing
import TrendCore
import TrendPresentation

/// Where output goes. Commands write through this, never `print`.
///
/// Standard output is written as it is produced, through a 64 KiB buffer, so
/// `list` of a long history never holds it all; every write is checked, and
/// the first failure is kept for the runner to report (74, or 141 for a
/// broken pipe). Messages and errors go to standard error at once.
final class Console: OutputWriter {
    static let bufferSize = 1 << 16

    private let output: Int32
    private let errors: Int32
    private var buffer: [UInt8] = []
    /// The errno of the first failed write to standard output.
    private(set) var outputFailure: Int32?
    /// `-q`: nothing but errors, on either stream (like `grep -q`).
    var isQuiet: Bool
    private var pager: Pager?

    init(isQuiet: Bool = false, output: Int32 = 1, errors: Int32 = 2) {
        self.isQuiet = isQuiet
        self.output = output
        self.errors = errors
        buffer.reserveCapacity(Self.bufferSize)
    }

    /// Output longer than `rows` lines goes through `command` (`less -FRX`),
    /// started only once the output is known to be that long.
    func page(through command: String, rows: Int) {
        pager = Pager(command: command, rows: max(rows - 1, 1))
    }

    /// Data: what scripts read.
    func out(_ text: String) {
        var text = text
        text.withUTF8 { out(bytes: $0) }
    }

    func out(bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { out(bytes: $0) }
    }

    /// What renderers write: data, as `out`.
    func write(_ bytes: UnsafeRawBufferPointer) {
        out(bytes: bytes.bindMemory(to: UInt8.self))
    }

    func out(bytes: UnsafeBufferPointer<UInt8>) {
        guard !isQuiet, outputFailure == nil else { return }
        buffer.append(contentsOf: bytes)
        if var pager, !pager.hasStarted {
            // Held until it is longer than the screen: short output is never paged.
            pager.lines += bytes.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
            if pager.lines > pager.rows { pager.start() }
            self.pager = pager
            if !pager.hasStarted { return }
        }
        if buffer.count >= Self.bufferSize { flush() }
    }

    /// Messages for people: summaries, "nothing here yet", hints.
    func message(_ text: String) {
        if !isQuiet { error(text) }
    }

    /// Errors are never silenced.
    func error(_ text: String) {
        var text = text
        _ = text.withUTF8 { Platform.writeAll(errors, UnsafeRawBufferPointer($0)) }
    }

    /// Writes what is buffered.
    func flush() {
        guard !buffer.isEmpty else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        guard outputFailure == nil else { return }
        let destination = pager?.descriptor ?? output
        if let failure = buffer.withUnsafeBytes({ Platform.writeAll(destination, $0) }) {
            // The person quit the pager: not an error.
            if pager?.isRunning == true && failure == EPIPE { return }
            outputFailure = failure
        }
    }

    /// Writes the rest and waits for the pager, if one was started.
    func finish() {
        flush()
        pager?.finish()
        pager = nil
    }
}

/// The pager process and the pipe to it.
private struct Pager {
    let command: String
    let rows: Int
    var lines = 0
    private(set) var descriptor: Int32?
    private var pid: pid_t?

    init(command: String, rows: Int) {
        self.command = command
        self.rows = rows
    }

    private(set) var hasStarted = false
    var isRunning: Bool { pid != nil }

    /// Starts the pager; if it cannot be started, output goes to standard
    /// output as usual (`descriptor` stays nil).
    mutating func start() {
        hasStarted = true
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        guard let started = ChildProcess.spawnShell(command, input: ends[0], closing: ends[1]) else {
            close(ends[0])
            close(ends[1])
            return
        }
        close(ends[0])
        descriptor = ends[1]
        pid = started
    }

    mutating func finish() {
        guard let pid, let descriptor else { return }
        close(descriptor)
        ChildProcess.wait(for: pid)
        self.pid = nil
    }
}
