import Foundation
import Testing
import TestSupport

/// SPEC §18, what was removed stays removed: `rm` and `import
/// --replace-intake` remember what they took out in the store's `removed`
/// array (version 4), a later import of the same rows (the nightly
/// re-import of GUIDE.md) skips them and says so, `--restore-removed`
/// takes them back and forgets them, undoing the `rm` forgets, merge keeps
/// the union and JSON export carries it.
@Suite("What was removed stays removed")
struct RemovedStaysRemovedTests {
    static let scale = "date,weight\n" + (1...5).map { "2026-11-0\($0) 07:0\($0),8\($0).5\n" }.joined()

    func removed(_ cli: CLIHarness) throws -> [[String: Any]] {
        (try cli.weightsJSON()["removed"] as? [[String: Any]]) ?? []
    }

    func id(_ cli: CLIHarness, at index: Int) throws -> String {
        String(try #require(try cli.entries()[index]["id"] as? String).prefix(8))
    }

    @Test("a weigh-in removed after an import is not brought back by importing the file again; the summary counts it")
    func removeThenReimport() throws {
        let cli = try CLIHarness()
        try cli.directory.write(Self.scale, to: "scale.csv")
        try cli.ok("import", cli.directory.file("scale.csv"))
        try cli.ok("rm", try id(cli, at: 2))
        let memory = try removed(cli)
        #expect(memory.count == 1)
        #expect(memory.first?["kind"] as? String == "weigh-in" && memory.first?["value"] as? Double == 83.5)
        #expect(memory.first?["date"] as? String == "2026-11-03T07:03:00+00:00")
        #expect(try cli.weightsJSON()["version"] as? Int == 4)
        let again = try cli.ok("import", cli.directory.file("scale.csv"))
        #expect(again.stderr.contains("0 added") && again.stderr.contains("1 removed earlier, skipped; --restore-removed takes it back."), "\(again.stderr)")
        #expect(try cli.entries().map { $0["kilograms"] as? Double } == [81.5, 82.5, 84.5, 85.5])
    }

    @Test("--restore-removed takes the removed rows back and forgets them; the file goes back to the version its content needs")
    func restoreRemoved() throws {
        let cli = try CLIHarness()
        try cli.directory.write(Self.scale, to: "scale.csv")
        try cli.ok("import", cli.directory.file("scale.csv"))
        try cli.ok("rm", try id(cli, at: 0), try id(cli, at: 4))
        let restored = try cli.ok("import", cli.directory.file("scale.csv"), "--restore-removed")
        #expect(restored.stderr.contains("2 added") && restored.stderr.contains("2 removed earlier, taken back."), "\(restored.stderr)")
        #expect(try cli.entries().count == 5)
        #expect(try removed(cli).isEmpty)
        #expect(try cli.weightsJSON()["version"] as? Int == 1)
    }

    @Test("undoing the rm forgets it: the next import takes the row again")
    func undoForgets() throws {
        let cli = try CLIHarness()
        try cli.directory.write(Self.scale, to: "scale.csv")
        try cli.ok("import", cli.directory.file("scale.csv"))
        try cli.ok("rm", try id(cli, at: 1))
        try cli.ok("undo")
        #expect(try removed(cli).isEmpty)
        try cli.ok("rm", try id(cli, at: 1))
        try cli.ok("undo")
        let again = try cli.ok("import", cli.directory.file("scale.csv"))
        #expect(!again.stderr.contains("removed earlier"), "\(again.stderr)")
        #expect(try cli.entries().count == 5)
    }

    @Test("--replace-intake remembers the intake it replaced: importing the old source again does not bring it back")
    func replaceIntakeRemembers() throws {
        let cli = try CLIHarness()
        try cli.directory.write("date,kcal\n2026-11-01,700\n", to: "diary.csv")
        try cli.ok("import", cli.directory.file("diary.csv"))
        try cli.directory.write("date,kcal\n2026-11-01,1380\n", to: "mfp.csv")
        try cli.ok("import", cli.directory.file("mfp.csv"), "--replace-intake")
        let memory = try removed(cli)
        #expect(memory.count == 1 && memory.first?["kind"] as? String == "intake entry" && memory.first?["value"] as? Double == 700, "\(memory)")
        let again = try cli.ok("import", cli.directory.file("diary.csv"), "--replace-intake")
        #expect(again.stderr.contains("1 removed earlier, skipped"), "\(again.stderr)")
        #expect(((try cli.weightsJSON()["intake"] as? [[String: Any]]) ?? []).compactMap { $0["kilocalories"] as? Double } == [1380])
    }

    @Test("JSON export carries the memory, and a merge keeps the union of both copies'")
    func exportAndMerge() throws {
        let cli = try CLIHarness()
        try cli.directory.write(Self.scale, to: "scale.csv")
        try cli.ok("import", cli.directory.file("scale.csv"))
        let beforeRemoval = try #require(cli.weightsFile)
        try cli.ok("rm", try id(cli, at: 0))
        let export = try cli.ok("export", "--format", "json")
        #expect(export.stdout.contains(#""removed": ["#) && export.stdout.contains(#""kind": "weigh-in", "value": 81.5"#), "\(export.stdout)")
        // Another device's copy from before the rm, which removed another weigh-in.
        let other = try CLIHarness()
        try other.writeWeights(beforeRemoval)
        try other.ok("rm", try id(other, at: 4))
        try cli.ok("merge", other.weightsPath)
        let memory = try removed(cli).compactMap { $0["value"] as? Double }
        #expect(memory == [81.5, 85.5], "\(memory)")
        // The weigh-in this copy removed is not added back from the other's, which still held it.
        #expect(try cli.entries().compactMap { $0["kilograms"] as? Double } == [82.5, 83.5, 84.5, 85.5])
    }
}
