/// What `trend export` writes: everything, re-importable without loss.
public enum ExportDocument {
    /// `date,weight,unit,note` with each entry's own offset. In kilograms
    /// the stored value is written exactly (shortest round-trip form); in
    /// another unit it is converted and rounded to 0.01, which is not exact.
    public static func csv(_ store: WeightStore, unit: WeightUnit = .kilograms) -> [UInt8] {
        var out = Array("date,weight,unit,note\n".utf8)
        out.reserveCapacity(store.entries.count * 48 + 32)
        for entry in store.entries {
            entry.timestamp.appendISO8601(to: &out)
            out.append(UInt8(ascii: ","))
            out.append(contentsOf: JSONText.number(unit == .kilograms ? entry.kilograms : unit.roundedValue(fromKilograms: entry.kilograms)).utf8)
            out.append(UInt8(ascii: ","))
            out.append(contentsOf: unit.rawValue.utf8)
            out.append(UInt8(ascii: ","))
            if let note = entry.note { out.append(contentsOf: csvField(note).utf8) }
            out.append(UInt8(ascii: "\n"))
        }
        return out
    }

    /// The `weights.json` document itself: ids, instants, offsets, exact
    /// kilograms and the goal.
    public static func json(_ store: WeightStore) -> [UInt8] {
        WeightsDocument.encode(store)
    }

    /// Writes an export to a file the way data files are written: complete
    /// or not at all, never a half-written file.
    public static func write(_ bytes: [UInt8], toPath path: String) async throws {
        try await DurableFile(path: path).update { _ in (bytes, ()) }
    }

    /// RFC 4180: quote a field holding a comma, quote or line break.
    public static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        var quoted = "\""
        for character in text {
            quoted.append(character)
            if character == "\"" { quoted.append("\"") }
        }
        return quoted + "\""
    }
}
