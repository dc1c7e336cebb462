import ArgumentParsing
struct HelpCommand: TrendCommand {
    static let commandArgument = Argument<String>(
        "COMMAND", help: "The command to explain.", isOptional: true, completion: .commands)
    static let manFlag = Flag("man", help: "Print the man page (man(7) format).")

    static let readsWeights = false
    static let usesData = false

    static let names = ["help"]
    static let configuration = CommandConfiguration(names: names, abstract: "Show help for trend or a command.", arguments: [commandArgument.spec], options: [manFlag],
        examples: ["trend help progress", "trend help --man > trend.1"])

    let command: String?
    let man: Bool

    init(_ values: ParsedValues) throws(UsageError) {
        command = values[Self.commandArgument]
        man = values[Self.manFlag]
        if let command, CommandTable.command(named: command) == nil {
            throw CommandTable.parser.unknownCommand(command, from: "help")
        }
    }

    @MainActor func run(_ context: CommandContext) async throws {
        let help = TrendProgram.help(width: context.terminal.width)
        if man {
            context.console.out(ManPage.render(TrendProgram.description))
        } else if let command, let configuration = CommandTable.command(named: command)?.configuration {
            context.console.out(help.help(for: configuration))
        } else {
            context.console.out(help.overview())
        }
    }
}
