/// Which column of a table holds what, decided from a sample of its rows
/// (SPEC §18): the header, when there is one, names what it can; the cells
/// decide the rest. Columns are 0-based here and 1-based in every message.
struct ContentColumns {
    /// Leading rows that are the header (none, one, or two when a second
    /// line names the units).
    let headerRows: Int
    /// The line the table starts on (its header's, or its first row's), when known.
    private(set) var firstLine: Int?
    /// Each column's header, its header rows joined.
    let headers: [String]
    /// The columns most of whose cells are numbers: what the summary names
    /// as read, or as left alone.
    private(set) var numeric: [Int] = []
    let date: Int
    var time: Int?
    var weight: Int?
    var unit: Int?
    var note: Int?
    var fat: Int?
    /// Body fat as a mass, with the unit its header names (`Körperfett (kg)`).
    var fatMass: (column: Int, unit: WeightUnit)?
    var bmi: Int?
    /// The same weight in a second column and unit, read once and checked row by row.
    var twin: CSVLayout.Twin?
    var headerUnit: WeightUnit?
    let decimalComma: Bool
    /// How the date column's cells are written: `day.month.year`, `year-month-day`, `with month names`.
    let dateForm: String

    /// A weight in a human range in one unit (SPEC §18).
    static let humanRanges: [(WeightUnit, ClosedRange<Double>)] = [(.kilograms, 20...350), (.pounds, 44...770), (.stones, 3...55)]

