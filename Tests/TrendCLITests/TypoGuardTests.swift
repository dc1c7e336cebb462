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
        #expect(decimal.stderr == "Error: 805.0 kg is far from your trend of 80.4 kg; did you mean 80.5 kg? Log it anyway with --force.\n")
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
}
