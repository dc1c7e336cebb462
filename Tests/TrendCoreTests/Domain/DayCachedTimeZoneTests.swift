import Testing
@testable import TrendCore

/// The import's zone looks at the zone once a day; it must resolve every
/// local time exactly as the zone's own rule does, around changes too.
@Suite("DayCachedTimeZone")
struct DayCachedTimeZoneTests {
    /// A zone that changes its offset at the given instants.
    struct SteppedZone: LocalTimeZone {
        let base: Int
        /// (instant, offset from then on), in order.
        let changes: [(Int64, Int)]

        func utcOffset(atEpochSeconds seconds: Int64) -> Int {
            changes.last { $0.0 <= seconds }?.1 ?? base
        }
    }

    static let march29 = Int64(1_774_746_000)  // 2026-03-29T01:00:00Z
    static let october25 = Int64(1_792_890_000)  // 2026-10-25T01:00:00Z

    @Test("every quarter hour of a year resolves as the zone's own rule does: spring gap, autumn repeat, and two changes a day apart", arguments: [
        SteppedZone(base: 3600, changes: [(march29, 7200), (october25, 3600)]),
        SteppedZone(base: -18_000, changes: [(march29, -14_400), (march29 + 30 * 3600, -10_800), (october25, -18_000)]),
        SteppedZone(base: 45_900, changes: [(march29 - 86_400 * 3, 49_500)]),
    ])
    func agrees(zone: SteppedZone) {
        let cached = DayCachedTimeZone(zone)
        let start = Self.march29 - 40 * 86_400
        var disagreements = 0
        // In order, as an import's rows come, and then backwards.
        for local in stride(from: start, to: Self.october25 + 40 * 86_400, by: 900) where cached.epochSeconds(forLocalSeconds: local) != zone.resolvedEpochSeconds(forLocalSeconds: local) {
            disagreements += 1
        }
        for local in stride(from: Self.october25 + 3 * 86_400, to: Self.march29 - 3 * 86_400, by: -1_111) where cached.epochSeconds(forLocalSeconds: local) != zone.resolvedEpochSeconds(forLocalSeconds: local) {
            disagreements += 1
        }
        #expect(disagreements == 0)
    }

    @Test("a local time before 1970 falls in its own day")
    func beforeEpoch() {
        let zone = SteppedZone(base: 3600, changes: [])
        let cached = DayCachedTimeZone(zone)
        for local in [Int64(-1), -86_400, -86_401, -1_000_000_000] {
            #expect(cached.epochSeconds(forLocalSeconds: local) == zone.resolvedEpochSeconds(forLocalSeconds: local))
        }
    }
}