    /// `lines` are the rows' line numbers in the file, when they have them:
    /// a blank line between leading rows without dates ends a banner, and
    /// only the rows after it name the columns.
    /// `quantity`: what the file says its values are outside the table (a
    /// JSON file's `Data Source`), which lets a generic `value` column be
    /// the weight.
    /// `bannerHeader`: the last line without digits skipped before the
    /// table; when it has the table's width it is a header cut off from its
    /// rows by a malformed one, and still says what its columns are not.
    init(
        sample rows: [[String]], lines: [Int]? = nil, cells: ImportCells, decimalComma: Bool, settings: ImportSettings, path: String,
        quantity: LongTable.Kind? = nil, bannerHeader: [String]? = nil
    ) throws(ImportError) {
        let width = rows.map(\.count).max() ?? 0
        func cell(_ row: [String], _ column: Int) -> String { column < row.count ? DateWords.plainSpaces(row[column]).trimmed : "" }
        func isDate(_ text: String) -> Bool {
            guard !text.isEmpty else { return false }
            switch cells.timestamp(text) {
            case .success: return true
            case .failure(let failure): return failure.reason.hasSuffix(ParsedImport.dateOrderQuestion) || failure.reason.hasSuffix("is in the future")
            }
        }
        // The header: leading rows (up to three) without a date in them.
        var headerRows = 0
        while headerRows < min(3, rows.count - 1), !rows[headerRows].contains(where: { isDate(DateWords.plainSpaces($0).trimmed) }) { headerRows += 1 }
        self.headerRows = headerRows
        let headerStart = lines.flatMap { lines in (1..<max(1, headerRows)).last { lines[$0] > lines[$0 - 1] + 1 } } ?? 0
        firstLine = lines.flatMap { headerStart < $0.count ? $0[headerStart] : nil }
        let headers = (0..<width).map { column in rows[headerStart..<headerRows].map { cell($0, column) }.filter { !$0.isEmpty }.joined(separator: " ") }
        self.headers = headers
        let meanings = headers.map { HeaderWords.meaning($0) }
        let data = Array(rows.dropFirst(headerRows))
        numeric = (0..<width).filter { column in
            let values = data.map { column < $0.count ? DateWords.plainSpaces($0[column]).trimmed : "" }.filter { !ImportCells.isNoReading($0) }
            return !values.isEmpty && values.count { Self.number($0, decimalComma: decimalComma) != nil } * 2 > values.count
        }
        self.decimalComma = decimalComma
        func filled(_ column: Int) -> [String] { data.map { cell($0, column) }.filter { !ImportCells.isNoReading($0) } }

        // The date: the column whose cells are dates; a header naming one wins a tie.
        var dates: [(column: Int, rank: Int)] = []
        for column in 0..<width {
            let values = filled(column)
            guard !values.isEmpty, values.count * 2 >= data.count else { continue }
            let parsed = values.count { isDate($0) }
            guard parsed * 10 >= values.count * 9 else { continue }
            // Apple's records have a creation, a start and an end date: the start is when it was measured.
            let isStart = meanings[column] == .date && HeaderWords.words(headers[column]).contains("start")
            dates.append((column, isStart ? 3 : meanings[column] == .date ? 2 : meanings[column] == nil ? 1 : 0))
        }
        let dateColumn: Int
        if let chosen = try Self.chosen(settings.dateColumn, column: .date, width: width, path: path) {
            dateColumn = chosen
        } else {
            let top = Self.topRanked(dates)
            guard let first = top.first else {
                // A table without a single date is not a history: say what trend reads.
                if !data.contains(where: { row in row.contains { isDate(DateWords.plainSpaces($0).trimmed) } }) { throw .unrecognized(path: path) }
                throw .noColumn(path: path, what: "dates", column: .date, columns: Self.listing(headers: headers, sample: data))
            }
            // Two columns of the same dates (a copy) are one; different dates are a question.
            if top.count > 1 && !top.dropFirst().allSatisfy({ other in data.allSatisfy { cell($0, other) == cell($0, first) } }) {
                throw .ambiguousColumns(path: path, what: "dates", column: .date, candidates: top.map { Self.name($0, headers) })
            }
            dateColumn = first
        }
        date = dateColumn
        let dateCells = filled(dateColumn)
        dateForm = Self.form(of: dateCells)

        // A time of day beside a date without one is joined to it.
        let datesHaveTime = dateCells.contains { $0.contains(":") }
        var timeColumn: Int?
        if !datesHaveTime {
            timeColumn = (0..<width).first { column in
                column != dateColumn && (meanings[column] == .time || meanings[column] == nil) && {
                    let values = filled(column)
                    return !values.isEmpty && values.allSatisfy(Self.isTimeOfDay)
                }()
            }
        }
        time = timeColumn
        let unitColumn = (0..<width).first { column in
            column != dateColumn && (meanings[column] == .unit || { let values = filled(column); return !values.isEmpty && values.allSatisfy { WeightUnit(parsing: $0) != nil } }())
        }
        unit = unitColumn
        note = meanings.firstIndex(of: .note)
        let bmiColumn = (0..<width).first { HeaderWords.words(headers[$0]).contains { $0 == "bmi" || $0 == "imc" } }
        bmi = bmiColumn
        let fatColumn = (0..<width).first { column in
            meanings[column] == .fat && filled(column).allSatisfy { Self.number($0, decimalComma: decimalComma).map { $0.value > 0 && $0.value < 100 } ?? false }
        }
        fat = fatColumn
        let fatMassColumn: (column: Int, unit: WeightUnit)? = fatColumn != nil ? nil : (0..<width).lazy.compactMap { column in
            if case .fatMass(let unit) = meanings[column] { (column, unit) } else { nil }
        }.first
        fatMass = fatMassColumn

        // The weight (SPEC §18, never a silent misread): with a header, a
        // column whose header is a weight word, or a generic value where the
        // file names the quantity (a unit column of kg and lb, a JSON file's
        // source); without one, a numeric column of one person's weights.
        // Either way its numbers lie in one human range.
        let unitsNameMass = unitColumn.map { column in
            let values = filled(column)
            return !values.isEmpty && values.allSatisfy { WeightUnit(parsing: $0) != nil }
        } ?? false
        var weights: [(column: Int, rank: Int)] = []
        for column in 0..<width where column != dateColumn && column != timeColumn && column != unitColumn && column != fatColumn && column != fatMassColumn?.column
            && column != bmiColumn
        {
            var meaning = meanings[column]
            if headerRows == 0, let bannerHeader, bannerHeader.count == width {
                meaning = HeaderWords.meaning(cell(bannerHeader, column))
            }
            if headerRows > 0 || bannerHeader?.count == width {
                guard meaning == .weight || meaning == .value && (quantity == .weight || unitsNameMass) else { continue }
            }
            // A zero is no reading (§6), as an empty cell is.
            func isReading(_ text: String) -> Bool { !ImportCells.isNoReading(text) && Self.number(text, decimalComma: decimalComma)?.value != 0 }
            let values = data.map { cell($0, column) }.filter(isReading)
            // A column no header names must be filled in one row of three; a weight column may be sparse.
            guard !values.isEmpty, meaning == .weight || values.count * 3 >= data.count else { continue }
            // Nearly every cell reads as a weight (all but one in ten, or one of three or more): a typo is
            // a row that cannot be read, not a column that holds something else.
            let misses = values.count >= 3 ? max(1, values.count / 10) : 0
            let readings: [(value: Double, unit: WeightUnit?)?] = data.compactMap { row in
                let text = cell(row, column)
                return isReading(text) ? .some(Self.number(text, decimalComma: decimalComma)) : nil
            }
            let rowUnits: [WeightUnit?] = data.compactMap { row in
                isReading(cell(row, column)) ? .some(unitColumn.flatMap { WeightUnit(parsing: cell(row, $0)) }) : nil
            }
            let numbers = readings.compactMap { $0 }
            guard numbers.count + misses >= values.count else { continue }
            func mostly(_ fits: (Double, WeightUnit?) -> Bool) -> Bool {
                zip(readings, rowUnits).count { reading, rowUnit in reading.map { fits($0.value, $0.unit ?? rowUnit) } ?? false } + misses >= values.count
            }
            let inRange: Bool
            if numbers.contains(where: { $0.unit != nil }) || unitColumn != nil {
                // Units in the cells or a column of units: each in its own.
                inRange = mostly { value, unit in Self.humanRanges.first { $0.0 == (unit ?? .kilograms) }.map { $0.1.contains(value) } ?? false }
            } else {
                inRange = Self.humanRanges.contains { range in mostly { value, _ in range.1.contains(value) } }
            }
            guard inRange else { continue }
            if headerRows == 0 { guard Self.movesAsABody(numbers.map(\.value)) else { continue } }
            weights.append((column, meaning == .weight ? 2 : 1))
        }
        if let chosen = try Self.chosen(settings.weightColumn, column: .weight, width: width, path: path) {
            weight = chosen
        } else {
            let top = Self.topRanked(weights)
            // One weight in two units (`Weight (kg)`, `Weight (lb)`) is read once; any other two are a question (SPEC §18).
            if top.count == 2, let twin = Self.twin(top[0], top[1], headers: headers, sample: data, decimalComma: decimalComma) {
                self.twin = twin
            } else if top.count > 1 {
                throw .ambiguousColumns(path: path, what: "weights", column: .weight, candidates: top.map { Self.name($0, headers) })
            }
            weight = top.first
        }
        if let weight {
            headerUnit = CSVLayout.unit(inHeader: headers[weight])
            // A second header line of units (`kg`) names them too.
            if headerUnit == nil, headerRows > 1 { headerUnit = WeightUnit(parsing: cell(rows[headerRows - 1], weight)) }
        }
    }

