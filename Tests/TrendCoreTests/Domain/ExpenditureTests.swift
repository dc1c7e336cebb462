import Foundation
import Testing
import TestSupport
import TrendCore

/// SPEC §15's window, gates and the figures the text states beside the
/// estimate (intake, weigh-in days, the weight's slope), against a plain,
/// slow implementation written here from the formulas (not from the code),
/// on random histories with gaps, days without intake, days logged twice,
/// and histories just under and just over each threshold. The estimate
/// itself is `EnergyBalanceModel`'s, tested in its own file.
@Suite("Expenditure")
struct ExpenditureTests {
    /// What §15 says, step by step, with dictionaries and textbook sums.
    struct Reference {
        let dailySlope: Double
        let intakeDays: Int
        let weighInDays: Int
        let averageIntake: Double
        let enough: Bool

        static func compute(intake: [IntakeEntry], entries: [WeightEntry], through: CalendarDay) -> Reference? {
            // The latest day with intake, by each entry's own calendar day.
            let intakeDaysAll = intake.map(\.calendarDay).filter { $0 <= through }
            guard let last = intakeDaysAll.max() else { return nil }
            let first = CalendarDay(dayNumber: last.dayNumber - 27)
            var totals: [Int: Double] = [:]
            for entry in intake where entry.calendarDay >= first && entry.calendarDay <= last {
                totals[entry.calendarDay.dayNumber, default: 0] += entry.kilocalories
            }
            // Each day's earliest weigh-in.
            var earliest: [Int: WeightEntry] = [:]
            for entry in entries where entry.calendarDay >= first && entry.calendarDay <= last {
                let day = entry.calendarDay.dayNumber
                if let known = earliest[day], known.timestamp.epochSeconds <= entry.timestamp.epochSeconds { continue }
                earliest[day] = entry
            }
            let xs = earliest.keys.sorted().map(Double.init)
            let ys = earliest.keys.sorted().map { earliest[$0]!.kilograms }
            let span = xs.isEmpty ? 0 : Int(xs.last! - xs.first!)
            let enough = totals.count >= 20 && xs.count >= 8 && span >= 21
            guard enough else {
                return Reference(dailySlope: 0, intakeDays: totals.count, weighInDays: xs.count, averageIntake: 0, enough: false)
            }
            let values = Array(totals.values)
            let n = Double(values.count)
            let mean = values.reduce(0, +) / n
            let m = Double(xs.count)
            let sx = xs.reduce(0, +)
            let sy = ys.reduce(0, +)
            let sxy = zip(xs, ys).map { $0 * $1 }.reduce(0, +)
            let sxx = xs.map { $0 * $0 }.reduce(0, +)
            let slope = (m * sxy - sx * sy) / (m * sxx - sx * sx)
            return Reference(dailySlope: slope, intakeDays: totals.count, weighInDays: xs.count, averageIntake: mean, enough: true)
        }
    }

    static let start = Timestamp.local(2026, 9, 1, 7)

    /// A history of `days` days: weigh-ins on the days `weighs` picks, intake on those `eats` picks (sometimes twice).
    static func history(
        seed: UInt64, days: Int, weighs: (Int, inout SeededGenerator) -> Bool, eats: (Int, inout SeededGenerator) -> Bool
    ) -> (entries: [WeightEntry], intake: [IntakeEntry]) {
        var generator = SeededGenerator(seed: seed)
        var entries: [WeightEntry] = []
        var intake: [IntakeEntry] = []
        let offsets = [0, 3600, -18000, 19800]
        for day in 0..<days {
            let offset = offsets[Int.random(in: 0..<offsets.count, using: &generator)]
            let instant = start.adding(days: day).epochSeconds + Int64.random(in: 0...3600, using: &generator)
            if weighs(day, &generator) {
                let weight = 90 - 0.04 * Double(day) + Double.random(in: -0.8...0.8, using: &generator)
                entries.append(WeightEntry(timestamp: Timestamp(epochSeconds: instant, utcOffsetSeconds: offset), kilograms: weight))
                // Sometimes a second weigh-in later that day: the earliest counts.
                if Bool.random(using: &generator) {
                    entries.append(WeightEntry(timestamp: Timestamp(epochSeconds: instant + 7200, utcOffsetSeconds: offset), kilograms: weight + 1.5))
                }
            }
            if eats(day, &generator) {
                let meals = Int.random(in: 1...3, using: &generator)
                for meal in 0..<meals {
                    intake.append(IntakeEntry(
                        timestamp: Timestamp(epochSeconds: instant + Int64(meal) * 14_400, utcOffsetSeconds: offset),
                        kilocalories: Double.random(in: 300...1200, using: &generator)))
                }
            }
        }
        return (entries.sorted(by: WeightEntry.isOrderedBefore), intake.sorted(by: IntakeEntry.isOrderedBefore))
    }

