import Foundation
import Testing
import TestSupport

/// SPEC §9: the undo journal: undo walks back, redo forward, every change
/// kept (up to 20), refusal after an outside edit, crash safety, hostile files.
@Suite("Undo", .serialized)
struct UndoTests {
    func ids(_ cli: CLIHarness) throws -> [String] {
        guard cli.weightsFile != nil else { return [] }
        return try cli.entries().compactMap { $0["id"] as? String }
    }

    func kilograms(_ cli: CLIHarness) throws -> [Double] {
        guard cli.weightsFile != nil else { return [] }
        return try cli.entries().compactMap { $0["kilograms"] as? Double }
    }

    var journalDirectory: (CLIHarness) -> String { { $0.dataDirectory + "/.weights.json.undo" } }

    @Test("undo walks back through the changes and redo forward, each saying what it did")
    func walk() throws {
        let cli = try CLIHarness()
        let nothing = try cli.run("undo")
        #expect(nothing.status == 1)
        #expect(nothing.stderr.contains("nothing to undo"))
        try cli.ok("log", "80", "--date", "2026-11-01")
        try cli.ok("log", "81", "--date", "2026-11-02")
        try cli.ok("goal", "75")
        let goal = try cli.ok("undo")
        #expect(goal.stderr == "Undone: goal 75 on 30 Nov 12:00 (the goal changed)\n")
        #expect(try cli.weightsJSON()["goalKilograms"] == nil)
        let second = try cli.ok("undo")
        #expect(second.stderr == "Undone: log 81 --date 2026-11-02 on 30 Nov 12:00 (1 weigh-in removed)\n")
        #expect(try kilograms(cli) == [80])
        let redone = try cli.ok("redo")
        #expect(redone.stderr == "Redone: log 81 --date 2026-11-02 on 30 Nov 12:00 (1 weigh-in added)\n")
        #expect(try kilograms(cli) == [80, 81])
        #expect(try cli.ok("redo", "-q").stderr.isEmpty)
        #expect(try cli.weightsJSON()["goalKilograms"] as? Double == 75)
        let past = try cli.run("redo")
        #expect(past.status == 1)
        #expect(past.stderr.contains("nothing to redo"))
    }

    @Test("the first change of a store is undoable: undo leaves no weights.json, redo brings it back")
    func firstChange() throws {
        let cli = try CLIHarness()
        try cli.directory.write("date,weight\n2026-11-01,805\n2026-11-02,80.4\n", to: "typo.csv")
        try cli.ok("import", cli.directory.file("typo.csv"))
        #expect(try kilograms(cli).count == 2)
        let undone = try cli.ok("undo")
        #expect(undone.stderr.contains("(2 weigh-ins removed)"))
        #expect(cli.weightsFile == nil)
        #expect(try cli.run("undo").status == 1)
        try cli.ok("redo")
        #expect(try kilograms(cli).count == 2)
    }

