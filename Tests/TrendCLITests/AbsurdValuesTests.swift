import Foundation
import Testing
import TestSupport

/// Trust, round four (7): numbers from outside are bounded, so no value
/// traps, hangs or takes gigabytes: a clear message and 64, or a warning.
@Suite("Absurd values are bad input")
struct AbsurdValuesTests {
    func history(_ cli: CLIHarness) throws {
        try cli.seed(["01", "05", "10", "15", "20", "25"].map { .init(date: "2026-11-\($0)", weight: "80") })
    }

    @Test("--chart-height outside 6 to 200 rows is a usage error", arguments: ["9223372036854775807", "99999999", "201", "5", "0"])
    func chartHeight(rows: String) throws {
        let cli = try CLIHarness()
        try history(cli)
        for command in ["progress", "list"] {
            let result = try cli.run(command, "--chart", "--chart-height", rows)
            #expect(result.status == 64, "\(command) \(rows): \(result.stderr)")
            #expect(!result.signaled)
            #expect(result.stderr.contains("6 to 200") || result.stderr.contains("a whole number above 0"), "\(result.stderr)")
        }
        #expect(try cli.run("progress", "--chart", "--chart-height", "200").status == 0)
    }

    @Test("COLUMNS outside 20 to 1000 is ignored with a warning; the output is laid out at the terminal's width",
          arguments: ["9223372036854775807", "100000000", "19", "0", "-5", "abc"])
    func columns(value: String) throws {
        var cli = try CLIHarness()
        try history(cli)
        cli.extraEnvironment["COLUMNS"] = value
        let result = try cli.binary.run(["progress", "--chart"], environment: cli.environment, timeout: 30)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("is not a width from 20 to 1000 columns"), "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    @Test("an endless device or a pipe of random bytes is refused at its first megabyte, never read whole",
          .enabled(if: FileManager.default.fileExists(atPath: "/dev/urandom")), arguments: ["csv", "json", "libra", "apple-health", "fitbit-json", "garmin"])
    func endlessInput(format: String) throws {
        let cli = try CLIHarness()
        try history(cli)
        let before = cli.weightsFile
        for device in ["/dev/urandom", "/dev/zero"] {
            let result = try cli.binary.run(["import", device, "--format", format], environment: cli.environment, timeout: 30)
            #expect(result.status == 65, "\(device) as \(format): \(result.stderr)")
            #expect(result.stderr.contains("it is not text"), "\(result.stderr)")
        }
        // Through a pipe, as standard input.
        let piped = try TrendBinary(url: URL(fileURLWithPath: "/bin/sh")).run(
            ["-c", "head -c 4000000 /dev/urandom | \"$0\" import - --format \(format)", cli.binary.url.path], environment: cli.environment, timeout: 30)
        #expect(piped.status == 65, "\(piped.stderr)")
        #expect(cli.weightsFile == before)
    }
}
