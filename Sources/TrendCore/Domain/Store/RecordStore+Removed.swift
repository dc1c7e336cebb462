#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The memory of removed records (SPEC §18): kept in order, each once.
extension RecordStore {
    /// Remembers `record` as removed (it is taken out by the caller).
    public mutating func remember<Record: StoredRecord>(_ record: Record) {
        remember(RemovedRecord(record))
    }

    public mutating func remember(_ memory: RemovedRecord) {
        var low = 0
        var high = removed.count
        while low < high {
            let mid = (low + high) / 2
            if removed[mid] < memory { low = mid + 1 } else { high = mid }
        }
        if low < removed.count && removed[low] == memory { return }
        removed.insert(memory, at: low)
    }

    /// Forgets memories (`import --restore-removed` took their records back).
    public mutating func forget(_ memories: Set<RemovedRecord>) {
        guard !memories.isEmpty else { return }
        removed.removeAll { memories.contains($0) }
    }

    /// Removes the record of any kind with that id and remembers it; false when there is none.
    @discardableResult
    public mutating func removeAndRemember(id: UUID) -> Bool {
        func take<Record: StoredRecord>(_ kind: Record.Type) -> Bool {
            guard let record = remove(kind, id: id) else { return false }
            remember(record)
            return true
        }
        for kind in Self.kinds where take(kind) { return true }
        return false
    }

    /// The memories of `Record`'s kind as records, by minute: what an import compares its rows with.
    func recalled<Record: StoredRecord>(_: Record.Type) -> [Int64: [(memory: RemovedRecord, record: Record)]] {
        var found: [Int64: [(memory: RemovedRecord, record: Record)]] = [:]
        for memory in removed {
            guard let record = memory.recalled(as: Record.self) else { continue }
            found[record.minute, default: []].append((memory, record))
        }
        return found
    }
}