    func check(_ history: (entries: [WeightEntry], intake: [IntakeEntry]), through: CalendarDay, sourceLocation: SourceLocation = #_sourceLocation) {
        let reference = Reference.compute(intake: history.intake, entries: history.entries, through: through)
        let estimate = Expenditure.estimate(intake: history.intake, entries: history.entries, through: through)
        guard let reference else {
            #expect(estimate == nil, sourceLocation: sourceLocation)
            return
        }
        switch estimate {
        case .known(let e)?:
            #expect(reference.enough, "the reference has too little data", sourceLocation: sourceLocation)
            #expect(abs(e.dailySlopeKilograms - reference.dailySlope) < 1e-9, sourceLocation: sourceLocation)
            #expect(e.low < e.kilocalories && e.kilocalories < e.high && e.kilocalories.isFinite, sourceLocation: sourceLocation)
            #expect(abs(e.averageIntake - reference.averageIntake) < 1, sourceLocation: sourceLocation)
            #expect(e.intakeDays == reference.intakeDays && e.weighInDays == reference.weighInDays, sourceLocation: sourceLocation)
        case .notEnough(let shortfall)?:
            #expect(!reference.enough, "the reference has enough data", sourceLocation: sourceLocation)
            #expect(shortfall.intakeDays == reference.intakeDays && shortfall.weighInDays == reference.weighInDays, sourceLocation: sourceLocation)
        case .disagreement(let d)?:
            Issue.record("a plausible history read as a disagreement: \(d)", sourceLocation: sourceLocation)
        case nil:
            Issue.record("no estimate where the reference has intake", sourceLocation: sourceLocation)
        }
    }

