#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The journal's directory and the moves between versions. Everything that
/// changes it runs under the data file's lock.
struct UndoJournalDirectory {
    /// The data file, every symlink resolved.
    let target: String
    let reportedPath: String
    let replacementGuard: any FileReplacementGuard

    var directory: String { PathName.parent(of: target) + "/." + PathName.lastComponent(of: target) + ".undo" }
    var journalPath: String { directory + "/journal.json" }
    func path(_ file: String) -> String { directory + "/" + file }
    /// Where merged copies lived and go back to: beside the data file as named.
    var dataDirectory: String { PathName.parent(of: reportedPath) }
    var storeName: String { PathName.lastComponent(of: reportedPath) }
    func place(of retired: UndoJournal.Retired) -> String { dataDirectory + "/" + retired.name }

    /// The journal, or nil when there is none yet.
    func load() throws(StorageError) -> UndoJournal? {
        guard SafeFile.kind(directory) == .directory else {
            if SafeFile.kind(directory) == .missing { return nil }
            throw .ioFailed(path: directory, reason: "not a directory")
        }
        let read: [UInt8]?
        do {
            read = try SafeFile.read(journalPath, largest: UndoJournal.largestFile)
        } catch .ioFailed(_, let reason) {
            // A symlink, a FIFO, a file too large: not a journal trend wrote.
            throw .damagedJournal(path: journalPath, reason: reason)
        }
        guard let bytes = read else { return nil }
        do {
            return try UndoJournalDocument.decode(
                bytes, path: journalPath, storeName: storeName, isDataDirectory: { SafeFile.isSameDirectory($0, as: dataDirectory) })
        } catch {
            throw .damagedJournal(path: journalPath, reason: error.reason)
        }
    }

    func save(_ journal: UndoJournal) throws(StorageError) {
        try SafeFile.replace(journalPath, with: UndoJournalDocument.encode(journal, dataDirectory: dataDirectory))
    }

    /// Makes the directory, clearing what the one-step undo of earlier
    /// versions left (`.NAME.undo` was a file then). False when the place
    /// is taken by something trend did not make: no journal, no undo.
    private func prepareDirectory() -> Bool {
        if SafeFile.kind(directory) == .regular {
            SafeFile.removeRegular(directory)
            SafeFile.removeRegular(directory + "-state")
            SafeFile.removeRegular(directory + "-swap")
        }
        return SafeFile.makeDirectory(directory)
    }

