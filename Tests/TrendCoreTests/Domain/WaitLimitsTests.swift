import Testing
import TrendCore

@Suite("WaitLimits")
struct WaitLimitsTests {
    @Test("ten seconds for a lock and for a hook, a second before a progress line, unless the environment says otherwise")
    func standard() throws {
        #expect(try WaitLimits.from(environment: [:]).get() == WaitLimits(lockSeconds: 10, hookSeconds: 10, progressSeconds: 1))
        let given = ["TREND_LOCK_WAIT": "1.5", "TREND_HOOK_TIME_LIMIT": "2", "TREND_PROGRESS_DELAY": "0"]
        #expect(try WaitLimits.from(environment: given).get() == WaitLimits(lockSeconds: 1.5, hookSeconds: 2, progressSeconds: 0))
        #expect(try WaitLimits.from(environment: ["TREND_PROGRESS_DELAY": "600"]).get().progressSeconds == 600)
    }

    @Test("a limit that is not plain seconds from 0.1 to 600 names its variable", arguments: ["inf", "nan", "0x10", "-1", "0", "601", "1e3", "1.2.3", "a"])
    func refused(text: String) {
        #expect(throws: WaitLimits.Problem(variable: "TREND_LOCK_WAIT", text: text)) { try WaitLimits.from(environment: ["TREND_LOCK_WAIT": text]).get() }
    }

    @Test("a progress delay may be 0, and is refused past 600 or when not plain seconds, with its range", arguments: ["inf", "-1", "600.5", "1e3", "a", " 1"])
    func progressRefused(text: String) {
        #expect(throws: WaitLimits.Problem(variable: "TREND_PROGRESS_DELAY", text: text, allowed: 0...600)) {
            try WaitLimits.from(environment: ["TREND_PROGRESS_DELAY": text]).get()
        }
    }
}