    /// The second of two weight columns when both headers name the weight
    /// in different units and the sample's rows agree; nil otherwise.
    static func twin(_ first: Int, _ second: Int, headers: [String], sample: [[String]], decimalComma: Bool) -> CSVLayout.Twin? {
        guard let a = CSVLayout.unit(inHeader: headers[first]), let b = CSVLayout.unit(inHeader: headers[second]), a != b,
            HeaderWords.whole(headers[first]) == .weight, HeaderWords.whole(headers[second]) == .weight
        else { return nil }
        for row in sample where first < row.count && second < row.count {
            guard let x = number(row[first], decimalComma: decimalComma), let y = number(row[second], decimalComma: decimalComma) else { continue }
            if abs(a.kilograms(from: x.value) - b.kilograms(from: y.value)) > CSVLayout.twinToleranceKilograms { return nil }
        }
        return CSVLayout.Twin(column: second, unit: b, names: (headers[first], headers[second]))
    }

    /// Whether numbers with no header over them are one person's weights
    /// read by read: not a count (consecutive whole numbers, a row
    /// number), and most steps under 3 %, as a body moves. Two readings
    /// have one step, which must be small; one reading says nothing against.
    static func movesAsABody(_ values: [Double]) -> Bool {
        let steps = zip(values, values.dropFirst())
        if values.count >= 3 && values.allSatisfy({ $0 == $0.rounded() }) && steps.allSatisfy({ abs($1 - $0) == 1 }) { return false }
        let small = steps.count { $0 > 0 && abs($1 - $0) / $0 < 0.03 }
        return small * 3 >= (values.count - 1) * 2
    }

