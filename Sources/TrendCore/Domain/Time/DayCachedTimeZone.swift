import Synchronization

/// A zone that resolves the local times of one day with one look at the
/// zone: an import's rows come dozens to a day (a scale that logs every
/// reading), and the C library's conversion, three or four of them a row,
/// was a tenth of such an import. A day whose offset is the same from a day
/// before it to a day after it (every day but those around a change) gives
/// each of its local times that offset; any other day is resolved time by
/// time, exactly as the zone itself does.
final class DayCachedTimeZone: LocalTimeZone {
    private let zone: any LocalTimeZone
    /// The last local day looked at, and its one offset (nil: the offset changes near it).
    private let lastDay = Mutex<(day: Int64, offset: Int?)>((.min, nil))

    init(_ zone: any LocalTimeZone) {
        self.zone = zone
    }

    func utcOffset(atEpochSeconds seconds: Int64) -> Int {
        zone.utcOffset(atEpochSeconds: seconds)
    }

    func epochSeconds(forLocalSeconds local: Int64) -> (epochSeconds: Int64, utcOffsetSeconds: Int) {
        let day = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let cached = lastDay.withLock { $0.day == day ? $0 : nil }
        let offset: Int?
        if let cached {
            offset = cached.offset
        } else {
            offset = steadyOffset(aroundDay: day)
            lastDay.withLock { $0 = (day, offset) }
        }
        guard let offset else { return zone.epochSeconds(forLocalSeconds: local) }
        return (local - Int64(offset), offset)
    }

    /// The offset in force over everything the rule looks at for a local
    /// time of `day` (a day either side, and the instant itself), sampled at
    /// its ends and every twelve hours between; nil when it changes there.
    private func steadyOffset(aroundDay day: Int64) -> Int? {
        let start = day * 86_400 - 86_400
        let first = zone.utcOffset(atEpochSeconds: start)
        for step in 1...6 {
            let sample = step == 6 ? start + 3 * 86_400 - 1 : start + Int64(step) * 43_200
            guard zone.utcOffset(atEpochSeconds: sample) == first else { return nil }
        }
        return first
    }
}
