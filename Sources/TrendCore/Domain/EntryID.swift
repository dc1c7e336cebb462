/// How people name an entry: its full id or a unique prefix of at least 4
/// hex digits (the 8-digit short id is always enough in practice).
public enum EntryID {
    /// The lowercase bytes to match; refuses text that cannot name an id.
    public static func prefix(parsing text: String) throws(WeightLogError) -> [UInt8] {
        let input = text.lowercased()
        let hexDigits = input.filter(\.isHexDigit).count
        guard hexDigits >= 4, input.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
            throw .malformedID(input: text)
        }
        return Array(input.utf8)
    }

    /// The one entry `text` names among `entries`.
    public static func entry(matching text: String, in entries: [WeightEntry]) throws(WeightLogError) -> WeightEntry {
        let prefix = try prefix(parsing: text)
        let matches = entries.filter { $0.idHasPrefix(prefix) }
        switch matches.count {
        case 0: throw .entryNotFound(id: text)
        case 1: return matches[0]
        default: throw .ambiguousID(prefix: text, candidates: matches)
        }
    }
}