    /// The 0-based column `--date-column N` or `--weight-column N` names, or nil when not given.
    static func chosen(_ given: Int?, column: TableColumn, width: Int, path: String) throws(ImportError) -> Int? {
        guard let given else { return nil }
        guard given >= 1 && given <= width else {
            throw .columnOutOfRange(path: path, column: column, given: given, width: width)
        }
        return given - 1
    }

    /// The candidates of the highest rank, in column order.
    static func topRanked(_ candidates: [(column: Int, rank: Int)]) -> [Int] {
        let best = candidates.map(\.rank).max()
        return candidates.filter { $0.rank == best }.map(\.column)
    }

    /// The refusal when no column holds weights.
    func noWeightColumn(path: String) -> ImportError {
        .noColumn(path: path, what: "weights", column: .weight, columns: headers.indices.filter { $0 != date }.map { Self.name($0, headers) })
    }

    /// `column 3 (Gewicht (kg))`, or `column 3` without a header.
    static func name(_ column: Int, _ headers: [String]) -> String {
        column < headers.count && !headers[column].isEmpty ? "column \(column + 1) (\(headers[column]))" : "column \(column + 1)"
    }

    static func listing(headers: [String], sample: [[String]]) -> [String] {
        headers.indices.map { column in
            let example = sample.first.map { column < $0.count ? $0[column].trimmed : "" } ?? ""
            let shown = String(example.unicodeScalars.filter { $0.value >= 32 && $0.value != 127 && !(0x80...0x9F).contains($0.value) }.prefix(40))
            return name(column, headers) + (shown.isEmpty ? "" : ": '\(shown)'")
        }
    }

    /// `read as a table: date in column 1 (Datum, day.month.year), weight in column 3 (Gewicht (kg)), decimal comma`.
    func description(shape: TableShape) -> String {
        var parts = ["date in column \(date + 1) (" + (headers[date].isEmpty ? "" : headers[date] + ", ") + dateForm + ")"]
        if let time { parts.append("time in " + Self.name(time, headers)) }
        if let weight { parts.append("weight in " + Self.name(weight, headers)) }
        if let unit { parts.append("units in " + Self.name(unit, headers)) }
        if let fat { parts.append("body fat in " + Self.name(fat, headers)) }
        if let fatMass { parts.append("body fat as a mass in " + Self.name(fatMass.column, headers)) }
        if let twin { parts.append("the same weights in " + Self.name(twin.column, headers)) }
        // What the intake and tape reader takes, and the numbers no reader took (SPEC §18: every column named).
        let body = BodyTable.find(in: headers, assumedLength: .centimetres)
        if let energy = body?.energy { parts.append("food energy in " + Self.name(energy.index, headers)) }
        if let tape = body?.measurements, !tape.isEmpty { parts.append("the tape in " + tape.map { Self.name($0.index, headers) }.joined(separator: ", ")) }
        let used = Set(
            [date, time, weight, unit, fat, fatMass?.column, twin?.column, bmi, body?.energy?.index].compactMap { $0 } + (body?.measurements.map(\.index) ?? []))
        let untouched = numeric.filter { !used.contains($0) }
        if !untouched.isEmpty { parts.append("numbers left alone in " + untouched.map { Self.name($0, headers) }.joined(separator: ", ")) }
        if shape.separator == 9 { parts.append("tab-separated") } else if shape.separator != UInt8(ascii: ",") { parts.append("separated by '\(Character(Unicode.Scalar(shape.separator)))'") }
        if decimalComma { parts.append("decimal comma") }
        if headerRows == 0 { parts.append("no header") }
        let skipped = firstLine.map { $0 - 1 } ?? shape.skippedLines
        if skipped > 0 { parts.append("\(skipped) line\(skipped == 1 ? "" : "s") before the table skipped") }
        return "read as a table: " + parts.joined(separator: ", ")
    }

