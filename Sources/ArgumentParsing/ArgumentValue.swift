/// A type that an option's or argument's text is parsed into. Text that does
/// not parse is a usage error naming what was expected, so every command
/// refuses a bad range, format or count alike.
public protocol ArgumentValue: Sendable, Equatable {
    init?(argument: String)
    /// The values completion offers and help lists; empty for free text.
    static var valueNames: [String] { get }
    /// The end of "invalid value 'x' for '--y': expected …".
    static var expectation: String { get }
    static func explain(_ text: String) -> String?
}

extension ArgumentValue {
    public static var valueNames: [String] { [] }

    /// `valueNames` as help lists them: `1W, 1M, 3M`.
    public static var valueList: String { valueNames.joined(separator: ", ") }
    /// A value refused for a reason more particular than `expectation`.
    public static func explain(_ text: String) -> String? { nil }
}

/// Enumerations whose raw values are what people type, matched without case.
public protocol EnumeratedArgument: ArgumentValue, RawRepresentable<String>, CaseIterable {}

extension EnumeratedArgument {
    public init?(argument: String) {
        guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == argument.lowercased() }) else { return nil }
        self = match
    }

    public static var valueNames: [String] { allCases.map { $0.rawValue } }
    public static var expectation: String { valueList }
}

extension String: ArgumentValue {
    public init?(argument: String) { self = argument }
    public static var expectation: String { "text" }
}

/// A whole number above 0 (`--limit`).
public struct Count: ArgumentValue {
    public let value: Int

    public init?(argument: String) {
        guard !argument.isEmpty, argument.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(argument), value > 0
        else { return nil }
        self.value = value
    }

    public static var expectation: String { "a whole number above 0" }
}

/// A file or directory name: any text but the empty one, which would
/// silently mean "here" (`--data-dir ""`).
public struct Path: ArgumentValue {
    public let text: String

    public init?(argument: String) {
        guard !argument.isEmpty else { return nil }
        text = argument
    }

    public static var expectation: String { "a path, not empty" }
}

/// The shells completion scripts are written for.
public enum Shell: String, EnumeratedArgument {
    case bash, zsh, fish
}
