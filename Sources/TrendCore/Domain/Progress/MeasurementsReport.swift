#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The measurements part of the report (SPEC §16): each name's latest
/// value, trend, weekly rate and change, and what they mean together:
/// waist-to-height with Ashwell's classes, waist-to-hip with WHO's flag,
/// and the U.S. Navy body-fat estimate.
public struct MeasurementsReport: Equatable, Sendable {
    public struct Summary: Equatable, Sendable {
        public let name: MeasurementName
        /// The latest measurement up to the report's day.
        public let latest: MeasurementEntry
        /// The trend as of the latest measured day.
        public let trend: Double
        public let weeklyRate: Double?
        /// Trend change from the first day in range the series covers to its latest.
        public let change: Double?
        /// The trend 28 days before the latest measured day, when the series reaches it.
        public let changeOverFourWeeks: Double?
    }

    public enum WaistToHeightClass: String, Sendable {
        case low, healthy, increased, high

        /// Ashwell's boundaries: below 0.4 low, to 0.49 healthy, to 0.59 increased, from 0.6 high.
        public init(ratio: Double) {
            self = ratio < 0.4 ? .low : ratio < 0.5 ? .healthy : ratio < 0.6 ? .increased : .high
        }
    }

    /// By name, sorted.
    public let summaries: [Summary]
    public let waistToHeight: Double?
    public let waistToHeightClass: WaistToHeightClass?
    public let waistToHip: Double?
    /// WHO: from 0.90 for men, 0.85 for women; nil without a sex.
    public let waistToHipIncreased: Bool?
    public let navyBodyFat: Double?
    /// The scale's body fat (trend), shown beside the Navy estimate.
    public let scaleFatPercent: Double?

    /// Nil when nothing was measured by `through`.
    public init?(
        _ entries: [MeasurementEntry], from: CalendarDay, through: CalendarDay, heightCentimetres: Double?, sex: Sex?, scaleFatPercent: Double?
    ) {
        var byName: [MeasurementName: [MeasurementEntry]] = [:]
        for entry in entries where entry.calendarDay <= through { byName[entry.name, default: []].append(entry) }
        guard !byName.isEmpty else { return nil }
        var summaries: [Summary] = []
        var trends: [MeasurementName: Double] = [:]
        for name in byName.keys.sorted() {
            let named = byName[name]!
            let series = MeasurementSeries(named)
            guard let latestDay = series.latest(onOrBefore: through) else { continue }
            let latest = named.last { $0.calendarDay == latestDay.day } ?? named.last!
            let firstInRange = series.days.first { $0.day >= from && $0.day <= latestDay.day }
            let change = firstInRange.flatMap { $0.day < latestDay.day ? latestDay.trend - $0.trend : nil }
            let fourWeeks = series.trend(on: latestDay.day.adding(days: -28)).map { latestDay.trend - $0 }
            summaries.append(
                Summary(name: name, latest: latest, trend: latestDay.trend, weeklyRate: series.weeklyRate(upTo: latestDay.day), change: change, changeOverFourWeeks: fourWeeks))
            trends[name] = latestDay.trend
        }
        self.summaries = summaries
        let waist = trends[.waist]
        let hips = trends[.hips]
        let neck = trends[.neck]
        waistToHeight = zip(waist, heightCentimetres).map { $0 / $1 }
        waistToHeightClass = waistToHeight.map(WaistToHeightClass.init(ratio:))
        waistToHip = zip(waist, hips).map { $0 / $1 }
        waistToHipIncreased = zip(waistToHip, sex).map { ratio, sex in ratio >= (sex == .male ? 0.90 : 0.85) }
        if let sex, let height = heightCentimetres, let waist, let neck {
            navyBodyFat = NavyBodyFat.percent(sex: sex, heightCentimetres: height, waistCentimetres: waist, neckCentimetres: neck, hipsCentimetres: hips)
        } else {
            navyBodyFat = nil
        }
        self.scaleFatPercent = scaleFatPercent
    }
}

private func zip<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
}
