extension DateInput {
    /// The forms files write by the million, read straight from the bytes:
    /// `2026-11-03`, `2026-11-03 07:05`, `2026-11-03T07:05:09.645`, each
    /// with nothing, `Z`, `±HH:MM` or `±HHMM` after it (the offset may
    /// follow one space, as Apple Health writes it). Nil for anything
    /// else (one-digit parts, words, other separators), which the full
    /// reader then reads: this only makes the common case fast, it never
    /// reads a text differently.
    public func isoTimestamp(_ text: String) -> Timestamp? {
        var text = text
        return text.withUTF8 { isoTimestamp(bytes: $0) }
    }

    func isoTimestamp(bytes b: UnsafeBufferPointer<UInt8>) -> Timestamp? {
        let n = b.count
        guard n >= 10 else { return nil }
        @inline(__always) func digit(_ i: Int) -> Int? {
            let c = b[i]
            return c >= 48 && c <= 57 ? Int(c - 48) : nil
        }
        @inline(__always) func two(_ i: Int) -> Int? {
            guard let a = digit(i), let c = digit(i + 1) else { return nil }
            return a * 10 + c
        }
        guard b[4] == 45, b[7] == 45, let century = two(0), let years = two(2), let month = two(5), let dayOfMonth = two(8) else { return nil }
        let year = century * 100 + years
        guard year >= 1, let day = CalendarDay(year: year, month: month, day: dayOfMonth) else { return nil }
        if n == 10 {
            // A date alone: noon, or (typed today) now, as the full reader says.
            guard dateAlone == .noon || day != today else { return nil }
            let resolved = timeZone.epochSeconds(forLocalSeconds: Int64(day.dayNumber) * 86_400 + 12 * 3600)
            return Timestamp(epochSeconds: resolved.epochSeconds, utcOffsetSeconds: resolved.utcOffsetSeconds).storable
        }
        guard n >= 16, b[10] == 84 || b[10] == 32, b[13] == 58, let hour = two(11), let minute = two(14), hour < 24, minute < 60 else { return nil }
        var index = 16
        var second = 0
        if index < n && b[index] == 58 {
            guard index + 3 <= n, let s = two(index + 1), s < 60 else { return nil }
            second = s
            index += 3
            // A fraction of a second is dropped: the file keeps whole seconds.
            if index < n && b[index] == 46 {
                index += 1
                let start = index
                while index < n, digit(index) != nil { index += 1 }
                guard index > start else { return nil }
            }
        }
        let local = Int64(day.dayNumber) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        if index == n {
            let resolved = timeZone.epochSeconds(forLocalSeconds: local)
            return Timestamp(epochSeconds: resolved.epochSeconds, utcOffsetSeconds: resolved.utcOffsetSeconds).storable
        }
        if b[index] == 90 && index + 1 == n {
            let offset = utcDesignator == .keepUTC ? 0 : timeZone.utcOffset(atEpochSeconds: local)
            return Timestamp(epochSeconds: local, utcOffsetSeconds: offset).storable
        }
        // Apple Health's `2026-11-03 07:05:09 +0100`: one space before the offset.
        if b[index] == 32 && index + 1 < n && (b[index + 1] == 43 || b[index + 1] == 45) { index += 1 }
        guard b[index] == 43 || b[index] == 45 else { return nil }
        let sign = b[index] == 45 ? -1 : 1
        let rest = n - index - 1
        guard rest == 4 || rest == 5, let oh = two(index + 1) else { return nil }
        let om: Int
        if rest == 5, b[index + 3] == 58, let m = two(index + 4) {
            om = m
        } else if rest == 4, let m = two(index + 3) {
            om = m
        } else {
            return nil
        }
        guard oh <= 18, om < 60 else { return nil }
        let offset = sign * (oh * 3600 + om * 60)
        guard abs(offset) <= Timestamp.maximumOffsetSeconds else { return nil }
        return Timestamp(epochSeconds: local - Int64(offset), utcOffsetSeconds: offset).storable
    }
}
