/// How long trend waits (SPEC §2, §6, §14): for a lock another trend
/// holds, for a hook that does not end (ten seconds each), and before a
/// long piece of work shows how far it is (a second). A test (or a slow
/// system) sets others through the environment, as `TREND_NOW` sets the
/// clock, so no test waits ten seconds to see a limit, or builds a history
/// big enough to take a second to see a progress line.
public struct WaitLimits: Equatable, Sendable {
    public var lockSeconds: Double
    public var hookSeconds: Double
    public var progressSeconds: Double

    public static let standard = WaitLimits(lockSeconds: 10, hookSeconds: 10, progressSeconds: 1)
    /// What `TREND_LOCK_WAIT` and `TREND_HOOK_TIME_LIMIT` may set.
    public static let allowed = 0.1...600.0
    /// What `TREND_PROGRESS_DELAY` may set: 0 shows the line at once.
    public static let allowedProgress = 0.0...600.0

    public init(lockSeconds: Double, hookSeconds: Double, progressSeconds: Double = standard.progressSeconds) {
        self.lockSeconds = lockSeconds
        self.hookSeconds = hookSeconds
        self.progressSeconds = progressSeconds
    }

    /// `TREND_LOCK_WAIT`, `TREND_HOOK_TIME_LIMIT` and `TREND_PROGRESS_DELAY`
    /// (seconds, a plain decimal within their range); the problem names the
    /// first variable that is not.
    public static func from(environment: [String: String]) -> Result<WaitLimits, Problem> {
        // Each variable read into its field directly: a list of key paths
        // made two key-path objects and their classes in every run.
        func read(_ name: String, _ range: ClosedRange<Double>, into seconds: inout Double) -> Problem? {
            guard let text = environment[name], !text.isEmpty else { return nil }
            // Digits and at most one point: never `inf`, `nan` or hex, which `Double` would take.
            let plain = text.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || $0 == 46 } && text.utf8.filter { $0 == 46 }.count <= 1
            guard plain, let value = Double(text), range.contains(value) else { return Problem(variable: name, text: text, allowed: range) }
            seconds = value
            return nil
        }
        var limits = standard
        if let problem = read("TREND_LOCK_WAIT", allowed, into: &limits.lockSeconds) { return .failure(problem) }
        if let problem = read("TREND_HOOK_TIME_LIMIT", allowed, into: &limits.hookSeconds) { return .failure(problem) }
        if let problem = read("TREND_PROGRESS_DELAY", allowedProgress, into: &limits.progressSeconds) { return .failure(problem) }
        return .success(limits)
    }

    public struct Problem: Error, Equatable, Sendable {
        public let variable: String
        public let text: String
        /// The seconds the variable may hold.
        public let allowed: ClosedRange<Double>

        public init(variable: String, text: String, allowed: ClosedRange<Double> = WaitLimits.allowed) {
            self.variable = variable
            self.text = text
            self.allowed = allowed
        }
    }

    /// `10 s`, `1.5 s`.
    public static func text(_ seconds: Double) -> String { DecimalText.shortest(seconds) + " s" }
}
