#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The undo journal of SPEC §9, in `.NAME.undo/` beside the data file.
///
/// Every version of the file that the last changes went between is kept
/// there, as a hard link (no copy), except the one that is the data file
/// now; `journal.json` lists the changes, oldest first, each with the
/// fingerprint (device, inode, size, mtime) of the version it produced, and
/// the base: the version before the oldest change (or "no file"). Where the
/// store stands is never written down: it is the version whose fingerprint
/// the data file has, so an undo or redo killed half-way leaves a journal
/// that is still true, and a file something else wrote matches no version.
struct UndoJournal: Equatable {
    /// The most changes kept; the oldest goes when a 21st is made.
    static let limit = 20

    /// A version of the data file.
    struct SavedVersion: Equatable {
        /// Nil: there was no data file (before the first change).
        var fingerprint: Fingerprint?
        /// Its name in the journal directory while it is not the data file.
        var file: String
    }

    /// A merged copy that `--delete-merged` moved into the journal.
    struct Retired: Equatable {
        /// Where it was.
        var path: String
        /// Its name in the journal directory.
        var file: String
    }

    struct Step: Equatable {
        var id: Int
        var record: JournalStep
        /// The version this change produced.
        var version: SavedVersion
        var retired: [Retired]
    }

    var base: SavedVersion
    var steps: [Step]

    var nextID: Int { (steps.last?.id ?? Self.id(of: base.file) ?? 0) + 1 }

    static func id(of file: String) -> Int? {
        Int(file.dropFirst(2).prefix { $0.isNumber })
    }

    static func versionFile(_ id: Int) -> String { "v-\(id).json" }

    /// The version after `position` steps (0: the base).
    func version(at position: Int) -> SavedVersion {
        position == 0 ? base : steps[position - 1].version
    }

    /// How many steps the data file with `fingerprint` (nil: no file)
    /// reflects; nil when it is none of the kept versions.
    func position(of fingerprint: Fingerprint?) -> Int? {
        (0...steps.count).last { version(at: $0).fingerprint == fingerprint }
    }

    var published: [JournalStep] { steps.map(\.record) }
}

/// The journal's directory and the moves between versions. Everything runs
/// under the data file's lock.
struct UndoJournalDirectory {
    /// The data file, every symlink resolved.
    let target: String
    let reportedPath: String
    let replacementGuard: any FileReplacementGuard

    var directory: String { PathName.parent(of: target) + "/." + PathName.lastComponent(of: target) + ".undo" }
    var journalPath: String { directory + "/journal.json" }
    func path(_ file: String) -> String { directory + "/" + file }

    /// The journal, or nil when there is none yet.
    func load() throws(StorageError) -> UndoJournal? {
        guard SafeFile.kind(directory) == .directory else {
            if SafeFile.kind(directory) == .missing { return nil }
            throw .ioFailed(path: directory, reason: "not a directory")
        }
        let read: [UInt8]?
        do {
            read = try SafeFile.read(journalPath)
        } catch .ioFailed(_, let reason) {
            // A symlink, a FIFO: not a journal trend wrote.
            throw .damagedJournal(path: journalPath, reason: reason)
        }
        guard let bytes = read else { return nil }
        do {
            return try UndoJournalDocument.decode(bytes, path: journalPath)
        } catch {
            throw .damagedJournal(path: journalPath, reason: error.reason)
        }
    }

    private func save(_ journal: UndoJournal) throws(StorageError) {
        try SafeFile.replace(journalPath, with: UndoJournalDocument.encode(journal))
    }

    /// Makes the directory, clearing what the one-step undo of earlier
    /// versions left (`.NAME.undo` was a file then). False when the place
    /// is taken by something trend did not make: no journal, no undo.
    private func prepareDirectory() -> Bool {
        let old = PathName.parent(of: target) + "/." + PathName.lastComponent(of: target) + ".undo"
        if SafeFile.kind(old) == .regular {
            SafeFile.removeRegular(old)
            SafeFile.removeRegular(old + "-state")
            SafeFile.removeRegular(old + "-swap")
        }
        return SafeFile.makeDirectory(directory)
    }

    // MARK: A change

