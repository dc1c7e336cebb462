import Foundation
import Testing
import TestSupport

/// SPEC §9: sync conflict copies, trend merge, and the git merge driver.
@Suite("Merging copies")
struct MergeTests {
    static func document(_ entries: [(String, String, Double)], goal: Double? = nil) -> String {
        let lines = entries.map { id, date, kilograms in
            "{\"date\": \"\(date)T07:00:00+00:00\", \"id\": \"00000000-0000-4000-8000-\(id)\", \"kilograms\": \(kilograms)}"
        }
        return "{\"entries\": [\(lines.joined(separator: ", "))]" + (goal.map { ", \"goalKilograms\": \($0)" } ?? "") + ", \"version\": 1}\n"
    }

    func kilograms(_ cli: CLIHarness) throws -> [String: Double] {
        var result: [String: Double] = [:]
        for entry in try cli.entries() {
            result[String((entry["id"] as? String ?? "").suffix(12))] = entry["kilograms"] as? Double
        }
        return result
    }

    @Test("a sync tool's conflict copy is warned about by reading commands (not with -q), listed by info, and merged by id")
    func syncCopies() throws {
        let cli = try CLIHarness()
        try cli.writeWeights(Self.document([("000000000001", "2026-11-01", 80), ("000000000002", "2026-11-02", 81)]))
        let copy = cli.dataDirectory + "/weights (conflicted copy 2026-11-30 101500).json"
        try Self.document([("000000000001", "2026-11-01", 80), ("000000000002", "2026-11-02", 81.5), ("000000000003", "2026-11-03", 82)], goal: 75)
            .write(toFile: copy, atomically: true, encoding: .utf8)
        for name in ["weights.sync-conflict-20261130-101500-ABCDEF.json", "weights (Ann's conflicted copy 2026-11-30).json"] {
            #expect(FileManager.default.createFile(atPath: cli.dataDirectory + "/" + name, contents: Data()))
        }
        let list = try cli.ok("list")
        #expect(list.stderr.components(separatedBy: "warning: a sync tool left a conflicting copy").count == 4)
        #expect(list.stderr.contains("trend merge '\(copy)' --delete-merged"))
        #expect(try cli.ok("list", "-q").stderr.isEmpty)
        let info = try #require(try cli.json(try cli.ok("info", "--format", "json").stdout) as? [String: Any])
        #expect((info["syncConflicts"] as? [String])?.count == 3)
        for name in ["weights.sync-conflict-20261130-101500-ABCDEF.json", "weights (Ann's conflicted copy 2026-11-30).json"] {
            try FileManager.default.removeItem(atPath: cli.dataDirectory + "/" + name)
        }
        let dry = try cli.ok("merge", copy, "--dry-run")
        #expect(dry.stderr.contains("Would merge \(copy): 1 added, 1 same, 1 conflict (kept ours)"))
        #expect(try kilograms(cli).count == 2)
        let merged = try cli.ok("merge", copy, "--delete-merged")
        #expect(merged.stderr.contains("Merged \(copy): 1 added, 1 same, 1 conflict (kept ours)"))
        #expect(merged.stderr.contains("ours 81.0 kg on 2026-11-02 07:00, theirs 81.5 kg on 2026-11-02 07:00"))
        #expect(try kilograms(cli) == ["000000000001": 80, "000000000002": 81, "000000000003": 82])
        #expect(try cli.weightsJSON()["goalKilograms"] as? Double == 75)
        #expect(!FileManager.default.fileExists(atPath: copy))
        #expect(!(try cli.ok("list").stderr.contains("warning")))
        // Undo takes the merge back as one change.
        try cli.ok("undo")
        #expect(try kilograms(cli).count == 2)
    }

    @Test("merge --prefer theirs takes their side of each conflict; a damaged file changes nothing")
    func preferTheirs() throws {
        let cli = try CLIHarness()
        try cli.writeWeights(Self.document([("000000000002", "2026-11-02", 81)], goal: 70))
        try cli.directory.write(Self.document([("000000000002", "2026-11-02", 81.5)], goal: 75), to: "laptop.json")
        try cli.ok("merge", cli.directory.file("laptop.json"), "--prefer", "theirs")
        #expect(try kilograms(cli) == ["000000000002": 81.5])
        #expect(try cli.weightsJSON()["goalKilograms"] as? Double == 75)
        try cli.directory.write("{\"entries\": [", to: "broken.json")
        let before = cli.weightsFile
        let broken = try cli.run("merge", cli.directory.file("laptop.json"), cli.directory.file("broken.json"))
        #expect(broken.status == 65)
        #expect(cli.weightsFile == before)
        #expect(try cli.run("merge").status == 64)
    }

