/// The merge reader: the input, cut in three at its first two NUL bytes,
/// is a merge driver's BASE, OURS and THEIRS. Where all three read, the
/// three-way merge holds each id once, keeps what both sides agree on,
/// and writes a file that reads back as itself.
func fuzzMergeReader(_ bytes: [UInt8]) {
    let parts = bytes.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false).map(Array.init)
    guard parts.count == 3 else { return }
    var stores: [RecordStore] = []
    for part in parts {
        if part.allSatisfy({ $0 == 32 || $0 == 10 }) {
            stores.append(RecordStore())
            continue
        }
        guard let store = try? StoreDocument.decode(part, path: "fuzz"), store.version <= RecordStore.currentVersion else { return }
        stores.append(store)
    }
    let merged = StoreMerge.merge(base: stores[0], ours: stores[1], theirs: stores[2])
    let ids = merged.store.entries.map(\.id)
    precondition(Set(ids).count == ids.count, "an id twice in the merge")
    let ours = Dictionary(uniqueKeysWithValues: stores[1].entries.map { ($0.id, $0) })
    for entry in stores[2].entries where ours[entry.id] == entry {
        precondition(merged.store.entries.contains(entry), "an entry both sides hold was dropped")
    }
    let encoded = StoreDocument.encode(merged.store)
    let again = try? StoreDocument.decode(encoded, path: "fuzz")
    precondition(again == merged.store, "the merged file does not read back as itself")
}
