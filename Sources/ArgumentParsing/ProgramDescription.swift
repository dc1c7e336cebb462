/// What a program says of itself, beside its commands' declarations: the
/// help overview, the man page and the completion scripts are generated
/// from this and the declarations together.
public struct ProgramDescription: Sendable {
    /// `trend`.
    public let name: String
    public let version: String
    /// `a weight tracker for the shell`.
    public let tagline: String
    /// What the program alone prints, under its name.
    public let shortSummary: String
    /// The help overview's paragraph.
    public let summary: String
    /// The man page's DESCRIPTION, a paragraph each.
    public let description: [String]
    public let commands: [CommandConfiguration]
    public let globalOptions: [OptionSpec]
    /// The files it keeps: name, meaning.
    public let files: [(String, String)]
    /// A paragraph after the man page's list of files.
    public let filesNote: String
    /// The environment variables it reads: name, meaning.
    public let environment: [(String, String)]
    public let exitStatuses: [(Int32, String)]

    public init(
        name: String, version: String, tagline: String, shortSummary: String, summary: String, description: [String],
        commands: [CommandConfiguration], globalOptions: [OptionSpec], files: [(String, String)], filesNote: String,
        environment: [(String, String)], exitStatuses: [(Int32, String)]
    ) {
        self.name = name
        self.version = version
        self.tagline = tagline
        self.shortSummary = shortSummary
        self.summary = summary
        self.description = description
        self.commands = commands
        self.globalOptions = globalOptions
        self.files = files
        self.filesNote = filesNote
        self.environment = environment
        self.exitStatuses = exitStatuses
    }
}
