/// `journal.json` of the undo journal:
/// `{"base": {"file": "v-0.json", "fingerprint": null}, "steps": [{"added": 1,
/// "at": "…", "changed": 0, "command": "log 80.5", "file": "v-1.json",
/// "fingerprint": "…", "goalChanged": false, "id": 1, "removed": 0,
/// "retired": []}], "version": 1}`. Keys sorted, one step per line.
enum UndoJournalDocument {
    static let currentVersion = 1

    static func encode(_ journal: UndoJournal) -> [UInt8] {
        func version(_ v: UndoJournal.SavedVersion) -> String {
            "\"file\": \(JSONText.quoted(v.file)), \"fingerprint\": \(v.fingerprint.map { JSONText.quoted($0.text) } ?? "null")"
        }
        var text = "{\n  \"base\": {\(version(journal.base))},\n  \"steps\": ["
        for (index, step) in journal.steps.enumerated() {
            let summary = step.record.summary
            let retired = step.retired.map { "{\"file\": \(JSONText.quoted($0.file)), \"path\": \(JSONText.quoted($0.path))}" }
            text += index == 0 ? "\n    " : ",\n    "
            text += "{\"added\": \(summary.added), \"at\": \(JSONText.quoted(step.record.at.iso8601)), \"changed\": \(summary.changed), "
            text += "\"command\": \(JSONText.quoted(step.record.command)), \(version(step.version)), "
            text += "\"goalChanged\": \(summary.goalChanged), \"id\": \(step.id), \"removed\": \(summary.removed), "
            text += "\"retired\": [\(retired.joined(separator: ", "))]}"
        }
        text += journal.steps.isEmpty ? "],\n" : "\n  ],\n"
        text += "  \"version\": \(currentVersion)\n}\n"
        return Array(text.utf8)
    }

    static func decode(_ bytes: [UInt8], path: String) throws(JSONScanner.Failure) -> UndoJournal {
        let result: Result<UndoJournal, JSONScanner.Failure> = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONScanner.Failure) in
                var scanner = JSONScanner(bytes: buffer)
                return try read(&scanner)
            }
        }
        return try result.get()
    }

    private static func read(_ s: inout JSONScanner) throws(JSONScanner.Failure) -> UndoJournal {
        var base: UndoJournal.SavedVersion?
        var steps: [UndoJournal.Step]?
        var version: Int?
        try s.readObject { (s: inout JSONScanner, key: String, _: Int) throws(JSONScanner.Failure) in
            switch key {
            case "base": base = try readVersion(&s)
            case "steps":
                var list: [UndoJournal.Step] = []
                try s.readArray { (s: inout JSONScanner) throws(JSONScanner.Failure) in list.append(try readStep(&s)) }
                steps = list
            case "version": version = try s.readVersion()
            default: try s.skipValue()
            }
        }
        try s.expectEnd()
        guard version == currentVersion else { throw s.fail("journal version \(version.map(String.init) ?? "missing") is not \(currentVersion)") }
        guard let base, let steps else { throw s.fail("base or steps missing") }
        return UndoJournal(base: base, steps: steps)
    }

    private static func readVersion(_ s: inout JSONScanner) throws(JSONScanner.Failure) -> UndoJournal.SavedVersion {
        var file: String?
        var fingerprint: Fingerprint?
        try s.readObject { (s: inout JSONScanner, key: String, _: Int) throws(JSONScanner.Failure) in
            switch key {
            case "file": file = try safeName(&s)
            case "fingerprint":
                if s.peek() == UInt8(ascii: "n") { try s.readNull() } else { fingerprint = Fingerprint(text: try s.readString()) }
            default: try s.skipValue()
            }
        }
        guard let file else { throw s.fail("a version without a file") }
        return UndoJournal.SavedVersion(fingerprint: fingerprint, file: file)
    }

    /// A name inside the journal directory: no path, so a planted journal
    /// cannot point undo at other files.
    private static func safeName(_ s: inout JSONScanner) throws(JSONScanner.Failure) -> String {
        let name = try s.readString()
        guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else { throw s.fail("'\(name)' is not a journal file name") }
        return name
    }

    private static func readStep(_ s: inout JSONScanner) throws(JSONScanner.Failure) -> UndoJournal.Step {
        var id: Int?
        var at: Timestamp?
        var command = ""
        var counts = (added: 0, removed: 0, changed: 0)
        var goalChanged = false
        var version = UndoJournal.SavedVersion(fingerprint: nil, file: "")
        var retired: [UndoJournal.Retired] = []
        try s.readObject { (s: inout JSONScanner, key: String, _: Int) throws(JSONScanner.Failure) in
            switch key {
            case "id": id = Int(exactly: try s.readNumber())
            case "at": at = Timestamp(iso8601: try s.readString().utf8[...])
            case "command": command = try s.readString()
            case "added": counts.added = Int(exactly: try s.readNumber()) ?? 0
            case "removed": counts.removed = Int(exactly: try s.readNumber()) ?? 0
            case "changed": counts.changed = Int(exactly: try s.readNumber()) ?? 0
            case "goalChanged": goalChanged = try readBool(&s)
            case "file": version.file = try safeName(&s)
            case "fingerprint": version.fingerprint = Fingerprint(text: try s.readString())
            case "retired":
                try s.readArray { (s: inout JSONScanner) throws(JSONScanner.Failure) in
                    var path: String?
                    var file: String?
                    try s.readObject { (s: inout JSONScanner, key: String, _: Int) throws(JSONScanner.Failure) in
                        switch key {
                        case "path": path = try s.readString()
                        case "file": file = try safeName(&s)
                        default: try s.skipValue()
                        }
                    }
                    guard let path, path.hasPrefix("/"), let file else { throw s.fail("a merged copy without its place") }
                    retired.append(UndoJournal.Retired(path: path, file: file))
                }
            default: try s.skipValue()
            }
        }
        guard let id, let at, !version.file.isEmpty, version.fingerprint != nil else { throw s.fail("a step without its id, time or version") }
        let summary = ChangeSummary(added: counts.added, removed: counts.removed, changed: counts.changed, goalChanged: goalChanged)
        return UndoJournal.Step(id: id, record: JournalStep(at: at, command: command, summary: summary), version: version, retired: retired)
    }

    private static func readBool(_ s: inout JSONScanner) throws(JSONScanner.Failure) -> Bool {
        if s.take(UInt8(ascii: "t")) {
            for byte in "rue".utf8 { guard s.take(byte) else { throw s.fail("not a boolean") } }
            return true
        }
        for byte in "false".utf8 { guard s.take(byte) else { throw s.fail("not a boolean") } }
        return false
    }
}
