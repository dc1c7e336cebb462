/// A tape reading typed as 9.4 for 94 spoils every ratio built on it
/// (SPEC §16): a value more than 15 % away from that name's trend and its
/// latest value is refused with the likely intent, unless the person
/// insists, as the scale's typo guard does (§9).
public enum TapeGuard {
    public static let relativeLimit = 0.15

    /// Refuses `centimetres` for `name` at `day` when the name's
    /// measurements up to that day put it far from both their trend and
    /// the latest value; nothing to compare with, nothing refused.
    public static func check(
        _ centimetres: Double, name: MeasurementName, on day: CalendarDay, in measurements: [MeasurementEntry], shownIn unit: LengthUnit
    ) throws(LogError) {
        let earlier = measurements.filter { $0.name == name && $0.calendarDay <= day }
        guard let latest = earlier.last?.centimetres, let trend = MeasurementSeries(earlier).latest(onOrBefore: day)?.trend else { return }
        func fits(_ value: Double) -> Bool { abs(value - trend) <= trend * relativeLimit || abs(value - latest) <= latest * relativeLimit }
        guard !fits(centimetres) else { return }
        // A point a place off either way, or the other length unit.
        let likely = [centimetres * 10, centimetres / 10, centimetres * MeasurementEntry.centimetresPerInch, centimetres / MeasurementEntry.centimetresPerInch]
            .filter { fits($0) && MeasurementEntry.isValid(centimetres: $0) }
        throw .unlikelyMeasurement(name: name.text, centimetres: centimetres, trendCentimetres: trend, likely: likely, unit: unit)
    }
}

extension TapeGuard {
    /// An imported reading far from its neighbours, and them.
    public struct Outlier: Equatable, Sendable {
        public let entry: MeasurementEntry
        public let neighbours: [Double]
    }

    /// Readings more than 15 % away from each neighbour of the same name
    /// (the one before and the one after): a spike, as a typo makes, not a
    /// change the tape followed. Listed by an import, never refused.
    public static func outliers(in measurements: [MeasurementEntry]) -> [Outlier] {
        var byName: [MeasurementName: [MeasurementEntry]] = [:]
        for entry in measurements { byName[entry.name, default: []].append(entry) }
        var found: [Outlier] = []
        for name in byName.keys.sorted() {
            let series = byName[name]!.sorted { $0.timestamp < $1.timestamp }
            guard series.count >= 3 else { continue }
            for index in series.indices {
                let neighbours = [index - 1, index + 1].filter(series.indices.contains).map { series[$0].centimetres }
                let value = series[index].centimetres
                if neighbours.allSatisfy({ abs(value - $0) > $0 * relativeLimit }) {
                    found.append(Outlier(entry: series[index], neighbours: neighbours))
                }
            }
        }
        return found
    }
}