    func git(_ directory: String, _ arguments: String...) throws -> TrendBinary.Result {
        try TrendBinary(url: URL(fileURLWithPath: "/usr/bin/git")).run(
            ["-C", directory] + arguments,
            environment: ["PATH": "/usr/bin:/bin", "HOME": directory, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t",
                          "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t"])
    }

    @Test("the merge driver merges two branches of a data directory kept in git", .enabled(if: Requirement.installed("/usr/bin/git"), "git is not installed"))
    func gitMerge() throws {
        let cli = try CLIHarness()
        let repo = cli.directory.file("repo")
        try FileManager.default.createDirectory(atPath: repo, withIntermediateDirectories: true)
        let weights = repo + "/weights.json"
        func write(_ entries: [(String, String, Double)]) throws {
            try Self.document(entries).write(toFile: weights, atomically: true, encoding: .utf8)
        }
        _ = try git(repo, "init", "-q", "-b", "main")
        try "weights.json merge=trend\n".write(toFile: repo + "/.gitattributes", atomically: true, encoding: .utf8)
        _ = try git(repo, "config", "merge.trend.driver", "\(cli.binary.url.path) merge-driver %O %A %B")
        let one = ("000000000001", "2026-11-01", 80.0), two = ("000000000002", "2026-11-02", 81.0), three = ("000000000003", "2026-11-03", 82.0)
        try write([one, two, three])
        _ = try git(repo, "add", ".")
        _ = try git(repo, "commit", "-qm", "base")
        _ = try git(repo, "checkout", "-qb", "laptop")
        // Laptop: adds one, deletes one.
        try write([one, three, ("000000000004", "2026-11-04", 83.0)])
        _ = try git(repo, "commit", "-qam", "laptop")
        _ = try git(repo, "checkout", "-q", "main")
        // Phone: adds another, changes one.
        try write([one, two, ("000000000003", "2026-11-03", 82.5), ("000000000005", "2026-11-05", 84.0)])
        _ = try git(repo, "commit", "-qam", "phone")
        let merge = try git(repo, "merge", "-q", "--no-edit", "laptop")
        #expect(merge.status == 0, "\(merge.stdout)\(merge.stderr)")
        let text = try String(contentsOfFile: weights, encoding: .utf8)
        #expect(!text.contains("<<<<<<<"))
        let ids = text.components(separatedBy: "8000-").dropFirst().map { String($0.prefix(12)) }
        #expect(ids == ["000000000001", "000000000003", "000000000004", "000000000005"])
        #expect(text.contains("\"kilograms\": 82.5"))
        // Canonical: what trend itself would write.
        var data = try CLIHarness()
        data.extraEnvironment["TREND_DATA_DIR"] = repo
        #expect(try data.ok("export", "--format", "json").stdout == text)

        // A real conflict: both change the same entry differently.
        _ = try git(repo, "checkout", "-qb", "other")
        try write([("000000000001", "2026-11-01", 79.0), three, ("000000000004", "2026-11-04", 83.0), ("000000000005", "2026-11-05", 84.0)])
        _ = try git(repo, "commit", "-qam", "other")
        _ = try git(repo, "checkout", "-q", "main")
        try write([("000000000001", "2026-11-01", 78.0), three, ("000000000004", "2026-11-04", 83.0), ("000000000005", "2026-11-05", 84.0)])
        _ = try git(repo, "commit", "-qam", "main change")
        let conflicted = try git(repo, "merge", "--no-edit", "other")
        #expect(conflicted.status != 0)
        #expect((conflicted.stdout + conflicted.stderr).contains("1 conflict"))
        #expect(try String(contentsOfFile: weights, encoding: .utf8).contains("\"kilograms\": 78"))
    }

