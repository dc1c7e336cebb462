/// How long trend waits for what another process holds (SPEC §2, §14): a
/// lock another trend holds, a hook that does not end. Ten seconds each; a
/// test (or a slow system) sets others through the environment, as
/// `TREND_NOW` sets the clock, so no test waits ten seconds to see a limit.
public struct WaitLimits: Equatable, Sendable {
    public var lockSeconds: Double
    public var hookSeconds: Double

    public static let standard = WaitLimits(lockSeconds: 10, hookSeconds: 10)
    /// What the variables may set.
    public static let allowed = 0.1...600.0

    public init(lockSeconds: Double, hookSeconds: Double) {
        self.lockSeconds = lockSeconds
        self.hookSeconds = hookSeconds
    }

    /// `TREND_LOCK_WAIT` and `TREND_HOOK_TIME_LIMIT` (seconds, a plain
    /// decimal within `allowed`); nil names the variable that is neither.
    public static func from(environment: [String: String]) -> Result<WaitLimits, Problem> {
        // Each variable read into its field directly: a list of key paths
        // made two key-path objects and their classes in every run.
        func read(_ name: String, into seconds: inout Double) -> Problem? {
            guard let text = environment[name], !text.isEmpty else { return nil }
            // Digits and at most one point: never `inf`, `nan` or hex, which `Double` would take.
            let plain = text.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || $0 == 46 } && text.utf8.filter { $0 == 46 }.count <= 1
            guard plain, let value = Double(text), allowed.contains(value) else { return Problem(variable: name, text: text) }
            seconds = value
            return nil
        }
        var limits = standard
        if let problem = read("TREND_LOCK_WAIT", into: &limits.lockSeconds) { return .failure(problem) }
        if let problem = read("TREND_HOOK_TIME_LIMIT", into: &limits.hookSeconds) { return .failure(problem) }
        return .success(limits)
    }

    public struct Problem: Error, Equatable, Sendable {
        public let variable: String
        public let text: String

        public init(variable: String, text: String) {
            self.variable = variable
            self.text = text
        }
    }

    /// `10 s`, `1.5 s`.
    public static func text(_ seconds: Double) -> String { DecimalText.shortest(seconds) + " s" }
}
