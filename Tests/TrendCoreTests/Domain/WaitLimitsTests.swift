import Testing
import TrendCore

@Suite("WaitLimits")
struct WaitLimitsTests {
    @Test("ten seconds for a lock and for a hook unless the environment says otherwise")
    func standard() throws {
        #expect(try WaitLimits.from(environment: [:]).get() == WaitLimits(lockSeconds: 10, hookSeconds: 10))
        #expect(try WaitLimits.from(environment: ["TREND_LOCK_WAIT": "1.5", "TREND_HOOK_TIME_LIMIT": "2"]).get() == WaitLimits(lockSeconds: 1.5, hookSeconds: 2))
    }

    @Test("a limit that is not plain seconds from 0.1 to 600 names its variable", arguments: ["inf", "nan", "0x10", "-1", "0", "601", "1e3", "1.2.3", "a"])
    func refused(text: String) {
        #expect(throws: WaitLimits.Problem(variable: "TREND_LOCK_WAIT", text: text)) { try WaitLimits.from(environment: ["TREND_LOCK_WAIT": text]).get() }
    }
}
