import Foundation
import Testing
import TestSupport
@testable import TrendCore

/// A property of the content reader (SPEC §18, never a silent misread):
/// for any table it accepts, every weigh-in it stores comes from the
/// column its summary names as the weight, row for row; and with that
/// column taken away, it stores none. Tables are generated from a seeded
/// generator: dates, weights in one unit, row counters, other quantities
/// under headers in several languages, with and without a header row.
@Suite("Weigh-ins come from the column named as the weight")
struct WeightsComeFromTheWeightColumnTests {
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let settings = ImportSettings(
        clock: .fixed(epochSeconds: TestAppModelFactory.now, timeZone: FixedOffsetTimeZone(offsetSeconds: 3600)), configuredUnit: .kilograms)

    /// Headers a column may carry, and how its values are made.
    enum Column: CaseIterable {
        case weight, pounds, counter, pulse, waist, kcal, steps, unnamed
        func header(_ random: inout Generator) -> String {
            switch self {
            case .weight: ["Weight", "Gewicht", "Poids", "peso", "wt", "Weight (kg)"].randomElement(using: &random)!
            case .pounds: ["Weight lbs", "weight_lbs", "Weight in lb", "body weight lb"].randomElement(using: &random)!
            case .counter: ["", "#", "row", "id"].randomElement(using: &random)!
            case .pulse: ["Herzfrequenz", "pulse", "hr", "pulso", "bpm"].randomElement(using: &random)!
            case .waist: ["Taillenumfang", "cm", "Umfang", "length"].randomElement(using: &random)!
            case .kcal: ["kcal", "Energie", "calorías", "kJ"].randomElement(using: &random)!
            case .steps: ["steps", "Schritte", "pasos"].randomElement(using: &random)!
            case .unnamed: ["value x", "Messung", "col"].randomElement(using: &random)!
            }
        }
        func cell(row: Int, _ random: inout Generator) -> String {
            switch self {
            case .weight: String(format: "%.1f", 80 - Double(row) * 0.1 + Double.random(in: -0.4...0.4, using: &random))
            case .pounds: String(format: "%.1f", 176 - Double(row) * 0.2 + Double.random(in: -0.8...0.8, using: &random))
            case .counter: String(row)
            case .pulse: String(Int.random(in: 55...75, using: &random))
            case .waist: String(format: "%.1f", 94 - Double(row) * 0.05)
            case .kcal: String(Int.random(in: 60...90, using: &random))
            case .steps: String(Int.random(in: 40...200, using: &random))
            case .unnamed: String(format: "%.1f", Double.random(in: 60...90, using: &random))
            }
        }
    }

    static func table(seed: UInt64) -> (text: String, header: Bool) {
        var random = Generator(state: seed)
        let columns = (0..<Int.random(in: 1...4, using: &random)).map { _ in Column.allCases.randomElement(using: &random)! }
        let header = Bool.random(using: &random)
        var lines: [String] = []
        if header { lines.append((["date"] + columns.map { $0.header(&random) }).joined(separator: ",")) }
        for row in 1...20 {
            lines.append((["2026-10-\(String(format: "%02d", row))"] + columns.map { $0.cell(row: row, &random) }).joined(separator: ","))
        }
        return (lines.joined(separator: "\n") + "\n", header)
    }

    /// The 0-based column `read as a table: … weight in column N …` names.
    static func weightColumn(_ reading: String?) -> Int? {
        guard let reading, let match = reading.firstMatch(of: /weight in column (\d+)/) else { return nil }
        return Int(match.1).map { $0 - 1 }
    }

