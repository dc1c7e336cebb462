/// Marks of one name on consecutive days, taken together: what a listing
/// shows on one line ("period  2–6 Nov 2026") and a chart shades as one
/// band (SPEC §21).
public struct MarkRun: Equatable, Sendable {
    public let name: MarkName
    public let first: CalendarDay
    public let last: CalendarDay
    /// The notes of its days, each once, in day order.
    public let notes: [String]

    public var days: Int { last.dayNumber - first.dayNumber + 1 }

    public init(name: MarkName, first: CalendarDay, last: CalendarDay, notes: [String]) {
        self.name = name
        self.first = first
        self.last = last
        self.notes = notes
    }

    /// The runs of `marks` (any order), by first day, then name.
    public static func runs(of marks: [DayMark]) -> [MarkRun] {
        var byName: [MarkName: [DayMark]] = [:]
        for mark in marks { byName[mark.name, default: []].append(mark) }
        var runs: [MarkRun] = []
        for (name, marks) in byName {
            let sorted = marks.sorted { $0.day < $1.day }
            var start = 0
            for index in sorted.indices where index + 1 == sorted.count || sorted[index + 1].day.dayNumber > sorted[index].day.dayNumber + 1 {
                let run = sorted[start...index]
                var notes: [String] = []
                for note in run.compactMap(\.note) where !notes.contains(note) { notes.append(note) }
                runs.append(MarkRun(name: name, first: run.first!.day, last: run.last!.day, notes: notes))
                start = index + 1
            }
        }
        return runs.sorted { ($0.first, $0.name) < ($1.first, $1.name) }
    }
}
