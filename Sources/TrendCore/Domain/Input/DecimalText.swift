/// Numbers as text that reads back exactly, the same in every locale.
package enum DecimalText {
    /// Shortest text that reads back as the same Double (`75`, `80.5`,
    /// `80.46729`). Integral values lose the `.0`: both forms read the same.
    /// `8,750`, `2,091.5`: the shortest form with thousands grouped, as text shows kcal.
    package static func grouped(_ value: Double) -> String {
        let text = shortest(value)
        let sign = text.hasPrefix("-") ? "-" : ""
        let unsigned = text.dropFirst(sign.count)
        let whole = unsigned.prefix { $0 != "." }
        var out = ""
        for (i, digit) in whole.enumerated() {
            if i > 0 && (whole.count - i) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return sign + out + unsigned.dropFirst(whole.count)
    }

    package static func shortest(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return value.description
    }

    /// `value` as ±units / 10^places with the fewest places (0 to 3), when
    /// that is exactly the Double `value` reads back as: division by a power
    /// of ten is correctly rounded, and below 10^12 no other decimal of as
    /// many places lies as near, so these are the digits `shortest` writes.
    static func shortDecimal(_ value: Double) -> (negative: Bool, units: UInt64, places: Int)? {
        let magnitude = abs(value)
        guard magnitude < 1e12 else { return nil }
        var scale = 1.0
        for places in 0...3 {
            let units = (magnitude * scale).rounded()
            if UInt64(units) <= 1 << 53, Double(UInt64(units)) / scale == magnitude {
                return (value < 0 && units != 0, UInt64(units), places)
            }
            scale *= 10
        }
        return nil
    }

    /// `value` rounded to exactly `places` decimals (0 to 6): `80.0`, `79.5`.
    package static func fixed(_ value: Double, places: Int) -> String {
        let places = min(6, max(0, places))
        var scale: Int64 = 1
        for _ in 0..<places { scale *= 10 }
        guard value.isFinite, abs(value) * Double(scale) < 9e15 else { return shortest(value) }
        let units = Int64((abs(value) * Double(scale)).rounded())
        let sign = value < 0 && units != 0 ? "-" : ""
        guard places > 0 else { return sign + String(units) }
        let fraction = String(units % scale)
        return sign + String(units / scale) + "." + String(repeating: "0", count: places - fraction.count) + fraction
    }
}
