/// `journal.json` of the undo journal:
/// `{"base": {"file": "v-0.json", "fingerprint": null}, "steps": [{"added": 1,
/// "at": "…", "changed": 0, "command": "log 80.5", "file": "v-1.json",
/// "fingerprint": "…", "goalChanged": false, "id": 1, "removed": 0,
/// "retired": []}], "version": 1}`. Keys sorted, one step per line.
enum UndoJournalDocument {
    static let currentVersion = 1

    /// Merged copies are written with their place in `dataDirectory`, the
    /// only place they can go back to.
    static func encode(_ journal: UndoJournal, dataDirectory: String) -> [UInt8] {
        func version(_ v: UndoJournal.SavedVersion) -> String {
            "\"file\": \(JSONText.quoted(v.file)), \"fingerprint\": \(v.fingerprint.map { JSONText.quoted($0.text) } ?? "null")"
        }
        var text = "{\n  \"base\": {\(version(journal.base))},\n  \"steps\": ["
        for (index, step) in journal.steps.enumerated() {
            let summary = step.record.summary
            let retired = step.retired.map { "{\"file\": \(JSONText.quoted($0.file)), \"path\": \(JSONText.quoted(dataDirectory + "/" + $0.name))}" }
            text += index == 0 ? "\n    " : ",\n    "
            // Weigh-ins counted at the top; every other kind under its group name
            // as [added, removed, changed], only when the step touched it; keys sorted.
            let weighIns = summary[WeightEntry.kind]
            var members: [(key: String, value: String)] = [
                ("added", "\(weighIns.added)"), ("at", JSONText.quoted(step.record.at.iso8601)), ("changed", "\(weighIns.changed)"),
                ("command", JSONText.quoted(step.record.command)), ("goalChanged", "\(summary.goalChanged)"), ("id", "\(step.id)"),
                ("removed", "\(weighIns.removed)"),
            ]
            for kind in RecordStore.kinds.map({ $0.kind }) {
                guard let group = kind.groupName, !summary[kind].isEmpty else { continue }
                let counts = summary[kind]
                members.append((group, "[\(counts.added), \(counts.removed), \(counts.changed)]"))
            }
            text += "{"
            for member in members.sorted(by: { $0.key < $1.key }) {
                text += "\"\(member.key)\": \(member.value), "
                // The saved version's file and fingerprint follow the command, as they always have.
                if member.key == "command" { text += "\(version(step.version)), " }
            }
            text += "\"retired\": [\(retired.joined(separator: ", "))]}"
        }
        text += journal.steps.isEmpty ? "],\n" : "\n  ],\n"
        text += "  \"version\": \(currentVersion)\n}\n"
        return Array(text.utf8)
    }

    /// What a journal may name, checked as it is read: anything else makes
    /// it a damaged journal, set aside and never followed (a planted journal
    /// must not make undo write or move files of the user's elsewhere).
    struct Rules {
        /// The data file's name: a merged copy can never be put back as it.
        var storeName: String
        /// Whether a folder is the data directory (by identity, not spelling).
        var isDataDirectory: (String) -> Bool
    }

