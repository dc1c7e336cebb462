import Foundation
import Testing
import TestSupport

/// What an attacker's round found at the doors other than import: text
/// that is not UTF-8, ids shared across kinds, short ids two records
/// share, completions from another data directory, a killed writer's
/// temporary, an encoding that lies, and a mail address sendmail cannot
/// take. Each is refused with its exit status or handled, and nothing
/// stored is changed by a refusal.
@Suite("Every door holds")
struct EveryDoorHoldsTests {
    static let id = "00000000-0000-4000-8000-"

    /// A weights.json of weigh-ins, intake and measurements, ids given.
    static func store(weighIns: [(String, String, Double)], intake: [(String, String, Double)] = [], note: [UInt8]? = nil) -> Data {
        var text = "{\"entries\": [" + weighIns.map { id, day, kg in
            "{\"date\": \"\(day)T07:00:00+00:00\", \"id\": \"\(id)\", \"kilograms\": \(kg)" + (note == nil ? "}" : ", \"note\": \"NOTE\"}")
        }.joined(separator: ", ") + "]"
        if !intake.isEmpty {
            text += ", \"intake\": [" + intake.map { id, day, kcal in "{\"date\": \"\(day)T12:00:00+00:00\", \"id\": \"\(id)\", \"kilocalories\": \(kcal)}" }.joined(separator: ", ") + "]"
        }
        text += ", \"version\": \(intake.isEmpty ? 1 : 3)}\n"
        var bytes = Array(text.utf8)
        if let note, let range = bytes.firstRange(of: Array("NOTE".utf8)) { bytes.replaceSubrange(range, with: note) }
        return Data(bytes)
    }

    @Test("a note cut inside a 4-byte UTF-8 sequence is refused by every door, and nothing is rewritten", arguments: ["list", "progress", "log", "import", "merge"])
    func brokenUTF8(door: String) throws {
        let cli = try CLIHarness()
        let broken = Self.store(weighIns: [(Self.id + "000000000001", "2026-11-01", 80)], note: Array("a".utf8) + [0xF0, 0x9F, 0x98] + Array("b".utf8))
        switch door {
        case "import", "merge":
            try cli.ok("log", "81", "--date", "2026-11-02 07:00")
            let before = cli.weightsFile
            try broken.write(to: URL(fileURLWithPath: cli.directory.file("other.json")))
            let result = try cli.run(door, cli.directory.file("other.json"))
            #expect(result.status == 65, "\(result.stderr)")
            #expect(result.stderr.contains("invalid UTF-8"), "\(result.stderr)")
            #expect(cli.weightsFile == before)
        default:
            try cli.writeWeights(broken)
            let result = door == "log" ? try cli.run("log", "80.5") : try cli.run(door)
            #expect(result.status == 65, "\(result.stderr)")
            #expect(result.stderr.contains("invalid UTF-8"), "\(result.stderr)")
            #expect(cli.weightsFile == broken)
        }
    }

    @Test("a copy whose intake carries one of our weigh-ins' ids merges as a conflict; the store stays usable")
    func mergeAcrossKinds() throws {
        let cli = try CLIHarness()
        let shared = Self.id + "000000000001"
        try cli.writeWeights(Self.store(weighIns: [(shared, "2026-11-01", 80), (Self.id + "000000000002", "2026-11-02", 79.8)]))
        try Self.store(weighIns: [(Self.id + "000000000003", "2026-11-03", 79.6)], intake: [(shared, "2026-11-01", 650)])
            .write(to: URL(fileURLWithPath: cli.directory.file("copy.json")))
        let merged = try cli.run("merge", cli.directory.file("copy.json"))
        #expect(merged.status == 0 || merged.status == 65, "\(merged.stderr)")
        #expect(merged.stderr.contains("00000000") && merged.stderr.lowercased().contains("conflict"), "\(merged.stderr)")
        // Every command still reads the store: no id twice.
        try cli.ok("list")
        try cli.ok("undo")
        try cli.ok("list")
        let kinds = try cli.weightsJSON()
        let ids = ((kinds["entries"] as? [[String: Any]]) ?? []) + ((kinds["intake"] as? [[String: Any]]) ?? [])
        #expect(Set(ids.compactMap { $0["id"] as? String }).count == ids.count)
    }

