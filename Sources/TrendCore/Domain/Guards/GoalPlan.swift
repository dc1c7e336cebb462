/// A plan for reaching the goal (SPEC §13): it starts on the day it was set,
/// from that day's trend, and arrives at the goal on a date, or at a weekly
/// rate. Stored beside the goal in `weights.json`.
public struct GoalPlan: Equatable, Sendable {
    public enum Pace: Equatable, Sendable {
        /// Reach the goal on this day.
        case by(CalendarDay)
        /// Change by this much a week, signed (negative: losing).
        case weeklyRate(kilograms: Double)
    }

    /// The day the plan was set.
    public let start: CalendarDay
    public let pace: Pace

    public init(start: CalendarDay, pace: Pace) {
        self.start = start
        self.pace = pace
    }

    /// The most a plan may ask per week: beyond this is not a plan.
    public static let maximumWeeklyKilograms = 5.0
    /// The least: 0.01 kg or 0.02 lb a week (SPEC §13); slower is no plan,
    /// and would put its day beyond any calendar.
    public static let minimumWeeklyKilograms = 0.02 * WeightUnit.kilogramsPerPound
    /// A plan may end at most 10 years after it starts.
    public static let longestDays = 3653
    /// What a stored plan (set by hand, or by an older trend) may span and
    /// still be computed; beyond it the report says the plan is unusable.
    static let longestStoredDays = 36_525

    /// Whether a new plan from `start` ends on a day within `longestDays`.
    public static func endsInTime(start: CalendarDay, by day: CalendarDay) -> Bool {
        day.dayNumber - start.dayNumber <= longestDays
    }
}
