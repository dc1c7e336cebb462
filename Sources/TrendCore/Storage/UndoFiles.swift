#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `trend undo` (SPEC §9): before each replacement the old file is kept as
/// `.NAME.undo` (a hard link: no copy), and what trend wrote is remembered in
/// `.NAME.undo-state` (device, inode, size, mtime), so an undo can refuse a
/// file that something else changed since.
struct UndoFiles {
    let target: String
    var directory: String { PathName.parent(of: target) }
    var name: String { PathName.lastComponent(of: target) }
    var previous: String { directory + "/." + name + ".undo" }
    var state: String { directory + "/." + name + ".undo-state" }
    var swapping: String { directory + "/." + name + ".undo-swap" }

    /// Links the file about to be replaced as the previous one. A file
    /// system without hard links just has no undo.
    func keep() {
        unlink(previous)
        _ = link(target, previous)
    }

    /// Remembers the file trend has just put in place. Not synced: losing it
    /// in a crash only makes the next undo refuse, which is safe.
    func recordWritten() {
        var info = stat()
        guard stat(target, &info) == 0 else { return }
        let fd = open(state, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var text = Platform.fingerprint(info) + "\n"
        _ = text.withUTF8 { Platform.writeAll(fd, UnsafeRawBufferPointer($0)) }
    }

    /// True when the target is the file trend last wrote.
    func targetIsWhatTrendWrote() -> Bool {
        var info = stat()
        guard stat(target, &info) == 0, let recorded = try? MappedFile.readFile(state, reportedAs: state)?.bytes else {
            return false
        }
        return String(decoding: recorded, as: UTF8.self) == Platform.fingerprint(info) + "\n"
    }

    var hasPrevious: Bool {
        var info = stat()
        return lstat(previous, &info) == 0 && Platform.isRegularFile(info)
    }

    /// Swaps the target and the previous file: three renames of hard links,
    /// so the target is at every moment one of the two complete files.
    func swap(reportedAs path: String, replacementGuard: any FileReplacementGuard) throws(StorageError) {
        unlink(swapping)
        guard link(target, swapping) == 0 else { throw StorageError(errno: errno, path: path) }
        replacementGuard.willReplace()
        defer { replacementGuard.didEnd() }
        guard rename(previous, target) == 0 else {
            unlink(swapping)
            throw StorageError(errno: errno, path: path)
        }
        replacementGuard.didCommit()
        _ = rename(swapping, previous)
        recordWritten()
        if let code = DurableFile.syncDirectory(directory) {
            throw .notDurable(path: path, reason: String(cString: strerror(code)))
        }
    }
}

extension DurableFile {
    /// Replaces the file with the one it replaced last, and keeps it the
    /// other way round, so a second call redoes. `summarize` reads both
    /// (current, then previous) first and says what the swap does; it runs
    /// under the lock, and nothing changes when it throws.
    func swapWithPrevious<Summary>(
        _ summarize: (MappedContents, MappedContents) async throws -> Summary
    ) async throws -> Summary {
        var info = stat()
        guard stat(path, &info) == 0 else { throw StorageError.nothingToUndo(path: path) }
        let target = try resolvedTarget()
        let files = UndoFiles(target: target)
        guard files.hasPrevious else { throw StorageError.nothingToUndo(path: path) }
        let lock = try acquireLock(target + ".lock")
        defer { close(lock) }
        guard files.hasPrevious else { throw StorageError.nothingToUndo(path: path) }
        guard files.targetIsWhatTrendWrote() else { throw StorageError.changedSince(path: path) }
        let summary = try await MappedFile.withContents(target, reportedAs: path) { current, _ in
            try await MappedFile.withContents(files.previous, reportedAs: files.previous) { previous, _ in
                try await summarize(current, previous)
            }
        }
        guard let found = summary, let summary = found else { throw StorageError.nothingToUndo(path: path) }
        try files.swap(reportedAs: path, replacementGuard: replacementGuard)
        return summary
    }
}
