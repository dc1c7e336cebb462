import Foundation
import Testing
import TestSupport

/// SPEC §13's bounds on plans (Trust, round four, 6): a rate or a date no
/// plan has is refused with 65 and nothing stored changes; a stored plan
/// out of those bounds is reported, never a crash.
@Suite("Plans within bounds")
struct PlanGuardTests {
    func history(_ cli: CLIHarness) throws {
        try cli.seed(["01", "05", "10", "15", "20", "25"].map { .init(date: "2026-11-\($0)", weight: "80") })
    }

    @Test("a rate under 0.01 kg (0.02 lb) a week, or a plan ending more than 10 years ahead, is 65 and changes nothing",
          arguments: [["--rate", "0.005"], ["--rate", "0.000000000000001"], ["--rate", "0.01lb"], ["--by", "2036-12-01"], ["--rate", "0.02lb"]])
    func refused(plan: [String]) throws {
        let cli = try CLIHarness()
        try history(cli)
        try cli.ok("goal", "78")
        let before = cli.weightsFile
        let result = try cli.binary.run(["goal", "75"] + plan, environment: cli.environment)
        #expect(result.status == 65, "\(plan): \(result.stderr)")
        #expect(result.stderr.contains("0.01 kg (0.02 lb)") || result.stderr.contains("within 10 years"), "\(result.stderr)")
        #expect(cli.weightsFile == before)
    }

    @Test("the slowest and the longest plans allowed are set", arguments: [["--rate", "0.01"], ["--by", "2036-11-29"]])
    func bounds(plan: [String]) throws {
        let cli = try CLIHarness()
        try history(cli)
        let result = try cli.binary.run(["goal", "78"] + plan, environment: cli.environment)
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test("a stored plan no plan has is reported, not a crash, by every command that reads it", arguments: [-1e-28, 1e-300, -4.9])
    func storedOutOfRange(rate: Double) throws {
        let cli = try CLIHarness()
        try history(cli)
        try cli.ok("goal", "75", "--rate", "0.5")
        var document = try cli.weightsJSON()
        document["goalWeeklyRateKilograms"] = rate
        try cli.writeWeights(String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self))
        let progress = try cli.run("progress", "--range", "All")
        if abs(rate) < 0.001 {
            #expect(progress.status == 0, "\(progress.stderr)")
            #expect(progress.stdout.contains("cannot be followed"), "\(progress.stdout)")
            let json = try cli.ok("progress", "--format", "json")
            #expect((try cli.json(json.stdout) as? [String: Any])?["plan"] is NSNull)
        } else {
            #expect(progress.status == 0, "\(progress.stderr)")
        }
        for command in [["status"], ["progress", "--format", "svg"], ["progress", "--format", "png"], ["progress", "--chart"], ["stats"], ["goal"]] {
            let result = try cli.binary.run(command, environment: cli.environment)
            #expect(result.status == 0 && !result.signaled, "\(command): \(result.stderr)")
        }
    }
}
