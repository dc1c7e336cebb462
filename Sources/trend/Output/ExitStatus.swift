import TrendCore

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

    static func code(for error: any Error) -> Int32 {
        switch error {
        case is UsageError: return usage
        case let failure as CommandFailure: return failure.status
        case is WeightInputError, is DateInputError: return dataError
        case let error as WeightLogError:
            switch error {
            case .entryNotFound: return notFound
            case .malformedID: return usage
            default: return dataError
            }
        case let error as ImportError:
            if case .unreadable = error { return noInput }
            return dataError
        case let error as StorageError:
            switch error {
            case .damaged, .newerVersion: return dataError
            case .noDataDirectory, .cannotCreateDirectory: return cannotCreate
            case .permissionDenied: return permissionDenied
            case .ioFailed, .readFailed, .notDurable: return ioError
            case .lockBusy: return tryAgain
            }
        default: return ioError
        }
    }
}
