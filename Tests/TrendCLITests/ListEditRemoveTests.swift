import Foundation
import Testing
import TestSupport

@Suite("trend list, edit, remove")
struct ListEditRemoveTests {
    func seeded() throws -> CLIHarness {
        let cli = try CLIHarness()
        try cli.ok("log", "70", "--date", "2026-01-01 07:00")
        try cli.ok("log", "71", "--date", "2026-01-02 07:00", "--note", "pizza, \"big\"")
        try cli.ok("log", "69", "--date", "2026-01-03 07:00")
        return cli
    }

    @Test("lists oldest first with short id, local time, weight, trend and note")
    func text() throws {
        let cli = try seeded()
        let ids = try cli.entries().map { String(($0["id"] as? String ?? "").prefix(8)) }
        let result = try cli.ok("list")
        #expect(
            result.stdout == """
                ID        DATE               WEIGHT    TREND  NOTE
                \(ids[0])  2026-01-01 07:00  70.0 kg  70.0 kg
                \(ids[1])  2026-01-02 07:00  71.0 kg  70.1 kg  pizza, "big"
                \(ids[2])  2026-01-03 07:00  69.0 kg  70.0 kg

                """)
    }

    @Test("lists as JSON entries and as CSV with RFC 4180 quoting")
    func machineFormats() throws {
        let cli = try seeded()
        let json = try #require(try cli.json(cli.ok("list", "--format", "json", "--unit", "lb").stdout) as? [[String: Any]])
        #expect(json.count == 3)
        #expect(json[0]["weight"] as? Double == 154.32)
        #expect(json[0]["kilograms"] as? Double == 70)
        #expect(json[1]["note"] as? String == "pizza, \"big\"")
        let csv = try cli.ok("list", "--format", "csv").stdout.split(separator: "\n")
        #expect(csv[0] == "id,date,weight,unit,trend,note")
        #expect(csv[2].hasSuffix(",2026-01-02T07:00:00+00:00,71,kg,70.1,\"pizza, \"\"big\"\"\""))
    }

    @Test("filters by since, until and limit")
    func filters() throws {
        let cli = try seeded()
        let since = try #require(try cli.json(cli.ok("list", "--since", "2026-01-02", "--format", "json").stdout) as? [[String: Any]])
        #expect(since.count == 2)
        let until = try #require(try cli.json(cli.ok("list", "--until", "2026-01-02", "--format", "json").stdout) as? [[String: Any]])
        #expect(until.count == 2)
        let limited = try #require(try cli.json(cli.ok("list", "-n", "1", "--format", "json").stdout) as? [[String: Any]])
        #expect(limited.first?["kilograms"] as? Double == 69)
        #expect(try cli.run("list", "--limit", "zero").status == 64)
        #expect(try cli.run("list", "--range", "2M").status == 64)
        #expect(try cli.run("list", "--range", "1M", "--since", "2026-01-01").status == 64)
    }

    @Test("edits by id prefix and reports the change")
    func edit() throws {
        let cli = try seeded()
        let id = try #require(try cli.entries()[1]["id"] as? String)
        let result = try cli.ok("edit", String(id.prefix(8)), "--weight", "71.5", "--clear-note")
        #expect(result.stdout.hasPrefix("Updated 71.5 kg on 2026-01-02 07:00 (\(id.prefix(8)))"))
        let entry = try cli.entries()[1]
        #expect(entry["kilograms"] as? Double == 71.5)
        #expect(entry["note"] == nil)
        #expect(entry["id"] as? String == id)
        try cli.ok("edit", id, "--date", "2026-01-04 06:00", "--note", "moved")
        #expect(try cli.entries().last?["note"] as? String == "moved")
    }

    @Test("edit refusals: unknown id 1, malformed id or nothing to change 64, bad weight 65")
    func editRefusals() throws {
        let cli = try seeded()
        let before = cli.weightsFile
        #expect(try cli.run("edit", "ffffffff", "--weight", "70").status == 1)
        #expect(try cli.run("edit", "ab", "--weight", "70").status == 64)
        let id = try #require(try cli.entries()[0]["id"] as? String)
        #expect(try cli.run("edit", id).status == 64)
        #expect(try cli.run("edit", id, "--note", "x", "--clear-note").status == 64)
        #expect(try cli.run("edit", id, "--weight", "heavy").status == 65)
        #expect(cli.weightsFile == before)
    }

    @Test("an ambiguous prefix lists the candidates and exits 65")
    func ambiguous() throws {
        let cli = try CLIHarness()
        try cli.writeWeights("""
            {"entries": [
            {"date": "2026-01-01T07:00:00+00:00", "id": "abcd1111-0000-4000-8000-000000000001", "kilograms": 70},
            {"date": "2026-01-02T07:00:00+00:00", "id": "abcd2222-0000-4000-8000-000000000002", "kilograms": 71}
            ], "version": 1}
            """)
        let before = cli.weightsFile
        let result = try cli.run("rm", "abcd")
        #expect(result.status == 65)
        #expect(result.stderr.contains("abcd1111") && result.stderr.contains("abcd2222"))
        #expect(cli.weightsFile == before)
        try cli.ok("rm", "abcd2")
        #expect(try cli.entries().count == 1)
    }

    @Test("remove deletes one entry and prints it")
    func remove() throws {
        let cli = try seeded()
        let id = try #require(try cli.entries()[0]["id"] as? String)
        let result = try cli.ok("remove", String(id.prefix(8)))
        #expect(result.stdout.hasPrefix("Removed 70.0 kg on 2026-01-01 07:00"))
        #expect(try cli.entries().count == 2)
        #expect(try cli.run("remove", id).status == 1)
    }

    @Test("rm ID ID… removes them in one write; one unknown or ambiguous id removes nothing")
    func removeMany() throws {
        let cli = try CLIHarness()
        try cli.writeWeights("""
            {"entries": [
              {"date": "2026-01-01T07:00:00+00:00", "id": "abcd1111-0000-4000-8000-000000000001", "kilograms": 70},
              {"date": "2026-01-02T07:00:00+00:00", "id": "abcd2222-0000-4000-8000-000000000002", "kilograms": 71},
              {"date": "2026-01-03T07:00:00+00:00", "id": "beef3333-0000-4000-8000-000000000003", "kilograms": 72}
            ], "version": 1}
            """)
        let before = cli.weightsFile
        let unknown = try cli.run("rm", "abcd1", "ffff")
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("nothing was removed"))
        let ambiguous = try cli.run("rm", "beef", "abcd")
        #expect(ambiguous.status == 65)
        #expect(ambiguous.stderr.contains("'abcd' matches 2 entries"))
        #expect(cli.weightsFile == before)
        let removed = try cli.ok("rm", "abcd1", "beef")
        #expect(removed.stdout.components(separatedBy: "Removed ").count == 3)
        #expect(try cli.entries().compactMap { $0["kilograms"] as? Double } == [71])
        // One step: one undo brings both back.
        try cli.ok("undo")
        #expect(try cli.entries().count == 3)
    }

    @Test("the text list written as it goes is the table the held rows give: on daily weigh-ins, list and list --estimated agree byte for byte")
    func streamedTextList() throws {
        let cli = try CLIHarness()
        // One a day, a second on some days, some with fat and notes: no day for --estimated to fill.
        var weighIns: [CLIHarness.TypedWeighIn] = []
        for day in 1...40 {
            let date = CLICalendar.day("2026-09-01", adding: day)
            weighIns.append(.init(date: "\(date) 07:\(String(format: "%02d", day % 60))", weight: "\(82 - Double(day) / 20)", fat: day % 7 == 0 ? "23.\(day % 10)" : nil))
            if day % 9 == 0 { weighIns.append(.init(date: "\(date) 21:10", weight: "\(83 - Double(day) / 20)")) }
        }
        try cli.seed(weighIns)
        let streamed = try cli.ok("list").stdout
        let held = try cli.ok("list", "--estimated").stdout
        #expect(streamed == held && streamed.contains("FAT") && streamed.split(separator: "\n").count == 45, "\(streamed)")
        #expect(try cli.ok("list", "--range", "All", "--limit", "3").stdout == (try cli.ok("list", "--range", "All", "--limit", "3", "--estimated").stdout))
    }
}