    @Test("merge never deletes the store: given weights.json itself, or a glob that matches it, the store is skipped and kept")
    func storeIsNeverMerged() throws {
        let cli = try CLIHarness()
        try cli.writeWeights(Self.document([("000000000001", "2026-11-01", 80)]))
        let alone = try cli.run("merge", cli.weightsPath, "--delete-merged")
        #expect(alone.status == 64, "\(alone.stderr)")
        #expect(alone.stderr.contains("is the store itself"))
        #expect(try kilograms(cli) == ["000000000001": 80])
        // `trend merge data/weights*.json --delete-merged` with a Syncthing copy beside it.
        let copy = cli.dataDirectory + "/weights.sync-conflict-20261130-101500-ABCDEF.json"
        try Self.document([("000000000001", "2026-11-01", 80), ("000000000002", "2026-11-02", 81)]).write(toFile: copy, atomically: true, encoding: .utf8)
        let globbed = try cli.ok("merge", copy, cli.weightsPath, "--delete-merged")
        #expect(globbed.stderr.contains("Skipped \(cli.weightsPath): it is the store itself"))
        #expect(try kilograms(cli) == ["000000000001": 80, "000000000002": 81])
        #expect(!FileManager.default.fileExists(atPath: copy))
        // Another name for the same file (a symlink, ./) is the store too.
        try FileManager.default.createSymbolicLink(atPath: cli.directory.file("alias.json"), withDestinationPath: cli.weightsPath)
        #expect(try cli.run("merge", cli.directory.file("alias.json"), "--delete-merged").status == 64)
        #expect(FileManager.default.fileExists(atPath: cli.weightsPath))
    }

    @Test("undoing a merge with --delete-merged brings the copy back; redo takes it away again")
    func undoBringsCopyBack() throws {
        let cli = try CLIHarness()
        try cli.writeWeights(Self.document([("000000000001", "2026-11-01", 80)]))
        try cli.ok("log", "81", "--date", "2026-11-02")
        let copy = cli.dataDirectory + "/weights (Bob's conflicted copy 2026-11-30).json"
        let text = Self.document([("000000000001", "2026-11-01", 80), ("000000000003", "2026-11-03", 82)])
        try text.write(toFile: copy, atomically: true, encoding: .utf8)
        let warned = try cli.ok("list")
        // Quoted as a shell reads it back: the name has a quote in it.
        #expect(warned.stderr.contains("trend merge '\(cli.dataDirectory)/weights (Bob'\\''s conflicted copy 2026-11-30).json' --delete-merged"), "\(warned.stderr)")
        try cli.ok("merge", copy, "--delete-merged")
        #expect(!FileManager.default.fileExists(atPath: copy))
        #expect(try kilograms(cli).count == 3)
        let undone = try cli.ok("undo")
        #expect(undone.stderr.contains("put back beside the store: \(copy)"))
        #expect(try String(contentsOfFile: copy, encoding: .utf8) == text)
        #expect(try kilograms(cli).count == 2)
        try cli.ok("redo")
        #expect(!FileManager.default.fileExists(atPath: copy))
        #expect(try kilograms(cli).count == 3)
    }

    @Test("a missing copy exits 66, as a missing import does; the merge driver too")
    func missingInput() throws {
        let cli = try CLIHarness()
        let merge = try cli.run("merge", cli.directory.file("nope.json"))
        #expect(merge.status == 66)
        #expect(merge.stderr.contains("nope.json"))
        try cli.directory.write(Self.document([]), to: "ours.json")
        let driver = try cli.run("merge-driver", cli.directory.file("nope.json"), cli.directory.file("ours.json"), cli.directory.file("ours.json"))
        #expect(driver.status == 66)
    }

