import Foundation
import Testing

/// The harness's `seed` stands in for runs of `trend log` in tests whose
/// subject comes after them: it must store what `log` stores.
@Suite("Seeded weigh-ins")
struct SeedTests {
    /// A file or an output with its random ids blanked.
    func withoutIDs(_ data: Data?) throws -> String {
        let text = String(decoding: try #require(data), as: UTF8.self)
        return text.replacingOccurrences(of: "[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}", with: "ID", options: .regularExpression)
    }

    @Test("seeded weigh-ins are the file `log --force` writes, byte for byte but the ids, with and without body fat", arguments: [false, true])
    func sameAsLogged(fat: Bool) throws {
        let typed = (0..<6).map { (i: Int) -> CLIHarness.TypedWeighIn in
            let kilograms: Double = 82 - 0.1 * Double(i) + (i % 2 == 0 ? 0.3 : -0.3)
            let percent: Double = 25 - 0.08 * Double(i)
            return CLIHarness.TypedWeighIn(
                date: String(format: "2026-11-%02d 07:%02d", 20 + i, i * 7), weight: String(kilograms), fat: fat ? String(percent) : nil)
        }
        let logged = try CLIHarness()
        for weighIn in typed.reversed() {
            try logged.ok(["log", weighIn.weight, "--date", weighIn.date, "--force"] + (weighIn.fat.map { ["--fat", $0] } ?? []))
        }
        let seeded = try CLIHarness()
        try seeded.seed(typed)
        #expect(try withoutIDs(seeded.weightsFile) == withoutIDs(logged.weightsFile))
        #expect(try withoutIDs(seeded.weightsFile).contains("\"version\": \(fat ? 2 : 1)"))
        let ids = try seeded.entries().compactMap { $0["id"] as? String }
        #expect(Set(ids).count == typed.count)
        for report in [["progress", "--format", "json"], ["list", "--format", "csv"]] {
            #expect(try withoutIDs(seeded.ok(report).stdoutData) == withoutIDs(logged.ok(report).stdoutData))
        }
    }
}
