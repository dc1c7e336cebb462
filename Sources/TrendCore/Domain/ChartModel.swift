/// What a progress chart draws (SPEC §8), in the display unit, before any
/// output decides how: the terminal, SVG and PNG charts, and any other
/// front end, only paint this, so they agree. Days are the x axis (day
/// numbers), values the y axis.
public struct ChartModel: Equatable, Sendable {
    /// The series a chart shows (`--metric`): weight, body composition,
    /// daily intake (SPEC §15), or a body measurement by name (§16).
    public enum Metric: Hashable, Sendable {
        case weight
        case fat
        case fatMass
        case leanMass
        case intake
        case measurement(MeasurementName)

        /// The names `--metric` takes besides a measurement's.
        public static let fixedNames = ["weight", "fat", "fat-mass", "lean-mass", "intake"]

        /// `fat-mass`, `waist`: as `--metric` takes it.
        public var name: String {
            switch self {
            case .weight: "weight"
            case .fat: "fat"
            case .fatMass: "fat-mass"
            case .leanMass: "lean-mass"
            case .intake: "intake"
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
            case .measurement(let name): name.text.prefix(1).uppercased() + name.text.dropFirst()
            }
        }

        /// What its dots and its line are called in a legend.
        public var seriesNames: (dots: String, line: String) {
            switch self {
            case .weight: ("weigh-ins", "trend")
            case .fat, .fatMass, .leanMass: ("measured", "trend")
            case .intake: ("daily intake", "7-day average")
            case .measurement: ("measured", "trend")
            }
        }

        /// Dots above and below the line are told apart (floaters and
        /// sinkers) only for weight and body composition.
        public var colorsSides: Bool {
            switch self {
            case .intake, .measurement: false
            default: true
            }
        }
    }

    /// A shaded span of values over some days: the expenditure's interval over its window (SPEC §15).
    public struct Band: Equatable, Sendable {
        public let from: CalendarDay
        public let to: CalendarDay
        public let low: Double
        public let high: Double
        public let label: String
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
        case .intake: return number + " kcal"
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
    }

    /// Intake and measurement series, which the report holds apart from the weigh-ins.
    static func otherSeries(_ report: ProgressReport, unit: WeightUnit, metric: Metric) -> OtherSeries? {
        switch metric {
        case .intake:
            guard !report.intakeDays.isEmpty else { return OtherSeries(measured: [], trend: [], band: nil) }
            let days = report.intakeDays
            var measured: [(day: CalendarDay, value: Double, trend: Double)] = []
            var trend: [TrendPoint] = []
            // Each logged day, and the mean of the logged days among the 7 ending on it.
            var window: [IntakeDays.Day] = []
            for day in days {
                window.append(day)
                window.removeAll { $0.day.dayNumber <= day.day.dayNumber - 7 }
                let average = window.reduce(0) { $0 + $1.kilocalories } / Double(window.count)
                measured.append((day.day, day.kilocalories, average))
                trend.append(TrendPoint(day: day.day, value: average, isEstimated: false))
            }
            var band: Band?
            if let e = report.expenditure?.value {
                band = Band(from: max(e.from, days[0].day), to: e.to, low: e.low, high: e.high, label: "expenditure")
            }
            return OtherSeries(measured: measured, trend: trend, band: band)
        case .measurement(let name):
            guard let entries = report.measuredEntries[name], !entries.isEmpty else { return OtherSeries(measured: [], trend: [], band: nil) }
            let length = LengthUnit(weightUnit: unit)
            let series = MeasurementSeries(entries)
            let from = report.from ?? series.days.first?.day ?? report.to
            var measured: [(day: CalendarDay, value: Double, trend: Double)] = []
            for entry in entries where entry.calendarDay >= from && entry.calendarDay <= report.to {
                measured.append((entry.calendarDay, length.value(fromCentimetres: entry.centimetres), length.value(fromCentimetres: series.trend(on: entry.calendarDay) ?? entry.centimetres)))
            }
            let trend = series.days.filter { $0.day >= from && $0.day <= report.to }
                .map { TrendPoint(day: $0.day, value: length.value(fromCentimetres: $0.trend), isEstimated: !$0.isMeasured) }
            return OtherSeries(measured: measured, trend: trend, band: nil)
        default:
            return nil
        }
    }

    /// A series that is not the weigh-ins: its dots with their line, and a band.
    struct OtherSeries {
        let measured: [(day: CalendarDay, value: Double, trend: Double)]
        let trend: [TrendPoint]
        let band: Band?
    }

