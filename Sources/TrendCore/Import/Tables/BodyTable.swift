/// The intake and body-measurement columns of a table (SPEC §15, §16): what
/// MyFitnessPal, Cronometer, QS Access, Health Auto Export, Fitbit's Foods
/// section, Samsung Health, Hevy, openScale and a sheet of one's own write.
/// One reader that the formats share: each app's layout is only which
/// header it has.
///
/// - Energy: the column whose header names food energy (`Calories`,
///   `Energy (kcal)`, `Dietary Energy (kcal)`, `Dietary Calories (cal)`,
///   `Calories In`, `calorie`, `kcal`, `food`…) and nothing burned
///   (`Exercise Calories`, `Active Energy`, `Basal Energy Burned`…): kJ ÷
///   4.184, HealthKit's small calories ÷ 1,000. A day's rows add up (meals,
///   foods) into one entry; a day whose rows are all empty or 0 has none;
///   where a `Group` column has `Total` rows, only they count (the meals are
///   their parts).
/// - Measurements: columns named after a place on the body (`waist_cm`,
///   `left_bicep_in`, `Waist (in)`, openScale's `hip`), mapped onto SPEC
///   §16's names (`hip` → `hips`, `biceps` → `arm`, `left_bicep` → `arm-left`).
struct BodyTable {
    struct MeasurementColumn {
        let index: Int
        let name: MeasurementName
        let unit: LengthUnit
    }

    var date: Int
    var time: Int?
    /// Samsung Health's `time_offset` (`UTC+0700`).
    var offset: Int?
    var energy: (index: Int, factor: Double)?
    var group: Int?
    /// Cronometer's `Completed`: named in the summary, never used to drop a day.
    var completed: Int?
    var measurements: [MeasurementColumn] = []
    /// How the energy column writes its numbers: `2.100` is 2,100 kcal
    /// in a file whose energy cells all group thousands with a dot.
    var energyNumbers = EnergyNumbers.plain
    /// The unit lengths were read in because their headers name none.
    var assumedLength: LengthUnit?

    enum EnergyNumbers: Equatable {
        case plain
        /// `1.850`, `2.340`: a dot between thousands, a comma (if any) before decimals.
        case thousandsDots
        /// `2.100` and nothing to tell 2.1 from 2,100: each such cell is refused.
        case ambiguous
    }

    /// How `cells` of energy write their numbers (SPEC §18): a dot before
    /// three digits throughout is a thousands dot where the file is
    /// European (a `;` or tab between fields, a decimal comma) or where the
    /// same cells read as decimals would be a few kcal a day; any other
    /// dot is a decimal point.
    static func energyNumbers(_ cells: [String], europeanFile: Bool) -> EnergyNumbers {
        let dotted = cells.map(\.trimmed).filter { $0.contains(".") }
        guard !dotted.isEmpty else { return .plain }
        func grouped(_ text: String) -> Bool {
            let whole = text.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let groups = whole.split(separator: ".", omittingEmptySubsequences: false)
            return groups.count > 1 && (1...3).contains(groups[0].count) && groups.dropFirst().allSatisfy { $0.count == 3 }
                && groups.allSatisfy { $0.allSatisfy(\.isNumber) }
        }
        guard dotted.allSatisfy(grouped) else { return .plain }
        if europeanFile || dotted.contains(where: { $0.contains(",") }) { return .thousandsDots }
        let asDecimals = dotted.compactMap { ImportCells.decimal($0) }
        if asDecimals.count == dotted.count && asDecimals.allSatisfy({ $0 < 20 }) { return .thousandsDots }
        return .ambiguous
    }

    /// Headers that name when.
    static let dateNames: Set<String> = ["date", "day", "start", "start_time", "starttime", "date/time", "datetime", "timestamp", "date time", "time of measurement", "datum"]

