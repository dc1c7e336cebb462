import ArgumentParsing
struct CompletionsCommand: TrendCommand {
    static let shellArgument = Argument<Shell>("SHELL", help: "bash, zsh or fish.")

    static let readsWeights = false
    static let usesData = false

    static let names = ["completions"]
    static let configuration = CommandConfiguration(names: names, abstract: "Print a shell completion script.",
        discussion: "Self-contained: bash needs no bash-completion package. See the README for where to put it.",
        arguments: [shellArgument.spec],
        examples: ["trend completions bash > ~/.local/share/bash-completion/completions/trend"])

    let shell: Shell

    init(_ values: ParsedValues) {
        shell = values[Self.shellArgument]!
    }

    @MainActor func run(_ context: CommandContext) async throws {
        context.console.out(TrendProgram.completions.script(for: shell))
    }
}
