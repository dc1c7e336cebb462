/// An intake line exactly as trend writes it, read at fixed offsets:
/// `{"date": "2026-11-29T12:30:00+01:00", "id": "…", "kilocalories": 650}`,
/// with a `"note"` where the writer puts it. A year of meals is a thousand
/// lines or more, read by every command that shows expenditure.
///
/// Like the weigh-ins' fast lane it only declines: anything else returns
/// false with nothing consumed, and the key-by-key reader decides.
extension WeightsDocument {
    /// Appends the entry and returns true; false, appending nothing, when it declines.
    static func appendCanonical(_ scanner: inout JSONScanner, to records: inout [IntakeEntry]) -> Bool {
        var s = scanner
        s.skipWhitespace()
        guard let base = s.bytes.baseAddress else { return false }
        let count = s.bytes.count
        let i = s.index
        // `{"date": "`, the date, `", "id": "`, the id, `", "kilocalories": `, then a digit and what ends it.
        guard i + 106 <= count, CanonicalBytes.load(base, i) == CanonicalBytes.entryOpen, CanonicalBytes.load16(base, i + 8) == CanonicalBytes.entryOpenTail,
            let timestamp = CanonicalBytes.timestamp(base + i + 10),
            CanonicalBytes.load(base, i + 35) == CanonicalBytes.afterDate, CanonicalBytes.load16(base, i + 43) == CanonicalBytes.afterDateTail,
            let id = WeightsDocument.parseID(at: base + i + 45),
            CanonicalBytes.load(base, i + 81) == CanonicalBytes.kilogramsKey, CanonicalBytes.load(base, i + 89) == CanonicalBytes.caloriesKey,
            base[i + 97] == 34, base[i + 98] == 58, base[i + 99] == 32,
            let (kilocalories, end) = CanonicalBytes.decimal(base, i + 100, count), IntakeEntry.isValid(kilocalories: kilocalories)
        else { return false }
        guard let (note, next) = CanonicalBytes.noteAndClose(&s, from: end) else { return false }
        scanner.index = next
        records.append(IntakeEntry(recordID: id, timestamp: timestamp, kilocalories: kilocalories, note: note))
        return true
    }
}

extension CanonicalBytes {
    /// `calories` (after `", "kilo`)
    static let caloriesKey: UInt64 = 0x7365_6972_6F6C_6163
}
