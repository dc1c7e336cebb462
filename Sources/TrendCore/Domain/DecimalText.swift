/// Numbers as text that reads back exactly, the same in every locale.
package enum DecimalText {
    /// Shortest text that reads back as the same Double (`75`, `80.5`,
    /// `80.46729`). Integral values lose the `.0`: both forms read the same.
    package static func shortest(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return value.description
    }
}
