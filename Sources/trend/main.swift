import TrendCore

ProcessLifetime.tuneAllocation()
ProcessLifetime.handleSignals()
let environment = Platform.environment()
@MainActor func runCommand() async -> Never {
    let status = await CommandRunner.run(arguments: ProcessArguments.read(), environment: environment.values, notUTF8: environment.notUTF8, console: Console())
    ProcessLifetime.end(status)
}
#if os(Linux)
MainQueueLoop.run(runCommand)
#else
await runCommand()
#endif
