import Testing
import TestSupport
import TrendCore

/// SPEC §15's steady expenditure at the level of the report: the day in
/// progress, the chart of the estimate day by day, what disagrees, and the
/// goal date from the tissue rate.
@Suite("The expenditure in the report")
struct ExpenditureSeriesTests {
    /// Ten weeks from 1 Sep 2026: weighed at 07:00 most mornings, losing
    /// 60 g a day on about 1,900 kcal, two meals a day.
    static func history(seed: UInt64 = 9, weight: (Int, Double) -> Double = { $1 }) -> (entries: [WeightEntry], intake: [IntakeEntry]) {
        var generator = SeededGenerator(seed: seed)
        var entries: [WeightEntry] = []
        var intake: [IntakeEntry] = []
        for day in 0..<70 {
            let date = CalendarDay(year: 2026, month: 9, day: 1)!.adding(days: day)
            if day % 6 != 5 {
                let kilograms = weight(day, 86 - 0.06 * Double(day) + Double.random(in: -0.3...0.3, using: &generator))
                entries.append(WeightEntry(timestamp: Timestamp.local(date.year, date.month, date.day, 7), kilograms: kilograms))
            }
            if day % 8 != 3 {
                for hour in [8, 19] {
                    intake.append(IntakeEntry(timestamp: Timestamp.local(date.year, date.month, date.day, hour), kilocalories: 950 + Double.random(in: -120...120, using: &generator)))
                }
            }
        }
        return (entries, intake)
    }

    static let today = CalendarDay(year: 2026, month: 11, day: 9)!

    @Test("each day of the expenditure's chart is what the report said as of that day")
    func dayByDay() throws {
        let (entries, intake) = Self.history()
        let report = ProgressReport.prepare(
            entries: entries, goalKilograms: nil, range: .month, today: Self.today, intake: intake, expenditureSeries: true)
        #expect(report.expenditureDays.count >= 25)
        #expect(report.expenditureDays.last?.day == Self.today.adding(days: -1), "today is not over: its figure is tomorrow's")
        for point in report.expenditureDays {
            let then = ProgressReport.prepare(entries: entries, goalKilograms: nil, range: .month, today: Self.today, until: point.day, intake: intake)
            #expect(then.expenditure?.value == point.expenditure, "\(point.day)")
        }
        let chart = try #require(ChartModel(report: report, unit: .kilograms, metric: .expenditure))
        #expect(chart.trendSegments.joined().map(\.value) == report.expenditureDays.map(\.expenditure.kilocalories))
        let band = try #require(chart.band)
        #expect(band.segments.joined().map(\.low) == report.expenditureDays.map(\.expenditure.low))
        #expect(chart.weighIns.isEmpty && chart.legend == [.trend, .band])
        // Not asked for, not worked out: a report without the chart holds none.
        #expect(ProgressReport.prepare(entries: entries, goalKilograms: nil, range: .month, today: Self.today, intake: intake).expenditureDays.isEmpty)
    }

    @Test("a meal logged today changes nothing the report says of what is burned or what to eat")
    func dayInProgress() {
        let (entries, intake) = Self.history()
        let breakfast = IntakeEntry(timestamp: Timestamp.local(2026, 11, 9, 7, 40), kilocalories: 380)
        let without = ProgressReport.prepare(entries: entries, goalKilograms: 80, range: .month, today: Self.today, intake: intake)
        let with = ProgressReport.prepare(entries: entries, goalKilograms: 80, range: .month, today: Self.today, intake: intake + [breakfast])
        #expect(without.expenditure?.value != nil && without.expenditure == with.expenditure && without.targetIntake == with.targetIntake)
        #expect(with.expenditure?.to == Self.today.adding(days: -1))
        // The day before, asked for by --until once it is over, counts in full.
        let yesterday = ProgressReport.prepare(
            entries: entries, goalKilograms: 80, range: .month, today: Self.today, until: Self.today.adding(days: -1), intake: intake)
        #expect(yesterday.expenditure?.to == Self.today.adding(days: -1))
    }

    @Test("ten weigh-ins of someone 30 kg heavier are a disagreement naming those days, not a figure")
    func anotherPerson() throws {
        let (entries, intake) = Self.history { day, kilograms in (55..<65).contains(day) ? kilograms + 30 : kilograms }
        let report = ProgressReport.prepare(entries: entries, goalKilograms: nil, range: .month, today: Self.today, intake: intake)
        guard case .disagreement(let d)? = report.expenditure else {
            Issue.record("not a disagreement: \(String(describing: report.expenditure))")
            return
        }
        guard case .anotherPerson(let from, let to, let kilograms)? = d.likelyCause else {
            Issue.record("\(String(describing: d.likelyCause))")
            return
        }
        #expect(from == CalendarDay(year: 2026, month: 10, day: 26)! && to == CalendarDay(year: 2026, month: 11, day: 4)!)
        #expect(abs(kilograms - 30) < 3, "the two groups' middles, the rest over the whole run")
        #expect(report.targetIntake == nil)
    }

    @Test("weigh-ins in pounds among kilograms are named as a unit mix-up")
    func pounds() throws {
        let (entries, intake) = Self.history { day, kilograms in (55..<65).contains(day) ? kilograms / WeightUnit.kilogramsPerPound : kilograms }
        let report = ProgressReport.prepare(entries: entries, goalKilograms: nil, range: .month, today: Self.today, intake: intake)
        guard case .disagreement(let d)? = report.expenditure, case .weightUnit(_, _, let ratio)? = d.likelyCause else {
            Issue.record("\(String(describing: report.expenditure))")
            return
        }
        #expect(abs(ratio - 2.2) < 0.1)
    }

    @Test("with an expenditure, the goal's date is the weight to go over the tissue rate its balance gives")
    func goalDate() throws {
        let (entries, intake) = Self.history()
        let report = ProgressReport.prepare(entries: entries, goalKilograms: 78, range: .month, today: Self.today, intake: intake)
        let e = try #require(report.expenditure?.value)
        let goal = try #require(report.goal)
        let rate = (e.averageIntake - e.kilocalories) / ProgressReport.kilocaloriesPerKilogram
        let days = Int((abs(goal.remainingKilograms) / abs(rate)).rounded(.down))
        #expect(report.projectedGoalDate == report.asOf!.adding(days: days))
        // Without intake the trend's slope, as §5 says.
        let plain = ProgressReport.prepare(entries: entries, goalKilograms: 78, range: .month, today: Self.today)
        #expect(plain.projectedGoalDate != report.projectedGoalDate)
    }
}
