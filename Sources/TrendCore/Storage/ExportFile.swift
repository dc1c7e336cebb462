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

/// Writes an export (`trend export --output FILE`, SPEC §4): atomically, as
/// data files are written, but with nothing left beside it (no lock file: an
/// export is one writer's own file), no directories created, and never
/// through a symlink or over one of the data files.
package enum ExportFile {
    /// `protected`: the data files, which an export must never replace or
    /// create (a `settings.json` not yet written is trend's all the same);
    /// `protectedDirectories`: folders of trend's own (the journal) that no
    /// output goes into.
    package static func write(
        _ bytes: [UInt8], toPath given: String, protecting protected: [String], protectedDirectories: [String] = []
    ) async throws(StorageError) {
        // Relative to the working directory: the temporary goes beside the file, not at /.
        let path = given.hasPrefix("/") ? given : PathName.absolute(given, in: FileManager.default.currentDirectoryPath)
        let directory = PathName.parent(of: path).isEmpty ? "." : PathName.parent(of: path)
        var info = stat()
        guard stat(directory, &info) == 0, Platform.isDirectory(info) else {
            throw .missingDirectory(path: directory)
        }
        var status: stat?
        if lstat(path, &info) == 0 {
            guard !Platform.isSymbolicLink(info) else { throw .outputIsSymbolicLink(path: path) }
            guard Platform.isRegularFile(info) else { throw .ioFailed(path: path, reason: "not a regular file") }
            status = info
        }
        if let real = canonical(path) {
            if protected.compactMap(canonical).contains(real) { throw .outputIsDataFile(path: path) }
            if protectedDirectories.compactMap(realPath).contains(where: { real.hasPrefix($0 + "/") }) { throw .outputIsDataFile(path: path) }
        }
        try await DurableFile(path: path).replace(path, with: .bytes(bytes), like: status)
    }

    /// The path with every symlink resolved, its directory's when the file
    /// does not exist yet; nil when neither does.
    private static func canonical(_ path: String) -> String? {
        if let real = realPath(path) { return real }
        let parent = PathName.parent(of: path).isEmpty ? "." : PathName.parent(of: path)
        return realPath(parent).map { $0 + "/" + PathName.lastComponent(of: path) }
    }

    /// The path with every symlink resolved; nil when it does not exist.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
