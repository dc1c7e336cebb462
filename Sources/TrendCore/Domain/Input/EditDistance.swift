/// How many edits turn one word into another: what "did you mean" rests
/// on, for options and commands (`--dat` → `--date`) and for measurement
/// names (`wiast` → `waist`).
public enum EditDistance {
    /// Edit distance with adjacent swaps (optimal string alignment).
    public static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    /// The one candidate within `limit` edits of `typed`, the nearest; nil
    /// when none is, or two are equally near.
    public static func closest(to typed: String, among candidates: [String], limit: Int = 2) -> String? {
        let scored = candidates.map { ($0, between(typed, $0)) }.filter { $0.1 <= limit }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        let tied = scored.filter { $0.1 == best.1 }.map(\.0)
        return tied.count == 1 ? tied[0] : nil
    }
}
