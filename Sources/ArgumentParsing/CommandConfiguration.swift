/// What a command is called and what it accepts: the one description that
/// parsing, help, usage lines, the man page and completions are made from.
public struct CommandConfiguration: Sendable {
    public let name: String
    public let aliases: [String]
    public let abstract: String
    public let discussion: String?
    public let arguments: [ArgumentSpec]
    public let options: [OptionSpec]
    /// Options that cannot be given together: refused by the parser, shown
    /// as `[--range RANGE | --since DATE]` in the usage line.
    public let exclusive: [[String]]
    public let examples: [String]
    /// In the short overview and the completions' list of commands (the git
    /// merge driver is not a command people type).
    public let isListed: Bool

    /// `names`: the command's name, then any aliases.
    public init(
        names: [String], abstract: String, discussion: String? = nil,
        arguments: [ArgumentSpec] = [], options: [any OptionDeclaration] = [], exclusive: [[String]] = [],
        examples: [String] = [], isListed: Bool = true
    ) {
        self.name = names[0]
        self.aliases = Array(names.dropFirst())
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options.map { $0.spec }
        self.exclusive = exclusive
        self.examples = examples
        self.isListed = isListed
    }

    public var names: [String] { [name] + aliases }

    /// `trend list [--range RANGE | --since DATE] [--until DATE] …`, generated.
    public func usage(program: String) -> String {
        var parts = [program, name]
        for argument in arguments {
            let name = argument.name + (argument.isRepeating ? "..." : "")
            parts.append(argument.isOptional ? "[\(name)]" : name)
        }
        var shown = Set<String>()
        for option in options where !shown.contains(option.long) {
            if let group = exclusive.first(where: { $0.contains(option.long) }) {
                let members = group.compactMap { long in options.first { $0.long == long } }
                members.forEach { shown.insert($0.long) }
                parts.append("[" + members.map(\.usageWord).joined(separator: " | ") + "]")
            } else {
                shown.insert(option.long)
                parts.append("[" + option.usageWord + "]")
            }
        }
        return parts.joined(separator: " ")
    }
}