    @Test("importing a JSON export whose intake has a stored weigh-in's id is refused, nothing stored")
    func importAcrossKinds() throws {
        let cli = try CLIHarness()
        let shared = Self.id + "000000000001"
        try cli.writeWeights(Self.store(weighIns: [(shared, "2026-11-01", 80)]))
        let before = cli.weightsFile
        // What `trend export --format json` writes, from another data directory.
        try Self.store(weighIns: [(Self.id + "000000000009", "2026-11-02", 79.9)], intake: [(shared, "2026-11-01", 650)])
            .write(to: URL(fileURLWithPath: cli.directory.file("export.json")))
        let result = try cli.run("import", cli.directory.file("export.json"))
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("has the id of a stored weigh-in: ids are unique across"), "\(result.stderr)")
        #expect(cli.weightsFile == before)
    }

    @Test("two records sharing their first 8 hex digits are listed, removed and completed by ids long enough to tell them apart")
    func shortIDsLengthen() throws {
        let cli = try CLIHarness()
        let first = "3f2a1b0c-9d00-4000-8000-000000000001"
        let second = "3f2a1b0c-9e00-4000-8000-000000000002"
        try cli.writeWeights(Self.store(weighIns: [(first, "2026-11-01", 80), (second, "2026-11-02", 79.8), (Self.id + "000000000003", "2026-11-03", 79.6)]))
        let list = try cli.ok("list").stdout
        #expect(list.contains("3f2a1b0c-9d ") && list.contains("3f2a1b0c-9e "), "\(list)")
        #expect(list.contains("00000000 "), "\(list)")
        let completed = try cli.ok("__complete", "ids", "3f2a").stdout
        #expect(completed == "3f2a1b0c-9d\n3f2a1b0c-9e\n", "\(completed)")
        let ambiguous = try cli.run("rm", "3f2a1b0c")
        #expect(ambiguous.status == 65 && ambiguous.stderr.contains("3f2a1b0c-9d") && ambiguous.stderr.contains("3f2a1b0c-9e"), "\(ambiguous.stderr)")
        let removed = try cli.ok("rm", "3f2a1b0c-9e")
        #expect(removed.stdout.contains("(3f2a1b0c-9e)"), "\(removed.stdout)")
    }

    @Test("bash completes the ids of the data directory the line names with --data-dir, not the default one")
    func completionsFollowDataDir() throws {
        let cli = try CLIHarness()
        try cli.writeWeights(Self.store(weighIns: [("aaaaaaaa-0000-4000-8000-000000000001", "2026-11-01", 80)]))
        let other = cli.directory.file("other")
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        try Self.store(weighIns: [("bbbbbbbb-0000-4000-8000-000000000001", "2026-11-01", 80)]).write(to: URL(fileURLWithPath: other + "/weights.json"))
        try cli.directory.write(try cli.ok("completions", "bash").stdout, to: "trend.bash")
        let script = """
            source '\(cli.directory.file("trend.bash"))'
            c() { COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=(); _trend 2>/dev/null; echo "${COMPREPLY[*]}"; }
            c '\(cli.binary.url.path)' edit ''
            c '\(cli.binary.url.path)' --data-dir '\(other)' edit ''
            c '\(cli.binary.url.path)' edit --data-dir '\(other)' ''
            """
        try cli.directory.write(script, to: "complete.sh")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [cli.directory.file("complete.sh")]
        process.environment = cli.environment
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        let lines = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(lines == ["aaaaaaaa", "bbbbbbbb", "bbbbbbbb"], "\(lines)")
    }

    @Test("undo and redo take away a killed writer's temporary file, as a change does", arguments: ["undo", "redo"])
    func staleTemporary(move: String) throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80", "--date", "2026-11-01 07:00")
        try cli.ok("log", "79.8", "--date", "2026-11-02 07:00")
        if move == "redo" { try cli.ok("undo") }
        let stale = cli.dataDirectory + "/.weights.json.tmp-killed"
        #expect(FileManager.default.createFile(atPath: stale, contents: Data("{".utf8)))
        try cli.ok(move)
        #expect(!FileManager.default.fileExists(atPath: stale))
    }

    @Test("a mail address sendmail cannot take is a usage error naming it", arguments: ["é@ü.de", "Ana <ana@exämple.com>", String(repeating: "a", count: 250) + "@x.de"])
    func mailAddress(address: String) throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80")
        let result = try cli.run("progress", "--format", "email", "--to", address)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("--to"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("a display name that is not ASCII is encoded, the address beside it never is")
    func mailDisplayName() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80")
        let mail = try cli.ok("progress", "--format", "email", "--to", "Ana Müller <ana@example.com>").stdout
        let to = try #require(mail.split(separator: "\n").first { $0.hasPrefix("To: ") })
        #expect(to.hasPrefix("To: =?UTF-8?B?") && to.hasSuffix(" <ana@example.com>"), "\(to)")
    }
}
