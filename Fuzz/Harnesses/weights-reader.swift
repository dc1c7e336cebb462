/// weights.json reader: accepted input round-trips through the writer
/// exactly and canonically; rejected input is damage with a line and column.
func fuzzWeightsReader(_ bytes: [UInt8]) {
    do {
        let store = try StoreDocument.decode(bytes, path: "fuzz")
        // A newer version is read leniently but never written.
        guard store.version <= RecordStore.currentVersion else { return }
        let encoded = StoreDocument.encode(store)
        let again = try StoreDocument.decode(encoded, path: "fuzz")
        precondition(again == store, "accepted input does not round-trip")
        precondition(StoreDocument.encode(again) == encoded, "the writer is not canonical")
    } catch let DataFileError.damaged(_, line, column, reason) {
        precondition((line ?? 0) >= 1 && (column ?? 0) >= 1 && !reason.isEmpty, "a rejection without a location")
    } catch {
        // The reader throws DataFileError only: what is left is a newer version.
        guard case .newerVersion = error else { preconditionFailure("unexpected error: \(error)") }
    }
}
