#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why a data file's bytes cannot be used. Each case names the file, so the
/// user knows which one to look at; such a file is never written over.
public enum DataFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file cannot be parsed: not the format, or not exactly representable.
    case damaged(path: String, line: Int?, column: Int?, reason: String)
    /// Written by a later version of trend: readable at best, never written.
    case newerVersion(path: String, version: Int)
    /// A change would store two records with one id (SPEC §1): refused before the file is written.
    case repeatedID(path: String, id: String)

    public var description: String {
        switch self {
        case .damaged(let path, let line, let column, let reason):
            let position = line.map { ":\($0)" + (column.map { ":\($0)" } ?? "") } ?? ""
            return "\(path)\(position): cannot be read: \(reason). The file was not changed; fix or move it aside."
        case .newerVersion(let path, let version):
            return "\(path) was written by a newer trend (version \(version)): upgrade"
        case .repeatedID(let path, let id):
            return "\(path) was not changed: the change would give two records the id \(id), and ids are unique across every kind of record"
        }
    }
}

/// Foundation's error reporting (and a GUI's alert) shows the same message.
extension DataFileError: LocalizedError {
    public var errorDescription: String? { description }
}