    /// The chart of listed weigh-ins (`trend list --chart`): no plan or projection.
    public init?(
        points: [ProgressReport.Point], estimatedDays: [ProgressReport.EstimatedDay], goalKilograms: Double?, unit: WeightUnit,
        valueTickCount: Int = 5
    ) {
        self.init(
            points: points, rows: ProgressReport.rows(points: points, estimatedDays: estimatedDays), bodyDays: [], goalKilograms: goalKilograms,
            plan: nil, latest: nil, unit: unit, metric: .weight, valueTickCount: valueTickCount, other: nil)
    }

    private init?(
        points: [ProgressReport.Point], rows: [ProgressReport.Row], bodyDays: [BodyCompositionSeries.Day], goalKilograms: Double?,
        plan status: ProgressReport.PlanStatus?, latest: (day: CalendarDay, trend: Double, weeklyRate: Double)?, unit: WeightUnit,
        metric: Metric, valueTickCount: Int, other: OtherSeries?
    ) {
        let series = other.map { (measured: $0.measured, trend: $0.trend) } ?? Self.series(points: points, rows: rows, bodyDays: bodyDays, unit: unit, metric: metric)
        guard let firstMeasured = series.measured.first?.day, let lastMeasured = series.measured.last?.day else { return nil }
        self.metric = metric
        unitSymbol = switch metric {
        case .fat: "%"
        case .intake: "kcal"
        case .measurement: LengthUnit(weightUnit: unit).rawValue
        default: unit.rawValue
        }
        let display = { (kilograms: Double) in unit.value(fromKilograms: kilograms) }

        // The trend from the first to the latest measurement in range, broken where days are missing (a long gap).
        var segments: [[TrendPoint]] = []
        var current: [TrendPoint] = []
        for point in series.trend where point.day >= firstMeasured && point.day <= lastMeasured {
            if let last = current.last, point.day.dayNumber - last.day.dayNumber > 1 {
                segments.append(current)
                current = []
            }
            if current.last?.day != point.day { current.append(point) }
        }
        if !current.isEmpty { segments.append(current) }
        trendSegments = segments

        // Six days ahead at the current rate, when the rate is known and the range reaches the latest weigh-in.
        var projection: [TrendPoint] = []
        if metric == .weight, let latest, latest.day == lastMeasured {
            projection = (0...Self.projectionDays).map { offset in
                TrendPoint(day: latest.day.adding(days: offset), value: display(latest.trend + latest.weeklyRate / 7 * Double(offset)), isEstimated: true)
            }
        }
        self.projection = projection
        firstDay = firstMeasured
        lastDay = projection.last?.day ?? max(lastMeasured, firstMeasured)

        // The plan line, over the part of the span it covers.
        var plan: Line?
        if metric == .weight, let status, let goal = goalKilograms {
            let start = Double(status.start.dayNumber)
            let end = Double(max(status.by.dayNumber, status.start.dayNumber + 1))
            func value(_ day: Double) -> Double {
                let fraction = min(1, max(0, (day - start) / (end - start)))
                return display(status.startTrendKilograms + (goal - status.startTrendKilograms) * fraction)
            }
            let from = max(start, Double(firstDay.dayNumber))
            let to = Double(lastDay.dayNumber)
            if from < to { plan = Line(from: (from, value(from)), to: (to, value(to))) }
        }
        self.plan = plan

        // The value span: every trend value, the plan and projection, and the
        // weigh-ins, but not the few outliers that would flatten the rest.
        let trendValues = segments.flatMap { $0.map(\.value) } + projection.map(\.value)
        var low = trendValues.min() ?? series.measured[0].value
        var high = trendValues.max() ?? series.measured[0].value
        let residuals = series.measured.map { abs($0.value - $0.trend) }.sorted()
        let allowance: Double
        if residuals.count > Self.robustSpanAfter {
            allowance = residuals[min(residuals.count - 1, Int((Double(residuals.count) * Self.robustSpanQuantile).rounded(.down)))]
        } else {
            allowance = residuals.last ?? 0
        }
        for point in series.measured {
            low = min(low, max(point.value, point.trend - allowance))
            high = max(high, min(point.value, point.trend + allowance))
        }
        if let plan {
            low = min(low, plan.from.value, plan.to.value)
            high = max(high, plan.from.value, plan.to.value)
        }
        band = other?.band
        if let band {
            low = min(low, band.low)
            high = max(high, band.high)
        }
        // The goal joins the span when it is near the data; a far one would
        // squeeze the weigh-ins into a strip, so it is labelled at the edge.
        var goal: Goal?
        if metric == .weight, let goalKilograms {
            let value = display(goalKilograms)
            let reach = max(high - low, display(Self.goalReachKilograms))
            let near = value >= low - reach && value <= high + reach
            if near {
                low = min(low, value)
                high = max(high, value)
            }
            goal = Goal(value: value, label: "goal " + unit.format(kilograms: goalKilograms), beyond: near ? nil : (value < low ? .below : .above))
        }
        // At least a little span, so one weigh-in or a flat line is a line in the middle.
        let least: Double = switch metric {
        case .fat: 0.5
        case .intake: 100
        case .measurement: 1
        default: display(0.5)
        }
        if high - low < least {
            let middle = (high + low) / 2
            low = middle - least / 2
            high = middle + least / 2
        }
        let ticks = ChartTicks.values(
            low: low, high: high, count: valueTickCount, steps: unit == .stones && [.weight, .fatMass, .leanMass].contains(metric) ? ChartTicks.stoneSteps : nil)
        self.low = ticks.first!
        self.high = ticks.last!
        valueTicks = zip(ticks, Self.valueLabels(ticks, metric: metric, unit: unit)).map { ValueTick(value: $0, label: $1) }
        self.goal = goal
        let spanLow = self.low
        let spanHigh = self.high
        weighIns = series.measured.map { point in
            WeighIn(day: point.day, value: point.value, trend: point.trend, isClipped: point.value < spanLow || point.value > spanHigh)
        }
        let what = metric.title
        title = "\(what), \(Self.longDate(firstMeasured)) to \(Self.longDate(lastMeasured))"
    }

