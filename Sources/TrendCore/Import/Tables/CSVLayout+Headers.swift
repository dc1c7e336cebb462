#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Finding a layout's columns by their headers.
extension CSVLayout {


    static func normalized(_ header: String) -> String {
        header.trimmed.lowercased()
    }

    /// `Weight (lb)`, `Gewicht (kg)`, `weight [kg]`: the unit in brackets.
    /// The unit a header names: in brackets (`Weight (lb)`) or as a word
    /// (`Weight lbs`, `weight_lbs`, `Weight in lb`).
    static func unit(inHeader header: String) -> WeightUnit? {
        bracketed(normalized(header)).flatMap { WeightUnit(parsing: $0) } ?? HeaderWords.unit(of: header)
    }

    /// The text of a header's last brackets, trimmed: `lb` in `weight (lb)`.
    static func bracketed(_ header: String) -> String? {
        guard let open = header.lastIndex(where: { $0 == "(" || $0 == "[" }),
            let close = header.lastIndex(where: { $0 == ")" || $0 == "]" }), open < close
        else { return nil }
        return String(header[header.index(after: open)..<close]).trimmed
    }

    /// The header without its bracketed unit: `weight (lb)` → `weight`.
    static func baseName(_ header: String) -> String {
        let text = normalized(header)
        let base = text.prefix { $0 != "(" && $0 != "[" }
        return base.trimmed
    }

    /// The first column whose name without its unit is one of `names`.
    /// Brackets hold a unit or nothing: `Weight (goal)` or `Weight (7-day
    /// avg)` is another quantity, never the weight (SPEC §18).
    static func column(in header: [String], named names: Set<String>) -> Int? {
        header.firstIndex { names.contains(baseName($0)) && bracketHoldsAUnit($0) }
    }

    /// No brackets, or brackets around a unit (`kg`, `lbs`, `%`, `cm`, `in`).
    static func bracketHoldsAUnit(_ header: String) -> Bool {
        guard let inner = bracketed(normalized(header)) else { return true }
        return inner.isEmpty || inner == "%" || WeightUnit(parsing: inner) != nil || HeaderWords.unitSpellings[inner] != nil
            || LengthUnit(rawValue: inner) != nil
    }

    static let dateNames: Set<String> = ["date", "date/time", "datetime", "date time", "time", "timestamp", "day", "when", "start date", "startdate"]
    static let weightNames: Set<String> = ["weight", "body weight", "bodyweight", "body mass", "bodymass", "mass", "kg", "kgs", "lb", "lbs"]
    static let noteNames: Set<String> = ["note", "notes", "comment", "comments"]
    /// Body fat in percent, by every name the apps give it (`Body Fat (%)` is `body fat` without its unit).
    static let fatNames: Set<String> = [
        "fat", "fat %", "fat%", "body fat", "body fat %", "body fat%", "bodyfat", "body_fat", "fat percent", "body fat percent",
        "fat percentage", "body fat percentage", "fatrate", "fat rate", "fat ratio", "body fat ratio", "actual fat ratio",
    ]

    static let bmiNames: Set<String> = ["bmi", "body mass index"]

    /// The body-fat column of a header, by name, in percent: one whose
    /// unit is a mass is a fat mass (`fatMassColumn(in:)`), and `Fat (g)` is food.
    static func fatColumn(in header: [String]) -> Int? {
        header.firstIndex { names(fatNames, $0) && bracketed(normalized($0)).map { $0.isEmpty || $0 == "%" } ?? true }
    }

    /// A column named for body fat whose unit is a mass (`Body fat (kg)`,
    /// `Fat (lb)`): a fat mass in that unit (SPEC §18: units are evidence).
    static func fatMassColumn(in header: [String]) -> (column: Int, unit: WeightUnit)? {
        for (index, name) in header.enumerated() where names(fatNames, name) {
            if let unit = bracketed(normalized(name)).flatMap({ WeightUnit(parsing: $0) }) { return (index, unit) }
        }
        return nil
    }

    private static func names(_ names: Set<String>, _ header: String) -> Bool { names.contains(baseName(header)) }

    /// The header, unwrapped when a spreadsheet saved it as one quoted field
    /// (`"Date,""Weight (kg)"",…"`), and the records after it.
    static func table(_ bytes: [UInt8], separator: Character = ",") -> (header: CSVReader.Row, rows: ArraySlice<CSVReader.Row>)? {
        var records = Array(CSVReader(bytes: bytes, separator: separator))
        while let first = records.first, first.fields.allSatisfy({ $0.trimmed.isEmpty }) { records.removeFirst() }
        guard var header = records.first else { return nil }
        header = unwrapped(header, separator: separator)
        return (header, records.dropFirst())
    }

    static func unwrapped(_ record: CSVReader.Row, separator: Character = ",") -> CSVReader.Row {
        guard record.fields.count == 1, record.fields[0].contains(separator),
            let inner = Array(CSVReader(text: record.fields[0], separator: separator)).first
        else { return record }
        return CSVReader.Row(line: record.line, fields: inner.fields)
    }
}
