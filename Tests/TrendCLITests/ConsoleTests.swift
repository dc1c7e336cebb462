import Foundation
import Testing
import TestSupport

@testable import trend

@Suite("Console: streamed and checked output")
struct ConsoleTests {
    @Test("a failed write is kept, and nothing more is written", .enabled(if: Requirement.hasDevFull, "needs /dev/full"))
    func failure() throws {
        let full = open("/dev/full", O_WRONLY)
        try #require(full >= 0)
        defer { close(full) }
        let console = Console(output: full)
        console.out("a line\n")
        console.finish()
        #expect(console.outputFailure == ENOSPC)
    }

    @Test("a closed reader is a broken pipe")
    func brokenPipe() throws {
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        let console = Console(output: pipe.fileHandleForWriting.fileDescriptor)
        console.out("a line\n")
        console.finish()
        #expect(console.outputFailure == EPIPE)
    }

    @Test("quiet drops data and messages, never errors")
    func quiet() throws {
        let output = Pipe()
        let errors = Pipe()
        let console = Console(
            isQuiet: true, output: output.fileHandleForWriting.fileDescriptor, errors: errors.fileHandleForWriting.fileDescriptor)
        console.out("data\n")
        console.message("message\n")
        console.error("error\n")
        console.finish()
        try output.fileHandleForWriting.close()
        try errors.fileHandleForWriting.close()
        #expect(output.fileHandleForReading.readDataToEndOfFile().isEmpty)
        #expect(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == "error\n")
    }
}
