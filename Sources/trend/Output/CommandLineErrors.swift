import TrendCore
import TrendPresentation

/// The message for an error as the command line says it: the library's
/// messages name no command-line option, so the command line's hint
/// (`--force`, the option that was wrong) is added here.
enum CommandLineErrors {
    /// A period that cannot be, in the options that gave it.
    static func usageMessage(for error: PeriodError) -> String {
        switch error {
        case .reversed(let since, let until): "--until \(until.text) is before --since \(since.text)"
        }
    }

    /// What the command line was given that a screen cannot use, naming its options.
    static func usageMessage(for problem: UsageProblem) -> String {
        switch problem.reason {
        case .scale:
            "--scale must be \(PictureSize.scales.lowerBound) to \(PictureSize.scales.upperBound), and the PNG at most \(PictureSize.largestPNG / 1_000_000) million pixels"
        case .mailFieldsWithoutMail: "--to and --subject are for --format email"
        case .notOneLine(let field): "\(field == .to ? "--to" : "--subject") must be one line of text"
        case .address(let to, let problem): "--to \(to.terminalSafe): \(problem)"
        case .noRecipient: "--to must name an address"
        case .tooManyRecipients: "--to names at most \(MailRecipients.most) addresses"
        case .chartSize: problem.message
        }
    }

    static func message(for error: any Error) -> String {
        let text = "\(error)"
        switch error {
        case StorageError.noDataDirectory: return text + ", or pass --data-dir"
        case StorageError.variableNotUTF8: return text + " (use a UTF-8 path, or --data-dir)"
        case ImportError.unrecognized: return text + " Name one with --format."
        case LogError.unlikelyWeight(_, _, _, _, let earlier):
            var message = text + (text.hasSuffix("?") ? "" : ".") + " Log it anyway with --force."
            if !earlier.isEmpty {
                let ids = earlier.map(\.shortID).joined(separator: ", ")
                message += " The trend rests on \(earlier.count == 1 ? "one weigh-in" : "\(earlier.count) weigh-ins") (\(ids)): if \(earlier.count == 1 ? "it" : "one of them") is the typo, fix it with 'trend edit ID --weight W' or 'trend undo'."
            }
            return message
        case LogError.implausibleWeight(_, let likely, let unit):
            var message = text + (text.hasSuffix("?") ? "" : ".")
            if let other = likely.compactMap({ if case .otherUnit(_, let other, _) = $0 { other } else { nil } }).first, other != unit {
                message += " If you weigh in \(other.name), run 'trend unit \(other.rawValue)'."
            }
            return message + " Log it anyway with --force."
        case LogError.unlikelyGoal(let kilograms, _, _, let unit), LogError.goalUnderHealthyBMI(let kilograms, _, _, let unit):
            return text + (text.hasSuffix("?") ? "" : ".") + " Add --force to set \(unit.format(kilograms: kilograms))."
        case LogError.unlikelyIntake:
            return text + ". Log it as kcal anyway with --force."
        case LogError.unlikelyMeasurement(_, let centimetres, _, _, let unit):
            return text + " Add --force to keep \(unit.format(centimetres: centimetres))."
        case LogError.unknownMeasurement:
            return text + ". A name of your own is introduced once with --new."
        case let refused as EditViewModel.FieldDoesNotApply:
            return "\(EditCommand.option(for: refused.field)) does not apply to \(refused.kind.withArticle)"
        case let ImportError.ambiguousColumns(_, _, column, _), let ImportError.noColumn(_, _, column, _):
            return text + " with \(ImportCommand.option(for: column)) N"
        case let ImportError.columnOutOfRange(path, column, given, width):
            return "\(path) is not a table file: \(ImportCommand.option(for: column)) \(given): the table has \(width) columns"
        case ImportError.unitUnknown:
            return text + ": add --unit lb, or --unit kg if they are kilograms"
        case ImportError.farFromHistory:
            return text + ". Import them anyway with --force."
        case let ImportError.invalidRows(_, problems):
            return text + " Fix \(problems.count == 1 ? "it" : "them") or pass --skip-invalid."
        default: return text
        }
    }
}
