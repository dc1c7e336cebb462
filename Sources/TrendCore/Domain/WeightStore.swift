/// Everything `weights.json` holds.
public struct WeightStore: Equatable, Sendable {
    /// The file format version this program reads and writes.
    public static let currentVersion = 1

    /// Kept in `WeightEntry.isOrderedBefore` order.
    public private(set) var entries: [WeightEntry]
    public var goalKilograms: Double?
    /// The version the data was read with; a newer one is never written.
    public var version: Int

    public init(entries: [WeightEntry] = [], goalKilograms: Double? = nil, version: Int = WeightStore.currentVersion) {
        self.entries = entries.isSorted(by: WeightEntry.isOrderedBefore)
            ? entries : entries.sorted(by: WeightEntry.isOrderedBefore)
        self.goalKilograms = goalKilograms
        self.version = version
    }

    /// Inserts in order without re-sorting: a new weigh-in is usually the
    /// latest, so this is a binary search and (usually) an append.
    public mutating func insert(_ entry: WeightEntry) {
        var low = 0
        var high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if WeightEntry.isOrderedBefore(entries[mid], entry) { low = mid + 1 } else { high = mid }
        }
        entries.insert(entry, at: low)
    }

    /// Adds many entries with one sort, not one insertion each.
    public mutating func insert(contentsOf newEntries: [WeightEntry]) {
        guard !newEntries.isEmpty else { return }
        if newEntries.count == 1 {
            insert(newEntries[0])
            return
        }
        entries.append(contentsOf: newEntries)
        entries.sort(by: WeightEntry.isOrderedBefore)
    }

    public func index(of id: WeightEntry.ID) -> Int? {
        entries.firstIndex { $0.id == id }
    }

    /// Replaces the entry with the same id; false when there is none.
    @discardableResult
    public mutating func replace(_ entry: WeightEntry) -> Bool {
        guard let index = index(of: entry.id) else { return false }
        entries.remove(at: index)
        insert(entry)
        return true
    }

    /// Removes the entry with that id; nil when there is none.
    @discardableResult
    public mutating func remove(id: WeightEntry.ID) -> WeightEntry? {
        guard let index = index(of: id) else { return nil }
        return entries.remove(at: index)
    }
}

extension Array {
    func isSorted(by areInIncreasingOrder: (Element, Element) -> Bool) -> Bool {
        var i = 1
        while i < count {
            if areInIncreasingOrder(self[i], self[i - 1]) { return false }
            i += 1
        }
        return true
    }
}
