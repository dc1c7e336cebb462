import Foundation
import Testing
import TestSupport

/// SPEC §9: a weight far from the trend is refused with the likely intent.
@Suite("Typo guard")
struct TypoGuardTests {
    @Test("a misplaced decimal point or the other unit is refused with what was probably meant; --force logs it")
    func refusesLikelyTypos() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80.4", "--date", "2026-11-20")
        let before = cli.weightsFile
        let decimal = try cli.run("log", "805")
        #expect(decimal.status == 65)
        let first = String(try #require(try cli.entries().first?["id"] as? String).prefix(8))
        #expect(decimal.stderr == "Error: 805.0 kg is far from your trend of 80.4 kg; did you mean 80.5 kg? Log it anyway with --force. The trend rests on one weigh-in (\(first)): if it is the typo, fix it with 'trend edit ID --weight W' or 'trend undo'.\n")
        let unit = try cli.run("log", "180")
        #expect(unit.status == 65)
        #expect(unit.stderr.contains("did you mean 180 lb (81.6 kg)?"))
        let plain = try cli.run("log", "92")
        #expect(plain.status == 65)
        #expect(!plain.stderr.contains("did you mean"))
        #expect(cli.weightsFile == before)
        // Within 10% (or under 5 kg away) is a weigh-in, not a typo.
        try cli.ok("log", "84", "--date", "2026-11-21")
        try cli.ok("log", "805", "--force", "--date", "2026-11-22")
        #expect(try cli.entries().count == 3)
    }

    @Test("edit --weight is guarded the same way, against the trend of the other weigh-ins")
    func edit() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80", "--date", "2026-11-20")
        try cli.ok("log", "81", "--date", "2026-11-21")
        let id = String(try #require(try cli.entries()[1]["id"] as? String).prefix(8))
        let refused = try cli.run("edit", id, "--weight", "810")
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("did you mean 81.0 kg?"))
        try cli.ok("edit", id, "--weight", "810", "--force")
        #expect(try cli.entries()[1]["kilograms"] as? Double == 810)
    }

    @Test("a first weigh-in above 150 in kg is logged, with a hint about pounds")
    func firstHeavyWeighIn() throws {
        let cli = try CLIHarness()
        let result = try cli.ok("log", "180")
        #expect(result.stderr.contains("hint: 180.0 kg is heavy for a first weigh-in"))
        #expect(result.stderr.contains("trend unit lb"))
        #expect(try cli.entries().count == 1)
        let other = try CLIHarness()
        #expect(try other.ok("log", "180", "-q").stderr.isEmpty)
        #expect(try other.ok("log", "140", "--date", "2026-11-01", "--force").stderr.isEmpty)
    }

    @Test("a first weigh-in no person weighs is refused with what was meant; a heavy one in kg is logged with a hint")
    func firstWeighIn() throws {
        let cli = try CLIHarness()
        let decimal = try cli.run("log", "805", "--date", "2026-11-20")
        #expect(decimal.status == 65)
        #expect(decimal.stderr.contains("805.0 kg is not a weight a person has; did you mean 80.5 kg?"), "\(decimal.stderr)")
        let pounds = try cli.run("log", "320", "--date", "2026-11-20")
        #expect(pounds.status == 65)
        #expect(pounds.stderr.contains("320 lb (145.1 kg)"), "\(pounds.stderr)")
        #expect(pounds.stderr.contains("run 'trend unit lb'"))
        #expect(try cli.run("log", "8.05", "--date", "2026-11-20").stderr.contains("did you mean"))
        #expect(cli.weightsFile == nil)
        // Heavy in kilograms, but a weight: logged, with a hint about pounds.
        let heavy = try cli.ok("log", "180", "--date", "2026-11-20")
        #expect(heavy.stderr.contains("hint: 180.0 kg is heavy for a first weigh-in; if you weigh in pounds, run 'trend unit lb'"))
        #expect(try cli.entries().count == 1)
        #expect(!(try cli.ok("log", "181", "--date", "2026-11-21").stderr.contains("hint")))
        // In pounds the same range applies to what the number means.
        let lb = try CLIHarness()
        #expect(try lb.run("log", "805", "--unit", "lb", "--date", "2026-11-20").stderr.contains("did you mean 80.5 lb"))
        try lb.ok("log", "320", "--unit", "lb", "--date", "2026-11-20")
        try lb.ok("log", "805", "--force", "--date", "2026-11-21")
    }

    @Test("the same weight again within 2 minutes is not doubled (exit 0, said so); --force logs it")
    func repeated() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80.4", "--date", "2026-11-20 07:15")
        let again = try cli.ok("log", "80.4", "--date", "2026-11-20 07:16")
        #expect(again.stdout.isEmpty)
        #expect(again.stderr.hasPrefix("Already logged at 07:15 ("), "\(again.stderr)")
        #expect(again.stderr.contains("--force to log it again"))
        #expect(try cli.entries().count == 1)
        let json = try #require(try cli.json(try cli.ok("log", "80.4", "--date", "2026-11-20 07:15", "--format", "json").stdout) as? [String: Any])
        #expect(json["alreadyLogged"] as? Bool == true)
        // Another weight, or three minutes later, is another weigh-in.
        try cli.ok("log", "80.6", "--date", "2026-11-20 07:16")
        try cli.ok("log", "80.4", "--date", "2026-11-20 07:18")
        try cli.ok("log", "80.4", "--date", "2026-11-20 07:18", "--force")
        #expect(try cli.entries().count == 4)
    }

    @Test("a weigh-in for an earlier day names both trends: that day's and now")
    func backfill() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80", "--date", "2026-11-01")
        try cli.ok("log", "79", "--date", "2026-11-10")
        let back = try cli.ok("log", "81", "--date", "2026-11-05").stdout
        #expect(back.contains("\nTrend on 5 Nov "), "\(back)")
        #expect(back.contains("; now "))
        let today = try cli.ok("log", "78.8", "--date", "2026-11-11").stdout
        #expect(today.contains("\nTrend 79."), "\(today)")
    }
}
