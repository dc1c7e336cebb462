#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Undo and redo: the store moved to another kept version (SPEC §9).
extension UndoJournalDirectory {
    /// The journal and where the data file stands in it.
    func state() throws(StorageError) -> (journal: UndoJournal, position: Int?)? {
        guard let journal = try load() else { return nil }
        let found = reconciled(journal, current: Fingerprint.of(target))
        return (found.journal, found.position)
    }

    /// Puts the version after `position - 1` steps in place of the data file.
    /// `decode` reads a version (nil: no file) so the move can say what it does.
    func move(
        _ direction: JournalMove.Direction, decode: (String?) async throws -> RecordStore
    ) async throws -> (store: RecordStore, move: JournalMove, change: StoreChange) {
        removeStrayTemporaries()
        guard let loaded = try load() else {
            throw direction == .undo ? StorageError.nothingToUndo(path: reportedPath) : StorageError.nothingToRedo(path: reportedPath)
        }
        let (journal, found, adopted) = reconciled(loaded, current: Fingerprint.of(target))
        guard let position = found else { throw StorageError.changedSince(path: reportedPath) }
        if adopted != nil || journal != loaded {
            // What the data file shows, written down before moving on from it.
            try save(journal)
            if let adopted { SafeFile.removeRegular(path(adopted)) }
        }
        let destination = direction == .undo ? position - 1 : position + 1
        guard destination >= 0, destination <= journal.steps.count else {
            throw direction == .undo ? StorageError.nothingToUndo(path: reportedPath) : StorageError.nothingToRedo(path: reportedPath)
        }
        let step = journal.steps[direction == .undo ? position - 1 : position]
        let here = journal.version(at: position)
        let there = journal.version(at: destination)
        let thereFile = there.fingerprint == nil ? nil : path(there.file)
        if let thereFile, SafeFile.kind(thereFile) != .regular {
            throw StorageError.damagedJournal(path: thereFile, reason: "the kept version is missing")
        }
        let now = try await decode(here.fingerprint == nil ? nil : target)
        let then = try await decode(thereFile)
        // Keep this version, then put the other in its place: at every
        // moment the data file is one of the two, complete.
        if here.fingerprint != nil, !SafeFile.keepLink(of: target, as: path(here.file)) {
            throw StorageError(errno: errno, path: reportedPath)
        }
        replacementGuard.willReplace()
        defer { replacementGuard.didEnd() }
        if let thereFile {
            guard rename(thereFile, target) == 0 else { throw StorageError(errno: errno, path: reportedPath) }
        } else {
            guard unlink(target) == 0 else { throw StorageError(errno: errno, path: reportedPath) }
        }
        replacementGuard.didCommit()
        var restored: [String] = []
        var kept: [String] = []
        for retired in step.retired {
            let (from, to) = direction == .undo ? (path(retired.file), place(of: retired)) : (place(of: retired), path(retired.file))
            guard SafeFile.kind(from) == .regular else { continue }
            if (try? SafeFile.move(from, to: to)) != nil { restored.append(place(of: retired)) } else { kept.append(place(of: retired)) }
        }
        if let code = DurableFile.syncDirectory(PathName.parent(of: target)) {
            throw StorageError.notDurable(path: reportedPath, reason: String(cString: strerror(code)))
        }
        let change = StoreChange(from: now, to: then)
        let move = JournalMove(direction: direction, step: step.record, effect: change.summary, restoredFiles: restored, keptFiles: kept)
        return (then, move, change)
    }
}
