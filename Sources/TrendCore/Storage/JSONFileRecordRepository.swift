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

/// `weights.json` in the data directory, its undo journal, and the files
/// beside it.
public struct JSONFileRecordRepository: RecordRepository {
    /// Nil when there is no data directory: reads find nothing, writes fail.
    let file: DurableFile?
    /// The other data files, which an export must never replace.
    let protectedPaths: [String]
    let clock: AppClock
    /// What the journal calls the changes this process makes (`log 80.5`).
    let command: String

    public init(
        path: String?, settingsPath: String? = nil, clock: AppClock = .system, command: String = "change", lockWaitSeconds: Double = 10,
        replacementGuard: any FileReplacementGuard = NoFileReplacementGuard()
    ) {
        file = path.map { DurableFile(path: $0, lockTimeoutSeconds: lockWaitSeconds, keepsPrevious: true, replacementGuard: replacementGuard) }
        protectedPaths = [path, settingsPath].compactMap { $0 }
        self.clock = clock
        self.command = command
    }

    init(file: DurableFile, clock: AppClock = .system) {
        self.file = file
        protectedPaths = [file.path]
        self.clock = clock
        command = "change"
    }

    public func load() async throws -> RecordStore {
        guard let file else { return RecordStore() }
        return try await file.withContents { contents, release in
            try StoreDocument.decode(contents, path: file.path, release: release)
        } ?? RecordStore()
    }

    /// The one path every change takes: decode what is on disk under the
    /// lock, refuse a newer version, apply, encode, journal.
    public func modify<Value: Sendable>(
        retiring: [String], _ change: @escaping @Sendable (inout RecordStore) throws -> Value
    ) async throws -> (store: RecordStore, outcome: Value, change: StoreChange?) {
        guard let file else { throw StorageError.noDataDirectory }
        let command = JournalCommand.name ?? command
        let now = clock.now
        var (result, notes) = try await file.update { (current: UnsafeBufferPointer<UInt8>?) async throws -> (contents: DurableFile.FileContents, note: DurableFile.ChangeNote?, result: (store: RecordStore, outcome: Value, change: StoreChange?)) in
            var store = RecordStore()
            if let current { store = try StoreDocument.decode(current, path: file.path) }
            guard store.version <= RecordStore.currentVersion else {
                throw DataFileError.newerVersion(path: file.path, version: store.version)
            }
            // What the change does is recorded as it is made, not found by
            // comparing with a copy of everything that was there.
            store.edits = RecordStore.Edits(before: store)
            // The memory of removed records is not a record: a change to it alone (a merge's union) is written too.
            let removedBefore = store.removed
            let outcome = try change(&store)
            if let repeated = store.repeatedID {
                throw DataFileError.repeatedID(path: file.path, id: EntryID.withText(of: repeated) { String(decoding: $0, as: UTF8.self) })
            }
            let written: StoreChange
            if let edits = store.edits {
                store.edits = nil
                written = StoreChange(edits: edits, after: store)
            } else {
                // The change put another store in place: compared with what is on disk.
                var before = RecordStore()
                if let current { before = try StoreDocument.decode(current, path: file.path) }
                written = StoreChange(from: before, to: store)
            }
            // Nothing changed: nothing is written, and no undo step is taken.
            guard !written.summary.isEmpty || !retiring.isEmpty || store.removed != removedBefore else { return (.unchanged, nil, (store, outcome, nil)) }
            let final = store
            let change = written
            // A merged copy leaving the journal is kept while it holds a weigh-in this store lacks.
            let holdsMissing: (String) -> Bool = { copy in
                guard let bytes = try? MappedFile.readFile(copy, reportedAs: copy)?.bytes, let held = try? StoreDocument.decode(bytes, path: copy)
                else { return true }
                let ids = final.allIDs
                return held.allIDs.contains { !ids.contains($0) }
            }
            let note = DurableFile.ChangeNote(
                record: JournalStep(at: now, command: command, summary: change.summary), retiring: retiring, holdsMissingWeighIns: holdsMissing)
            return (DurableFile.FileContents.streamed { writer in StoreDocument.encode(final, into: &writer) }, note, (store, outcome, change))
        }
        result.change?.journalNotes = notes
        return result
    }

    public func undo() async throws -> (store: RecordStore, outcome: JournalMove, change: StoreChange) {
        try await move(.undo)
    }

    public func redo() async throws -> (store: RecordStore, outcome: JournalMove, change: StoreChange) {
        try await move(.redo)
    }