    /// `read as records: date in startTimeNanos, weight in fitValue.0.value.fpVal`: the members of another app's JSON.
    func recordsDescription() -> String {
        var parts = ["date in \(headers[date]) (\(dateForm))"]
        if let weight { parts.append("weight in \(headers[weight])") }
        if let unit { parts.append("units in \(headers[unit])") }
        return "read as records: " + parts.joined(separator: ", ")
    }

    /// How dates are written, from the first cells: the order of a
    /// numeric date as its numbers show it.
    static func form(of cells: [String]) -> String {
        guard let first = cells.first else { return "dates" }
        if ImportCells.unixSeconds(first) != nil {
            let unit = first.count <= 11 ? "seconds" : first.count <= 13 ? "milliseconds" : first.count <= 16 ? "microseconds" : "nanoseconds"
            return unit + " since 1970"
        }
        if first.utf8.first.map({ $0 >= 48 && $0 <= 57 }) != true || first.contains(where: \.isLetter) && !first.contains("T") {
            return ImportCells.monthNameDate(ImportCells.twentyFourHour(first)) != nil ? "with month names" : "dates"
        }
        guard let separator = first.first(where: { $0 == "." || $0 == "/" || $0 == "-" }) else { return "dates" }
        let s = String(separator)
        if first.prefix(while: \.isNumber).count == 4 { return "year\(s)month\(s)day" }
        if separator == "." && !cells.contains(where: { ImportCells.leadingPair($0).flatMap { ImportCells.shownOrder($0.0, $0.1) } == .monthFirst }) {
            return "day.month.year"
        }
        var order: NumericDateOrder?
        for text in cells {
            if let (a, b) = ImportCells.leadingPair(text), let shown = ImportCells.shownOrder(a, b) {
                order = shown
                break
            }
        }
        switch order {
        case .dayFirst: return "day\(s)month\(s)year"
        case .monthFirst: return "month\(s)day\(s)year"
        case nil: return "day\(s)month\(s)year or month first"
        }
    }

    /// `07:30`, `7:30:15`, `7:30 PM`.
    static func isTimeOfDay(_ text: String) -> Bool {
        let clock = ImportCells.twentyFourHour("1970-01-01 " + text)
        guard let time = clock.split(separator: " ").last, clock.split(separator: " ").count == 2 else { return false }
        let parts = time.split(separator: ":")
        return (2...3).contains(parts.count) && parts.allSatisfy { $0.count == 2 && $0.allSatisfy(\.isNumber) } && (Int(parts[0]) ?? 99) < 24
    }

    /// A cell's number and the unit written with it: `80.5`, `80,5` (with
    /// a decimal comma, or a lone comma between digits), `176.4 lb`.
    static func number(_ cell: String, decimalComma: Bool) -> (value: Double, unit: WeightUnit?)? {
        var text = cell.trimmed
        var unit: WeightUnit?
        if let last = text.last, last.isLetter {
            let word = String(text.reversed().prefix { $0.isLetter || $0 == "." }.reversed())
            guard let named = WeightUnit(parsing: word) else { return nil }
            unit = named
            text = String(text.dropLast(word.count)).trimmed
        }
        let commas = text.count { $0 == "," }
        if commas == 1 && (decimalComma || !text.contains(".")) { text = String(text.map { $0 == "," ? "." : $0 }) }
        guard let value = ImportCells.decimal(text) else { return nil }
        return (value, unit)
    }
}

