/// Which column of a table read by content a person may choose by number (SPEC §18).
public enum TableColumn: String, Sendable {
    case date, weight
}
