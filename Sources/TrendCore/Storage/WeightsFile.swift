#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a weights file that is not the store: another copy of
/// `weights.json` or a JSON export, for `trend merge` and the git driver.
public enum WeightsFile {
    public static func read(_ path: String) throws -> WeightStore {
        guard let bytes = try MappedFile.readFile(path, reportedAs: path)?.bytes else {
            throw StorageError.readFailed(path: path, reason: "no such file")
        }
        return try WeightsDocument.decode(bytes, path: path)
    }

    /// Writes `store` canonically to `path`, atomically (the git driver's result).
    public static func write(_ store: WeightStore, to path: String) throws {
        try ExportFile.write(WeightsDocument.encode(store), toPath: path, protecting: [])
    }

    /// Removes a merged copy once its content is in the store.
    public static func remove(_ path: String) throws {
        guard unlink(path) == 0 else { throw StorageError(errno: errno, path: path) }
    }
}
