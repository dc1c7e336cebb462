/// What an edit does to a record's note, whatever its kind.
public enum NoteChange: Equatable, Sendable {
    case keep
    case set(String)
    case clear

    /// The note after the change: an empty one is none.
    public func applied(to note: String?) -> String? {
        switch self {
        case .keep: note
        case .set(let text): text.isEmpty ? nil : text
        case .clear: nil
        }
    }
}