    /// The columns a header has; nil without a date and a body column.
    /// `assumedLength`: the unit of a place's column whose header names
    /// none (`Cintura`), the configured one; nil reads only those that do.
    static func find(in header: [String], assumedLength: LengthUnit? = nil) -> BodyTable? {
        let names = header.map(normalized)
        guard let date = names.firstIndex(where: { dateNames.contains($0) }) ?? names.firstIndex(where: { HeaderWords.meaning($0) == .date }) else { return nil }
        var table = BodyTable(date: date)
        table.time = names.firstIndex { $0 == "time" }.flatMap { $0 == date ? nil : $0 }
        table.offset = names.firstIndex { $0 == "time_offset" }
        table.group = names.firstIndex { $0 == "group" }
        table.completed = names.firstIndex { $0 == "completed" }
        // openScale's `calories` is what the scale estimates is burned, never eaten.
        let isOpenScale = names.contains("caliper1")
        if !isOpenScale {
            let candidates = names.indices.compactMap { index in energyFactor(names[index]).map { (index: index, factor: $0, dietary: names[index].contains("dietary")) } }
            // A column named for energy before one named `food` or `intake`, which may hold the foods' names.
            let named = candidates.filter { names[$0.index] != "food" && names[$0.index] != "intake" }
            if let chosen = named.first(where: \.dietary) ?? named.first ?? candidates.first { table.energy = (chosen.index, chosen.factor) }
        }
        for (index, name) in names.enumerated() {
            if let (measurement, unit) = measurementColumn(name, defaultUnit: isOpenScale ? .centimetres : nil) {
                table.measurements.append(MeasurementColumn(index: index, name: measurement, unit: unit))
            } else if let assumedLength, let (measurement, unit) = measurementColumn(name, defaultUnit: assumedLength) {
                table.measurements.append(MeasurementColumn(index: index, name: measurement, unit: unit))
                table.assumedLength = unit
            }
        }
        guard table.energy != nil || !table.measurements.isEmpty else { return nil }
        return table
    }

    /// `Date `, `"Energy (kcal)"`, a BOM: lowercased, trimmed.
    static func normalized(_ cell: String) -> String {
        var text = cell.trimmed.lowercased()
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        return text.trimmed
    }

    /// Words that say energy is burned, aimed at or left, not eaten.
    private static let notEaten: Set<String> = [
        "exercise", "active", "burned", "burn", "basal", "resting", "goal", "target", "remaining", "budget", "net", "out", "bmr", "expenditure", "tdee",
    ]

    /// The factor to kilocalories when `name` is a column of energy eaten; nil otherwise.
    static func energyFactor(_ name: String) -> Double? {
        let words = name.split { !$0.isLetter }.map(String.init)
        guard !words.isEmpty, !words.contains(where: notEaten.contains) else { return nil }
        let names: Set<String> = ["calories", "calorie", "kcal", "energy", "kj", "kilocalories", "kilojoules", "cal"]
        let isEnergy = words.contains { names.contains($0) } || name == "food" || name == "intake"
        guard isEnergy else { return nil }
        // A column of another quantity that mentions energy (`Calories from fat`, `% energy`) is not it.
        if words.contains(where: { ["fat", "protein", "carbs", "carbohydrate", "carbohydrates", "from", "percent", "sugar", "alcohol"].contains($0) }) { return nil }
        if name.contains("%") { return nil }
        if words.contains("kj") || words.contains("kilojoules") { return 1 / IntakeEntry.kilojoulesPerKilocalorie }
        // HealthKit's small calorie: `Dietary Calories (cal)`.
        if name.hasSuffix("(cal)") { return 1.0 / 1000 }
        return 1
    }

    /// What measurements a header names: the place, and the side when there is one.
    private static let places: [(words: [String], name: String)] = [
        (["neck"], "neck"), (["shoulder"], "shoulders"), (["shoulders"], "shoulders"), (["chest"], "chest"), (["waist"], "waist"),
        (["abdomen"], "abdomen"), (["abdominal"], "abdomen"),
        (["hip"], "hips"), (["hips"], "hips"), (["bicep"], "arm"), (["biceps"], "arm"), (["arm"], "arm"),
        (["upper", "arm"], "arm"), (["forearm"], "forearm"), (["thigh"], "thigh"), (["calf"], "calf"), (["wrist"], "wrist"),
        (["avant", "bras"], "forearm"), (["klatka", "piersiowa"], "chest"),
    ]

