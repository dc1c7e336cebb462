import TrendCore

/// How a weigh-in is shown, shared by every command that shows one.
public enum EntryRendering {
    /// `2026-11-29 07:30`, in the entry's own offset; with the offset
    /// (`23:30 -05:00`) when it is not `currentOffset`, the zone it is read in.
    public static func localDateTime(_ timestamp: Timestamp, currentOffset: Int? = nil) -> String {
        var text = "\(timestamp.day) \(timestamp.clock(seconds: false))"
        if let currentOffset, currentOffset != timestamp.utcOffsetSeconds { text += " " + Timestamp.offsetText(timestamp.utcOffsetSeconds) }
        return text
    }

    /// `443 KiB`, `1.2 MiB`, `312 bytes`: a file's size as people read it.
    public static func readableSize(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) byte\(bytes == 1 ? "" : "s")" }
        if bytes < 1 << 20 { return "\((bytes + 512) / 1024) KiB" }
        let tenths = (bytes * 10 + (1 << 19)) >> 20
        return "\(tenths / 10).\(tenths % 10) MiB"
    }

    /// `80.5 kg, 22.4% fat on 2026-11-29 07:30 (a1b2c3d4): after run`.
    /// `ids`: the store's short ids, where two records may share their first 8 digits.
    public static func summary<Record: StoredRecord>(_ record: Record, unit: WeightUnit, ids: ShortIDs = ShortIDs()) -> String {
        RecordPresentations.summary(AnyRecord(record), unit: unit, ids: ids)
    }

    /// Any record's summary, as its kind's declaration gives it.
    public static func summary(_ record: AnyRecord, unit: WeightUnit, ids: ShortIDs = ShortIDs()) -> String {
        RecordPresentations.summary(record, unit: unit, ids: ids)
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `22.4%`.
    public static func fatText(_ percent: Double) -> String { Decimal1.text(percent) + "%" }

    /// `10 Nov`.
    public static func dayMonth(_ day: CalendarDay) -> String {
        "\(day.day) \(months[day.month - 1])"
    }

    /// `2–6 Nov 2026`, `30 Nov–2 Dec 2026`, `29 Dec 2025–2 Jan 2026`, or
    /// one day as `2 Nov 2026`: a run of days, each part said once.
    public static func dayRange(_ first: CalendarDay, _ last: CalendarDay) -> String {
        guard first != last else { return longDate(first) }
        if first.year != last.year { return longDate(first) + "–" + longDate(last) }
        if first.month != last.month { return dayMonth(first) + "–" + longDate(last) }
        return "\(first.day)–" + longDate(last)
    }

    /// `14 Feb 2027`: unambiguous in every locale.
    public static func longDate(_ day: CalendarDay) -> String {
        "\(day.day) \(months[day.month - 1]) \(day.year)"
    }

    /// `1 Dec 07:15`, or `1 Dec 2025 07:15` in another year than `today`'s.
    public static func shortDateTime(_ timestamp: Timestamp, today: CalendarDay? = nil) -> String {
        let day = timestamp.day
        let year = today.map { $0.year == day.year } ?? true ? "" : " \(day.year)"
        return "\(day.day) \(months[day.month - 1])\(year) \(timestamp.clock(seconds: false))"
    }

    /// A rate as it was given, to as many decimals as it has (up to 3):
    /// `-0.25 kg/week`, never rounded to `-0.3`; stones in pounds.
    public static func givenWeeklyRate(_ kilograms: Double, unit: WeightUnit) -> String {
        let shown: WeightUnit = unit == .stones ? .pounds : unit
        let value = (shown.value(fromKilograms: kilograms) * 1000).rounded() / 1000
        var text = DecimalText.shortest(abs(value))
        if !text.contains(".") { text += ".0" }
        return (value > 0 ? "+" : value < 0 ? "-" : "") + text + " " + shown.rawValue + "/week"
    }

    /// `-2.4 kg/week is faster than 1% of your weight a week; most plans aim for 0.5–1%`.
    public static func fastPlanWarning(_ weeklyRateKilograms: Double, unit: WeightUnit) -> String {
        "\(givenWeeklyRate(weeklyRateKilograms, unit: unit)) is faster than 1% of your weight a week; most plans aim for 0.5–1%"
    }

    /// Said instead of a figure when what to eat would fall under the floor
    /// (SPEC §15): `this plan needs 4,050 kcal/day less than you burn: more
    /// than food can give; a later date or --rate 0.5 would do`.
    public static func foodFloor(_ target: TargetIntake) -> String {
        let asks = target.basis == .plan ? "this plan needs" : "reaching the goal at 0.5% of your weight a week needs"
        let need = "\(asks) \(grouped(Int((target.deficit / 10).rounded()) * 10)) kcal/day less than you burn"
        let why = target.isImpossible ? ": more than food can give" : ", leaving under \(grouped(Int(target.floor))) kcal/day to eat"
        return need + why + (target.basis == .plan ? "; a later date or --rate 0.5 would do" : "; set a plan with a gentler --rate")
    }

    /// `1,800–2,000 kcal/day`: what to eat, to 10 kcal.
    public static func intakeRange(_ target: TargetIntake) -> String {
        let low = Int((target.low / 10).rounded()) * 10
        let high = Int((target.high / 10).rounded()) * 10
        return (low == high ? grouped(low) : "\(grouped(low))–\(grouped(high))") + " kcal/day"
    }

    /// What a record holds, in a few words: `80.5 kg`, `650 kcal`, `waist 84.5 cm`.
    public static func what(_ record: AnyRecord, unit: WeightUnit) -> String {
        RecordPresentations.what(record, unit: unit)
    }

    /// `650 kcal`, `2,450 kcal`: whole kilocalories, thousands grouped.
    public static func kilocalories(_ value: Double) -> String {
        grouped(Int(value.rounded())) + " kcal"
    }

    /// `2,450`, `-1,200`.
    public static func grouped(_ value: Int) -> String {
        DecimalText.grouped(Double(value))
    }

    /// `-0.4 kg/week`.
    public static func weeklyRate(_ kilograms: Double, unit: WeightUnit) -> String {
        unit.formatChange(kilograms: kilograms) + "/week"
    }
}
