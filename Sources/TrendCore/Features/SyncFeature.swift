#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Observation

/// Other copies of the weigh-ins (SPEC §9): the conflict copies sync tools
/// leave, merging copies in by id, and git's three-way merge driver.
@MainActor
@Observable
public final class SyncFeature {
    @ObservationIgnored private let records: RecordLogFeature
    @ObservationIgnored private let store: any StoreRepository
    @ObservationIgnored private let copies: any CopiesRepository

    /// Copies a sync tool left beside the store, as last looked for: their
    /// entries are lost unless merged.
    public private(set) var conflictCopies: [String] = []

    public init(records: RecordLogFeature, store: any StoreRepository, copies: any CopiesRepository) {
        self.records = records
        self.store = store
        self.copies = copies
    }

    /// Looks for conflict copies beside the store.
    @discardableResult
    public func refreshConflictCopies() -> [String] {
        conflictCopies = copies.conflictCopies()
        return conflictCopies
    }

    /// What merging one copy did, or why it was left alone.
    public struct MergeReport: Equatable, Sendable {
        public let path: String
        /// Nil when the file was skipped: it is the store itself.
        public let outcome: StoreMerge.Outcome?

        public var isStore: Bool { outcome == nil }
    }

    /// Merges other copies of the weigh-ins into the store by id, all in one
    /// write; a dry run merges into a copy of what is loaded. A path that is
    /// the store itself (`weights*.json` matches it too) is skipped, never
    /// merged and never deleted. With `deleteMerged` the copies go once
    /// their entries are in place, into the undo journal: an undo of the
    /// merge puts them back beside the store. `progress` is told how far
    /// the reading of each copy has come (SPEC §6).
    public func merge(
        copies paths: [String], prefer: StoreMerge.Preference, dryRun: Bool, deleteMerged: Bool, progress: WorkProgress.Reporter? = nil
    ) async throws -> [MergeReport] {
        var read: [(path: String, store: RecordStore?)] = []
        for path in paths {
            if copies.isStore(path) {
                read.append((path, nil))
            } else {
                read.append((path, try await copies.readCopy(at: path, emptyIsEmpty: false, progress: progress)))
            }
        }
        let others = read.compactMap(\.store)
        guard !others.isEmpty else {
            if let first = read.first { throw StorageError.inputIsStore(path: first.path) }
            return []
        }
        func reports(_ outcomes: [StoreMerge.Outcome]) -> [MergeReport] {
            var remaining = outcomes[...]
            return read.map { copy in
                guard copy.store != nil else { return MergeReport(path: copy.path, outcome: nil) }
                return MergeReport(path: copy.path, outcome: remaining.popFirst())
            }
        }
        if dryRun {
            var copy = try await records.loaded()
            return reports(others.map { StoreMerge.merge($0, into: &copy, prefer: prefer) })
        }
        let retiring = deleteMerged ? read.filter { $0.store != nil }.map { PathName.absolute($0.path, in: FileManager.default.currentDirectoryPath) } : []
        let outcomes = try await records.apply { [store] in
            try await store.modify(retiring: retiring) { store in others.map { StoreMerge.merge($0, into: &store, prefer: prefer) } }
        }
        refreshConflictCopies()
        return reports(outcomes)
    }

    /// Git's three-way merge of `weights.json`: the result is written to
    /// `ours`. An empty base (both branches added the file) is an empty
    /// store; a side written by a newer trend is refused, never copied. It
    /// touches no file of the data directory.
    public func mergeThreeWay(base: String, ours: String, theirs: String) async throws -> StoreMerge.ThreeWay {
        let baseStore = try await copies.readCopy(at: base, emptyIsEmpty: true)
        let ourStore = try await copies.readCopy(at: ours, emptyIsEmpty: true)
        let theirStore = try await copies.readCopy(at: theirs, emptyIsEmpty: true)
        for (path, side) in [(base, baseStore), (ours, ourStore), (theirs, theirStore)] where side.version > RecordStore.currentVersion {
            throw DataFileError.newerVersion(path: path, version: side.version)
        }
        let merged = StoreMerge.merge(base: baseStore, ours: ourStore, theirs: theirStore)
        try await copies.writeCopy(merged.store, to: ours)
        return merged
    }
}
