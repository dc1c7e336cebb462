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

/// One data file and the only way `trend` changes it (SPEC §2).
///
/// A change takes an exclusive `flock` on `<target>.lock` (the target with
/// every symlink resolved; a separate file, because a lock on the data file
/// itself is lost when the file is replaced), re-reads the file under the
/// lock, applies the change, writes a complete new file beside it (`O_EXCL`,
/// full write loop, `fsync`, the old mode and owner), renames it over the
/// target and syncs the directory. Readers never lock: a rename is atomic, so
/// they see the old file or the new one.
struct DurableFile: Sendable {
    /// Faults a test can inject at the steps it cannot cause for real.
    struct Faults: Sendable {
        var writeErrno: Int32?
        var directorySyncErrno: Int32?
    }

    let path: String
    let lockTimeoutSeconds: Double
    let faults: Faults
    /// Keep the file being replaced as `.NAME.undo` (SPEC §9).
    let keepsPrevious: Bool
    /// Told when a replacement starts, commits and ends (the host's signal handling).
    let replacementGuard: any FileReplacementGuard

    init(
        path: String, lockTimeoutSeconds: Double = 10, faults: Faults = Faults(), keepsPrevious: Bool = false,
        replacementGuard: any FileReplacementGuard = NoFileReplacementGuard()
    ) {
        self.path = path
        self.lockTimeoutSeconds = lockTimeoutSeconds
        self.faults = faults
        self.keepsPrevious = keepsPrevious
        self.replacementGuard = replacementGuard
    }

    var directory: String { PathName.parent(of: path) }

    /// The lock file of a data file (SPEC §2: `<target>.lock`, never deleted).
    static func lockPath(of target: String) -> String { target + ".lock" }

    /// The file's bytes, or nil when it does not exist.
    func read() throws(StorageError) -> [UInt8]? {
        try checkDirectory()
        return try MappedFile.readFile(path, reportedAs: path)?.bytes
    }

    /// A missing data directory is "no data yet"; a file or a dangling
    /// symlink in its place is an error (73), for reading as for writing.
    func checkDirectory() throws(StorageError) {
        switch SafeFile.kind(directory) {
        case .missing, .directory: return
        case .symbolicLink:
            var info = stat()
            if stat(directory, &info) == 0, Platform.isDirectory(info) { return }
            throw .cannotCreateDirectory(path: directory, reason: "it is a symbolic link to nothing, or not a directory")
        case .regular, .other:
            throw .cannotCreateDirectory(path: directory, reason: "a file is in the way")
        }
    }

    /// Runs `body` over the file's bytes, mapped rather than read, or returns
    /// nil when there is no file.
    func withContents<Result>(
        _ body: (UnsafeBufferPointer<UInt8>, @escaping (Int) -> Void) async throws -> Result
    ) async throws -> Result? {
        try checkDirectory()
        return try await MappedFile.withContents(path, reportedAs: path) { contents, _, release in try await body(contents, release) }
    }

    /// Applies `change` to the current contents (nil: no file yet) under the
    /// lock and atomically replaces the file with what it returns.
    func update<Result>(
        _ change: (UnsafeBufferPointer<UInt8>?) async throws -> (bytes: [UInt8], result: Result)
    ) async throws -> Result {
        try await update { (current: UnsafeBufferPointer<UInt8>?) async throws -> (contents: FileContents, result: Result) in
            let (bytes, result) = try await change(current)
            return (FileContents.bytes(bytes), result)
        }
    }

    /// The new contents of a file: bytes at hand, or written in chunks by a
    /// producer, so a large file is never built in memory first; or none,
    /// when the change changed nothing (no write, no undo step).
    enum FileContents {
        case bytes([UInt8])
        case streamed((inout ChunkingSink) -> Void)
        case unchanged
    }

    /// What the undo journal keeps of a change (SPEC §9), and the files it
    /// takes away once the change is in place (merged copies).
    struct ChangeNote {
        var record: JournalStep
        var retiring: [String] = []
        /// Whether a merged copy leaving the journal holds a weigh-in the
        /// new store lacks (then it is put back beside the store, never deleted).
        var holdsMissingWeighIns: (String) -> Bool = { _ in true }
    }

    /// Applies `change` to the current contents (nil: no file yet) under the
    /// lock and atomically replaces the file with what it returns.
    func update<Result>(
        _ change: (UnsafeBufferPointer<UInt8>?) async throws -> (contents: FileContents, result: Result)
    ) async throws -> Result {
        try await update { (current: UnsafeBufferPointer<UInt8>?) async throws -> (contents: FileContents, note: ChangeNote?, result: Result) in
            let (contents, result) = try await change(current)
            return (contents, nil, result)
        }.result
    }