    /// A measured value in the display unit and its day's trend; the trend day by day.
    private static func series(
        points: [ProgressReport.Point], rows: [ProgressReport.Row], bodyDays days: [BodyCompositionSeries.Day], unit: WeightUnit, metric: Metric
    ) -> (
        measured: [(day: CalendarDay, value: Double, trend: Double)], trend: [TrendPoint]
    ) {
        let display = { (kilograms: Double) in unit.value(fromKilograms: kilograms) }
        switch metric {
        case .weight:
            let measured = points.map { ($0.entry.calendarDay, display($0.kilograms), display($0.trendKilograms)) }
            let trend = rows.map { TrendPoint(day: $0.day, value: display($0.trendKilograms), isEstimated: $0.isEstimated) }
            return (measured, trend)
        case .intake, .measurement:
            // Read from the report by `otherSeries`.
            return ([], [])
        case .fat, .fatMass, .leanMass:
            guard !days.isEmpty else { return ([], []) }
            let byDay = Dictionary(days.map { ($0.day.dayNumber, $0) }, uniquingKeysWith: { first, _ in first })
            func value(_ day: BodyCompositionSeries.Day) -> Double {
                switch metric {
                case .fat: day.fatPercent
                case .fatMass: display(day.fatMassKilograms)
                default: display(day.leanMassKilograms)
                }
            }
            var measured: [(day: CalendarDay, value: Double, trend: Double)] = []
            for point in points {
                guard let fat = point.entry.fatPercent else { continue }
                let day = point.entry.calendarDay
                guard let trendDay = byDay[day.dayNumber] else { continue }
                let mass = point.kilograms * fat / 100
                let reading: Double =
                    switch metric {
                    case .fat: fat
                    case .fatMass: display(mass)
                    default: display(point.kilograms - mass)
                    }
                measured.append((day, reading, value(trendDay)))
            }
            // Filled days inside a long gap between measurements are left out, as for weight.
            var trend: [TrendPoint] = []
            var pending: [TrendPoint] = []
            var previous: CalendarDay?
            for day in days {
                let point = TrendPoint(day: day.day, value: value(day), isEstimated: !day.isMeasured)
                if !day.isMeasured {
                    pending.append(point)
                    continue
                }
                if let previous, day.day.dayNumber - previous.dayNumber <= TrendSeries.longGapDays { trend += pending }
                pending = []
                trend.append(point)
                previous = day.day
            }
            return (measured, trend)
        }
    }

    static func longDate(_ day: CalendarDay) -> String {
        "\(day.day) \(ChartTicks.monthNames[day.month - 1]) \(day.year)"
    }
}
