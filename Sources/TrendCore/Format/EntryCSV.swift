/// The one CSV writer for weigh-ins (`export`, `list --format csv`): RFC
/// 4180 quoting, each entry's own offset, weights exact in kilograms or
/// rounded to 0.01 in another unit, written in pieces of about 64 KiB so a
/// long history is never held twice.
package enum EntryCSV {
    package enum Column: String, Sendable {
        case id, date, weight, unit, trend, note, fat
    }

    /// `series` gives the trend column (each entry's day); without one the
    /// column is left out of rows that have no trend. `exactKilograms`: the
    /// stored value as it is when the unit is kg (an export), else every
    /// weight rounded to 0.01 (a listing).
    package static func write(
        _ entries: [WeightEntry], columns: [Column], unit: WeightUnit, exactKilograms: Bool = true, series: TrendSeries? = nil,
        write: ([UInt8]) -> Void
    ) {
        var out = Array((columns.map(\.rawValue).joined(separator: ",") + "\n").utf8)
        out.reserveCapacity(ChunkingSink.chunkSize + 256)
        let unitName = Array(unit.rawValue.utf8)
        let exact = unit == .kilograms && exactKilograms
        for entry in entries {
            for (index, column) in columns.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                switch column {
                case .id: entry.appendID(to: &out)
                case .date: entry.timestamp.appendISO8601(to: &out)
                case .weight: JSONText.appendNumber(exact ? entry.kilograms : unit.roundedValue(fromKilograms: entry.kilograms), to: &out)
                case .unit: out.append(contentsOf: unitName)
                case .note: if let note = entry.note { out.append(contentsOf: CSVField.quoted(note).utf8) }
                case .fat: if let fat = entry.fatPercent { JSONText.appendNumber(fat, to: &out) }
                case .trend:
                    if let trend = series?.trendKilograms(on: entry.calendarDay) {
                        JSONText.appendNumber(unit.roundedValue(fromKilograms: trend), to: &out)
                    } else if index == columns.count - 1 {
                        out.removeLast()
                    }
                }
            }
            out.append(UInt8(ascii: "\n"))
            if out.count >= ChunkingSink.chunkSize {
                write(out)
                out.removeAll(keepingCapacity: true)
            }
        }
        write(out)
    }
}