    /// As `update`, with the change journalled (when the file keeps its
    /// previous versions) and the retired files taken away after it; what
    /// the journal had to say comes back with the result.
    func update<Result>(
        _ change: (UnsafeBufferPointer<UInt8>?) async throws -> (contents: FileContents, note: ChangeNote?, result: Result)
    ) async throws -> (result: Result, notes: [JournalNote]) {
        try createDirectoryIfNeeded()
        let target = try resolvedTarget()
        let targetDirectory = PathName.parent(of: target)
        let name = PathName.lastComponent(of: target)
        let lock = try acquireLock(Self.lockPath(of: target))
        defer { close(lock) }
        removeStaleTemporaryFiles(in: targetDirectory, name: name)

        var status: stat?
        let changed = try await MappedFile.withContents(target, reportedAs: path) { current, info in
            status = info
            return try await change(current)
        }
        let (contents, note, result): (FileContents, ChangeNote?, Result)
        if let changed { (contents, note, result) = changed } else { (contents, note, result) = try await change(nil) }
        let notes = try await replace(target, with: contents, like: status, note: note)
        return (result, notes)
    }

    /// The journal of the file's versions, when it keeps them.
    func journal(target: String) -> UndoJournalDirectory? {
        keepsPrevious ? UndoJournalDirectory(target: target, reportedPath: path, replacementGuard: replacementGuard) : nil
    }

    /// Writes `contents` to a new temporary file beside `target` and renames
    /// it into place, then syncs the directory: readers see the old file or
    /// the new one, never a part. The caller holds the lock, if one is needed.
    /// The journal records the change before the rename and lets go of what
    /// it no longer needs after it, so a process killed at any moment leaves
    /// a journal the next run can reconcile with the file.
    @discardableResult
    func replace(_ target: String, with contents: FileContents, like status: stat?, note: ChangeNote? = nil) async throws(StorageError) -> [JournalNote] {
        if case .unchanged = contents { return [] }
        let targetDirectory = PathName.parent(of: target)
        let name = PathName.lastComponent(of: target)
        let temporary = targetDirectory + "/." + name + ".tmp-" + Self.randomSuffix()
        replacementGuard.willReplace()
        defer { replacementGuard.didEnd() }
        let journal = note == nil ? nil : journal(target: target)
        var plan: UndoJournalDirectory.JournalPlan?
        do throws(StorageError) {
            let produced = try await writeTemporary(temporary, contents: contents, like: status)
            if let journal, let note {
                plan = journal.prepare(
                    current: status.map(Fingerprint.init), produced: produced, temporary: temporary, record: note.record, retiring: note.retiring)
            }
            guard rename(temporary, target) == 0 else { throw StorageError(errno: errno, path: path) }
            replacementGuard.didCommit()
        } catch {
            SafeFile.removeRegular(temporary)
            throw error
        }
        let syncError = faults.directorySyncErrno ?? Self.syncDirectory(targetDirectory)
        // Merged copies go once their entries are safely in place: into the
        // journal, so an undo brings them back; without one, they are removed.
        var kept: StorageError?
        var notes: [JournalNote] = []
        if let plan, let journal, let note, plan.saved != nil {
            do throws(StorageError) {
                notes = try journal.commit(plan, holdsMissingWeighIns: note.holdsMissingWeighIns, day: note.record.at.day)
            } catch {
                kept = error
            }
        } else {
            notes = plan?.notes ?? []
            for path in note?.retiring ?? [] where !SafeFile.removeRegular(path) {
                kept = .copyKept(path: path, reason: "not a regular file")
            }
        }
        if let syncError {
            throw StorageError.notDurable(path: path, reason: String(cString: strerror(syncError)))
        }
        if case .ioFailed(let path, let reason)? = kept { throw StorageError.copyKept(path: path, reason: reason) }
        if let kept { throw kept }
        return notes
    }

    // MARK: Steps

