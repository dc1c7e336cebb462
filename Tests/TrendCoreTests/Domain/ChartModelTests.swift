import Foundation
import Testing
import TestSupport
import TrendCore

/// SPEC §8: the one chart model every output paints.
@Suite("Chart model")
struct ChartModelTests {
    static let today = CalendarDay(year: 2026, month: 11, day: 30)!

    static func entries(days: Int, from first: CalendarDay? = nil, weight: (Int) -> Double) -> [WeightEntry] {
        let start = first ?? today.adding(days: -(days - 1))
        return (0..<days).map { i in
            let day = start.adding(days: i)
            return WeightEntry(timestamp: .local(day.year, day.month, day.day, 7), kilograms: weight(i))
        }
    }

    static func model(
        _ entries: [WeightEntry], goal: Double? = nil, plan: GoalPlan? = nil, range: ProgressRange = .all, until: CalendarDay? = nil,
        unit: WeightUnit = .kilograms, metric: ChartModel.Metric = .weight
    ) -> ChartModel? {
        let report = ProgressReport.prepare(entries: entries, goalKilograms: goal, goalPlan: plan, range: range, today: today, until: until)
        return ChartModel(report: report, unit: unit, metric: metric)
    }

    @Test("value ticks are 1, 2, 2.5 or 5 × 10^k, cover the span, and are a handful", arguments: [
        (77.3, 84.9), (0.4, 0.6), (150.2, 151.0), (60, 120), (79.95, 80.05), (20.1, 23.7), (1500, 9000), (-3, 4),
    ])
    func valueTicks(low: Double, high: Double) throws {
        let ticks = ChartTicks.values(low: low, high: high)
        #expect(try #require(ticks.first) <= low + 1e-9)
        #expect(try #require(ticks.last) >= high - 1e-9)
        #expect((3...11).contains(ticks.count), "\(ticks)")
        let step = ticks[1] - ticks[0]
        let magnitude = pow(10, log10(step).rounded(.down))
        #expect([1.0, 2, 2.5, 5, 10].contains { abs(step / magnitude - $0) < 1e-6 }, "\(step)")
        for (a, b) in zip(ticks, ticks.dropFirst()) { #expect(abs(b - a - step) < 1e-6) }
        for tick in ticks { #expect(abs((tick / step).rounded() * step - tick) < 1e-6, "\(tick) is not a multiple of \(step)") }
    }

    @Test("stones tick at whole or half stones, and label them as people say them", arguments: [(11.2, 12.9), (12.0, 12.3), (9, 16)])
    func stoneTicks(low: Double, high: Double) throws {
        let ticks = ChartTicks.values(low: low, high: high, steps: ChartTicks.stoneSteps)
        let step = ticks[1] - ticks[0]
        #expect([0.5, 1, 2, 5].contains(step), "\(ticks)")
        for tick in ticks { #expect((tick * 2).rounded() == tick * 2) }
        #expect(ChartModel.valueLabel(12.5, metric: .weight, unit: .stones) == "12 st 7 lb")
        #expect(ChartModel.valueLabel(12, metric: .weight, unit: .stones) == "12 st")
        #expect(ChartModel.valueLabel(82.5, metric: .weight, unit: .kilograms) == "82.5 kg")
        #expect(ChartModel.valueLabel(22.5, metric: .fat, unit: .pounds) == "22.5%")
        // A chart in stones only ever ticks at half stones.
        let model = try #require(Self.model(Self.entries(days: 60) { 80 - 0.05 * Double($0) }, unit: .stones))
        for tick in model.valueTicks { #expect((tick.value * 2).rounded() == tick.value * 2, "\(tick)") }
    }

    /// Each spacing's ticks fall on its calendar boundaries.
    @Test("calendar ticks: days, Monday weeks, month starts with the year at January and at the first tick, years")
    func calendarTicks() throws {
        let first = CalendarDay(year: 2025, month: 10, day: 15)!
        let last = CalendarDay(year: 2027, month: 3, day: 2)!
        let weeks = ChartTicks.days(.week, from: first, through: last)
        #expect(weeks.allSatisfy { $0.day.weekdayFromMonday == 0 })
        #expect(weeks.first?.day == CalendarDay(year: 2025, month: 10, day: 20))
        let fortnights = ChartTicks.days(.twoWeeks, from: first, through: last)
        #expect(fortnights.allSatisfy { $0.day.weekdayFromMonday == 0 })
        #expect(zip(fortnights, fortnights.dropFirst()).allSatisfy { $1.day.dayNumber - $0.day.dayNumber == 14 })
        let months = ChartTicks.days(.month, from: first, through: last)
        #expect(months.map(\.label).prefix(5) == ["Nov 2025", "Dec", "Jan 2026", "Feb", "Mar"])
        #expect(months.allSatisfy { $0.day.day == 1 })
        #expect(months.last?.day == CalendarDay(year: 2027, month: 3, day: 1))
        let quarters = ChartTicks.days(.quarter, from: first, through: last)
        #expect(quarters.map(\.label) == ["Jan 2026", "Apr", "Jul", "Oct", "Jan 2027"])
        let years = ChartTicks.days(.year, from: first, through: last)
        #expect(years.map(\.label) == ["2026", "2027"])
        #expect(ChartTicks.days(.day, from: first, through: first.adding(days: 2)).map(\.label) == ["15 Oct", "16 Oct", "17 Oct"])
    }

    @Test("the finest calendar spacing whose labels fit, never overlapping", arguments: [
        (7, 300.0), (30, 700.0), (30, 200.0), (90, 700.0), (365, 700.0), (365, 90.0), (3650, 700.0), (3650, 60.0), (12_000, 700.0),
    ])
    func ticksFit(days: Int, width: Double) throws {
        let first = Self.today.adding(days: -days)
        let perDay = width / Double(days)
        func position(_ day: CalendarDay) -> Double { Double(day.dayNumber - first.dayNumber) * perDay }
        let ticks = ChartTicks.days(from: first, through: Self.today, position: position, width: { Double($0.count) * 7 }, gap: 12)
        #expect(!ticks.isEmpty)
        for (a, b) in zip(ticks, ticks.dropFirst()) {
            #expect(position(a.day) + Double(a.label.count) * 3.5 + 12 <= position(b.day) - Double(b.label.count) * 3.5 + 1e-9, "\(a) \(b)")
        }
        // Not too coarse: a finer spacing would not have fitted.
        if ticks.count >= 2, let spacing = ChartTicks.Calendar.allCases.first(where: { ChartTicks.days($0, from: first, through: Self.today) == ticks }),
            let index = ChartTicks.Calendar.allCases.firstIndex(of: spacing), index > 0
        {
            let finer = ChartTicks.days(ChartTicks.Calendar.allCases[index - 1], from: first, through: Self.today)
            let fits = finer.count >= 2 && zip(finer, finer.dropFirst()).allSatisfy { a, b in
                position(a.day) + Double(a.label.count) * 3.5 + 12 <= position(b.day) - Double(b.label.count) * 3.5
            }
            #expect(!fits, "\(spacing) chosen though a finer spacing fits")
        }
    }

    @Test("the span runs from the first to the latest weigh-in in range, then six days of projection at the current rate")
    func spanAndProjection() throws {
        let entries = Self.entries(days: 40) { 90 - 0.1 * Double($0) }
        let report = ProgressReport.prepare(entries: entries, goalKilograms: nil, range: .threeMonths, today: Self.today)
        let model = try #require(ChartModel(report: report, unit: .kilograms))
        #expect(model.firstDay == Self.today.adding(days: -39), "not the range's first day: the first weigh-in")
        #expect(model.projection.count == ChartModel.projectionDays + 1)
        #expect(model.projection.first?.day == Self.today)
        #expect(model.lastDay == Self.today.adding(days: 6))
        let rate = try #require(report.weeklyRateKilograms) / 7
        let trend = try #require(report.trendKilograms)
        for (offset, point) in model.projection.enumerated() {
            #expect(abs(point.value - (trend + rate * Double(offset))) < 1e-9)
        }
        #expect(model.legend.contains(.projection))
        // Before a week of weigh-ins, or in a range that ends before the latest weigh-in: none.
        #expect(Self.model(Array(entries.suffix(3)))?.projection.isEmpty == true)
        let past = try #require(Self.model(entries, until: Self.today.adding(days: -10)))
        #expect(past.projection.count == 7, "the report as it was then has its own latest weigh-in")
        #expect(past.lastDay == Self.today.adding(days: -4))
    }

    @Test("a long gap breaks the trend line: no segment bridges it, no estimated days inside it")
    func gaps() throws {
        let early = Self.entries(days: 10, from: Self.today.adding(days: -99)) { 80 + Double($0 % 2) }
        let late = Self.entries(days: 10, from: Self.today.adding(days: -9)) { 79 + Double($0 % 2) }
        var withShortGap = Self.entries(days: 5, from: Self.today.adding(days: -20)) { _ in 80 }
        withShortGap += Self.entries(days: 5, from: Self.today.adding(days: -5)) { _ in 80 }
        let model = try #require(Self.model(early + late))
        #expect(model.trendSegments.count == 2)
        #expect(model.trendSegments[0].last?.day == Self.today.adding(days: -90))
        #expect(model.trendSegments[1].first?.day == Self.today.adding(days: -9))
        for segment in model.trendSegments {
            for (a, b) in zip(segment, segment.dropFirst()) { #expect(b.day.dayNumber - a.day.dayNumber == 1) }
        }
        let short = try #require(Self.model(withShortGap))
        #expect(short.trendSegments.count == 1)
        #expect(short.trendSegments[0].contains { $0.isEstimated })
        #expect(short.legend.contains(.estimated))
    }

    @Test("a single weigh-in is a dot at its value, in the middle of a span of its own")
    func single() throws {
        let model = try #require(Self.model(Self.entries(days: 1) { _ in 80.4 }))
        #expect(model.weighIns.count == 1)
        #expect(model.weighIns[0].value == 80.4)
        #expect(model.trendSegments.count == 1)
        #expect(model.trendSegments.first?.map(\.day) == [Self.today])
        #expect(model.trendSegments.first?.first?.value == 80.4)
        #expect(model.low < 80.4 && model.high > 80.4)
        #expect(model.valueTicks.count >= 2)
        #expect(model.projection.isEmpty)
        #expect(model.legend == [.weighIns, .trend])
        #expect(Self.model([]) == nil)
    }

    @Test("a goal near the data joins the span; a far one is an edge label on its side")
    func goals() throws {
        let entries = Self.entries(days: 30) { 85 - 0.05 * Double($0) }
        let near = try #require(Self.model(entries, goal: 82))
        #expect(near.goal?.beyond == nil)
        #expect(near.low <= 82)
        #expect(near.goal?.label == "goal 82.0 kg")
        let far = try #require(Self.model(entries, goal: 60))
        #expect(far.goal?.beyond == .below)
        #expect(far.low > 60)
        let above = try #require(Self.model(entries, goal: 120))
        #expect(above.goal?.beyond == .above)
        #expect(above.high < 120)
    }

    @Test("the plan line runs from its start and trend to the goal on its day, over the part of the span it covers")
    func planLine() throws {
        let entries = Self.entries(days: 30) { 90 - 0.1 * Double($0) }
        let start = Self.today.adding(days: -20)
        let plan = GoalPlan(start: start, pace: .by(Self.today.adding(days: 40)))
        let report = ProgressReport.prepare(entries: entries, goalKilograms: 80, goalPlan: plan, range: .all, today: Self.today)
        let model = try #require(ChartModel(report: report, unit: .kilograms))
        let line = try #require(model.plan)
        let status = try #require(report.plan)
        #expect(line.from.day == Double(start.dayNumber))
        #expect(abs(line.from.value - status.startTrendKilograms) < 1e-9)
        #expect(line.to.day == Double(model.lastDay.dayNumber))
        let fraction = Double(model.lastDay.dayNumber - start.dayNumber) / 60
        #expect(abs(line.to.value - (status.startTrendKilograms + (80 - status.startTrendKilograms) * fraction)) < 1e-9)
        #expect(model.legend.contains(.plan))
    }

    @Test("one wild weigh-in among many does not flatten the rest: it is drawn at the edge")
    func outliers() throws {
        var entries = Self.entries(days: 100) { 80 + 0.3 * sin(Double($0)) }
        let wild = WeightEntry(timestamp: .local(2026, 11, 1, 9), kilograms: 180)
        entries.append(wild)
        entries.sort(by: WeightEntry.isOrderedBefore)
        let model = try #require(Self.model(entries))
        #expect(model.high < 100, "the span is the data's, not the typo's: \(model.high)")
        let clipped = model.weighIns.filter(\.isClipped)
        #expect(clipped.count == 1)
        #expect(clipped.first?.value == 180)
        // With few weigh-ins every one is in view.
        let few = try #require(Self.model(Array(entries.suffix(20))))
        #expect(few.weighIns.allSatisfy { !$0.isClipped })
    }

    @Test("weigh-ins above the trend are floaters, below it sinkers, and the legend names only those present")
    func floatersAndSinkers() throws {
        let model = try #require(Self.model(Self.entries(days: 20) { 80 + ($0 % 2 == 0 ? 0.5 : -0.5) }))
        for weighIn in model.weighIns { #expect(weighIn.isFloater == (weighIn.value > weighIn.trend)) }
        #expect(model.legend.prefix(2) == [.floaters, .sinkers])
        #expect(!model.legend.contains(.goal) && !model.legend.contains(.plan))
        #expect(model.showsFloaters)
        let many = try #require(Self.model(Self.entries(days: 250) { 80 + ($0 % 2 == 0 ? 0.5 : -0.5) }))
        #expect(!many.showsFloaters)
    }

    @Test("--metric: body fat, fat mass and lean mass are charted from the body-composition series")
    func metrics() throws {
        let entries = (0..<20).map { i -> WeightEntry in
            let day = Self.today.adding(days: i - 19)
            return WeightEntry(timestamp: .local(day.year, day.month, day.day, 7), kilograms: 90 - 0.1 * Double(i), fatPercent: 25 - 0.1 * Double(i))
        }
        let report = ProgressReport.prepare(entries: entries, goalKilograms: 80, range: .all, today: Self.today)
        let fat = try #require(ChartModel(report: report, unit: .kilograms, metric: .fat))
        #expect(fat.unitSymbol == "%")
        #expect(fat.weighIns.map(\.value) == entries.map { $0.fatPercent! })
        #expect(fat.goal == nil, "a weight goal is not a body-fat line")
        #expect(fat.valueTicks.allSatisfy { $0.label.hasSuffix("%") })
        let lastDay = try #require(report.bodyCompositionDays.last)
        #expect(fat.trendSegments.last?.last?.value == lastDay.fatPercent)
        let mass = try #require(ChartModel(report: report, unit: .pounds, metric: .fatMass))
        let fatPounds: Double = 88.1 * 0.231 / 0.45359237
        #expect(abs(try #require(mass.weighIns.last?.value) - fatPounds) < 1e-6)
        let lean = try #require(ChartModel(report: report, unit: .kilograms, metric: .leanMass))
        let leanKilograms: Double = 88.1 * (1 - 0.231)
        #expect(abs(try #require(lean.weighIns.last?.value) - leanKilograms) < 1e-6)
        // Without body fat there is nothing to chart.
        let plain = ProgressReport.prepare(entries: Self.entries(days: 5) { _ in 80 }, goalKilograms: nil, range: .all, today: Self.today)
        #expect(ChartModel(report: plain, unit: .kilograms, metric: .fat) == nil)
    }
}