    private func move(_ direction: JournalMove.Direction) async throws -> (store: RecordStore, outcome: JournalMove, change: StoreChange) {
        guard let file else { throw StorageError.noDataDirectory }
        let (store, move, change) = try await file.moveInJournal(direction) { version in
            guard let version else { return RecordStore() }
            let store = try await MappedFile.withContents(version, reportedAs: version == file.path ? file.path : version) { contents, _ in
                try StoreDocument.decode(contents, path: version)
            } ?? RecordStore()
            guard store.version <= RecordStore.currentVersion else {
                throw DataFileError.newerVersion(path: version, version: store.version)
            }
            return store
        }
        return (store, move, change)
    }

    public func journal() async throws -> ChangeJournal {
        guard let file else { return .empty }
        return try file.journalState()
    }

    // MARK: Files beside the store

    public func readCopy(at path: String, emptyIsEmpty: Bool, progress: WorkProgress.Reporter?) async throws -> RecordStore {
        guard let bytes = try MappedFile.readFile(path, reportedAs: path)?.bytes else { throw StorageError.missingInput(path: path) }
        if emptyIsEmpty && bytes.allSatisfy({ $0 == 32 || $0 == 10 || $0 == 13 || $0 == 9 }) { return RecordStore() }
        // Another weights file, or a JSON export (whose settings a merge leaves alone).
        let total = bytes.count
        return try StoreDocument.decodeExport(bytes, path: path, reached: progress.map { report in { report(WorkProgress(bytes: $0, totalBytes: total)) } }).store
    }

    public func writeCopy(_ store: RecordStore, to path: String) async throws {
        guard store.version <= RecordStore.currentVersion else { throw DataFileError.newerVersion(path: path, version: store.version) }
        try await ExportFile.write(StoreDocument.encode(store), toPath: path, protecting: [])
    }

    public func writeExport(_ bytes: [UInt8], to path: String) async throws {
        try await ExportFile.write(
            bytes, toPath: path, protecting: protectedPaths + protectedPaths.map(DurableFile.lockPath(of:)),
            protectedDirectories: file.map { [UndoJournalDirectory(target: $0.path, reportedPath: $0.path, replacementGuard: NoFileReplacementGuard()).directory] } ?? [])
    }

    public func isStore(_ path: String) -> Bool {
        guard let file else { return false }
        var mine = stat()
        var theirs = stat()
        guard stat(file.path, &mine) == 0, stat(path, &theirs) == 0 else { return false }
        return mine.st_dev == theirs.st_dev && mine.st_ino == theirs.st_ino
    }

    public func identity() async -> StoreIdentity? {
        guard let file else { return nil }
        var status = stat()
        // No file yet is an identity too: the first weigh-in made elsewhere changes it.
        guard stat(file.path, &status) == 0 else { return StoreIdentity([]) }
        #if canImport(Darwin)
        let modified = [Int64(status.st_mtimespec.tv_sec), Int64(status.st_mtimespec.tv_nsec)]
        #else
        let modified = [Int64(status.st_mtim.tv_sec), Int64(status.st_mtim.tv_nsec)]
        #endif
        return StoreIdentity([Int64(status.st_dev), Int64(status.st_ino), Int64(status.st_size)] + modified)
    }

    public func conflictCopies() -> [String] {
        guard let file else { return [] }
        return SyncConflictCopies.find(in: PathName.parent(of: file.path))
    }
}

/// `settings.json` in the data directory.
public struct JSONFileSettingsRepository: SettingsRepository {
    let file: DurableFile?

    public init(path: String?, lockWaitSeconds: Double = 10, replacementGuard: any FileReplacementGuard = NoFileReplacementGuard()) {
        file = path.map { DurableFile(path: $0, lockTimeoutSeconds: lockWaitSeconds, replacementGuard: replacementGuard) }
    }

    public func load() async throws -> Settings {
        guard let file, let bytes = try file.read() else { return .unsaved }
        return try SettingsDocument.decode(bytes, path: file.path)
    }

    public func modify<Value: Sendable>(_ change: @escaping @Sendable (inout Settings) -> Value) async throws -> (settings: Settings, outcome: Value) {
        guard let file else { throw StorageError.noDataDirectory }
        return try await file.update { (current: UnsafeBufferPointer<UInt8>?) async throws -> (bytes: [UInt8], result: (settings: Settings, outcome: Value)) in
            var settings = try current.map { contents throws(DataFileError) in try SettingsDocument.decode(Array(contents), path: file.path) } ?? .unsaved
            guard settings.version <= Settings.currentVersion else {
                throw DataFileError.newerVersion(path: file.path, version: settings.version)
            }
            let outcome = change(&settings)
            settings.version = settings.versionNeeded
            return (SettingsDocument.encode(settings), (settings, outcome))
        }
    }
}
