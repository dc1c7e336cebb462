import ArgumentParsing
import TrendCore
import TrendPresentation

/// The documented exit statuses (SPEC §4), and which error means which.
enum ExitStatus {
    static let success: Int32 = 0
    static let notFound: Int32 = 1
    static let usage: Int32 = 64
    static let dataError: Int32 = 65
    static let noInput: Int32 = 66
    static let cannotCreate: Int32 = 73
    static let ioError: Int32 = 74
    static let tryAgain: Int32 = 75
    static let permissionDenied: Int32 = 77
    static let interrupted: Int32 = 130
    static let brokenPipe: Int32 = 141

    /// What each status means: for help, the man page and the README.
    static let documented: [(Int32, String)] = [
        (success, "success"),
        (notFound, "the thing asked about does not exist, or the --max-age condition failed"),
        (usage, "usage error: unknown command or option, malformed option value"),
        (dataError, "bad data: a weight or date that cannot be used, or a damaged data file"),
        (noInput, "an import file is missing or unreadable"),
        (cannotCreate, "the data directory cannot be created"),
        (ioError, "input/output error (disk full, read-only file system, output that cannot be written)"),
        (tryAgain, "another trend process is writing: try again"),
        (permissionDenied, "permission denied"),
        (interrupted, "interrupted: 128 + the signal (SIGINT 130, SIGTERM 143); nothing was changed"),
        (brokenPipe, "the reader of the output went away (a broken pipe)"),
    ]

    static func code(for error: any Error) -> Int32 {
        switch error {
        case is UsageError: return usage
        case let failure as CommandFailure: return failure.status
        case is WeightInputError, is DateInputError, is HeightInput.Problem, is QuantityInputError, is EditViewModel.FieldDoesNotApply: return dataError
        case let error as LogError:
            switch error {
            case .entryNotFound: return notFound
            case .unresolvedIDs(let errors): return errors.allSatisfy { if case .entryNotFound = $0 { true } else { false } } ? notFound : dataError
            case .malformedID, .markDaysOutOfRange: return usage
            default: return dataError
            }
        case let error as ImportError:
            if case .unreadable = error { return noInput }
            return dataError
        case is DataFileError: return dataError
        case let error as StorageError:
            switch error {
            case .noDataDirectory, .variableNotUTF8, .cannotCreateDirectory, .unusableDirectory, .missingDirectory, .outputIsSymbolicLink: return cannotCreate
            case .outputIsDataFile: return usage
            case .nothingToUndo, .nothingToRedo: return notFound
            case .changedSince, .damagedJournal: return dataError
            case .missingInput: return noInput
            case .inputIsStore: return usage
            case .copyKept: return ioError
            case .permissionDenied: return permissionDenied
            case .ioFailed, .readFailed, .notDurable: return ioError
            case .lockBusy: return tryAgain
            }
        default: return ioError
        }
    }
}