    @Test("a command that changed nothing takes no undo step, so the nightly import keeps the undo history")
    func noOp() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80", "--date", "2026-11-01")
        try cli.ok("goal", "75")
        let before = try #require(cli.weightsFile)
        try cli.ok("goal", "75")
        try cli.directory.write("date,weight\n2026-11-01 12:00,80\n", to: "again.csv")
        try cli.ok("import", cli.directory.file("again.csv"))
        #expect(cli.weightsFile == before)
        let list = try cli.ok("undo", "--list", "--format", "json")
        let changes = try #require((try cli.json(list.stdout) as? [String: Any])?["changes"] as? [[String: Any]])
        #expect(changes.map { $0["command"] as? String } == ["log 80 --date 2026-11-01", "goal 75"])
        #expect(try cli.ok("undo").stderr.hasPrefix("Undone: goal 75 "))
    }

    @Test("a new change after undos drops what could have been redone")
    func newChangeDropsRedo() throws {
        let cli = try CLIHarness()
        for (day, weight) in [("01", "80"), ("02", "81"), ("03", "82")] { try cli.ok("log", weight, "--date", "2026-11-\(day)") }
        try cli.ok("undo")
        try cli.ok("undo")
        try cli.ok("log", "79", "--date", "2026-11-04")
        #expect(try cli.run("redo").status == 1)
        #expect(try kilograms(cli) == [80, 79])
        let text = try cli.ok("undo", "--list").stdout
        #expect(text.contains("log 79 --date 2026-11-04: 1 weigh-in added"))
        #expect(!text.contains("log 82"))
        // Kept versions: only the one before the new change (the store is the other; before the first there was no file).
        let files = try FileManager.default.contentsOfDirectory(atPath: journalDirectory(cli)).filter { $0.hasPrefix("v-") }
        #expect(files == ["v-1.json"], "\(files)")
    }

    @Test("undo --list shows the changes newest first and where the store is")
    func list() throws {
        let cli = try CLIHarness()
        #expect(try cli.ok("undo", "--list").stdout == "No changes kept yet.\n")
        try cli.ok("log", "80", "--date", "2026-11-01")
        try cli.ok("log", "81", "--date", "2026-11-02")
        try cli.ok("undo")
        let lines = try cli.ok("undo", "--list").stdout.split(separator: "\n").map(String.init)
        #expect(lines[0] == "~ 30 Nov 12:00  log 81 --date 2026-11-02: 1 weigh-in added")
        #expect(lines[1] == "  30 Nov 12:00  log 80 --date 2026-11-01: 1 weigh-in added")
        #expect(lines[2] == "  ^ the store is here")
        let json = try #require(try cli.json(try cli.ok("undo", "--list", "--format", "json").stdout) as? [String: Any])
        #expect(json["position"] as? Int == 1)
        #expect((json["changes"] as? [[String: Any]])?.map { $0["undone"] as? Bool } == [false, true])
    }

    @Test("the journal keeps the last 20 changes")
    func limit() throws {
        let cli = try CLIHarness()
        for day in 1...22 { try cli.ok("log", "80", "--date", String(format: "2026-10-%02d", day), "-q") }
        for _ in 1...20 { try cli.ok("undo", "-q") }
        #expect(try cli.run("undo").status == 1)
        #expect(try kilograms(cli).count == 2)
        let versions = try FileManager.default.contentsOfDirectory(atPath: journalDirectory(cli)).filter { $0.hasPrefix("v-") }
        #expect(versions.count == 20)
    }

    @Test("a mistaken bulk import is undone in one step")
    func bulkImport() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80", "--date", "2020-01-01")
        var rows = "date,weight\n"
        for day in 0..<608 { rows += "2021-\(String(format: "%02d", day / 28 % 12 + 1))-\(String(format: "%02d", day % 28 + 1)) \(String(format: "%02d", day / 336)):00,\(70 + Double(day % 30) / 10)\n" }
        try cli.directory.write(rows, to: "import.csv")
        try cli.ok("import", cli.directory.file("import.csv"))
        #expect(try ids(cli).count == 609)
        let undone = try cli.ok("undo").stderr
        #expect(undone.hasPrefix("Undone: import "))
        #expect(undone.hasSuffix("import.csv on 30 Nov 12:00 (608 weigh-ins removed)\n"))
        #expect(try ids(cli).count == 1)
    }

    @Test("undo and redo refuse a file that something else changed since, and change nothing; the next change starts afresh")
    func changedSince() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80", "--date", "2026-11-01")
        try cli.ok("log", "81", "--date", "2026-11-02")
        try cli.ok("undo")
        // An editor rewrites the file, same bytes or not.
        let text = try #require(cli.weightsFile)
        try FileManager.default.removeItem(atPath: cli.weightsPath)
        try text.write(to: URL(fileURLWithPath: cli.weightsPath))
        for command in ["undo", "redo"] {
            let refused = try cli.run(command)
            #expect(refused.status == 65)
            #expect(refused.stderr.contains("changed by something other than trend"))
            #expect(cli.weightsFile == text)
        }
        #expect(try cli.ok("undo", "--list").stdout.hasPrefix("weights.json was changed by something other than trend"))
        // The next change by trend starts a new journal from what is there.
        try cli.ok("log", "82", "--date", "2026-11-03")
        try cli.ok("undo")
        #expect(try kilograms(cli) == [80])
        #expect(try cli.run("undo").status == 1)
    }

    @Test("kill -9 at any moment of an undo or a redo leaves one of the versions, complete, and the journal still works")
    func killed() throws {
        let cli = try CLIHarness()
        // Small enough that an undo takes a few milliseconds longer than the
        // binary's start, so the kills below fall from before the lock to
        // after the rename.
        try cli.writeNumberedHistory(count: 5_000)
        try cli.ok("log", "81", "--date", "2026-11-01", "--force")
        var generator = SeededGenerator(seed: 5_001)
        var count = 5_001
        for round in 0..<30 {
            let process = try SpawnedProcess(cli.binary.url.path, [count == 5_001 ? "undo" : "redo", "-q"], environment: cli.environment)
            usleep(UInt32(round % 10 * 2_500) + UInt32.random(in: 0..<2_500, using: &generator))
            process.send(SIGKILL)
            try process.wait()
            let after = try ids(cli).count
            #expect(after == 5_000 || after == 5_001, "round \(round): \(after)")
            // Whatever the kill interrupted, the store is one of the journal's versions: the next move works.
            let next = try cli.run(after == 5_001 ? "undo" : "redo")
            #expect(next.status == 0, "round \(round): \(next.stderr)")
            count = try ids(cli).count
            #expect(count == (after == 5_001 ? 5_000 : 5_001))
        }
    }

    @Test("a damaged journal is named as such; the weigh-ins are untouched and the next change starts a new journal")
    func damagedJournal() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80", "--date", "2026-11-01")
        try "{not json".write(toFile: journalDirectory(cli) + "/journal.json", atomically: true, encoding: .utf8)
        let before = cli.weightsFile
        let refused = try cli.run("undo")
        #expect(refused.status == 65)
        #expect(refused.stderr.contains(".weights.json.undo/journal.json"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("weights.json:"))
        #expect(cli.weightsFile == before)
        try cli.ok("log", "81", "--date", "2026-11-02")
        try cli.ok("undo")
        #expect(try kilograms(cli) == [80])
        // The damaged journal was set aside, not lost.
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.dataDirectory).contains { $0.hasPrefix(".weights.json.undo-damaged-") })
    }

    @Test("a FIFO or a symlink planted in the journal never blocks or redirects a change; the weigh-in is stored once")
    func plantedFiles() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80", "--date", "2026-11-01")
        try cli.ok("log", "81", "--date", "2026-11-02")
        let journal = journalDirectory(cli)
        // Where the next change keeps the current version, and the journal itself.
        for name in try FileManager.default.contentsOfDirectory(atPath: journal) where name.hasPrefix("v-") {
            try FileManager.default.removeItem(atPath: journal + "/" + name)
        }
        #expect(mkfifo(journal + "/v-2.json", 0o600) == 0)
        try cli.directory.write("victim", to: "victim")
        let started = Date()
        let logged = try cli.run("log", "82", "--date", "2026-11-03")
        #expect(logged.status == 0, "\(logged.stderr)")
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(try kilograms(cli) == [80, 81, 82])
        try FileManager.default.removeItem(atPath: journal + "/journal.json")
        try FileManager.default.createSymbolicLink(atPath: journal + "/journal.json", withDestinationPath: cli.directory.file("victim"))
        #expect(try cli.run("log", "83", "--date", "2026-11-04").status == 0)
        #expect(cli.directory.read("victim") == "victim")
        #expect(try kilograms(cli) == [80, 81, 82, 83])
        // The planted journal was set aside: the change after it is undoable, the victim untouched.
        try cli.ok("undo")
        #expect(try kilograms(cli) == [80, 81, 82])
        #expect(cli.directory.read("victim") == "victim")
    }

    @Test("the one-step undo files of earlier versions give way to the journal")
    func olderUndoFiles() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80", "--date", "2026-11-01")
        try FileManager.default.removeItem(atPath: journalDirectory(cli))
        try cli.directory.write("old", to: "data/.weights.json.undo")
        try cli.directory.write("1 2 3 4 5\n", to: "data/.weights.json.undo-state")
        try cli.ok("log", "81", "--date", "2026-11-02")
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: journalDirectory(cli), isDirectory: &isDirectory) && isDirectory.boolValue)
        #expect(!FileManager.default.fileExists(atPath: cli.dataDirectory + "/.weights.json.undo-state"))
        try cli.ok("undo")
        #expect(try kilograms(cli) == [80])
    }

    @Test("the journal is never written through a hard link: a linked journal.json leaves its other name untouched")
    func hardLinkedJournal() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80", "--date", "2026-11-01")
        let journal = journalDirectory(cli) + "/journal.json"
        try cli.directory.write("precious", to: "victim")
        try FileManager.default.removeItem(atPath: journal)
        #expect(link(cli.directory.file("victim"), journal) == 0)
        try cli.ok("log", "81", "--date", "2026-11-02")
        #expect(cli.directory.read("victim") == "precious")
    }

    @Test("root changing a user's data leaves the journal theirs: the user can still undo", .enabled(if: Requirement.isRoot, "needs root"))
    func journalOwnership() throws {
        let cli = try CLIHarness()
        try FileManager.default.createDirectory(atPath: cli.dataDirectory, withIntermediateDirectories: true)
        #expect(chown(cli.directory.path, 65534, 65534) == 0)
        #expect(chown(cli.dataDirectory, 65534, 65534) == 0)
        try cli.ok("log", "80", "--date", "2026-11-01")
        try cli.ok("log", "81", "--date", "2026-11-02")
        for path in [journalDirectory(cli), journalDirectory(cli) + "/journal.json"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            #expect(attributes[.ownerAccountID] as? Int == 65534, "\(path)")
        }
        let undone = try TrendBinary(url: URL(fileURLWithPath: "/usr/bin/setpriv")).run(
            ["--reuid=65534", "--regid=65534", "--clear-groups", cli.binary.url.path, "undo"], environment: cli.environment)
        #expect(undone.status == 0, "\(undone.stderr)")
        #expect(try kilograms(cli) == [80])
    }
}