    /// The names in the journal directory.
    private func names() -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            names.append(withUnsafeBytes(of: entry.pointee.d_name) { raw in String(cString: raw.bindMemory(to: CChar.self).baseAddress!) })
        }
        return names
    }

    /// Temporaries of `journal.json` exist only while their writer holds the
    /// lock: any seen by the lock holder were left by a killed writer.
    func removeStrayTemporaries() {
        for name in names() where name.hasPrefix(".journal.json.tmp-") { SafeFile.removeRegular(path(name)) }
    }

    // MARK: Reconciling with the data file

    /// A change made while the journal could not be written leaves a hard
    /// link of the version it produced, `x-P-SECONDS_OFFSET.json` (no data
    /// blocks needed): P steps stood before it.
    static func pendingFile(after position: Int, at time: Timestamp) -> String {
        "x-\(position)-\(time.epochSeconds)_\(time.utcOffsetSeconds).json"
    }

    private static func pending(_ name: String) -> (position: Int, at: Timestamp)? {
        guard name.hasPrefix("x-"), name.hasSuffix(".json") else { return nil }
        let parts = name.dropFirst(2).dropLast(5).split(separator: "-", maxSplits: 1)
        guard parts.count == 2, let position = UndoJournal.number(parts[0]) else { return nil }
        let time = parts[1].split(separator: "_")
        guard time.count == 2, let seconds = Int64(time[0]), let offset = Int(time[1]), abs(offset) <= Timestamp.maximumOffsetSeconds else { return nil }
        return (position, Timestamp(epochSeconds: seconds, utcOffsetSeconds: offset))
    }

    /// The journal as the data file (`current`) shows it to be, and where
    /// the file stands in it (nil: something else changed the file):
    /// - a step recorded before a change that was then never put in place
    ///   (its writer killed) has no version anywhere: it is dropped, with
    ///   any after it;
    /// - a change made while the journal could not be written is taken in
    ///   as a step of its own, so the steps before it stay usable.
    func reconciled(_ given: UndoJournal, current: Fingerprint?) -> (journal: UndoJournal, position: Int?, adopted: String?) {
        var journal = given
        if let found = journal.position(of: current) {
            if let missing = journal.steps[found...].firstIndex(where: { SafeFile.kind(path($0.version.file)) != .regular }) {
                journal.steps.removeSubrange(missing...)
            }
            return (journal, found, nil)
        }
        for name in names() {
            guard let (position, at) = Self.pending(name), position <= journal.steps.count, Fingerprint.of(path(name)) == current else { continue }
            journal.steps.removeSubrange(position...)
            let id = journal.nextID
            guard id <= UndoJournal.largestID else { break }
            let record = JournalStep(at: at, command: JournalStep.notRecordedCommand, summary: ChangeSummary(goalChanged: false))
            journal.steps.append(UndoJournal.Step(id: id, record: record, version: UndoJournal.SavedVersion(fingerprint: current, file: UndoJournal.versionFile(id)), retired: []))
            return (journal, journal.steps.count, name)
        }
        return (journal, nil, nil)
    }

    // MARK: A change

    /// What a change will do to the journal once it is in place (`commit`).
    struct JournalPlan {
        /// The journal as saved with the new step; nil when none could be.
        var saved: UndoJournal?
        /// The new step, and where its merged copies are now.
        var step: UndoJournal.Step?
        var sources: [String] = []
        var notes: [JournalNote] = []
    }

    /// Records a change about to be made, before it is put in place: the
    /// data file as it is (`current`, nil when there is none) is kept as a
    /// version, and the journal is saved with the new step (producing
    /// `produced`, the written temporary's fingerprint). Nothing is deleted
    /// yet: that waits for `commit`, after the rename. Where no journal can
    /// be kept (no hard links, no space, a foreign directory), the change is
    /// still made, only without undo: the plan then says so, and a link of
    /// the temporary lets the next run take the change in (`reconciled`).
    func prepare(current: Fingerprint?, produced: Fingerprint, temporary: String, record: JournalStep, retiring: [String]) -> JournalPlan {
        var plan = JournalPlan()
        guard prepareDirectory() else {
            plan.notes.append(.notJournalled(reason: "\(directory) cannot be made a directory"))
            return plan
        }
        removeStrayTemporaries()
        var journal: UndoJournal?
        do {
            journal = try load()
        } catch {
            // A damaged journal is set aside whole, never trusted and never lost.
            let aside = directory + "-damaged-" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
            guard rename(directory, aside) == 0, prepareDirectory() else {
                plan.notes.append(.notJournalled(reason: "the damaged journal \(journalPath) could not be set aside"))
                return plan
            }
            let reason: String = if case .damagedJournal(_, let why) = error { why } else { error.description }
            plan.notes.append(.setAside(journal: journalPath, setAsidePath: aside, reason: reason))
        }
        var position: Int?
        if let loaded = journal {
            let found = reconciled(loaded, current: current)
            journal = found.journal
            position = found.position
        }
        if let stale = journal, position == nil || stale.nextID + 1 > UndoJournal.largestID {
            // The file was changed by something else since: start afresh from
            // what is there now, numbered on from the old steps so that no
            // name is used twice; what they held is swept after the change.
            let next = stale.nextID + 1 > UndoJournal.largestID ? 0 : stale.nextID
            journal = UndoJournal(base: UndoJournal.SavedVersion(fingerprint: current, file: UndoJournal.versionFile(next)), steps: [])
            position = 0
        }
        if journal == nil {
            journal = UndoJournal(base: UndoJournal.SavedVersion(fingerprint: current, file: UndoJournal.versionFile(0)), steps: [])
            position = 0
        }
        guard var journal, let position else { return plan }
        // A new change after undos drops what could have been redone.
        journal.steps.removeSubrange(position...)
        let kept = journal.version(at: position)
        if current != nil, !SafeFile.keepLink(of: target, as: path(kept.file)) {
            plan.notes.append(.notJournalled(reason: "no hard link of \(reportedPath) can be kept: \(String(cString: strerror(errno)))"))
            return plan
        }
        // Never a name used before: a dropped step's file may still be there
        // (until `commit`), and a step must not be mistaken for it.
        let used = names().compactMap { UndoJournal.isVersionFile($0) || UndoJournal.isRetiredFile($0) ? UndoJournal.id(of: $0) : nil }
        let id = max(journal.nextID, (used.max() ?? 0) + 1)
        guard id <= UndoJournal.largestID else {
            plan.notes.append(.notJournalled(reason: "the journal has run out of step numbers"))
            return plan
        }
        let retired = retiring.enumerated().map { index, source in
            UndoJournal.Retired(name: RetiredName.recorded(for: source, storeName: storeName, index: index + 1), file: UndoJournal.retiredFile(id, index + 1))
        }
        let step = UndoJournal.Step(
            id: id, record: record, version: UndoJournal.SavedVersion(fingerprint: produced, file: UndoJournal.versionFile(id)), retired: retired)
        journal.steps.append(step)
        while journal.steps.count > UndoJournal.limit {
            journal.base = journal.steps.removeFirst().version
        }
        do {
            try save(journal)
        } catch {
            // The change is still made. The steps before it stay as they
            // are, and this link says where the change came in.
            _ = link(temporary, path(Self.pendingFile(after: position, at: record.at)))
            plan.notes.append(.notJournalled(reason: error.description))
            return plan
        }
        plan.saved = journal
        plan.step = step
        plan.sources = retiring
        return plan
    }

    /// After the rename: every file of the journal directory that the saved
    /// journal no longer names goes (redo steps dropped, the oldest beyond
    /// the limit, a journal started afresh), except that a merged copy
    /// holding weigh-ins the store lacks is put back beside the store
    /// instead; then the new step's merged copies go into the journal, so an
    /// undo can bring them back. `holdsMissingWeighIns` reads a copy; `day`
    /// names a restored copy.
    func commit(_ plan: JournalPlan, holdsMissingWeighIns: (String) -> Bool, day: CalendarDay) throws(StorageError) -> [JournalNote] {
        var notes = plan.notes
        guard let saved = plan.saved else { return notes }
        var named = Set([saved.base.file])
        for step in saved.steps {
            named.insert(step.version.file)
            for retired in step.retired { named.insert(retired.file) }
        }
        for name in names() where !named.contains(name) {
            if UndoJournal.isRetiredFile(name) {
                if let note = settle(path(name), holdsMissingWeighIns: holdsMissingWeighIns, day: day) { notes.append(note) }
            } else if UndoJournal.isVersionFile(name) || Self.pending(name) != nil {
                SafeFile.removeRegular(path(name))
            }
        }
        if let step = plan.step {
            for (retired, source) in zip(step.retired, plan.sources) {
                try SafeFile.move(source, to: path(retired.file))
            }
        }
        return notes
    }

    /// A merged copy leaving the journal: deleted when the store has every
    /// weigh-in it holds, else moved beside the store under a free name.
    private func settle(_ file: String, holdsMissingWeighIns: (String) -> Bool, day: CalendarDay) -> JournalNote? {
        guard SafeFile.kind(file) == .regular else { return nil }
        guard holdsMissingWeighIns(file) else {
            SafeFile.removeRegular(file)
            return nil
        }
        let base = storeName.hasSuffix(".json") ? String(storeName.dropLast(5)) : storeName
        for attempt in 1...100 {
            let name = "\(base) (restored \(day)\(attempt == 1 ? "" : " \(attempt)")).json"
            let place = dataDirectory + "/" + name
            guard SafeFile.kind(place) == .missing else { continue }
            // Kept in the journal when it cannot be moved: never deleted.
            guard (try? SafeFile.move(file, to: place)) != nil else { return nil }
            return .copyRestored(path: place)
        }
        return nil
    }
}
