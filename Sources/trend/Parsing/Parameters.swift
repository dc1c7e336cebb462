/// What follows an option or fills an argument, for shell completion.
enum CompletionKind: Equatable, Sendable {
    case none
    case file
    case directory
    case values([String])
    /// The names of trend's commands (`trend help COMMAND`).
    case commands
    /// The stored records' short ids, with their dates (`trend edit ID`).
    case entryIDs
    /// Measurement names: the known places and those measured (`trend measure NAME`).
    case measurementNames
}

/// One option as people type it, without its type: what parsing checks and
/// what help, the man page and completions are generated from.
struct OptionSpec: Sendable {
    let long: String
    let short: Character?
    /// Nil for a flag.
    let valueName: String?
    let help: String
    /// Whether text is a valid value.
    let accepts: @Sendable (String) -> Bool
    let described: ValueDescription
    /// Why a refused value is refused, when there is more to say than what was expected.
    var explain: @Sendable (String) -> String? = { _ in nil }

    var completion: CompletionKind { described.completion }
    /// What was expected, for "invalid value 'x' for '--y': expected …".
    var expectation: String { described.expectation }

    var takesValue: Bool { valueName != nil }

    /// `--date DATE`, `-q, --quiet`.
    var synopsis: String {
        var text = short.map { "-\($0), " } ?? ""
        text += "--" + long
        if let valueName { text += " " + valueName }
        return text
    }

    /// `[--date DATE]` in a usage line.
    var usageWord: String { "--" + long + (valueName.map { " " + $0 } ?? "") }
}

/// One positional argument.
struct ArgumentSpec: Sendable {
    let name: String
    let help: String
    let isOptional: Bool
    /// The last argument may take one or more values (`FILE...`).
    let isRepeating: Bool
    let accepts: @Sendable (String) -> Bool
    let described: ValueDescription

    var completion: CompletionKind { described.completion }
    var expectation: String { described.expectation }
}

/// What completion offers for a value and what an error says was expected,
/// worked out only when help, completions or an error ask: listing an
/// enumeration's values is generic code the runtime resolves slowly, and a
/// run that parses fine never needs it.
struct ValueDescription: Sendable {
    private let completionKind: @Sendable () -> CompletionKind
    private let expectationText: @Sendable () -> String

    init(
        completion: @autoclosure @escaping @Sendable () -> CompletionKind,
        expectation: @autoclosure @escaping @Sendable () -> String
    ) {
        completionKind = completion
        expectationText = expectation
    }

    var completion: CompletionKind { completionKind() }
    var expectation: String { expectationText() }
}

/// An option with a value of type `Value`: `--range 3M`.
///
/// `Value` is constrained on the initializer, not on the type: a constraint
/// on the type is checked each time the runtime builds `Option<X>`'s
/// metadata, by a linear search of every conformance in the binary.
struct Option<Value>: Sendable {
    let spec: OptionSpec
}

extension Option where Value: ArgumentValue {
    /// `allowed` narrows an enumerated type for one command (`--format`).
    init(
        _ long: String, short: Character? = nil, valueName: String, help: String, completion: CompletionKind? = nil,
        allowed: [Value]? = nil
    ) {
        @Sendable func names() -> [String] {
            allowed.map { list in list.compactMap { value in Value.valueNames.first { Value(argument: $0) == value } } }
                ?? Value.valueNames
        }
        spec = OptionSpec(
            long: long, short: short, valueName: valueName, help: help,
            accepts: { text in
                guard let value = Value(argument: text) else { return false }
                return allowed?.contains(value) ?? true
            },
            described: ValueDescription(
                completion: completion ?? (names().isEmpty ? .none : .values(names())),
                expectation: allowed == nil ? Value.expectation : names().joined(separator: ", ")),
            explain: { Value.explain($0) })
    }
}

/// An option without a value: `--dry-run`.
struct Flag: Sendable {
    let spec: OptionSpec

    init(_ long: String, short: Character? = nil, help: String) {
        spec = OptionSpec(
            long: long, short: short, valueName: nil, help: help, accepts: { _ in true },
            described: ValueDescription(completion: .none, expectation: ""))
    }
}

/// A positional argument of type `Value` (constrained on the initializer,
/// as `Option` is).
struct Argument<Value>: Sendable {
    let spec: ArgumentSpec
}

extension Argument where Value: ArgumentValue {
    init(_ name: String, help: String, isOptional: Bool = false, isRepeating: Bool = false, completion: CompletionKind? = nil) {
        spec = ArgumentSpec(
            name: name, help: help, isOptional: isOptional, isRepeating: isRepeating, accepts: { Value(argument: $0) != nil },
            described: ValueDescription(
                completion: completion ?? (Value.valueNames.isEmpty ? .none : .values(Value.valueNames)),
                expectation: Value.expectation))
    }
}

/// A declared option or flag, as the configuration lists them.
protocol OptionDeclaration: Sendable {
    var spec: OptionSpec { get }
}

extension Option: OptionDeclaration {}
extension Flag: OptionDeclaration {}
