#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where the data files live, and why there (SPEC §1).
public struct DataDirectory: Equatable, Sendable {
    public enum Source: String, Sendable {
        /// Given by the person for this run (the command line's `--data-dir`).
        case given
        case trendDataDir = "TREND_DATA_DIR"
        case xdgDataHome = "XDG_DATA_HOME"
        case home = "HOME"
        case passwordDatabase = "password database"
    }

    /// Nil when nothing names a home: reading finds no data, writing fails.
    public let path: String?
    public let source: Source?
    /// The variable that would name the directory but is not valid UTF-8:
    /// the directory cannot be named exactly, so nothing is read or written.
    public let variableNotUTF8: String?

    public init(path: String?, source: Source?, variableNotUTF8: String? = nil) {
        self.path = path
        self.source = source
        self.variableNotUTF8 = variableNotUTF8
    }

    public var weightsPath: String? { path.map { $0 + "/weights.json" } }

    /// The size of one of its files in bytes; nil when there is none.
    public static func size(ofFile path: String?) -> Int? {
        guard let path else { return nil }
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : nil
    }
    public var settingsPath: String? { path.map { $0 + "/settings.json" } }

    /// First that applies: the flag, `TREND_DATA_DIR`, an absolute
    /// `XDG_DATA_HOME`, a non-empty `HOME`, the password database.
    /// (Foundation's home directory ignores `HOME` for root on Linux.)
    public static func resolve(
        flag: String?, environment: [String: String], notUTF8: [String] = [], currentDirectory: String = FileManager.default.currentDirectoryPath,
        passwordDatabaseHome: () -> String? = DataDirectory.passwordDatabaseHome
    ) -> DataDirectory {
        func absolute(_ path: String) -> String { PathName.absolute(path, in: currentDirectory) }
        if let flag, !flag.isEmpty { return DataDirectory(path: absolute(flag), source: .given) }
        // The first variable that would decide, when its bytes are not UTF-8: refused, never altered.
        for (name, source) in [("TREND_DATA_DIR", Source.trendDataDir), ("XDG_DATA_HOME", .xdgDataHome), ("HOME", .home)] {
            if notUTF8.contains(name) { return DataDirectory(path: nil, source: source, variableNotUTF8: name) }
            if let value = environment[name], name == "XDG_DATA_HOME" ? value.hasPrefix("/") : !value.isEmpty { break }
        }
        if let value = environment["TREND_DATA_DIR"], !value.isEmpty {
            return DataDirectory(path: absolute(value), source: .trendDataDir)
        }
        if let value = environment["XDG_DATA_HOME"], value.hasPrefix("/") {
            return DataDirectory(path: absolute(value) + "/trend", source: .xdgDataHome)
        }
        if let value = environment["HOME"], !value.isEmpty {
            return DataDirectory(path: absolute(value) + "/.local/share/trend", source: .home)
        }
        if let home = passwordDatabaseHome(), !home.isEmpty {
            return DataDirectory(path: absolute(home) + "/.local/share/trend", source: .passwordDatabase)
        }
        return DataDirectory(path: nil, source: nil)
    }

    public static func passwordDatabaseHome() -> String? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16_384)
        guard getpwuid_r(getuid(), &entry, &buffer, buffer.count, &result) == 0, result != nil,
            let dir = entry.pw_dir
        else { return nil }
        return String(cString: dir)
    }
}
