import Foundation
import Testing
import TestSupport
import TrendCore

@MainActor
@Suite("SettingsFeature")
struct SettingsFeatureTests {
    @Test("loads, saves and overrides the unit for one session")
    func unit() async throws {
        let repository = InMemorySettingsRepository(settings: Settings(unit: .pounds))
        let settings = SettingsFeature(repository: repository)
        await settings.refresh()
        #expect(settings.unit == .pounds)
        settings.useForSession(.stones)
        #expect(settings.unit == .stones)
        #expect(settings.savedUnit == .pounds)
        try await settings.setUnit(.kilograms)
        #expect(await repository.settings.unit == .kilograms)
        #expect(settings.unit == .stones)
    }

    @Test("a damaged weights file does not stop settings from working")
    func independentOfWeights() async throws {
        let dir = try TemporaryDirectory()
        try dir.write("garbage", to: "weights.json")
        let app = AppModel(dataDirectory: DataDirectory(path: dir.path, source: .flag))
        await app.weightLogFeature.refresh()
        #expect(app.weightLogFeature.loadError != nil)
        try await app.settingsFeature.setUnit(.pounds)
        await app.settingsFeature.refresh()
        #expect(app.settingsFeature.unit == .pounds)
        #expect(app.settingsFeature.loadError == nil)
        #expect(dir.read("weights.json") == "garbage")
    }
}
