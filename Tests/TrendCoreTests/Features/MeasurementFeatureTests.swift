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
        await #expect(throws: WeightLogError.unknownMeasurement(name: "wiast", closest: "waist")) {
            try await app.measurementFeature.log(name: "wiast", centimetres: 84, at: morning)
        }
        await #expect(throws: WeightLogError.unknownMeasurement(name: "bust", closest: nil)) {
            try await app.measurementFeature.log(name: "bust", centimetres: 92, at: morning)
        }
        try await app.measurementFeature.log(name: "bust", centimetres: 92, at: morning, isNew: true)
        // Introduced once: known from then on.
        try await app.measurementFeature.log(name: "bust", centimetres: 91, at: morning.adding(days: -7))
        await #expect(throws: WeightLogError.measurementOutOfRange(centimetres: 400)) { try await app.measurementFeature.log(name: "waist", centimetres: 400, at: morning) }
        await #expect(throws: WeightLogError.self) { try await app.measurementFeature.log(name: "2 arms", centimetres: 30, at: morning, isNew: true) }
        #expect(app.measurementFeature.measuredNames.map(\.text) == ["arm-left", "bust", "waist"])
        let edited = try await app.measurementFeature.update(matching: app.measurementFeature.entries.last!.idText, centimetres: 84)
        #expect(edited.centimetres == 84)
    }

    @Test("a length no tape measures is refused")
    func range() async {
        let app = TestAppModelFactory.make()
        await #expect(throws: WeightLogError.self) { try await app.measurementFeature.log(name: "waist", centimetres: 400, at: app.clock.now) }
    }

    @Test("an edit changes the measurement its id names, and only it")
    func update() async throws {
        let app = TestAppModelFactory.make()
        let entry = try await app.measurementFeature.log(name: "hips", centimetres: 104, at: app.clock.now)
        try await app.measurementFeature.update(matching: entry.shortID, centimetres: 103.5)
        #expect(app.measurementFeature.entries.map(\.centimetres) == [103.5])
    }
}
