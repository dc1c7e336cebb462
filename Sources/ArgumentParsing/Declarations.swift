/// What follows an option or fills an argument, for shell completion.
public enum CompletionKind: Equatable, Sendable {
    case none
    case file
    case directory
    case values([String])
    /// The names of the program's commands (`help COMMAND`).
    case commands
    /// Candidates the program itself lists when its completion script asks
    /// (`PROGRAM __complete NAME`): the name of the list.
    case dynamic(String)
}

/// One option as people type it, without its type: what parsing checks and
/// what help, the man page and completions are generated from.
public struct OptionSpec: Sendable {
    public let long: String
    public let short: Character?
    /// Nil for a flag.
    public let valueName: String?
    public let help: String
    /// Whether text is a valid value.
    let accepts: @Sendable (String) -> Bool
    public let completion: CompletionKind
    /// What was expected, for "invalid value 'x' for '--y': expected …".
    public let expectation: String
    /// Why a refused value is refused, when there is more to say than what was expected.
    var explain: @Sendable (String) -> String? = { _ in nil }

    public var takesValue: Bool { valueName != nil }

    /// `--date DATE`, `-q, --quiet`.
    public var synopsis: String {
        var text = short.map { "-\($0), " } ?? ""
        text += "--" + long
        if let valueName { text += " " + valueName }
        return text
    }

    /// `[--date DATE]` in a usage line.
    public var usageWord: String { "--" + long + (valueName.map { " " + $0 } ?? "") }
}

/// One positional argument.
public struct ArgumentSpec: Sendable {
    public let name: String
    public let help: String
    public let isOptional: Bool
    /// The last argument may take one or more values (`FILE...`).
    public let isRepeating: Bool
    let accepts: @Sendable (String) -> Bool
    public let completion: CompletionKind
    public let expectation: String
}

/// An option with a value of type `Value`: `--range 3M`.
public struct Option<Value: ArgumentValue>: Sendable {
    public let spec: OptionSpec

    /// `allowed` narrows an enumerated type for one command (`--format`).
    public init(
        _ long: String, short: Character? = nil, valueName: String, help: String, completion: CompletionKind? = nil,
        allowed: [Value]? = nil
    ) {
        let names = allowed.map { list in list.compactMap { value in Value.valueNames.first { Value(argument: $0) == value } } } ?? Value.valueNames
        spec = OptionSpec(
            long: long, short: short, valueName: valueName, help: help,
            accepts: { text in
                guard let value = Value(argument: text) else { return false }
                return allowed?.contains(value) ?? true
            },
            completion: completion ?? (names.isEmpty ? .none : .values(names)),
            expectation: allowed == nil ? Value.expectation : names.joined(separator: ", "),
            explain: { Value.explain($0) })
    }
}

/// An option without a value: `--dry-run`.
public struct Flag: Sendable {
    public let spec: OptionSpec

    public init(_ long: String, short: Character? = nil, help: String) {
        spec = OptionSpec(long: long, short: short, valueName: nil, help: help, accepts: { _ in true }, completion: .none, expectation: "")
    }
}

/// A positional argument of type `Value`.
public struct Argument<Value: ArgumentValue>: Sendable {
    public let spec: ArgumentSpec

    public init(_ name: String, help: String, isOptional: Bool = false, isRepeating: Bool = false, completion: CompletionKind? = nil) {
        spec = ArgumentSpec(
            name: name, help: help, isOptional: isOptional, isRepeating: isRepeating, accepts: { Value(argument: $0) != nil },
            completion: completion ?? (Value.valueNames.isEmpty ? .none : .values(Value.valueNames)), expectation: Value.expectation)
    }
}

/// A declared option or flag, as the configuration lists them.
public protocol OptionDeclaration: Sendable {
    var spec: OptionSpec { get }
}

extension Option: OptionDeclaration {}
extension Flag: OptionDeclaration {}
