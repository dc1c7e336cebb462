/// settings.json reader: accepted input round-trips; rejected input is
/// damage with a line and column.
func fuzzSettingsReader(_ bytes: [UInt8]) {
    do {
        let settings = try SettingsDocument.decode(bytes, path: "fuzz")
        guard settings.version <= Settings.currentVersion else { return }
        let again = try SettingsDocument.decode(SettingsDocument.encode(settings), path: "fuzz")
        // Written at the lowest version that holds it: the content must survive, not the number.
        precondition(again.unit == settings.unit && again.method == settings.method, "accepted input does not round-trip")
        precondition(again.version == settings.versionNeeded, "not written at the lowest version that holds it")
    } catch let DataFileError.damaged(_, line, column, reason) {
        precondition((line ?? 0) >= 1 && (column ?? 0) >= 1 && !reason.isEmpty, "a rejection without a location")
    } catch {
        // The reader throws DataFileError only: what is left is a newer version.
        guard case .newerVersion = error else { preconditionFailure("unexpected error: \(error)") }
    }
}
