#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why a whole import file was refused.
public enum ImportError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case unrecognized(path: String)
    /// Text that says it is an encoding and is not (a UTF-16 byte-order mark, then an odd byte count).
    case badEncoding(path: String, reason: String)
    case wrongFormat(path: String, format: ImportFormat, reason: String)
    /// Rows that cannot be read, and no `--skip-invalid`: nothing was written.
    case invalidRows(path: String, problems: [ImportProblem])
    /// Even skipping what cannot be read, nothing is left.
    case everyRowInvalid(path: String, count: Int)
    /// Not one weigh-in in the file: the wrong file, or the wrong export.
    case noWeighIns(path: String, rows: Int, otherRecords: Int)
    /// The file holds nothing trend keeps, for a reason worth saying (an exercise log).
    case nothingToImport(path: String, reason: String)
    /// A table read by content where two columns hold `what` alike (SPEC §18): never a guess.
    case ambiguousColumns(path: String, what: String, column: TableColumn, candidates: [String])
    /// A table read by content where no column holds `what`.
    case noColumn(path: String, what: String, column: TableColumn, columns: [String])
    /// A column chosen by number that the table does not have.
    case columnOutOfRange(path: String, column: TableColumn, given: Int, width: Int)
    /// The file names no unit, nothing in it tells, and in the configured
    /// unit its weights (median in that unit) are more than a person weighs.
    case unitUnknown(path: String, median: Double)
    /// The table is not a body's log (SPEC §18): `what` it looks like, and the headers that show it.
    case notABodysLog(path: String, what: String, columns: [String])
    /// The weights spread within a day as no one body's do (SPEC §18).
    case notOneBody(path: String, column: String?, days: Int, wideDays: Int, example: String)
    /// A JSON file with several arrays of records holding a body weight and a date: which one is a guess.
    case severalArrays(path: String, names: [String])
    /// The weigh-ins sit far from the stored trend (SPEC §18): a unit or a
    /// column mixed up, or another person; `sharedDays` 0 compares with an
    /// end of the history, `atStart` saying which.
    case farFromHistory(path: String, median: Double, trend: Double, sharedDays: Int, atStart: Bool, unit: WeightUnit)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            "cannot read \(path): \(reason)"
        case .unrecognized(let path):
            "\(path): not a format trend can import; supported: " + ImportFormat.all.map(\.displayName).joined(separator: ", ") + "."
        case .badEncoding(let path, let reason):
            "\(path): \(reason)"
        case .wrongFormat(let path, let format, let reason):
            "\(path) is not a\("AEIOU".contains(format.displayName.first ?? "x") ? "n" : "") \(format.displayName) file: \(reason)"
        case .everyRowInvalid(let path, let count):
            "none of the \(count) row\(count == 1 ? "" : "s") of \(path) can be read; nothing was imported"
        case .noWeighIns(let path, let rows, let others):
            "found no weigh-ins in \(path): "
                + (others > 0 ? "it holds \(others) record\(others == 1 ? "" : "s") of other kinds"
                    : rows > 0 ? "its \(rows) row\(rows == 1 ? " has" : "s have") no reading" : "it holds no rows")
        case .nothingToImport(let path, let reason):
            "found nothing to import in \(path): \(reason)"
        case .ambiguousColumns(let path, let what, _, let candidates):
            "\(path): \(candidates.count) columns hold \(what) alike (\(candidates.joined(separator: ", "))): choose one"
        case .noColumn(let path, let what, _, let columns):
            "\(path): no column holds \(what)" + (columns.isEmpty ? "" : " (" + columns.joined(separator: "; ") + ")") + ": name one"
        case .columnOutOfRange(let path, let column, let given, let width):
            "\(path): the table has \(width) columns, so no \(column.rawValue) column \(given)"
        case .unitUnknown(let path, let median):
            "\(path) names no unit and its weights (median \(DecimalText.shortest((median * 10).rounded() / 10))) look like pounds"
        case .invalidRows(let path, let problems):
            "\(problems.count) row\(problems.count == 1 ? "" : "s") of \(path) cannot be read; nothing was imported."
        case .notABodysLog(let path, let what, let columns):
            "\(path) looks like \(what) (\(columns.joined(separator: ", "))): no body weight in it; nothing was imported"
        case .notOneBody(let path, let column, let days, let wideDays, let example):
            "the weights " + (column.map { "in \($0) of " } ?? "of ") + "\(path) do not move as one body's: on \(wideDays) of the \(days) days with several "
                + "readings they spread wider than 5 % of the day's median (\(example)), as a workout's sets or several people's weights do; nothing was imported"
        case .severalArrays(let path, let names):
            "\(path) holds \(names.count) arrays of records with a body weight and a date (\(names.joined(separator: ", "))): "
                + "which one is yours is a guess; save the one to import in a file of its own"
        case .farFromHistory(let path, let median, let trend, let sharedDays, let atStart, let unit):
            "the weigh-ins of \(path) sit at \(unit.format(kilograms: median)) (their median), \(Int((abs(median - trend) / trend * 100).rounded())) % "
                + "\(median < trend ? "below" : "above") your trend of \(unit.format(kilograms: trend)) "
                + (sharedDays > 0 ? "over the \(sharedDays) day\(sharedDays == 1 ? "" : "s") both hold" : "at the \(atStart ? "start" : "end") of your history")
                + ": a unit or a column mixed up, or another person's weights? nothing was imported"
        }
    }
}

/// Foundation's error reporting (and a GUI's alert) shows the same message.
extension ImportError: LocalizedError {
    public var errorDescription: String? { description }
}
