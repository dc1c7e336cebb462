import Foundation
import Testing
import TestSupport

/// SPEC §9: undo, redo, refusal, and crash safety.
@Suite("Undo", .serialized)
struct UndoTests {
    func ids(_ cli: CLIHarness) throws -> [String] {
        guard cli.weightsFile != nil else { return [] }
        return try cli.entries().compactMap { $0["id"] as? String }
    }

    @Test("undo reverts the last change and says what it did; a second undo redoes it")
    func undoRedo() throws {
        let cli = try CLIHarness()
        let nothing = try cli.run("undo")
        #expect(nothing.status == 1)
        #expect(nothing.stderr.contains("nothing to undo"))
        try cli.ok("log", "80", "--date", "2026-11-01")
        try cli.ok("log", "81", "--date", "2026-11-02")
        let two = try ids(cli)
        let undone = try cli.ok("undo")
        #expect(undone.stderr == "Undone: 1 weigh-in removed, as before the last change.\n")
        #expect(try ids(cli) == [two[0]])
        let redone = try cli.ok("undo")
        #expect(redone.stderr == "Undone: 1 weigh-in added, as before the last change.\n")
        #expect(try ids(cli) == two)
        // Goal changes and edits are undone too.
        try cli.ok("goal", "75")
        try cli.ok("undo")
        #expect(try cli.weightsJSON()["goalKilograms"] == nil)
        #expect(try cli.ok("undo", "-q").stderr.isEmpty)
        #expect(try cli.weightsJSON()["goalKilograms"] as? Double == 75)
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
        #expect(try cli.ok("undo").stderr == "Undone: 608 weigh-ins removed, as before the last change.\n")
        #expect(try ids(cli).count == 1)
    }

    @Test("undo refuses a file that something else changed since, and changes nothing")
    func changedSince() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80", "--date", "2026-11-01")
        try cli.ok("log", "81", "--date", "2026-11-02")
        // An editor rewrites the file, same bytes or not.
        let text = try #require(cli.weightsFile)
        try FileManager.default.removeItem(atPath: cli.weightsPath)
        try text.write(to: URL(fileURLWithPath: cli.weightsPath))
        let refused = try cli.run("undo")
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("changed by something other than trend"))
        #expect(cli.weightsFile == text)
        // The next change by trend makes undo available again.
        try cli.ok("log", "82", "--date", "2026-11-03")
        try cli.ok("undo")
        #expect(try ids(cli).count == 2)
    }

    @Test("kill -9 at any moment of an undo leaves one of the two versions, complete")
    func killed() throws {
        let cli = try CLIHarness()
        try cli.writeNumberedHistory(count: 20_000)
        try cli.ok("log", "81", "--date", "2026-11-01", "--force")
        var generator = SystemRandomNumberGenerator()
        for round in 0..<30 {
            let process = Process()
            process.executableURL = cli.binary.url
            process.arguments = ["undo", "-q"]
            process.environment = cli.environment
            try process.run()
            usleep(UInt32(round % 10 * 4_000) + UInt32.random(in: 0..<3_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            try process.wait()
            let count = try ids(cli).count
            #expect(count == 20_000 || count == 20_001, "round \(round): \(count)")
        }
        // Still usable afterwards: undo swaps between the two versions.
        let before = try ids(cli).count
        let result = try cli.run("undo")
        #expect(result.status == 0 || result.status == 65, "\(result.stderr)")
        if result.status == 0 { #expect(try ids(cli).count != before) }
    }
}
