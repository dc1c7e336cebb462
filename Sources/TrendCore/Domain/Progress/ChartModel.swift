/// What a progress chart draws (SPEC §8), in the display unit, before any
/// output decides how: the terminal, SVG and PNG charts, and any other
/// front end, only paint this, so they agree. Days are the x axis (day
/// numbers), values the y axis.
public struct ChartModel: Equatable, Sendable {
    /// The series a chart shows (`--metric`): weight, body composition,
    /// daily intake or the expenditure day by day (SPEC §15), or a body
    /// measurement by name (§16).
    public enum Metric: Hashable, Sendable {
        case weight
        case fat
        case fatMass
        case leanMass
        case intake
        case expenditure
        case measurement(MeasurementName)

        /// The names `--metric` takes besides a measurement's.
        public static let fixedNames = ["weight", "fat", "fat-mass", "lean-mass", "intake", "expenditure"]

        /// `fat-mass`, `waist`: as `--metric` takes it.
        public var name: String {
            switch self {
            case .weight: "weight"
            case .fat: "fat"
            case .fatMass: "fat-mass"
            case .leanMass: "lean-mass"
            case .intake: "intake"
            case .expenditure: "expenditure"
            case .measurement(let name): name.text
            }
        }

        /// A fixed name, or a measurement name; nil for anything else.
        public init?(name: String) {
            switch name.lowercased() {
            case "weight": self = .weight
            case "fat": self = .fat
            case "fat-mass": self = .fatMass
            case "lean-mass": self = .leanMass
            case "intake": self = .intake
            case "expenditure": self = .expenditure
            default:
                guard let measurement = MeasurementName(name.lowercased()) else { return nil }
                self = .measurement(measurement)
            }
        }

        public var title: String {
            switch self {
            case .weight: "Weight"
            case .fat: "Body fat"
            case .fatMass: "Fat mass"
            case .leanMass: "Lean mass"
            case .intake: "Intake"
            case .expenditure: "Expenditure"
            case .measurement(let name): name.text.prefix(1).uppercased() + name.text.dropFirst()
            }
        }

        /// What its dots and its line are called in a legend.
        public var seriesNames: (dots: String, line: String) {
            switch self {
            case .weight: ("weigh-ins", "trend")
            case .fat, .fatMass, .leanMass: ("measured", "trend")
            case .intake: ("daily intake", "7-day average")
            case .expenditure: ("", "estimate")
            case .measurement: ("measured", "trend")
            }
        }

        /// Dots above and below the line are told apart (floaters and
        /// sinkers) only for weight and body composition.
        public var colorsSides: Bool {
            switch self {
            case .intake, .expenditure, .measurement: false
            default: true
            }
        }
    }

    /// A shaded span of values over some days (SPEC §15): the expenditure's
    /// interval over its window on an intake chart, or day by day on the
    /// expenditure's own. Its edges run straight from one of `edges` to the
    /// next within a segment; segments do not join.
    public struct Band: Equatable, Sendable {
        public struct Edge: Equatable, Sendable {
            public let day: CalendarDay
            public let low: Double
            public let high: Double
        }

        /// Each at least one edge, oldest first.
        public let segments: [[Edge]]
        public let label: String

        /// One interval held over the days from `from` to `to`.
        public init(from: CalendarDay, to: CalendarDay, low: Double, high: Double, label: String) {
            self.init(segments: [[Edge(day: from, low: low, high: high), Edge(day: to, low: low, high: high)]], label: label)
        }

        public init(segments: [[Edge]], label: String) {
            self.segments = segments.filter { !$0.isEmpty }
            self.label = label
        }

        public var from: CalendarDay { segments.first?.first?.day ?? CalendarDay(dayNumber: 0) }
        public var to: CalendarDay { segments.last?.last?.day ?? CalendarDay(dayNumber: 0) }
        public var low: Double { segments.joined().map(\.low).min() ?? 0 }
        public var high: Double { segments.joined().map(\.high).max() ?? 0 }
    }

    /// A measurement and its day's trend: above it a floater, below a sinker
    /// (The Hacker's Diet's words).
    public struct WeighIn: Equatable, Sendable {
        public let day: CalendarDay
        public let value: Double
        public let trend: Double
        /// Outside the value span (an outlier the span leaves out): drawn at its edge.
        public let isClipped: Bool

        public var isFloater: Bool { value > trend }
        public var isSinker: Bool { value < trend }
    }

    public struct TrendPoint: Equatable, Sendable {
        public let day: CalendarDay
        public let value: Double
        /// A day with no measurement: the line is lighter or dashed to it.
        public let isEstimated: Bool
    }

    public struct Line: Equatable, Sendable {
        public let from: (day: Double, value: Double)
        public let to: (day: Double, value: Double)

        public static func == (a: Line, b: Line) -> Bool {
            a.from.day == b.from.day && a.from.value == b.from.value && a.to.day == b.to.day && a.to.value == b.to.value
        }
    }

    public struct Goal: Equatable, Sendable {
        public let value: Double
        public let label: String
        /// Nil when inside the value span; otherwise the edge it is beyond.
        public let beyond: Edge?
    }

    public enum Edge: Equatable, Sendable { case above, below }

    public struct ValueTick: Equatable, Sendable {
        public let value: Double
        public let label: String
    }

    /// What a legend can name, in the order it names them.
    public enum LegendItem: String, CaseIterable, Sendable {
        /// Weigh-ins above the trend.
        case floaters
        /// Below it.
        case sinkers
        case weighIns = "weigh-ins"
        case trend
        case estimated
        case goal
        case plan
        case projection
        case band
    }

