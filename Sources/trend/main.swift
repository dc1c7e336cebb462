import TrendCore

ProcessLifetime.tuneAllocation()
ProcessLifetime.handleSignals()
let environment = Platform.environment()
#if os(Linux)
MainQueueLoop.run {
    let status = await CommandRunner.run(arguments: ProcessArguments.read(), environment: environment.values, notUTF8: environment.notUTF8, console: Console())
    ProcessLifetime.end(status)
}
#else
let status = await CommandRunner.run(arguments: ProcessArguments.read(), environment: environment.values, notUTF8: environment.notUTF8, console: Console())
ProcessLifetime.end(status)
#endif