    @Test("every weigh-in's value is its row's cell in the weight column; without that column, none are stored", arguments: 0..<400)
    func property(seed: UInt64) throws {
        let (text, _) = Self.table(seed: seed)
        guard let parsed = try? FileImporter.parse(Array(text.utf8), format: ContentTableFormat.format, settings: Self.settings, path: "t"),
            !parsed.entries.isEmpty
        else { return }
        let column = try #require(Self.weightColumn(parsed.tableReading), "weigh-ins stored with no weight column named: \(parsed.tableReading ?? "")\n\(text)")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        for row in parsed.rows {
            guard case .entry(let entry, let line) = row else { continue }
            let cell = try #require(Double(lines[line - 1][column]), "line \(line) has no number in column \(column + 1)")
            let readings = [cell, cell * WeightUnit.pounds.kilogramsPerUnit, cell * WeightUnit.stones.kilogramsPerUnit]
            #expect(readings.contains { abs($0 - entry.kilograms) < 1e-9 }, "line \(line): \(entry.kilograms) kg from \(cell)\n\(text)")
        }
        // The same table without the weight column: no weigh-ins.
        let without = lines.map { fields in fields.enumerated().filter { $0.offset != column }.map(\.element) }
            .map { $0.joined(separator: ",") }.joined(separator: "\n")
        let rest = try? FileImporter.parse(Array(without.utf8), format: ContentTableFormat.format, settings: Self.settings, path: "t")
        #expect(rest?.entries.isEmpty ?? true, "weigh-ins from a table with no weight column:\n\(without)")
    }

    /// Qualifiers that make a weight another quantity (SPEC §18, read by evidence), in several languages.
    static let qualified = [
        "Weight (goal)", "Weight (7-day avg)", "Weight trend", "target weight", "Gewicht Soll", "Zielgewicht", "Poids cible", "Peso meta",
        "Waga docelowa", "Ideal weight", "Projected weight", "Predicted weight", "Weight lifted", "Baby weight", "goal.weight", "exercise.weight",
    ]

    @Test("a table whose weight column's header carries a qualifier that is not the body's stores no weigh-in", arguments: 0..<400)
    func qualifiedHeader(seed: UInt64) throws {
        let (text, header) = Self.table(seed: seed)
        guard header, let parsed = try? FileImporter.parse(Array(text.utf8), format: ContentTableFormat.format, settings: Self.settings, path: "t"),
            !parsed.entries.isEmpty, let column = Self.weightColumn(parsed.tableReading)
        else { return }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var names = lines[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        names[column] = Self.qualified[Int(seed) % Self.qualified.count]
        lines[0] = names.joined(separator: ",")
        let renamed = lines.joined(separator: "\n")
        let read = try? FileImporter.parse(Array(renamed.utf8), format: ContentTableFormat.format, settings: Self.settings, path: "t")
        #expect(read?.entries.isEmpty ?? true, "weigh-ins from a column headed '\(names[column])':\n\(renamed)")
    }

    /// A workout's evening: a warm-up and working sets of two or three lifts, as loads.
    static func sets(seed: UInt64) -> (text: String, header: String?) {
        var random = Generator(state: seed)
        let header = [nil, "date,weight", "Date,Weight (kg)", "Datum,Gewicht", "date,body weight", "fecha,peso"].randomElement(using: &random)!
        var lines = header.map { [$0] } ?? []
        for day in 1...Int.random(in: 4...12, using: &random) {
            for _ in 0..<Int.random(in: 2...3, using: &random) {
                let work = Double(Int.random(in: 16...56, using: &random)) * 2.5
                let loads = [work * 0.6] + Array(repeating: work, count: Int.random(in: 2...4, using: &random))
                for load in loads { lines.append(String(format: "2026-10-%02d 18:%02d,%.1f", day, Int.random(in: 0...59, using: &random), load)) }
            }
        }
        return (lines.joined(separator: "\n") + "\n", header)
    }

    @Test("rows that spread within a day as a workout's sets do store no weigh-in, under any weight header or none", arguments: 0..<200)
    func workoutSpread(seed: UInt64) {
        let (text, header) = Self.sets(seed: seed)
        for format in [nil, ContentTableFormat.format] {
            let read = try? FileImporter.parse(Array(text.utf8), format: format, settings: Self.settings, path: "t")
            #expect(read?.entries.isEmpty ?? true, "weigh-ins from a workout's loads (\(header ?? "no header")):\n\(text)")
        }
    }

    @Test("the generated tables exercise both sides: some are read as weigh-ins, some refused or read as none")
    func generatorCoversBoth() {
        let read = (0..<400).count { seed in
            let (text, _) = Self.table(seed: UInt64(seed))
            return (try? FileImporter.parse(Array(text.utf8), format: ContentTableFormat.format, settings: Self.settings, path: "t"))?.entries.isEmpty == false
        }
        #expect(read > 80 && read < 320, "\(read) of 400 tables gave weigh-ins")
    }
}
