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
    /// history is never held twice. The members in sorted order: the
    /// weigh-in counts and the context, then for every kind its records
    /// written and removed, under the names the kind declares.
    package static func json(_ change: StoreChange, context: Context, write: @escaping ([UInt8]) -> Void) {
        var out = ChunkingSink(write: write)
        let summary = change.summary
        let weighIns = summary[WeightEntry.kind]
        var members: [(key: String, write: (inout ChunkingSink) -> Void)] = [
            ("added", { $0.append(contentsOf: "\(weighIns.added)".utf8) }),
            ("changed", { $0.append(contentsOf: "\(weighIns.changed)".utf8) }),
            ("command", { $0.append(contentsOf: JSONText.quoted(context.command).utf8) }),
            ("commandLine", { $0.append(contentsOf: JSONText.quoted(context.commandLine).utf8) }),
            ("dataFile", { $0.append(contentsOf: JSONText.quoted(context.dataFile).utf8) }),
            ("goalChanged", { $0.append(contentsOf: "\(summary.goalChanged)".utf8) }),
            ("goalKilograms", { $0.append(contentsOf: (change.goal.map { JSONText.number($0.kilograms) } ?? "null").utf8) }),
            ("removed", { $0.append(contentsOf: "\(weighIns.removed)".utf8) }),
        ]
        func kind<Codec: RecordCodec>(_: Codec.Type) {
            let records = change.records(Codec.Record.self)
            let kind = Codec.Record.kind
            members.append((kind.hookName, { Self.records(records.written, Codec.self, into: &$0) }))
            members.append((kind.removedHookName, { Self.records(records.removed, Codec.self, into: &$0) }))
        }
        for codec in StoreDocument.codecs { kind(codec) }
        for (index, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
            out.append(contentsOf: (index == 0 ? "{\"" : ", \"").utf8)
            out.append(contentsOf: member.key.utf8)
            out.append("\": ")
            member.write(&out)
        }
        out.append("}\n")
        out.flush()
    }

    package static func json(_ change: StoreChange, context: Context) -> [UInt8] {
        var bytes: [UInt8] = []
        json(change, context: context) { bytes += $0 }
        return bytes
    }

    private static func records<Codec: RecordCodec>(_ records: [Codec.Record], _: Codec.Type, into out: inout ChunkingSink) {
        out.append(UInt8(ascii: "["))
        for (i, record) in records.enumerated() {
            if i > 0 { out.append(", ") }
            Codec.encode(record, into: &out)
        }
        out.append(UInt8(ascii: "]"))
    }
}