    private func createDirectoryIfNeeded() throws(StorageError) {
        let dir = directory
        var info = stat()
        if stat(dir, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw .cannotCreateDirectory(path: dir, reason: "a file is in the way")
            }
            return
        }
        // mkdir -p, each new level 0700: weights are health data.
        var components: [String] = []
        var current = dir
        while !current.isEmpty, current != "/", stat(current, &info) != 0 {
            components.append(current)
            current = PathName.parent(of: current)
        }
        var made: [String] = []
        for component in components.reversed() {
            if mkdir(component, 0o700) == 0 {
                SafeFile.giveToDirectoryOwner(path: component)
                made.append(component)
            } else if errno != EEXIST {
                let reason = String(cString: strerror(errno))
                // What this attempt made on the way goes again: a failed write leaves nothing behind.
                for created in made.reversed() { rmdir(created) }
                throw .cannotCreateDirectory(path: dir, reason: reason)
            }
        }
        // A dangling symlink "exists" for mkdir but is no directory.
        guard stat(dir, &info) == 0, Platform.isDirectory(info) else {
            throw .cannotCreateDirectory(path: dir, reason: "it is a symbolic link to nothing, or not a directory")
        }
    }

    /// Follows symlinks to the file that is really written, so a symlinked
    /// data file stays a symlink.
    func resolvedTarget() throws(StorageError) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { break }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { throw StorageError(errno: errno, path: path) }
            let link = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link : PathName.parent(of: current) + "/" + link
        }
        let parent = PathName.parent(of: current)
        guard let real = realpath(parent.isEmpty ? "." : parent, nil) else { throw StorageError(errno: errno, path: path) }
        defer { free(real) }
        var info = stat()
        let resolved = String(cString: real) + "/" + PathName.lastComponent(of: current)
        if stat(resolved, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw .ioFailed(path: path, reason: "it is a directory")
        }
        return resolved
    }

    func acquireLock(_ lockPath: String) throws(StorageError) -> Int32 {
        let fd = try SafeFile.openLock(lockPath)
        let deadline = Date().addingTimeInterval(lockTimeoutSeconds)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else {
                close(fd)
                throw .lockBusy(path: path)
            }
            usleep(10_000)
        }
        return fd
    }

    /// Temporary files exist only while their writer holds the lock, so any
    /// seen by the lock holder were left by a killed writer.
    private func removeStaleTemporaryFiles(in directory: String, name: String) {
        guard let dir = opendir(directory) else { return }
        defer { closedir(dir) }
        let prefix = "." + name + ".tmp-"
        while let entry = readdir(dir) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if entryName.hasPrefix(prefix) { SafeFile.removeRegular(directory + "/" + entryName) }
        }
    }

    /// Writes, gives the old mode and owner, syncs; returns the new file's
    /// fingerprint (a rename keeps it).
    @discardableResult
    private func writeTemporary(_ temporary: String, contents: FileContents, like original: stat?) async throws(StorageError) -> Fingerprint {
        let fd = try SafeFile.createNew(temporary, reportedAs: path)
        var closed = false
        defer { if !closed { close(fd) } }
        // Written 1 MiB at a time with the full write loop; the first failure
        // is kept and everything after it is dropped.
        var failure: Int32?
        let injected = faults.writeErrno
        var writer = ChunkingSink(chunkSize: 1 << 20) { bytes in
            guard failure == nil else { return }
            failure = injected ?? bytes.withUnsafeBytes { Platform.writeAll(fd, $0) }
        }
        switch contents {
        case .bytes(let bytes): writer.append(contentsOf: bytes)
        case .streamed(let produce): produce(&writer)
        case .unchanged: break
        }
        writer.flush()
        if let code = failure { throw StorageError(errno: code, path: path) }
        if let original {
            guard fchmod(fd, original.st_mode & 0o7777) == 0 else { throw StorageError(errno: errno, path: path) }
            if geteuid() == 0 { _ = fchown(fd, original.st_uid, original.st_gid) }
        } else {
            SafeFile.giveToDirectoryOwner(descriptor: fd, path: temporary)
        }
        guard fsync(fd) == 0 else { throw StorageError(errno: errno, path: path) }
        var written = stat()
        guard fstat(fd, &written) == 0 else { throw StorageError(errno: errno, path: path) }
        closed = true
        guard close(fd) == 0 else { throw StorageError(errno: errno, path: path) }
        return Fingerprint(written)
    }

    static func syncDirectory(_ directory: String) -> Int32? {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return errno }
        defer { close(fd) }
        return fsync(fd) == 0 ? nil : errno
    }

    private static func randomSuffix() -> String {
        String(UInt64.random(in: 0...UInt64.max), radix: 36)
    }
}

extension DurableFile {
    /// Undoes or redoes one journalled change under the lock (SPEC §9).
    /// `decode` reads a version of the file (nil: none) so the move can say
    /// what it did; nothing changes when it throws.
    func moveInJournal(
        _ direction: JournalMove.Direction, decode: (String?) async throws -> RecordStore
    ) async throws -> (store: RecordStore, move: JournalMove, change: StoreChange) {
        // No data directory yet: nothing was ever changed.
        guard SafeFile.kind(directory) != .missing else {
            throw direction == .undo ? StorageError.nothingToUndo(path: path) : StorageError.nothingToRedo(path: path)
        }
        let target = try resolvedTarget()
        guard let journal = journal(target: target) else { throw StorageError.nothingToUndo(path: path) }
        let lock = try acquireLock(Self.lockPath(of: target))
        defer { close(lock) }
        // A killed writer's temporary goes, as every change under the lock takes it away.
        removeStaleTemporaryFiles(in: PathName.parent(of: target), name: PathName.lastComponent(of: target))
        return try await journal.move(direction, decode: decode)
    }

    /// The journal of this file's changes and where the file stands in it.
    func journalState() throws(StorageError) -> ChangeJournal {
        guard SafeFile.kind(directory) != .missing else { return .empty }
        let target = try resolvedTarget()
        guard let journal = journal(target: target), let (kept, position) = try journal.state() else { return .empty }
        return ChangeJournal(steps: kept.published, position: position)
    }
}
