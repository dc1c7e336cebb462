/// The undo journal's reader: any bytes, no trap; what it accepts names
/// only trend's own file names and places in the data directory, and
/// round-trips through the writer.
func fuzzJournalReader(_ bytes: [UInt8]) {
    let dataDirectory = "/data"
    let isDataDirectory: (String) -> Bool = { $0 == dataDirectory }
    guard let journal = try? UndoJournalDocument.decode(bytes, path: "fuzz", storeName: "weights.json", isDataDirectory: isDataDirectory) else {
        return
    }
    precondition(UndoJournal.isVersionFile(journal.base.file), "a base that is not a version file")
    var previous = UndoJournal.id(of: journal.base.file) ?? 0
    for step in journal.steps {
        precondition(step.id > previous && step.id <= UndoJournal.largestID, "ids out of order or out of range")
        previous = step.id
        precondition(step.version.file == UndoJournal.versionFile(step.id), "a version file that is not the step's")
        for retired in step.retired {
            precondition(UndoJournal.isRetiredFile(retired.file), "a merged copy kept under another name")
            precondition(RetiredName.isAllowed(retired.name, storeName: "weights.json"), "a place that is not a plain name")
        }
    }
    _ = journal.nextID + 1
    let again = try? UndoJournalDocument.decode(
        UndoJournalDocument.encode(journal, dataDirectory: dataDirectory), path: "fuzz", storeName: "weights.json", isDataDirectory: isDataDirectory)
    precondition(again == journal, "accepted input does not round-trip")
}
