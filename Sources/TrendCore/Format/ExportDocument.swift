/// What `trend export` writes: everything, re-importable without loss.
package enum ExportDocument {
    /// `date,weight,unit,note` with each entry's own offset. In kilograms
    /// the stored value is written exactly (shortest round-trip form); in
    /// another unit it is converted and rounded to 0.01, which is not exact.
    package static func csv(_ store: RecordStore, unit: WeightUnit = .kilograms, trendMethod: TrendMethod? = nil) -> [UInt8] {
        var out: [UInt8] = []
        csv(store, unit: unit, trendMethod: trendMethod) { out += $0 }
        return out
    }

    /// The CSV written in pieces of about 64 KiB to `write`, so a long
    /// history is never held twice (SPEC §10: output that streams). With a
    /// method, each entry's day trend goes in a last column (importers ignore it).
    package static func csv(_ store: RecordStore, unit: WeightUnit = .kilograms, trendMethod: TrendMethod? = nil, write: ([UInt8]) -> Void) {
        let series = trendMethod.map { TrendSeries(entries: store.entries, method: $0) }
        var columns: [EntryCSV.Column] = series == nil ? [.date, .weight, .unit, .note] : [.date, .weight, .unit, .note, .trend]
        // Body fat last, when there is any (SPEC §12): a history without it exports as before.
        if store.entries.contains(where: { $0.fatPercent != nil }) { columns.append(.fat) }
        EntryCSV.write(store.entries, columns: columns, unit: unit, series: series, write: write)
    }

    /// The `weights.json` document itself (ids, instants, offsets, exact
    /// kilograms and the goal) and, when any were set, the settings: a full backup.
    package static func json(_ store: RecordStore, settings: Settings? = nil) -> [UInt8] {
        StoreDocument.encode(store, settings: settings)
    }

    /// The JSON export written in pieces of about 64 KiB to `write`.
    package static func json(_ store: RecordStore, settings: Settings?, write: @escaping ([UInt8]) -> Void) {
        var sink = ChunkingSink(write: write)
        StoreDocument.encode(store, settings: settings, into: &sink)
        sink.flush()
    }
}
