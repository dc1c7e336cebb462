import Foundation
import Testing
import TestSupport

/// Trust, round four (2, 5, 8, 9, 15, 16): the undo journal names only
/// places trend chose, never loses a merged copy's weigh-ins, survives a
/// planted or oversized journal, a full disk and a writer killed at any
/// step, and is reconciled with the store on the next run.
@Suite("The undo journal can be trusted", .serialized)
struct JournalIntegrityTests {
    func journal(_ cli: CLIHarness) -> String { cli.dataDirectory + "/.weights.json.undo" }

    func journalText(_ cli: CLIHarness) throws -> String {
        try #require(cli.directory.read("data/.weights.json.undo/journal.json"))
    }

    func writeJournal(_ cli: CLIHarness, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: journal(cli) + "/journal.json"))
    }

    func kilograms(_ cli: CLIHarness) throws -> [Double] {
        guard cli.weightsFile != nil else { return [] }
        return try cli.entries().compactMap { $0["kilograms"] as? Double }
    }

    /// A copy holding one weigh-in the store lacks, merged away with --delete-merged.
    func mergedAway(_ cli: CLIHarness, name: String = "copy.json", in folder: String? = nil) throws -> String {
        try cli.ok("log", "80", "--date", "2026-11-01")
        try cli.ok("log", "81", "--date", "2026-11-02")
        let place = (folder ?? cli.dataDirectory) + "/" + name
        let copy = "{\"entries\": [{\"date\": \"2026-11-03T12:00:00+00:00\", \"id\": \"11111111-1111-4111-8111-111111111111\", \"kilograms\": 82}], \"version\": 1}\n"
        try Data(copy.utf8).write(to: URL(fileURLWithPath: place))
        try cli.ok("merge", place, "--delete-merged")
        #expect(!FileManager.default.fileExists(atPath: place))
        return place
    }

    @Test("a journal whose merged copy points outside the data directory is damaged: undo creates nothing there, redo moves nothing from there")
    func retiredOutside() throws {
        let cli = try CLIHarness()
        _ = try mergedAway(cli)
        let victim = cli.directory.file("home/.ssh/authorized_keys")
        try FileManager.default.createDirectory(atPath: cli.directory.file("home/.ssh"), withIntermediateDirectories: true)
        let planted = try journalText(cli).replacingOccurrences(of: "\"path\": \"\(cli.dataDirectory)/copy.json\"", with: "\"path\": \"\(victim)\"")
        #expect(planted.contains(victim))
        try writeJournal(cli, planted)
        let before = cli.weightsFile
        let undo = try cli.run("undo")
        #expect(undo.status == 65, "\(undo.stderr)")
        #expect(undo.stderr.contains("journal.json"), "\(undo.stderr)")
        #expect(!FileManager.default.fileExists(atPath: victim))
        #expect(cli.weightsFile == before)

        // Undone properly, then the step made to take a user's file on redo.
        let other = try CLIHarness()
        _ = try mergedAway(other)
        try other.ok("undo")
        #expect(FileManager.default.fileExists(atPath: other.dataDirectory + "/copy.json"))
        let precious = other.directory.file("precious.txt")
        try other.directory.write("my file", to: "precious.txt")
        try writeJournal(other, try journalText(other).replacingOccurrences(of: "\"path\": \"\(other.dataDirectory)/copy.json\"", with: "\"path\": \"\(precious)\""))
        let redo = try other.run("redo")
        #expect(redo.status == 65, "\(redo.stderr)")
        #expect(other.directory.read("precious.txt") == "my file")
        // The next change sets the damaged journal aside and says so; the store is fine.
        let logged = try other.run("log", "79", "--date", "2026-11-04")
        #expect(logged.status == 0)
        #expect(logged.stderr.contains("set aside"), "\(logged.stderr)")
        #expect(other.directory.read("precious.txt") == "my file")
    }

    @Test("paths a journal may not name for a merged copy: the store, settings, a lock, the journal, a path with folders")
    func reservedNames() throws {
        let cli = try CLIHarness()
        _ = try mergedAway(cli)
        let honest = try journalText(cli)
        for name in ["weights.json", "settings.json", "weights.json.lock", ".weights.json.undo", "sub/copy.json", "..", ""] {
            try writeJournal(cli, honest.replacingOccurrences(of: "\(cli.dataDirectory)/copy.json", with: "\(cli.dataDirectory)/\(name)"))
            let result = try cli.run("undo", "--list")
            #expect(result.status == 65, "\(name): \(result.stderr)")
        }
        try writeJournal(cli, honest)
        #expect(try cli.run("undo", "--list").status == 0)
    }

    @Test("a copy merged from another folder comes back beside the store, named in the message")
    func outsideCopyComesBackBesideStore() throws {
        let cli = try CLIHarness()
        let elsewhere = cli.directory.file("downloads")
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        _ = try mergedAway(cli, name: "laptop.json", in: elsewhere)
        let undo = try cli.ok("undo")
        #expect(undo.stderr.contains(cli.dataDirectory + "/laptop.json"), "\(undo.stderr)")
        #expect(FileManager.default.fileExists(atPath: cli.dataDirectory + "/laptop.json"))
        #expect(!FileManager.default.fileExists(atPath: elsewhere + "/laptop.json"))
    }

    @Test("a merged copy that only an undone step holds is put back beside the store before the step is dropped")
    func copyOnlyInUndoneStep() throws {
        let cli = try CLIHarness()
        let place = try mergedAway(cli)
        // Something is at the copy's place again: undo cannot put it back.
        try cli.directory.write("{}", to: "data/copy.json")
        let undo = try cli.ok("undo")
        #expect(undo.stderr.contains("kept in the undo journal"), "\(undo.stderr)")
        #expect(try kilograms(cli) == [80, 81])
        try FileManager.default.removeItem(atPath: place)
        // The next change drops the redo step, and the weigh-in only the copy held must survive it.
        let logged = try cli.ok("log", "79", "--date", "2026-11-04")
        let restored = cli.dataDirectory + "/weights (restored 2026-11-30).json"
        #expect(logged.stderr.contains(restored), "\(logged.stderr)")
        #expect(FileManager.default.fileExists(atPath: restored))
        // Every command now names it as a copy to merge, and merging it brings the weigh-in back.
        #expect(try cli.ok("list").stderr.contains("weights (restored 2026-11-30).json"))
        try cli.ok("merge", restored, "--delete-merged")
        #expect(try kilograms(cli) == [80, 81, 82, 79])
    }

    @Test("a copy whose weigh-ins are all in the store goes with its step")
    func copyWithNothingMissing() throws {
        let cli = try CLIHarness()
        _ = try mergedAway(cli)
        for day in 4...25 { try cli.ok("log", "80", "--date", "2026-11-\(day < 10 ? "0" : "")\(day)", "-q") }
        // 21 steps later the merge's step is trimmed: its copy holds nothing the store lacks.
        let names = try FileManager.default.contentsOfDirectory(atPath: cli.dataDirectory)
        #expect(!names.contains { $0.contains("restored") }, "\(names)")
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: journal(cli))).contains { $0.hasPrefix("r-") })
    }

    @Test("a planted journal with ids near Int.max is damaged, set aside with a message; the change is made and leaves no temporary")
    func hugeIDs() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80", "--date", "2026-11-01")
        let planted = try journalText(cli)
            .replacingOccurrences(of: "\"file\": \"v-0.json\"", with: "\"file\": \"v-9223372036854775807.json\"")
            .replacingOccurrences(of: "\"id\": 1,", with: "\"id\": 9223372036854775807,")
        try writeJournal(cli, planted)
        for attempt in 0..<3 {
            let result = try cli.run("log", "8\(attempt)", "--date", "2026-11-0\(attempt + 2)", "--force")
            #expect(result.status == 0, "\(result.stderr)")
            if attempt == 0 { #expect(result.stderr.contains("set aside"), "\(result.stderr)") }
        }
        #expect(try kilograms(cli) == [80, 80, 81, 82])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: cli.dataDirectory).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
        try cli.ok("undo")
        #expect(try kilograms(cli) == [80, 80, 81])
    }

    @Test("a journal over 64 MiB is never read: set aside with a message, the change made at once")
    func oversizedJournal() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80", "--date", "2026-11-01")
        // Sparse: 4 GiB on paper, nothing on disk.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: journal(cli) + "/journal.json"))
        try handle.truncate(atOffset: 4 << 30)
        try handle.close()
        let result = try cli.run("log", "81", "--date", "2026-11-02")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("larger than 64 MiB"), "\(result.stderr)")
        #expect(try kilograms(cli) == [80, 81])
        let list = try cli.ok("undo", "--list")
        #expect(list.stdout.contains("log 81"))
    }

    @Test("a step journalled for a change never put in place (its writer killed) is dropped; stray journal temporaries go under the lock")
    func killedBeforeRename() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80", "--date", "2026-11-01")
        try cli.ok("log", "81", "--date", "2026-11-02")
        // What a writer killed between saving the journal and the rename leaves.
        let phantom = ",\n    {\"added\": 1, \"at\": \"2026-11-30T12:00:00+00:00\", \"changed\": 0, \"command\": \"log 99\", \"file\": \"v-3.json\", \"fingerprint\": \"1 2 3 4 5\", \"goalChanged\": false, \"id\": 3, \"removed\": 0, \"retired\": []}\n  ],"
        try writeJournal(cli, try journalText(cli).replacingOccurrences(of: "\n  ],", with: phantom))
        try cli.directory.write("half a journal", to: "data/.weights.json.undo/.journal.json.tmp-killed")
        let list = try cli.ok("undo", "--list")
        #expect(!list.stdout.contains("log 99"), "\(list.stdout)")
        let redo = try cli.run("redo")
        #expect(redo.status == 1, "\(redo.stderr)")
        try cli.ok("log", "82", "--date", "2026-11-03")
        #expect(!FileManager.default.fileExists(atPath: journal(cli) + "/.journal.json.tmp-killed"))
        try cli.ok("undo")
        try cli.ok("undo")
        #expect(try kilograms(cli) == [80])
    }

    /// Mounts a tmpfs of `kilobytes` (root only).
    func tinyFileSystem(at path: String, kilobytes: Int) -> Bool {
        guard Requirement.isRoot else { return false }
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return (try? SpawnedProcess("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", path], environment: [:]).wait().status) == 0
    }

    @Test("room for the change but not for the journal: the change is made with a warning, and the history before it stays usable",
          .enabled(if: Requirement.isRoot, "mounting a tmpfs needs root"))
    func journalCannotBeWritten() throws {
        let cli = try CLIHarness()
        let mount = cli.directory.file("small")
        try #require(tinyFileSystem(at: mount, kilobytes: 512), "mount -t tmpfs failed")
        defer { _ = try? SpawnedProcess("/bin/umount", [mount], environment: [:]).wait() }
        let environment = TrendBinary.environment(dataDirectory: mount + "/data", extra: ["TREND_NOW": CLIHarness.fixedNow])
        func run(_ arguments: String...) throws -> TrendBinary.Result { try cli.binary.run(arguments, environment: environment) }
        #expect(try run("log", "80", "--date", "2026-11-01").status == 0)
        #expect(try run("log", "81", "--date", "2026-11-02").status == 0)
        // Fill the file system, then free one page: room for the new weights.json, none for the journal.
        let filler = mount + "/filler"
        _ = try SpawnedProcess("/bin/sh", ["-c", "cat /dev/zero > '\(filler)'"], environment: ["PATH": "/usr/bin:/bin"]).wait()
        let size = try #require(try FileManager.default.attributesOfItem(atPath: filler)[.size] as? Int)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: filler))
        try handle.truncate(atOffset: UInt64(size - 4096))
        try handle.close()
        let logged = try run("log", "82", "--date", "2026-11-03")
        #expect(logged.status == 0, "\(logged.stderr)")
        #expect(logged.stderr.contains("could not record it"), "\(logged.stderr)")
        try FileManager.default.removeItem(atPath: filler)
        // Not "changed by something other than trend": the change is taken in, and every step before it still undoes.
        let list = try run("undo", "--list")
        #expect(!list.stdout.contains("something other than trend"), "\(list.stdout)")
        #expect(list.stdout.contains("could not record"), "\(list.stdout)")
        #expect(try run("undo").status == 0)
        #expect(try run("undo").status == 0)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: mount + "/data/weights.json"))) as? [String: Any])
        #expect((entries["entries"] as? [[String: Any]])?.compactMap { $0["kilograms"] as? Double } == [80])
    }
}
