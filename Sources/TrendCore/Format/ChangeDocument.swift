/// What a post-change hook reads on its standard input (SPEC §14): the
/// change as one JSON object on one line, keys sorted, weigh-ins in the form
/// `weights.json` stores them (exact kilograms, each with its own offset).
///
///     {"added": 1, "changed": 0, "command": "log", "commandLine": "trend log 80.5",
///      "dataFile": "/home/me/.local/share/trend/weights.json", "entries": [{…}],
///      "goalChanged": false, "goalKilograms": 75, "intake": [], "measurements": [], "removed": 0,
///      "removedEntries": [], "removedIntake": [], "removedMeasurements": []}
package enum ChangeDocument {
    package struct Context: Sendable {
        /// The command's name (`log`, `import`, `undo`).
        package let command: String
        /// The command line as typed, shell-quoted.
        package let commandLine: String
        package let dataFile: String

        package init(command: String, commandLine: String, dataFile: String) {
            self.command = command
            self.commandLine = commandLine
            self.dataFile = dataFile
        }
    }

    /// Written in pieces of about 64 KiB to `write`: an import of a long
    /// history is never held twice.
    package static func json(_ change: StoreChange, context: Context, write: @escaping ([UInt8]) -> Void) {
        var out = ChunkingSink(write: write)
        let summary = change.summary
        out.append(contentsOf: "{\"added\": \(summary.added), \"changed\": \(summary.changed), \"command\": ".utf8)
        out.append(contentsOf: JSONText.quoted(context.command).utf8)
        out.append(", \"commandLine\": ")
        out.append(contentsOf: JSONText.quoted(context.commandLine).utf8)
        out.append(", \"dataFile\": ")
        out.append(contentsOf: JSONText.quoted(context.dataFile).utf8)
        out.append(", \"entries\": ")
        entries(change.written, into: &out)
        out.append(contentsOf: ", \"goalChanged\": \(summary.goalChanged), \"goalKilograms\": ".utf8)
        out.append(contentsOf: (change.goal.map { JSONText.number($0.kilograms) } ?? "null").utf8)
        out.append(", \"intake\": ")
        records(change.intake.written, into: &out) { StoreDocument.encode($0, into: &$1) }
        out.append(", \"measurements\": ")
        records(change.measurements.written, into: &out) { StoreDocument.encode($0, into: &$1) }
        out.append(contentsOf: ", \"removed\": \(summary.removed), \"removedEntries\": ".utf8)
        entries(change.removed, into: &out)
        out.append(", \"removedIntake\": ")
        records(change.intake.removed, into: &out) { StoreDocument.encode($0, into: &$1) }
        out.append(", \"removedMeasurements\": ")
        records(change.measurements.removed, into: &out) { StoreDocument.encode($0, into: &$1) }
        out.append("}\n")
        out.flush()
    }

    package static func json(_ change: StoreChange, context: Context) -> [UInt8] {
        var bytes: [UInt8] = []
        json(change, context: context) { bytes += $0 }
        return bytes
    }

    private static func records<Stored>(_ records: [Stored], into out: inout ChunkingSink, encode: (Stored, inout ChunkingSink) -> Void) {
        out.append(UInt8(ascii: "["))
        for (i, record) in records.enumerated() {
            if i > 0 { out.append(", ") }
            encode(record, &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    private static func entries(_ entries: [WeightEntry], into out: inout ChunkingSink) {
        out.append(UInt8(ascii: "["))
        for (i, entry) in entries.enumerated() {
            if i > 0 { out.append(", ") }
            StoreDocument.encode(entry, into: &out)
        }
        out.append(UInt8(ascii: "]"))
    }
}
