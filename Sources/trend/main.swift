#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TrendCore

// An interrupt never leaves a half-replaced file: the handler waits for a
// write in progress to finish, then exits 128 + signal (130, 143).
signal(SIGINT) { CriticalSection.handle(signal: $0) }
signal(SIGTERM) { CriticalSection.handle(signal: $0) }
// A closed pipe is reported by the write that meets it (EPIPE): the runner
// then stops quietly with 141, as other filters do.
signal(SIGPIPE, SIG_IGN)

let status = await CommandRunner.run(
    arguments: Array(CommandLine.arguments.dropFirst()), environment: Platform.environment(), console: Console())
exit(status)