    /// The same places in the other eleven languages of SPEC §18, folded
    /// (no accents, lowercase): a tape sheet kept in Spanish is read as one kept in English.
    private static let placeWords: [String: String] = [
        // German, with its compounds of -umfang.
        "taille": "waist", "bauchumfang": "waist", "taillenumfang": "waist", "hufte": "hips", "huftumfang": "hips", "hals": "neck",
        "halsumfang": "neck", "brust": "chest", "brustumfang": "chest", "oberschenkel": "thigh", "oberschenkelumfang": "thigh",
        "oberarm": "arm", "oberarmumfang": "arm", "wade": "calf", "wadenumfang": "calf", "schulter": "shoulders", "schultern": "shoulders",
        "unterarm": "forearm", "handgelenk": "wrist", "bauch": "abdomen",
        // French.
        "hanches": "hips", "hanche": "hips", "cou": "neck", "poitrine": "chest", "cuisse": "thigh", "bras": "arm", "mollet": "calf",
        "epaules": "shoulders", "poignet": "wrist", "ventre": "abdomen",
        // Spanish.
        "cintura": "waist", "cadera": "hips", "caderas": "hips", "cuello": "neck", "pecho": "chest", "muslo": "thigh", "brazo": "arm",
        "pantorrilla": "calf", "hombros": "shoulders", "antebrazo": "forearm", "muneca": "wrist", "abdomen": "abdomen",
        // Italian.
        "vita": "waist", "fianchi": "hips", "collo": "neck", "petto": "chest", "coscia": "thigh", "braccio": "arm", "polpaccio": "calf",
        "spalle": "shoulders", "avambraccio": "forearm", "polso": "wrist", "addome": "abdomen",
        // Dutch.
        "middel": "waist", "heupen": "hips", "heup": "hips", "nek": "neck", "borst": "chest", "dij": "thigh", "bovenarm": "arm",
        "kuit": "calf", "schouders": "shoulders", "onderarm": "forearm", "buik": "abdomen",
        // Portuguese.
        "quadril": "hips", "quadris": "hips", "pescoco": "neck", "peito": "chest", "coxa": "thigh", "braco": "arm",
        "panturrilha": "calf", "ombros": "shoulders", "antebraco": "forearm",
        // Swedish, Danish, Norwegian.
        "midja": "waist", "hofter": "hips", "hoft": "hips", "brost": "chest", "lar": "thigh", "overarm": "arm", "vad": "calf",
        "axlar": "shoulders", "underarm": "forearm", "handled": "wrist", "mage": "abdomen", "talje": "waist", "hofte": "hips",
        "bryst": "chest", "laeg": "calf", "legg": "calf", "skuldre": "shoulders", "mave": "abdomen",
        // Polish.
        "talia": "waist", "biodra": "hips", "szyja": "neck", "udo": "thigh", "ramie": "arm", "lydka": "calf", "ramiona": "shoulders",
        "przedramie": "forearm", "nadgarstek": "wrist", "brzuch": "abdomen",
        // Czech.
        "pas": "waist", "boky": "hips", "krk": "neck", "hrudnik": "chest", "stehno": "thigh", "paze": "arm", "lytko": "calf",
        "ramena": "shoulders", "predlokti": "forearm", "zapesti": "wrist", "bricho": "abdomen",
    ]

    /// Words around a place that name the measuring, not the place (`Neck
    /// Circumference`, `tour de taille`, `Umfang Hüfte`).
    private static let measuringWords: Set<String> = [
        "circumference", "girth", "size", "umfang", "tour", "de", "du", "circonference", "circunferencia", "contorno", "perimetro",
        "circonferenza", "omtrek", "omkrets", "omkreds", "obwod", "obvod",
    ]

    /// `waist_cm`, `left_bicep_in`, `Waist (in)`, `Cintura`, `waist`: the
    /// measurement and its unit; nil when it names none, or no unit and none
    /// is assumed.
    /// A unit that is not a length (`Right Arm(%)`, `Waist (kg)`) says the column is not the tape (SPEC §18).
    static func measurementColumn(_ name: String, defaultUnit: LengthUnit?) -> (MeasurementName, LengthUnit)? {
        if name.contains("%") { return nil }
        var words = DateWords.fold(name).split { !$0.isLetter && !$0.isNumber }.map(String.init)
        if let bracketed = CSVLayout.bracketed(DateWords.fold(name)), !bracketed.isEmpty, !["cm", "in", "inch", "inches", "centimetres", "centimeters"].contains(bracketed) { return nil }
        if let last = words.last, HeaderWords.massUnit(last) != nil { return nil }
        var unit = defaultUnit
        if let last = words.last {
            switch last {
            case "cm", "centimetres", "centimeters": unit = .centimetres; words.removeLast()
            case "in", "inch", "inches": unit = .inches; words.removeLast()
            default: break
            }
        }
        words.removeAll { measuringWords.contains($0) }
        var side = ""
        if let first = words.first, first == "left" || first == "right" {
            side = "-" + first
            words.removeFirst()
        } else if let last = words.last, last == "left" || last == "right" {
            side = "-" + last
            words.removeLast()
        }
        let place = places.first(where: { $0.words == words })?.name ?? (words.count == 1 ? placeWords[words[0]] : nil)
        guard let unit, let place, let measurement = MeasurementName(place + side) else { return nil }
        return (measurement, unit)
    }

