import Testing
import TestSupport
import TrendCore

/// The test gate the Feature tests hold changes with. It once dropped a
/// release that came before its change had begun to wait, and the whole
/// suite then hung on a change that would never go on (Trust, round four, 20).
@Suite("ChangeGate")
struct ChangeGateTests {
    @Test("a release that comes before the change waits is kept for it, never lost")
    func earlyRelease() async throws {
        let repository = InMemorySettingsRepository()
        repository.gate.hold()
        repository.gate.release()
        let change = Task { try await repository.modify { $0.unit = .pounds } }
        #expect(await repository.gate.waitUntilStarted(1))
        // Bounded by turns: a lost release would leave it waiting for ever.
        var finished = false
        for _ in 0..<100_000 where !finished {
            finished = await repository.settings.unit == .pounds
            await Task.yield()
        }
        #expect(finished, "the change never went on after its release")
        if finished { _ = try await change.value }
    }

    @Test("held changes go on one per release, in the order they arrived")
    func order() async throws {
        let repository = InMemorySettingsRepository()
        repository.gate.hold()
        let first = Task { try await repository.modify { $0.unit = .pounds } }
        #expect(await repository.gate.waitUntilStarted(1))
        let second = Task { try await repository.modify { $0.unit = .stones } }
        #expect(await repository.gate.waitUntilStarted(2))
        #expect(await repository.settings.unit == .kilograms)
        repository.gate.release()
        repository.gate.release()
        _ = try await first.value
        _ = try await second.value
        #expect(await repository.settings.unit == .stones)
    }
}
