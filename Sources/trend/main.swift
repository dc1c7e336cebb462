import TrendCore

ProcessLifetime.tuneAllocation()
ProcessLifetime.handleSignals()
let environment = Platform.environment()
let status = await CommandRunner.run(arguments: ProcessArguments.read(), environment: environment.values, notUTF8: environment.notUTF8, console: Console())
ProcessLifetime.end(status)