    /// Whether a header names a place on the body, unit or not.
    static func namesPlace(_ name: String) -> Bool { measurementColumn(name, defaultUnit: .centimetres) != nil }

    /// `1644`, `1,644.5` (a thousands comma inside quotes), `0`: the number; nil for empty or a placeholder.
    static func amount(_ cell: String) -> Result<Double?, ImportFailure> {
        var text = cell.trimmed
        if ImportCells.isNoReading(text) || text.lowercased() == "na" { return .success(nil) }
        // A thousands comma is three digits after a comma, before any point.
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let groups = parts[0].split(separator: ",", omittingEmptySubsequences: false)
        if groups.count > 1, groups.dropFirst().allSatisfy({ $0.count == 3 }), (1...3).contains(groups[0].count) {
            text = groups.joined() + (parts.count > 1 ? "." + parts[1] : "")
        }
        // A lone comma before one or two digits is a decimal comma (`89,5`), as §3 reads a weight.
        if groups.count == 2, parts.count == 1, (1...2).contains(groups[1].count), groups.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) {
            text = String(groups[0]) + "." + String(groups[1])
        }
        guard let value = ImportCells.decimal(text) else { return .failure(ImportFailure("'\(cell.trimmed)' is not a number")) }
        return .success(value)
    }

    /// Reads the table's rows from `records`, the header already taken, up
    /// to the end of its section (a line with one non-empty field, a new
    /// section's title, as in Fitbit's export).
    func read(_ records: [CSVReader.Row], cells given: ImportCells) -> BodyRecords {
        var body = BodyRecords()
        var cells = given
        // A numeric date order is decided by the rows that show one (SPEC §6).
        if cells.settings.numericDateOrder == nil && cells.formatDateOrder == nil && cells.fileDateOrder == nil {
            var shown: [NumericDateOrder: Int] = [:]
            var witness: [NumericDateOrder: Int] = [:]
            for record in records where record.fields.count > date {
                if let (a, b) = ImportCells.leadingPair(record.fields[date]), let order = ImportCells.shownOrder(a, b) {
                    shown[order, default: 0] += 1
                    if witness[order] == nil { witness[order] = record.line }
                }
            }
            let day = shown[.dayFirst] ?? 0
            let month = shown[.monthFirst] ?? 0
            if day != month { cells.fileDateOrder = day > month ? (.dayFirst, witness[.dayFirst]!) : (.monthFirst, witness[.monthFirst]!) }
        }
        let onlyTotals = group.map { column in records.contains { $0.fields.count > column && $0.fields[column].trimmed.lowercased() == "total" } } ?? false
        var days: [Int: (kilocalories: Double, line: Int, incomplete: Bool)] = [:]
        for record in records {
            let fields = record.fields
            if fields.allSatisfy({ $0.trimmed.isEmpty }) { continue }
            // The section ends: a title of one field, or fewer fields than a row has.
            if fields.count == 1 || fields.count <= date { break }
            if onlyTotals, let group, fields.count > group, fields[group].trimmed.lowercased() != "total" { continue }
            var dateText = fields[date].trimmed
            if let time, time < fields.count, !fields[time].trimmed.isEmpty { dateText += " " + fields[time].trimmed }
            if let offset, offset < fields.count {
                let text = fields[offset].trimmed.uppercased()
                dateText += " " + (text.hasPrefix("UTC") ? String(text.dropFirst(3)) : text)
            }
            if dateText.isEmpty { continue }
            // Read only when the row holds something of ours.
            var amounts: [(column: Int, value: Double)] = []
            var problem: String?
            for column in (energy.map { [$0.index] } ?? []) + measurements.map(\.index) where column < fields.count {
                if let energy, column == energy.index, energyNumbers != .plain, fields[column].contains(".") {
                    let text = fields[column].trimmed
                    guard energyNumbers == .thousandsDots else {
                        problem = "'\(text)' could be \(text.replacing(".", with: ",")) or a decimal: write food energy without a thousands dot"
                        continue
                    }
                    let plain = text.replacing(".", with: "").replacing(",", with: ".")
                    if let value = ImportCells.decimal(plain) { if value != 0 { amounts.append((column, value)) } } else { problem = "'\(text)' is not a number" }
                    continue
                }
                switch Self.amount(fields[column]) {
                case .success(let value?): if value != 0 { amounts.append((column, value)) }
                case .success(nil): break
                case .failure(let failure): problem = failure.reason
                }
            }
            if let problem {
                body.invalid.append((record.line, problem))
                continue
            }
            guard !amounts.isEmpty else { continue }
            let timestamp: Timestamp
            switch cells.timestamp(dateText) {
            case .success(let value): timestamp = value
            case .failure(let failure):
                body.invalid.append((record.line, failure.reason))
                continue
            }
            for (column, value) in amounts {
                if let energy, column == energy.index {
                    guard value > 0 else {
                        body.invalid.append((record.line, "'\(fields[column].trimmed)' is not food energy eaten: it must be more than 0"))
                        continue
                    }
                    let day = timestamp.day.dayNumber
                    let incomplete = completed.map { $0 < fields.count && fields[$0].trimmed.lowercased() == "false" } ?? false
                    days[day, default: (0, record.line, false)].kilocalories += value * energy.factor
                    if incomplete { days[day]!.incomplete = true }
                } else if let measurement = measurements.first(where: { $0.index == column }) {
                    let centimetres = measurement.unit.centimetres(from: value)
                    guard MeasurementEntry.isValid(centimetres: centimetres) else {
                        body.invalid.append((record.line, "\(measurement.name) '\(fields[column].trimmed)' is not a body measurement: it must be \(MeasurementEntry.validRangeText) cm"))
                        continue
                    }
                    body.add(MeasurementEntry(timestamp: timestamp, name: measurement.name, centimetres: centimetres))
                }
            }
        }
        // One entry a day, at noon of that day (a date alone, SPEC §6).
        for dayNumber in days.keys.sorted() {
            let day = days[dayNumber]!
            guard day.kilocalories > 1e-9 else { continue }
            guard IntakeEntry.isValid(kilocalories: day.kilocalories) else {
                body.invalid.append((day.line, "\(DecimalText.shortest((day.kilocalories * 10).rounded() / 10)) kcal in one day is not food eaten: at most \(IntakeEntry.mostText)"))
                continue
            }
            guard case .success(let noon) = cells.timestamp(CalendarDay(dayNumber: dayNumber).description) else { continue }
            body.add(IntakeEntry(timestamp: noon, kilocalories: day.kilocalories))
            if day.incomplete { body.incompleteDays += 1 }
        }
        if !body.measurements.isEmpty { body.assumedLength = assumedLength }
        return body
    }

    /// Whether a header among the first lines of a file names intake or
    /// measurement columns (a long file of weights is never read twice to find out).
    static func hasColumns(_ head: ImportHead) -> Bool {
        hasColumns(Array(head.bytes.prefix(16_384)))
    }

    static func hasColumns(_ bytes: [UInt8]) -> Bool {
        let text = Array(bytes.prefix(16_384))
        let separator = CSVReader.separator(guessedFrom: text)
        for record in CSVReader(bytes: text, separator: separator).prefix(30) {
            if find(in: CSVLayout.unwrapped(record, separator: separator).fields, assumedLength: .centimetres) != nil { return true }
        }
        return false
    }

    /// The first table in `text` with intake or measurement columns, read;
    /// nil when it holds none.
    static func read(_ text: ImportText, cells given: ImportCells) -> BodyRecords? {
        var cells = given
        cells.textIsBroken = text.encoding == .brokenUTF8
        let separator = CSVReader.separator(guessedFrom: text.bytes)
        var records = CSVReader(bytes: text.bytes, separator: separator).makeIterator()
        while let record = records.next() {
            let header = CSVLayout.unwrapped(record, separator: separator).fields
            guard var table = find(in: header, assumedLength: LengthUnit(weightUnit: cells.settings.fallbackUnit)) else { continue }
            var rows: [CSVReader.Row] = []
            while let next = records.next() { rows.append(next) }
            if let energy = table.energy {
                let cells = rows.compactMap { energy.index < $0.fields.count ? $0.fields[energy.index] : nil }
                table.energyNumbers = energyNumbers(cells, europeanFile: separator != ",")
            }
            return table.read(rows, cells: cells)
        }
        return nil
    }
}
