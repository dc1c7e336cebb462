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
}
