import TrendCore

/// One line typed at a screen's prompt (`trend ui`, SPEC §19), read as the
/// command reads its words: the amount, then a note. `380 porridge` is
/// 380 kcal with the note "porridge"; `82.1 after run` is 82.1 with "after
/// run"; `80 kg` and `12st 6lb` stay whole amounts. The amount is the longest
/// run of leading words that reads as one; when none does, the whole line
/// is the amount, so what is said about it is what the command would say.
public enum PromptLine {
    public static func weighIn(_ line: String, unit: WeightUnit) -> (weight: String, note: String?) {
        amountAndNote(line) { (try? WeightInput.kilograms(parsing: $0, defaultUnit: unit)) != nil }
    }

    public static func food(_ line: String) -> (energy: String, note: String?) {
        amountAndNote(line) { (try? EnergyInput.kilocalories(parsing: $0)) != nil }
    }

    /// `waist 84.5 after run`: the name is the first word.
    public static func measurement(_ line: String, unit: LengthUnit) -> (name: String, value: String, note: String?) {
        let (name, rest) = nameAndRest(line)
        let (value, note) = amountAndNote(rest) { (try? LengthInput.centimetres(parsing: $0, defaultUnit: unit)) != nil }
        return (name, value, note)
    }

    /// `sick flu since Monday`: a mark's name, then a note.
    public static func mark(_ line: String) -> (name: String, note: String?) {
        let (name, rest) = nameAndRest(line)
        let words = words(of: rest)
        guard let first = words.first, let last = words.last else { return (name, nil) }
        return (name, String(rest[first.lowerBound..<last.upperBound]))
    }

    /// The first word, and what follows it.
    private static func nameAndRest(_ line: String) -> (String, String) {
        guard let first = words(of: line).first else { return ("", "") }
        return (String(line[first]), String(line[first.upperBound...]))
    }

    static func amountAndNote(_ line: String, reads: (String) -> Bool) -> (String, String?) {
        let words = words(of: line)
        guard let first = words.first else { return ("", nil) }
        for last in words.indices.reversed() {
            let amount = String(line[first.lowerBound..<words[last].upperBound])
            guard reads(amount) else { continue }
            let note = last + 1 < words.count ? String(line[words[last + 1].lowerBound..<words[words.count - 1].upperBound]) : nil
            return (amount, note)
        }
        return (String(line[first.lowerBound..<words[words.count - 1].upperBound]), nil)
    }

    /// Where each word of `line` is: runs of characters between spaces.
    private static func words(of line: String) -> [Range<String.Index>] {
        var words: [Range<String.Index>] = []
        var start: String.Index?
        for index in line.indices {
            if line[index].isWhitespace {
                if let begun = start { words.append(begun..<index) }
                start = nil
            } else if start == nil {
                start = index
            }
        }
        if let begun = start { words.append(begun..<line.endIndex) }
        return words
    }
}
