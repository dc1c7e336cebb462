import TrendCore

/// A type that an option's or argument's text is parsed into. Text that does
/// not parse is a usage error (exit 64) naming what was expected, so every
/// command refuses a bad range, format or count alike.
///
/// Weights and dates are not argument values: a bad one is bad data (65),
/// checked by TrendCore, so commands take them as `String`.
protocol ArgumentValue: Sendable, Equatable {
    init?(argument: String)
    /// The values completion offers and help lists; empty for free text.
    static var valueNames: [String] { get }
    /// The end of "invalid value 'x' for '--y': expected …".
    static var expectation: String { get }
    static func explain(_ text: String) -> String?
}

extension ArgumentValue {
    static var valueNames: [String] { [] }

    /// `valueNames` as help lists them: `1W, 1M, 3M` (built at every start).
    static var valueList: String { valueNames.concatenated(separator: ", ") }
    /// A value refused for a reason more particular than `expectation`.
    static func explain(_ text: String) -> String? { nil }
}

/// Enumerations whose raw values are what people type, matched without case.
protocol EnumeratedArgument: ArgumentValue, RawRepresentable<String>, CaseIterable {}

extension EnumeratedArgument {
    init?(argument: String) {
        guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == argument.lowercased() }) else { return nil }
        self = match
    }

    static var valueNames: [String] { allCases.map { $0.rawValue } }
    static var expectation: String { valueList }
}

extension String: ArgumentValue {
    init?(argument: String) { self = argument }
    static var expectation: String { "text" }
}

/// A whole number above 0 (`--limit`).
struct Count: ArgumentValue, Equatable {
    let value: Int

    init?(argument: String) {
        guard !argument.isEmpty, argument.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(argument), value > 0
        else { return nil }
        self.value = value
    }

    static var expectation: String { "a whole number above 0" }
}

/// `90min`, `36h`, `2d`, `1w`, `1d12h`: elapsed time, as `last --max-age` measures it.
struct Age: ArgumentValue, Equatable {
    let elapsed: ElapsedTime

    init?(argument: String) {
        guard let elapsed = try? ElapsedTime(parsing: argument) else { return nil }
        self.elapsed = elapsed
    }

    static var expectation: String { "N followed by min, h, d or w, like 36h, 90min or 1d12h" }

    static func explain(_ text: String) -> String? {
        (try? ElapsedTime(parsing: text)) == nil && ElapsedTime.isAmbiguous(text)
            ? "'\(text)' could be minutes or months: write 1min, or 30d for a month" : nil
    }
}

/// `trend import --format`: a named format, or detection.
enum ImportFormatChoice: ArgumentValue, Equatable {
    case auto
    case named(ImportFormat)

    init?(argument: String) {
        let name = argument.lowercased()
        if name == "auto" {
            self = .auto
        } else if let format = ImportFormat(name: name) {
            self = .named(format)
        } else {
            return nil
        }
    }

    static var valueNames: [String] { ["auto"] + ImportFormat.all.map(\.name) }
    static var expectation: String { valueList }

    var format: ImportFormat? {
        if case .named(let format) = self { return format }
        return nil
    }
}

/// The shells `trend completions` writes for.
enum Shell: String, EnumeratedArgument {
    case bash, zsh, fish
}

extension ProgressRange: EnumeratedArgument {}
extension ChartModel.Metric: ArgumentValue {
    /// weight, fat, fat-mass, lean-mass, intake, or a measurement's name.
    init?(argument: String) { self.init(name: argument) }
    static var valueNames: [String] { fixedNames }
    static var expectation: String { valueList + ", or a measurement such as waist" }
}
extension PeriodStatistics.Period: EnumeratedArgument {}
extension NumericDateOrder: EnumeratedArgument {}

extension WeightUnit: ArgumentValue {
    /// Also `kgs`, `pounds`, `stone`: what people type.
    init?(argument: String) { self.init(parsing: argument) }
    static var valueNames: [String] { allCases.map { $0.rawValue } }
    static var expectation: String { valueList }
}

/// A file or directory name: any text but the empty one, which would
/// silently mean "here" (`--data-dir ""`).
struct Path: ArgumentValue {
    let text: String

    init?(argument: String) {
        guard !argument.isEmpty else { return nil }
        text = argument
    }

    static var expectation: String { "a path, not empty" }
}

extension TrendMethod: EnumeratedArgument {}
