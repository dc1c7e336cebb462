/// What `trend export` writes: everything, re-importable without loss.
public enum ExportDocument {
    /// `date,weight,unit,note` with each entry's own offset. In kilograms
    /// the stored value is written exactly (shortest round-trip form); in
    /// another unit it is converted and rounded to 0.01, which is not exact.
    public static func csv(_ store: WeightStore, unit: WeightUnit = .kilograms, trendMethod: TrendMethod? = nil) -> [UInt8] {
        var out: [UInt8] = []
        csv(store, unit: unit, trendMethod: trendMethod) { out += $0 }
        return out
    }

    /// The CSV written in pieces of about 64 KiB to `write`, so a long
    /// history is never held twice (SPEC §10: output that streams).
    public static func csv(_ store: WeightStore, unit: WeightUnit = .kilograms, trendMethod: TrendMethod? = nil, write: ([UInt8]) -> Void) {
        // With a method, each entry's day trend goes in a last column (importers ignore it).
        let series = trendMethod.map { TrendSeries(entries: store.entries, method: $0) }
        var out = Array((series == nil ? "date,weight,unit,note\n" : "date,weight,unit,note,trend\n").utf8)
        out.reserveCapacity(ChunkingSink.chunkSize + 256)
        func number(_ kilograms: Double) -> String {
            DecimalText.shortest(unit == .kilograms ? kilograms : unit.roundedValue(fromKilograms: kilograms))
        }
        for entry in store.entries {
            entry.timestamp.appendISO8601(to: &out)
            out.append(UInt8(ascii: ","))
            out.append(contentsOf: number(entry.kilograms).utf8)
            out.append(UInt8(ascii: ","))
            out.append(contentsOf: unit.rawValue.utf8)
            out.append(UInt8(ascii: ","))
            if let note = entry.note { out.append(contentsOf: CSVField.quoted(note).utf8) }
            if let series, let trend = series.trendKilograms(on: entry.calendarDay) {
                out.append(UInt8(ascii: ","))
                out.append(contentsOf: DecimalText.shortest(unit.roundedValue(fromKilograms: trend)).utf8)
            }
            out.append(UInt8(ascii: "\n"))
            if out.count >= ChunkingSink.chunkSize {
                write(out)
                out.removeAll(keepingCapacity: true)
            }
        }
        write(out)
    }

    /// The `weights.json` document itself: ids, instants, offsets, exact
    /// kilograms and the goal.
    public static func json(_ store: WeightStore) -> [UInt8] {
        WeightsDocument.encode(store)
    }

    /// The JSON export written in pieces of about 64 KiB to `write`.
    public static func json(_ store: WeightStore, write: @escaping ([UInt8]) -> Void) {
        var sink = ChunkingSink(write: write)
        WeightsDocument.encode(store, into: &sink)
        sink.flush()
    }
}