    @Test("the merge driver: an empty base is an empty store; a side from a newer trend is refused and OURS is untouched")
    func driverEdges() throws {
        let cli = try CLIHarness()
        try cli.directory.write("", to: "base.json")
        try cli.directory.write(Self.document([("000000000001", "2026-11-01", 80)]), to: "ours.json")
        try cli.directory.write(Self.document([("000000000002", "2026-11-02", 81)]), to: "theirs.json")
        let both = try cli.run("merge-driver", cli.directory.file("base.json"), cli.directory.file("ours.json"), cli.directory.file("theirs.json"))
        #expect(both.status == 0, "\(both.stderr)")
        let merged = try #require(cli.directory.read("ours.json"))
        #expect(merged.contains("000000000001") && merged.contains("000000000002"))
        let newer = "{\"entries\": [], \"version\": 9}\n"
        try cli.directory.write(newer, to: "theirs.json")
        let refused = try cli.run("merge-driver", cli.directory.file("base.json"), cli.directory.file("ours.json"), cli.directory.file("theirs.json"))
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("newer trend"))
        #expect(cli.directory.read("ours.json") == merged)
    }

    /// A version 3 store: one weigh-in, and the meals and measurements given as (id suffix, date, value).
    static func bodyDocument(meals: [(String, String, Double)], waists: [(String, String, Double)]) -> String {
        let intake = meals.map { id, date, kcal in
            "{\"date\": \"\(date)T12:00:00+01:00\", \"id\": \"00000000-0000-4000-8000-\(id)\", \"kilocalories\": \(kcal)}"
        }
        let measurements = waists.map { id, date, cm in
            "{\"centimetres\": \(cm), \"date\": \"\(date)T08:00:00+01:00\", \"id\": \"00000000-0000-4000-8000-\(id)\", \"name\": \"waist\"}"
        }
        return "{\"entries\": [{\"date\": \"2026-11-01T07:00:00+00:00\", \"id\": \"00000000-0000-4000-8000-000000000001\", \"kilograms\": 80}], "
            + "\"intake\": [\(intake.joined(separator: ", "))], \"measurements\": [\(measurements.joined(separator: ", "))], \"version\": 3}\n"
    }

    func bodyRecords(_ text: String) throws -> (meals: [String: Double], waists: [String: Double]) {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        var meals: [String: Double] = [:]
        for meal in object["intake"] as? [[String: Any]] ?? [] { meals[String((meal["id"] as? String ?? "").suffix(12))] = meal["kilocalories"] as? Double }
        var waists: [String: Double] = [:]
        for waist in object["measurements"] as? [[String: Any]] ?? [] { waists[String((waist["id"] as? String ?? "").suffix(12))] = waist["centimetres"] as? Double }
        return (meals, waists)
    }

    @Test("the merge driver and a sync copy's merge keep both sides' meals and measurements, removals and edits three ways")
    func bodyRecordsMerge() throws {
        let cli = try CLIHarness()
        let base = Self.bodyDocument(meals: [("000000000011", "2026-11-01", 600), ("000000000012", "2026-11-01", 700)], waists: [("000000000021", "2026-11-01", 90)])
        // Ours removes a meal and adds a waist; theirs edits the other meal and adds one.
        let ours = Self.bodyDocument(
            meals: [("000000000011", "2026-11-01", 600)], waists: [("000000000021", "2026-11-01", 90), ("000000000022", "2026-11-08", 89.5)])
        let theirs = Self.bodyDocument(
            meals: [("000000000011", "2026-11-01", 650), ("000000000012", "2026-11-01", 700), ("000000000013", "2026-11-02", 800)],
            waists: [("000000000021", "2026-11-01", 90)])
        try cli.directory.write(base, to: "base.json")
        try cli.directory.write(ours, to: "ours.json")
        try cli.directory.write(theirs, to: "theirs.json")
        let driver = try cli.run("merge-driver", cli.directory.file("base.json"), cli.directory.file("ours.json"), cli.directory.file("theirs.json"))
        #expect(driver.status == 0, "\(driver.stderr)")
        let merged = try bodyRecords(try #require(cli.directory.read("ours.json")))
        #expect(merged.meals == ["000000000011": 650, "000000000013": 800])
        #expect(merged.waists == ["000000000021": 90, "000000000022": 89.5])
        #expect(try #require(cli.directory.read("ours.json")).contains("\"version\": 3"))

        // A sync tool's copy of the store: its meal and waist come in, ours stay.
        try cli.writeWeights(ours)
        let copy = cli.dataDirectory + "/weights.sync-conflict-20261130-101500-ABCDEF.json"
        try theirs.write(toFile: copy, atomically: true, encoding: .utf8)
        let merge = try cli.ok("merge", copy, "--delete-merged")
        #expect(merge.stderr.contains("Merged"), "\(merge.stderr)")
        let store = try bodyRecords(try String(contentsOfFile: cli.dataDirectory + "/weights.json", encoding: .utf8))
        #expect(store.meals["000000000013"] == 800 && store.meals["000000000012"] == 700)
        #expect(store.waists["000000000022"] == 89.5)
        #expect(!FileManager.default.fileExists(atPath: copy))
        try cli.ok("undo")
        #expect(try bodyRecords(try String(contentsOfFile: cli.dataDirectory + "/weights.json", encoding: .utf8)).meals == ["000000000011": 600])
    }
}

