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
// A closed pipe (`trend list | head`) is not an error worth a crash.
signal(SIGPIPE, SIG_IGN)

let console = Console(isQuiet: false)
let status = await CommandRunner.run(
    arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessEnvironment.current(),
    console: console)
console.flush()
exit(status)