    public let metric: Metric
    /// `kg`, `lb`, `st` or `%`.
    public let unitSymbol: String
    /// The x span: the first to the latest measurement in range, and the projection after it.
    public let firstDay: CalendarDay
    public let lastDay: CalendarDay
    /// The value span: the first and last value tick.
    public let low: Double
    public let high: Double
    public let valueTicks: [ValueTick]
    public let weighIns: [WeighIn]
    /// Broken across long gaps (SPEC §5): no line bridges one.
    public let trendSegments: [[TrendPoint]]
    public let goal: Goal?
    public let plan: Line?
    /// From the latest trend, six days ahead at the current rate (as TrendWeight draws it).
    public let projection: [TrendPoint]
    /// The expenditure's interval, on an intake chart.
    public let band: Band?
    /// A title for the chart: what and over which days.
    public let title: String
    /// The marked days in the span (SPEC §21), as runs cut to it: shaded
    /// under everything drawn, one colour a name.
    public private(set) var marks: [MarkRun] = []

    /// How many colours marks take turns with.
    public static let markColours = 4

    /// The names shaded, each once: `period` first, the colour a cycle
    /// always has, then the others as their first days come.
    public var markNames: [MarkName] {
        var names: [MarkName] = []
        for run in marks where !names.contains(run.name) { names.append(run.name) }
        if let period = names.firstIndex(of: .period), period > 0 { names.insert(names.remove(at: period), at: 0) }
        return names
    }

    /// Which of the `markColours` a name is shaded in.
    public func markColour(_ name: MarkName) -> Int {
        (markNames.firstIndex(of: name) ?? 0) % Self.markColours
    }

    public static let projectionDays = 6
    /// A goal within the data's span of it, or this many kilograms, joins the span.
    public static let goalReachKilograms = 2.0
    /// Outliers beyond this share of residuals do not stretch the value span
    /// once there are more than `robustSpanAfter` weigh-ins in view.
    public static let robustSpanQuantile = 0.98
    public static let robustSpanAfter = 30
    /// Floaters and sinkers are drawn while at most this many weigh-ins are in view.
    public static let floaterLimit = 200

    /// The legend: only what is drawn. Weigh-ins are coloured by their side
    /// of the trend, so the legend names the sides (with their floater or
    /// sinker lines where those are drawn); `weighIns` names dots that are
    /// neither, when there is nothing else (a single weigh-in).
    public var legend: [LegendItem] {
        var items: [LegendItem] = []
        if metric.colorsSides && weighIns.contains(where: \.isFloater) { items.append(.floaters) }
        if metric.colorsSides && weighIns.contains(where: \.isSinker) { items.append(.sinkers) }
        if items.isEmpty && !weighIns.isEmpty { items.append(.weighIns) }
        if !trendSegments.isEmpty { items.append(.trend) }
        if trendSegments.contains(where: { $0.contains(where: \.isEstimated) }) { items.append(.estimated) }
        // A goal beyond the span is an edge label, not a line: nothing for the legend to name.
        if let goal, goal.beyond == nil { items.append(.goal) }
        if plan != nil { items.append(.plan) }
        if !projection.isEmpty { items.append(.projection) }
        if band != nil { items.append(.band) }
        return items
    }

    public var showsFloaters: Bool { weighIns.count <= Self.floaterLimit }

    /// The label of a value on the axis: `82.5 kg`, `12 st 7 lb`, `22.5%`.
    /// The labels of a scale's ticks, all with as many decimals as the
    /// finest needs (`79.5 kg`, `80.0 kg`, never `80 kg` beside them).
    public static func valueLabels(_ values: [Double], metric: Metric, unit: WeightUnit) -> [String] {
        let places = values.map { DecimalText.shortDecimal(ChartTicks.clean($0))?.places ?? 1 }.max() ?? 0
        return values.map { valueLabel($0, metric: metric, unit: unit, places: places) }
    }

    public static func valueLabel(_ value: Double, metric: Metric, unit: WeightUnit, places: Int? = nil) -> String {
        let number = places.map { DecimalText.fixed(ChartTicks.clean(value), places: $0) } ?? DecimalText.shortest(ChartTicks.clean(value))
        switch metric {
        case .fat: return number + "%"
        case .intake, .expenditure: return number + " kcal"
        case .measurement: return number + " " + LengthUnit(weightUnit: unit).rawValue
        default: break
        }
        if unit == .stones {
            let pounds = Int((value * WeightUnit.poundsPerStone).rounded())
            let stones = pounds / Int(WeightUnit.poundsPerStone)
            let rest = pounds % Int(WeightUnit.poundsPerStone)
            return rest == 0 ? "\(stones) st" : "\(stones) st \(rest) lb"
        }
        return number + " " + unit.rawValue
    }

    /// The chart of `report` (nil when nothing in range was measured).
    /// `valueTickCount`: about how many value ticks fit the output.
    public init?(report: ProgressReport, unit: WeightUnit, metric: Metric = .weight, valueTickCount: Int = 5) {
        let rows = report.rows
        self.init(
            points: report.points, rows: rows, bodyDays: report.bodyCompositionDays, goalKilograms: report.goalKilograms, plan: report.plan,
            latest: report.weeklyRateKilograms.flatMap { rate in
                report.trendKilograms.flatMap { trend in report.asOf.map { (day: $0, trend: trend, weeklyRate: rate) } }
            }, unit: unit, metric: metric, valueTickCount: valueTickCount, other: Self.otherSeries(report, unit: unit, metric: metric))
        let (first, last) = (firstDay, lastDay)
        marks = report.marks.compactMap { run in
            guard run.last >= first, run.first <= last else { return nil }
            return MarkRun(name: run.name, first: max(run.first, first), last: min(run.last, last), notes: run.notes)
        }
    }

    static func longDate(_ day: CalendarDay) -> String {
        "\(day.day) \(ChartTicks.monthNames[day.month - 1]) \(day.year)"
    }
}
