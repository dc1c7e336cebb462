import Foundation
import Testing
import TestSupport
import TrendCore

/// SPEC §15's model that tells tissue from water, on runs of `energy-sim`
/// kept in `Fixtures/energy-sim` (weigh-ins, logged intake, period marks
/// and the truth behind them): against a reference run of an independent
/// implementation (numpy, written from the equations), against the truth,
/// and on what water does to the scale.
@Suite("Expenditure that knows water")
struct EnergyBalanceModelTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/energy-sim")
    static let scenarios = ["steady-cut", "female-cycle-cut", "cut-then-maintain"]

    /// One simulated person: the store's records, the period marks and the truth by day.
    struct Run {
        var entries: [WeightEntry] = []
        var intake: [IntakeEntry] = []
        var periodDays: [CalendarDay] = []
        var truth: [CalendarDay: Double] = [:]
        var water: [CalendarDay: Double] = [:]
        var days: [CalendarDay] = []
    }

    static func rows(_ scenario: String, _ file: String) throws -> [[String]] {
        let text = try String(contentsOf: fixtures.appendingPathComponent("\(scenario)/\(file)"), encoding: .utf8)
        return text.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) }
    }

    /// `2025-03-01` or `2025-03-01 07:14`: year, month, day, hour, minute.
    static func parts(_ text: String) -> [Int] {
        text.split(whereSeparator: { $0 == "-" || $0 == " " || $0 == ":" }).compactMap { Int($0) }
    }

    static func day(_ text: String) -> CalendarDay {
        let p = parts(text)
        return CalendarDay(year: p[0], month: p[1], day: p[2])!
    }

    static func run(_ scenario: String) throws -> Run {
        var run = Run()
        for row in try rows(scenario, "weights.csv") {
            let p = parts(row[0])
            run.entries.append(WeightEntry(timestamp: Timestamp.local(p[0], p[1], p[2], p[3], p[4]), kilograms: Double(row[1])!))
        }
        for row in try rows(scenario, "intake.csv") {
            let p = parts(row[0])
            run.intake.append(IntakeEntry(timestamp: Timestamp.local(p[0], p[1], p[2], 12), kilocalories: Double(row[1])!))
        }
        run.periodDays = try rows(scenario, "marks.csv").filter { $0[1] == "period" }.map { day($0[0]) }
        for row in try rows(scenario, "truth.csv") {
            run.truth[day(row[0])] = Double(row[1])!
            run.water[day(row[0])] = Double(row[3])!
            run.days.append(day(row[0]))
        }
        return run
    }

    @Test("matches the reference run of an independent implementation to 1 kcal", arguments: try! rows("", "reference.csv"))
    func reference(row: [String]) throws {
        let run = try Self.run(row[0])
        let estimate = try #require(
            Expenditure.estimate(intake: run.intake, entries: run.entries, through: Self.day(row[1]), periodDays: run.periodDays)?.value)
        #expect(abs(estimate.kilocalories - Double(row[2])!) < 1, "\(estimate.kilocalories)")
        #expect(abs((estimate.high - estimate.low) / 2 / Expenditure.z95 - Double(row[3])!) < 1)
        #expect(abs(estimate.waterKilograms - Double(row[4])!) < 0.01)
    }

    /// Each third day from day 35, as SPEC §15 judges it, with the period marks.
    static func judged(_ run: Run, periodDays: [CalendarDay]) -> (errors: [Double], widths: [Double], held: Int, changes: [Double]) {
        var errors: [Double] = []
        var widths: [Double] = []
        var changes: [Double] = []
        var held = 0
        var previous: Double?
        for day in run.days.dropFirst(34).enumerated().filter({ $0.offset % 3 == 0 }).map(\.element) {
            guard let e = Expenditure.estimate(intake: run.intake, entries: run.entries, through: day, periodDays: periodDays)?.value else {
                previous = nil
                continue
            }
            let window = (0..<Expenditure.windowDays).map { run.truth[e.from.adding(days: $0)]! }
            let truth = window.reduce(0, +) / Double(window.count)
            errors.append(abs(e.kilocalories - truth))
            widths.append(e.high - e.low)
            if e.low <= truth && truth <= e.high { held += 1 }
            if let previous { changes.append(abs(e.kilocalories - previous)) }
            previous = e.kilocalories
        }
        return (errors, widths, held, changes)
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    @Test("holds the true mean expenditure of its window on most days, near it, narrow and steady", arguments: scenarios)
    func againstTheTruth(scenario: String) throws {
        let run = try Self.run(scenario)
        let judged = Self.judged(run, periodDays: run.periodDays)
        // One person a scenario: the judged bars are over many (0.90, 45, 150, 25, 300); one
        // person's food log can be off by a steady 100 kcal, which no model sees, and the
        // first windows of a diet that starts with a cycle's fall are the hardest.
        #expect(judged.errors.count >= 35)
        #expect(Double(judged.held) / Double(judged.errors.count) >= 0.75, "coverage \(judged.held) of \(judged.errors.count)")
        #expect(Self.median(judged.errors) <= 60, "median error \(Self.median(judged.errors))")
        #expect(Self.median(judged.widths) <= 300, "median width \(Self.median(judged.widths))")
        #expect(Self.median(judged.changes) <= 25, "median change \(Self.median(judged.changes))")
    }

    @Test("names the water of the cycle's peaks and troughs with its sign, and stays quiet when there is none")
    func cycleWater() throws {
        let run = try Self.run("female-cycle-cut")
        var named = 0
        var large = 0
        var quiet = 0
        var calm = 0
        for day in run.days.dropFirst(34) {
            guard let e = Expenditure.estimate(intake: run.intake, entries: run.entries, through: day, periodDays: run.periodDays)?.value else { continue }
            let window = (0..<Expenditure.windowDays).map { run.water[e.from.adding(days: $0)]! }
            let truth = run.water[e.to]! - window.reduce(0, +) / Double(window.count)
            if abs(truth) >= 0.6 {
                large += 1
                if (e.waterKilograms > 0) == (truth > 0) && abs(e.waterKilograms) >= 0.3 { named += 1 }
            }
            if abs(truth) < 0.2 {
                calm += 1
                if abs(e.waterKilograms) < Expenditure.notableWaterKilograms { quiet += 1 }
            }
        }
        #expect(large >= 20 && calm >= 10)
        #expect(Double(named) / Double(large) >= 0.5, "\(named) of \(large)")
        #expect(Double(quiet) / Double(calm) >= 0.85, "\(quiet) of \(calm)")
    }

    /// Eight weeks of a steady body eating what it burns, weighed every morning.
    static func steady(days: Int = 70, kilocalories: Double = 2300, scale: (Int) -> Double) -> [EnergyBalanceModel.Day] {
        (0..<days).map { EnergyBalanceModel.Day(kilograms: 80 + scale($0), kilocalories: kilocalories) }
    }

    @Test("a body eating what it burns is read as burning what it eats")
    func maintenance() throws {
        let result = try #require(EnergyBalanceModel().estimate(Self.steady { $0 % 2 == 0 ? 0.2 : -0.2 }, windowDays: 28))
        #expect(abs(result.kilocalories - 2300) < 60)
        #expect(result.standardDeviation > 20 && result.standardDeviation < 100)
        #expect(abs(result.waterKilograms) < 0.3)
    }

    @Test("a kilogram and more on the scale after a large day is water, and moves the estimate far less than tissue would")
    func largeDay() throws {
        var days = Self.steady { _ in 0 }
        days[days.count - 4].kilocalories = 3400
        let flat = try #require(EnergyBalanceModel().estimate(Self.steady { _ in 0 }, windowDays: 28))
        // 1.2 kg the morning after, half of it gone in two days.
        for (index, water) in zip((days.count - 3)..<days.count, [1.2, 0.85, 0.6]) { days[index].kilograms = 80 + water }
        let salty = try #require(EnergyBalanceModel().estimate(days, windowDays: 28))
        // Read as tissue, 0.6 kg over the window would be 0.6 × 7,716 ÷ 28 ≈ 165 kcal a day more eaten than burned.
        #expect(abs(flat.kilocalories - salty.kilocalories) < 80)
        #expect(salty.waterKilograms > 0.3 && abs(flat.waterKilograms) < 0.1, "\(salty.water)")
        #expect(salty.water.fast > salty.water.glycogen && salty.water.fast > salty.water.cycle)
    }

    @Test("tissue lost at a known deficit gives the expenditure back")
    func deficit() throws {
        // Eating 1,800 and losing 0.1 kg a day burns 1,800 + 771.6.
        let days = (0..<70).map { EnergyBalanceModel.Day(kilograms: 90 - 0.1 * Double($0), kilocalories: 1800) }
        let result = try #require(EnergyBalanceModel().estimate(days, windowDays: 28))
        #expect(abs(result.kilocalories - 2571.6) < 40)
    }

    /// Seven weeks at 2,500 kcal, burning it; then a diet of 1,800: tissue
    /// goes at 700 kcal a day, and glycogen's 1.2 kg of water in four days.
    static func dietStart(daysOfDiet: Int) -> [EnergyBalanceModel.Day] {
        let before = 49
        var generator = SeededGenerator(seed: 66)
        var tissue = 80.0
        var days: [EnergyBalanceModel.Day] = []
        for day in 0..<(before + daysOfDiet) {
            let dieting = day >= before
            let glycogen = dieting ? -1.2 * min(1, Double(day - before) / 4) : 0
            let noise = Double.random(in: -0.3...0.3, using: &generator)
            let eaten = (dieting ? 1800 : 2500) + Double.random(in: -150...150, using: &generator)
            days.append(.init(kilograms: tissue + glycogen + noise, kilocalories: eaten, intakeShift: nil))
            tissue += (eaten - 2500) / ProgressReport.kilocaloriesPerKilogram
        }
        // What Expenditure gives the model: each day's intake shift.
        let shifts = IntakeShiftProbe.shifts(days.map(\.kilocalories))
        for index in days.indices { days[index].intakeShift = shifts[index] }
        return days
    }

    @Test("glycogen's water leaving as a diet starts is told from tissue")
    func dietStartsGlycogen() throws {
        let days = Self.dietStart(daysOfDiet: 12)
        let result = try #require(EnergyBalanceModel().estimate(days, windowDays: 28))
        var stiff = EnergyBalanceModel.Constants()
        stiff.glycogenStep = 0
        let without = try #require(EnergyBalanceModel(constants: stiff).estimate(days, windowDays: 28))
        // Burning 2,500 throughout; read as tissue, 1.2 kg in 12 days would be about 330 kcal a day more burned.
        #expect(abs(result.kilocalories - 2500) < 120, "\(result.kilocalories)")
        #expect(without.kilocalories - 2500 > abs(result.kilocalories - 2500) + 50, "\(without.kilocalories)")
        #expect(result.water.glycogen < -0.4, "\(result.water)")
    }

    /// Twelve weeks at balance with a cycle's water (0.7 kg at its peak on each period's first day).
    static func cycle() -> (days: [EnergyBalanceModel.Day], periods: [Int]) {
        var generator = SeededGenerator(seed: 28)
        let periods = Array(stride(from: 5, to: 84, by: 28))
        let days = (0..<84).map { day -> EnergyBalanceModel.Day in
            let share = Double((day - 5 + 28) % 28) / 28
            let water = 0.7 * cos(2 * Double.pi * share)
            return .init(kilograms: 70 + water + Double.random(in: -0.25...0.25, using: &generator), kilocalories: 2000 + Double.random(in: -200...200, using: &generator))
        }
        return (days, periods)
    }

    @Test("a cycle's water, with the period marked, leaves the estimate steady and is named")
    func markedCycle() throws {
        let (plain, periods) = Self.cycle()
        let cycle = PeriodCycle(periodDays: periods.flatMap { start in (0..<5).map { CalendarDay(dayNumber: 20_000 + start + $0) } })
        var marked = plain
        for index in marked.indices { marked[index].cycle = cycle.waterShape(on: CalendarDay(dayNumber: 20_000 + index)) }
        var estimates: [Double] = []
        for end in stride(from: 60, through: 84, by: 3) {
            let result = try #require(EnergyBalanceModel().estimate(Array(marked.prefix(end)), windowDays: 28))
            #expect(abs(result.kilocalories - 2000) < 80, "\(end): \(result.kilocalories)")
            estimates.append(result.kilocalories)
        }
        #expect(estimates.max()! - estimates.min()! < 80)
        // The last period began on day 61: its water is high at the window's end, and the model says it is the cycle's.
        let atPeriod = try #require(EnergyBalanceModel().estimate(Array(marked.prefix(62)), windowDays: 28))
        #expect(atPeriod.water.cycle > 0.4 && atPeriod.water.cycle > atPeriod.water.fast, "\(atPeriod.water)")
    }

    @Test("without marks a four-week cycle is found in the weigh-ins, but never in a man's")
    func unmarkedCycle() throws {
        let (days, _) = Self.cycle()
        let found = try #require(EnergyBalanceModel().estimate(days, windowDays: 28, firstDay: CalendarDay(dayNumber: 20_000)))
        #expect(found.cycleWeight > 0.9)
        #expect(abs(found.kilocalories - 2000) < 100)
        let steady = try #require(EnergyBalanceModel().estimate(Self.steady { $0 % 2 == 0 ? 0.2 : -0.2 }, windowDays: 28))
        #expect(steady.cycleWeight < 0.5)
        let man = try #require(EnergyBalanceModel().estimate(days, windowDays: 28, firstDay: CalendarDay(dayNumber: 20_000), cycles: false))
        #expect(man.cycleWeight == 0)
    }

    @Test("no weigh-in or no intake in the window gives no estimate")
    func nothing() {
        let model = EnergyBalanceModel()
        #expect(model.estimate((0..<40).map { _ in .init(kilograms: nil, kilocalories: 2000) }, windowDays: 28) == nil)
        #expect(model.estimate((0..<40).map { _ in .init(kilograms: 80, kilocalories: nil) }, windowDays: 28) == nil)
    }
}

/// The intake shift as SPEC §15 words it, written out plainly here (not
/// from the code): the week ending on a day against the two weeks before.
enum IntakeShiftProbe {
    static func shifts(_ totals: [Double?]) -> [Double?] {
        totals.indices.map { day in
            guard day >= 20 else { return nil }
            let recent = totals[(day - 6)...day].compactMap { $0 }
            let earlier = totals[(day - 20)...(day - 7)].compactMap { $0 }
            guard recent.count * 2 >= 7, earlier.count * 2 >= 14 else { return nil }
            return recent.reduce(0, +) / Double(recent.count) - earlier.reduce(0, +) / Double(earlier.count)
        }
    }
}