    /// Records a change about to be made: the data file as it is (`current`,
    /// nil when there is none) is kept as a version, the redo steps past it
    /// are dropped, the new step (producing `produced`) is added and the
    /// oldest beyond the limit go. Called with the new version written and
    /// synced, just before it is renamed into place. Best effort: where no
    /// journal can be kept (no hard links, a damaged or foreign journal
    /// directory), the change is still made, only without undo.
    func willReplace(current: Fingerprint?, produced: Fingerprint, record: JournalStep, retiring: [String]) -> UndoJournal.Step? {
        guard prepareDirectory() else { return nil }
        var journal: UndoJournal?
        do {
            journal = try load()
        } catch {
            // A damaged journal is set aside whole, never trusted and never lost.
            guard rename(directory, directory + "-damaged-" + String(UInt32.random(in: 0...UInt32.max), radix: 36)) == 0, prepareDirectory()
            else { return nil }
        }
        var position = journal?.position(of: current)
        if journal == nil || position == nil {
            // No journal, or the file was changed by something else since: start afresh from what is there now.
            sweep()
            journal = UndoJournal(base: UndoJournal.SavedVersion(fingerprint: current, file: UndoJournal.versionFile(0)), steps: [])
            position = 0
        }
        guard var journal, let position else { return nil }
        // A new change after undos drops what could have been redone.
        for step in journal.steps[position...] {
            SafeFile.removeRegular(path(step.version.file))
            for retired in step.retired { SafeFile.removeRegular(path(retired.file)) }
        }
        journal.steps.removeSubrange(position...)
        let kept = journal.version(at: position)
        if current != nil {
            guard SafeFile.keepLink(of: target, as: path(kept.file)) else { return nil }
        }
        let id = journal.nextID
        let retired = retiring.enumerated().map { UndoJournal.Retired(path: $1, file: "r-\(id)-\($0 + 1).json") }
        let step = UndoJournal.Step(
            id: id, record: record, version: UndoJournal.SavedVersion(fingerprint: produced, file: UndoJournal.versionFile(id)), retired: retired)
        journal.steps.append(step)
        while journal.steps.count > UndoJournal.limit {
            let oldest = journal.steps.removeFirst()
            SafeFile.removeRegular(path(journal.base.file))
            for retired in oldest.retired { SafeFile.removeRegular(path(retired.file)) }
            journal.base = oldest.version
        }
        do {
            try save(journal)
        } catch {
            return nil
        }
        return step
    }

    /// After the rename: the merged copies of `step` go into the journal,
    /// so an undo can bring them back.
    func retire(_ step: UndoJournal.Step) throws(StorageError) {
        for retired in step.retired {
            try SafeFile.move(retired.path, to: path(retired.file))
        }
    }

    /// Removes every kept version and copy: the journal starts afresh.
    private func sweep() {
        guard let dir = opendir(directory) else { return }
        var names: [String] = []
        while let entry = readdir(dir) {
            names.append(withUnsafeBytes(of: entry.pointee.d_name) { raw in String(cString: raw.bindMemory(to: CChar.self).baseAddress!) })
        }
        closedir(dir)
        for name in names where name.hasPrefix("v-") || name.hasPrefix("r-") || name.hasPrefix(".journal.json.tmp-") {
            SafeFile.removeRegular(path(name))
        }
    }

    // MARK: Undo and redo

    /// The journal and where the data file stands in it.
    func state() throws(StorageError) -> (journal: UndoJournal, position: Int?)? {
        guard let journal = try load() else { return nil }
        return (journal, journal.position(of: Fingerprint.of(target)))
    }

    /// Puts the version after `position - 1` steps in place of the data file.
    /// `decode` reads a version (nil: no file) so the move can say what it does.
    func move(
        _ direction: JournalMove.Direction, decode: (String?) async throws -> WeightStore
    ) async throws -> (store: WeightStore, move: JournalMove, change: WeightChange) {
        guard let (journal, found) = try state() else {
            throw direction == .undo ? StorageError.nothingToUndo(path: reportedPath) : StorageError.nothingToRedo(path: reportedPath)
        }
        guard let position = found else { throw StorageError.changedSince(path: reportedPath) }
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
            let (from, to) = direction == .undo ? (path(retired.file), retired.path) : (retired.path, path(retired.file))
            guard SafeFile.kind(from) == .regular else { continue }
            if (try? SafeFile.move(from, to: to)) != nil { restored.append(retired.path) } else { kept.append(retired.path) }
        }
        if let code = DurableFile.syncDirectory(PathName.parent(of: target)) {
            throw StorageError.notDurable(path: reportedPath, reason: String(cString: strerror(code)))
        }
        let change = WeightChange(from: now, to: then)
        let move = JournalMove(direction: direction, step: step.record, effect: change.summary, restoredFiles: restored, keptFiles: kept)
        return (then, move, change)
    }
}
