import ArgumentParsing
import TrendCore

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

extension ProgressRange: EnumeratedArgument {}

extension ChartModel.Metric: ArgumentValue {
    /// weight, fat, fat-mass, lean-mass, intake, expenditure, or a measurement's name.
    public init?(argument: String) { self.init(name: argument) }
    public static var valueNames: [String] { fixedNames }
    public static var expectation: String { valueList + ", or a measurement such as waist" }
}

extension PeriodStatistics.Period: EnumeratedArgument {}

extension NumericDateOrder: EnumeratedArgument {}

extension WeightUnit: ArgumentValue {
    /// Also `kgs`, `pounds`, `stone`: what people type.
    public init?(argument: String) { self.init(parsing: argument) }
    public static var valueNames: [String] { allCases.map { $0.rawValue } }
    public static var expectation: String { valueList }
}

extension TrendMethod: EnumeratedArgument {}