    static func decode(
        _ bytes: [UInt8], path: String, storeName: String, isDataDirectory: @escaping (String) -> Bool
    ) throws(JSONScanner.Failure) -> UndoJournal {
        let rules = Rules(storeName: storeName, isDataDirectory: isDataDirectory)
        let result: Result<UndoJournal, JSONScanner.Failure> = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONScanner.Failure) in
                var scanner = JSONScanner(bytes: buffer)
                return try read(&scanner, rules: rules)
            }
        }
        return try result.get()
    }

    private static func read(_ s: inout JSONScanner, rules: Rules) throws(JSONScanner.Failure) -> UndoJournal {
        var base: UndoJournal.SavedVersion?
        var steps: [UndoJournal.Step]?
        var version: Int?
        try s.readObject { (s: inout JSONScanner, key: String, _: Int) throws(JSONScanner.Failure) in
            switch key {
            case "base": base = try readVersion(&s)
            case "steps":
                var list: [UndoJournal.Step] = []
                try s.readArray { (s: inout JSONScanner) throws(JSONScanner.Failure) in list.append(try readStep(&s, rules: rules)) }
                steps = list
            case "version": version = try s.readVersion()
            default: try s.skipValue()
            }
        }
        try s.expectEnd()
        guard version == currentVersion else { throw s.fail("journal version \(version.map(String.init) ?? "missing") is not \(currentVersion)") }
        guard let base, let steps else { throw s.fail("base or steps missing") }
        guard UndoJournal.isVersionFile(base.file) else { throw s.fail("'\(base.file)' is not a version trend keeps") }
        // Ids grow one a change, from the base's: anything else was not written by trend.
        var previous = UndoJournal.id(of: base.file) ?? 0
        for step in steps {
            guard step.id > previous, step.version.file == UndoJournal.versionFile(step.id) else { throw s.fail("step \(step.id) is out of order") }
            previous = step.id
        }
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

    private static func readStep(_ s: inout JSONScanner, rules: Rules) throws(JSONScanner.Failure) -> UndoJournal.Step {
        var id: Int?
        var at: Timestamp?
        var command = ""
        var counts = (added: 0, removed: 0, changed: 0)
        var goalChanged = false
        var others: [String: ChangeSummary.Counts] = [:]
        let groups = Set(RecordStore.kinds.compactMap { $0.kind.groupName })
        var version = UndoJournal.SavedVersion(fingerprint: nil, file: "")
        var retired: [UndoJournal.Retired] = []
        try s.readObject { (s: inout JSONScanner, key: String, _: Int) throws(JSONScanner.Failure) in
            switch key {
            case "id":
                let number = try s.readNumber()
                guard number >= 1, number <= Double(UndoJournal.largestID), let whole = Int(exactly: number) else { throw s.fail("step id \(number) is out of range") }
                id = whole
            case "at": at = Timestamp(iso8601: try s.readString())
            case "command": command = try s.readString()
            case "added": counts.added = try count(&s)
            case "removed": counts.removed = try count(&s)
            case "changed": counts.changed = try count(&s)
            case "goalChanged": goalChanged = try readBool(&s)
            case let key where groups.contains(key):
                var numbers: [Int] = []
                try s.readArray { (s: inout JSONScanner) throws(JSONScanner.Failure) in numbers.append(try count(&s)) }
                guard numbers.count == 3 else { throw s.fail("\"\(key)\" must be three counts") }
                others[key] = ChangeSummary.Counts(added: numbers[0], removed: numbers[1], changed: numbers[2])
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
                    guard let path, let file, UndoJournal.isRetiredFile(file) else { throw s.fail("a merged copy without its place") }
                    // Only the data directory and a plain name: nowhere else can undo write.
                    let name = PathName.lastComponent(of: path)
                    guard path.hasPrefix("/"), rules.isDataDirectory(PathName.parent(of: path)), RetiredName.isAllowed(name, storeName: rules.storeName) else {
                        throw s.fail("'\(path)' is not a place in the data directory")
                    }
                    retired.append(UndoJournal.Retired(name: name, file: file))
                }
            default: try s.skipValue()
            }
        }
        guard let id, let at, !version.file.isEmpty, version.fingerprint != nil else { throw s.fail("a step without its id, time or version") }
        var byKind: [RecordKind: ChangeSummary.Counts] = [WeightEntry.kind: ChangeSummary.Counts(added: counts.added, removed: counts.removed, changed: counts.changed)]
        for kind in RecordStore.kinds.map({ $0.kind }) {
            if let group = kind.groupName, let counted = others[group] { byKind[kind] = counted }
        }
        let summary = ChangeSummary(goalChanged: goalChanged, counts: byKind)
        return UndoJournal.Step(id: id, record: JournalStep(at: at, command: command, summary: summary), version: version, retired: retired)
    }

    /// A count of weigh-ins: whole, not negative, within what a store holds.
    private static func count(_ s: inout JSONScanner) throws(JSONScanner.Failure) -> Int {
        let number = try s.readNumber()
        guard number >= 0, number <= 1e12, let whole = Int(exactly: number) else { throw s.fail("count \(number) is out of range") }
        return whole
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
