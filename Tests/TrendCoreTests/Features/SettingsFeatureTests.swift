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

    @Test("saves run one after another in the order asked, and the last one asked is what is shown")
    func savesQueued() async throws {
        let repository = InMemorySettingsRepository()
        let settings = SettingsFeature(repository: repository)
        repository.gate.hold()
        let first = Task { try await settings.setUnit(.pounds) }
        #expect(await repository.gate.waitUntilStarted(1))
        let second = Task { try await settings.setUnit(.stones) }
        #expect(await !repository.gate.waitUntilStarted(2, turns: 2_000))
        #expect(settings.isSaving)
        repository.gate.release()
        #expect(await repository.gate.waitUntilStarted(2))
        repository.gate.release()
        try await first.value
        try await second.value
        #expect(repository.gate.finishedWhenStarted == [0, 1])
        #expect(await repository.settings.unit == .stones)
        #expect(settings.savedUnit == .stones)
        #expect(!settings.isSaving)
    }

    @Test("a damaged weights file does not stop settings from working")
    func independentOfWeights() async throws {
        let dir = try TemporaryDirectory()
        try dir.write("garbage", to: "weights.json")
        let app = AppModel(dataDirectory: DataDirectory(path: dir.path, source: .given))
        await app.recordLogFeature.refresh()
        #expect(app.recordLogFeature.loadError != nil)
        try await app.settingsFeature.setUnit(.pounds)
        await app.settingsFeature.refresh()
        #expect(app.settingsFeature.unit == .pounds)
        #expect(app.settingsFeature.loadError == nil)
        #expect(dir.read("weights.json") == "garbage")
    }
}
