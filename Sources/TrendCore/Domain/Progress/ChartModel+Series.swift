/// What a chart draws, worked out from the series: the weigh-ins and their
/// trend, or another series (intake with its 7-day average and the
/// expenditure band, a measurement with its trend), and the span, ticks,
/// goal, plan and projection around them.
extension ChartModel {

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
        case .expenditure:
            // Each day's figure as the report gave it then, a line with its interval, broken where there was none.
            var trend: [TrendPoint] = []
            var segments: [[Band.Edge]] = []
            for point in report.expenditureDays {
                let (day, e) = (point.day, point.expenditure)
                if segments.isEmpty || trend.last.map({ day.dayNumber - $0.day.dayNumber > 1 }) == true { segments.append([]) }
                trend.append(TrendPoint(day: day, value: e.kilocalories, isEstimated: false))
                segments[segments.count - 1].append(Band.Edge(day: day, low: e.low, high: e.high))
            }
            return OtherSeries(measured: [], trend: trend, band: trend.isEmpty ? nil : Band(segments: segments, label: "95% interval"))
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
                .map { TrendPoint(day: $0.day, value: length.value(fromCentimetres: $0.trend), isEstimated: false) }
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

    init?(
        points: [ProgressReport.Point], rows: [ProgressReport.Row], bodyDays: [BodyCompositionSeries.Day], goalKilograms: Double?,
        plan status: ProgressReport.PlanStatus?, latest: (day: CalendarDay, trend: Double, weeklyRate: Double)?, unit: WeightUnit,
        metric: Metric, valueTickCount: Int, other: OtherSeries?
    ) {
        let series = other.map { (measured: $0.measured, trend: $0.trend) } ?? Self.series(points: points, rows: rows, bodyDays: bodyDays, unit: unit, metric: metric)
        // A series of estimates (the expenditure's) has no dots: its line spans the chart.
        guard let firstMeasured = series.measured.first?.day ?? series.trend.first?.day,
            let lastMeasured = series.measured.last?.day ?? series.trend.last?.day
        else { return nil }
        self.metric = metric
        unitSymbol = switch metric {
        case .fat: "%"
        case .intake, .expenditure: "kcal"
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
        var low = trendValues.min() ?? series.measured.first?.value ?? 0
        var high = trendValues.max() ?? series.measured.first?.value ?? 0
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
        case .intake, .expenditure: 100
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
        case .intake, .expenditure, .measurement:
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
}
