#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TrendCore

// SIGINT, SIGTERM, SIGHUP and SIGQUIT never leave a half-replaced file, and
// exit 128 + N only when nothing was changed (see CriticalSection).
for number in CriticalSection.signals {
    signal(number) { CriticalSection.handle(signal: $0) }
}
// A closed pipe is reported by the write that meets it (EPIPE): the runner
// then stops quietly with 141, as other filters do.
signal(SIGPIPE, SIG_IGN)

let status = await CommandRunner.run(
    arguments: Array(CommandLine.arguments.dropFirst()), environment: Platform.environment(), console: Console())
exit(status)
