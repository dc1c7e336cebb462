import Foundation
import Testing
import TestSupport
@testable import TrendCore

/// The tape measure (SPEC §16): names, the typo guard, `--new`, edits.
@MainActor
@Suite("MeasurementFeature")
struct MeasurementFeatureTests {
    @Test("known names need nothing; a name of one's own needs --new once; a typo is refused with the closest name")
    func names() async throws {
        let app = TestAppModelFactory.make()
        let morning = Timestamp.local(2026, 11, 30, 7)
        try await app.measurementFeature.log(name: "waist", centimetres: 84.5, at: morning)
        try await app.measurementFeature.log(name: "Arm-Left", centimetres: 32, at: morning)
        await #expect(throws: LogError.unknownMeasurement(name: "wiast", closest: "waist")) {
            try await app.measurementFeature.log(name: "wiast", centimetres: 84, at: morning)
        }
        await #expect(throws: LogError.unknownMeasurement(name: "bust", closest: nil)) {
            try await app.measurementFeature.log(name: "bust", centimetres: 92, at: morning)
        }
        try await app.measurementFeature.log(name: "bust", centimetres: 92, at: morning, isNew: true)
        // Introduced once: known from then on.
        try await app.measurementFeature.log(name: "bust", centimetres: 91, at: morning.adding(days: -7))
        await #expect(throws: LogError.measurementOutOfRange(centimetres: 400)) { try await app.measurementFeature.log(name: "waist", centimetres: 400, at: morning) }
        await #expect(throws: LogError.self) { try await app.measurementFeature.log(name: "2 arms", centimetres: 30, at: morning, isNew: true) }
        #expect(app.measurementFeature.measuredNames.map(\.text) == ["arm-left", "bust", "waist"])
        let edited = try await app.measurementFeature.update(matching: app.measurementFeature.entries.last!.idText, centimetres: 84)
        #expect(edited.centimetres == 84)
    }

    @Test("a length no tape measures is refused")
    func range() async {
        let app = TestAppModelFactory.make()
        await #expect(throws: LogError.self) { try await app.measurementFeature.log(name: "waist", centimetres: 400, at: app.clock.now) }
    }

    @Test("an edit changes the measurement its id names, and only it")
    func update() async throws {
        let app = TestAppModelFactory.make()
        let entry = try await app.measurementFeature.log(name: "hips", centimetres: 104, at: app.clock.now)
        try await app.measurementFeature.update(matching: entry.shortID, centimetres: 103.5)
        #expect(app.measurementFeature.entries.map(\.centimetres) == [103.5])
    }

    @Test("a reading far from the name's trend is refused naming the likely value, kept when the check is skipped")
    func typoGuard() async throws {
        let app = TestAppModelFactory.make()
        let start = Timestamp.local(2026, 10, 1, 7)
        for week in 0..<6 { try await app.measurementFeature.log(name: "waist", centimetres: 95 - Double(week) * 0.2, at: start.adding(days: week * 7)) }
        let later = start.adding(days: 45)
        do {
            try await app.measurementFeature.log(name: "waist", centimetres: 9.4, at: later, check: .shownIn(.centimetres))
            Issue.record("9.4 cm after weeks at 94 was accepted")
        } catch let LogError.unlikelyMeasurement(name, centimetres, trend, likely, _) {
            #expect(name == "waist" && centimetres == 9.4 && abs(trend - 94.2) < 0.5)
            #expect(likely == [94])
        }
        // In inches, 37 is a waist in the other unit: the likely value says so.
        await #expect(throws: LogError.self) { try await app.measurementFeature.log(name: "waist", centimetres: 37, at: later, check: .shownIn(.centimetres)) }
        #expect(app.measurementFeature.entries.count == 6)
        // Within 15 %: no question asked; other names are not compared with the waist.
        try await app.measurementFeature.log(name: "waist", centimetres: 90, at: later, check: .shownIn(.centimetres))
        try await app.measurementFeature.log(name: "neck", centimetres: 38, at: later, check: .shownIn(.centimetres))
        // Kept as given when the person insists (--force).
        try await app.measurementFeature.log(name: "waist", centimetres: 9.4, at: later.adding(days: 1), check: .skipped)
        #expect(app.measurementFeature.entries.count == 9)
        // An edit is checked against the others, never against itself.
        let typo = try #require(app.measurementFeature.entries.first { $0.centimetres == 9.4 })
        try await app.measurementFeature.update(matching: typo.idText, centimetres: 94, check: .shownIn(.centimetres))
        await #expect(throws: LogError.self) {
            try await app.measurementFeature.update(matching: typo.idText, centimetres: 940 / 100 * 3, check: .shownIn(.centimetres))
        }
    }

    @Test("a series of the report is never a measurement's name", arguments: ["weight", "fat", "fat-mass", "lean-mass", "intake", "bmi", "BMI"])
    func seriesNames(name: String) async {
        let app = TestAppModelFactory.make()
        await #expect(throws: LogError.seriesNotMeasurement(name: name)) {
            try await app.measurementFeature.log(name: name, centimetres: 50, at: app.clock.now, isNew: true)
        }
        #expect(app.measurementFeature.entries.isEmpty)
    }
}