    @Test("a window's days hold every meal on them at any offset, however long the history", arguments: 0..<20)
    func windowAtAnyOffset(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed) + 77)
        var intake: [IntakeEntry] = []
        for _ in 0..<600 {
            let instant = Self.start.epochSeconds + Int64.random(in: 0...(90 * 86_400), using: &generator)
            let offset = [-18 * 3600, 18 * 3600, Int.random(in: -64_800...64_800, using: &generator)].randomElement(using: &generator)!
            intake.append(IntakeEntry(timestamp: Timestamp(epochSeconds: instant, utcOffsetSeconds: offset), kilocalories: Double.random(in: 50...900, using: &generator)))
        }
        intake.sort(by: IntakeEntry.isOrderedBefore)
        let from = Self.start.day.adding(days: Int.random(in: -2...60, using: &generator))
        let through = from.adding(days: Int.random(in: 0...30, using: &generator))
        var expected: [CalendarDay: (Int, Double)] = [:]
        for entry in intake where entry.calendarDay >= from && entry.calendarDay <= through {
            expected[entry.calendarDay, default: (0, 0)].0 += 1
            expected[entry.calendarDay, default: (0, 0)].1 += entry.kilocalories
        }
        let days = IntakeDays.totals(intake, from: from, through: through)
        #expect(days.map(\.day) == expected.keys.sorted())
        for day in days {
            #expect(day.entries == expected[day.day]?.0)
            #expect(abs(day.kilocalories - (expected[day.day]?.1 ?? 0)) < 1e-6)
        }
    }

    @Test("matches the reference to 1 kcal on random histories with gaps, missing intake days and days logged twice", arguments: 0..<60)
    func random(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed) + 1000)
        let weighChance = Double.random(in: 0.2...1, using: &generator)
        let eatChance = Double.random(in: 0.5...1, using: &generator)
        let gapStart = Int.random(in: 0...40, using: &generator)
        let days = Int.random(in: 20...70, using: &generator)
        let history = Self.history(
            seed: UInt64(seed), days: days,
            weighs: { day, g in !(gapStart..<(gapStart + 10)).contains(day) && Double.random(in: 0...1, using: &g) < weighChance },
            eats: { _, g in Double.random(in: 0...1, using: &g) < eatChance })
        check(history, through: Self.start.day.adding(days: days + 3))
    }

    @Test("just under and just over each threshold: 20 intake days, 8 weigh-in days, a span of 21 days",
          arguments: [(19, 10, 27, false), (20, 10, 27, true), (28, 7, 27, false), (28, 8, 27, true), (28, 8, 20, false), (28, 8, 21, true)])
    func thresholds(intakeDays: Int, weighInDays: Int, span: Int, enough: Bool) {
        // Intake on the last `intakeDays` days of 28; weigh-ins spread from day 27 - span to day 27.
        let weighDays = Set((0..<weighInDays).map { 27 - span + (span * $0) / max(1, weighInDays - 1) })
        let history = Self.history(seed: 7, days: 28, weighs: { day, _ in weighDays.contains(day) }, eats: { day, _ in day >= 28 - intakeDays })
        let estimate = Expenditure.estimate(intake: history.intake, entries: history.entries, through: Self.start.day.adding(days: 28))
        #expect((estimate?.value != nil) == enough, "\(String(describing: estimate))")
        check(history, through: Self.start.day.adding(days: 28))
    }

    @Test("without intake there is nothing to say; intake after the report's day is not counted")
    func noIntake() {
        let history = Self.history(seed: 3, days: 30, weighs: { _, _ in true }, eats: { _, _ in false })
        #expect(Expenditure.estimate(intake: [], entries: history.entries, through: Self.start.day.adding(days: 40)) == nil)
        let later = [IntakeEntry(timestamp: Self.start.adding(days: 50), kilocalories: 2000)]
        #expect(Expenditure.estimate(intake: later, entries: history.entries, through: Self.start.day.adding(days: 40)) == nil)
    }

    @Test("what to eat: the plan's balance, 0.5% a week toward a goal, or maintenance, as a range; never under 1,200 (1,500 for men)")
    func target() {
        let expenditure = Expenditure(
            kilocalories: 2400, low: 2200, high: 2600, from: Self.start.day, to: Self.start.day.adding(days: 27), intakeDays: 25, averageIntake: 2000,
            weighInDays: 20, dailySlopeKilograms: -0.05)
        let goal = GoalProjection(goalKilograms: 75, dailyTrends: [80.0], dailySlopeKilograms: -0.05, latestDay: Self.start.day, projects: true)
        let plan = TargetIntake.from(expenditure, planEnergyBalance: -500, goal: goal, trendKilograms: 80)
        #expect(plan.basis == .plan && plan.kilocalories == 1900)
        let toward = TargetIntake.from(expenditure, planEnergyBalance: nil, goal: goal, trendKilograms: 80)
        // 0.5% of 80 kg a week = 0.4 kg a week: 0.4 × 7716.17 / 7 = 440.9 kcal a day less.
        #expect(toward.basis == .goal && abs(toward.kilocalories - (2400 - 0.4 * 3500 / 0.45359237 / 7)) < 1e-6)
        #expect(TargetIntake.from(expenditure, planEnergyBalance: nil, goal: nil, trendKilograms: 80).basis == .maintenance)
        let hungry = TargetIntake.from(expenditure, planEnergyBalance: -1300, goal: goal, trendKilograms: 80)
        #expect(hungry.isBelowSafeMinimum && !plan.isBelowSafeMinimum)
        // The range is the expenditure's interval moved by the same balance, and never under the floor.
        #expect(plan.low == 1700 && plan.high == 2100)
        #expect(hungry.kilocalories == 1200 && hungry.low == 1200 && hungry.deficit == 1300 && !hungry.isImpossible)
        let man = TargetIntake.from(expenditure, planEnergyBalance: -1000, goal: goal, trendKilograms: 80, sex: .male)
        #expect(man.isBelowSafeMinimum && man.kilocalories == 1500)
        #expect(!TargetIntake.from(expenditure, planEnergyBalance: -1000, goal: goal, trendKilograms: 80, sex: .female).isBelowSafeMinimum)
        #expect(TargetIntake.from(expenditure, planEnergyBalance: -4050, goal: goal, trendKilograms: 80).isImpossible)
    }
}
