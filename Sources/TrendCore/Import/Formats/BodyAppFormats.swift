/// MyFitnessPal's `Nutrition-Summary` export: `Date,Meal,Calories,…`, a
/// row per meal added up per day, with or without its `Time` and `Note`
/// columns (SPEC §18: known apps by their real headers); and its
/// `Exercise-Summary`, whose calories are burned, not eaten: it holds
/// nothing to import (with its `Sets` and `Reps` columns it is a workout
/// log, which `TableKind` refuses before).
enum MyFitnessPalFormat: ImportFileFormat {
    static let format = ImportFormat(name: "myfitnesspal", displayName: "MyFitnessPal")

    static func recognizes(_ head: ImportHead) -> Bool {
        let names = head.header.map(BodyTable.normalized)
        return names.first == "date" && names.contains("meal") && names.contains("calories")
            || names.starts(with: ["date", "exercise", "type", "exercise calories"])
    }

    static func read(_ source: ImportSource, cells: ImportCells) throws(ImportError) -> ParsedImport {
        let names = ImportHead(bytes: Array(source.head.bytes), fileName: nil).header.map(BodyTable.normalized)
        if names.contains("exercise calories") {
            throw .nothingToImport(path: source.path, reason: "its Exercise Calories are burned, not eaten: import the Nutrition-Summary file")
        }
        return ParsedImport(format: format, rows: [])
    }
}

/// Hevy's measurement export: `"date","weight_kg","fat_percent","neck_cm",…`
/// (`_in` columns in inches), a row per date, sparse: the weight with its
/// body fat, and each tape measurement.
enum HevyFormat: ImportFileFormat {
    static let format = ImportFormat(name: "hevy", displayName: "Hevy")

    static func recognizes(_ head: ImportHead) -> Bool {
        let names = head.header.map(BodyTable.normalized)
        return names.first == "date" && names.contains("weight_kg") && (names.contains("waist_cm") || names.contains("waist_in"))
    }

    static func read(_ source: ImportSource, cells: ImportCells) throws(ImportError) -> ParsedImport {
        try CSVFormats.read(source, format: format, cells: cells) { header in
            let names = header.map(BodyTable.normalized)
            guard let weight = names.firstIndex(of: "weight_kg") else { return nil }
            var layout = CSVLayout(dateColumn: 0, weightColumn: weight, formatUnit: .kilograms)
            layout.fatColumn = names.firstIndex(of: "fat_percent")
            return layout
        }
    }
}
