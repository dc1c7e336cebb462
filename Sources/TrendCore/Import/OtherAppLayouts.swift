/// The CSV layouts of other apps' exports (SPEC §11), recognised by their
/// headers. Each reads through the shared row reader of `CSVLayout`.
extension CSVLayout {
    /// Google Takeout, Fit `Daily activity metrics.csv`: `Date` and
    /// `Average weight (kg)` somewhere in a header whose order changes by year.
    static func googleFit(header: [String]) -> CSVLayout? {
        let names = header.map(normalized)
        guard let date = names.firstIndex(of: "date"), let weight = names.firstIndex(of: "average weight (kg)") else { return nil }
        return CSVLayout(dateColumn: date, weightColumn: weight, headerUnit: .kilograms)
    }

    /// QS Access: `Start,Finish,Weight (lb)`; `Start` is the date, day first.
    static func qsAccess(header: [String]) -> CSVLayout? {
        let bases = header.map(baseName)
        guard bases.count >= 3, bases[0] == "start", bases[1] == "finish",
            let weight = bases.firstIndex(of: "weight")
        else { return nil }
        return CSVLayout(dateColumn: 0, weightColumn: weight, headerUnit: unit(inHeader: header[weight]))
    }

    /// Renpho: `Time of Measurement,Weight(lb),BMI,…` (`July 4, 2022 9:34:26 AM`)
    /// or `Date, Time, Weight(kg),BMI,…` (`dd/mm/yyyy` and a time).
    static func renpho(header: [String]) -> CSVLayout? {
        let names = header.map(normalized)
        let bases = header.map(baseName)
        guard let weight = bases.firstIndex(of: "weight"), names.contains("bmi") else { return nil }
        if let time = names.firstIndex(of: "time of measurement") {
            return CSVLayout(dateColumn: time, weightColumn: weight, headerUnit: unit(inHeader: header[weight]))
        }
        guard let date = names.firstIndex(of: "date"), let time = names.firstIndex(of: "time"),
            names[weight].hasPrefix("weight(")
        else { return nil }
        return CSVLayout(dateColumn: date, weightColumn: weight, headerUnit: unit(inHeader: header[weight]), timeColumn: time)
    }

    /// Samsung Health `com.samsung.health.weight.*.csv` (after its metadata
    /// line): `start_time` at `time_offset`, weights in kilograms.
    static func samsungHealth(header: [String]) -> CSVLayout? {
        let names = header.map { normalized($0).split(separator: ".").last.map(String.init) ?? "" }
        guard let start = names.firstIndex(of: "start_time"), let weight = names.firstIndex(of: "weight") else { return nil }
        return CSVLayout(dateColumn: start, weightColumn: weight, headerUnit: .kilograms, offsetColumn: names.firstIndex(of: "time_offset"))
    }

    /// Mi Fit / Zepp Life `BODY` CSV: `timestamp,weight,…`, Unix seconds, kilograms.
    static func zepp(header: [String]) -> CSVLayout? {
        let names = header.map(normalized)
        guard names.count >= 2, names[0] == "timestamp", names[1] == "weight" else { return nil }
        return CSVLayout(dateColumn: 0, weightColumn: 1, headerUnit: .kilograms)
    }

    /// TrendWeight's CSV download: `Date,Actual Weight,Weight Is Interpolated,…`
    /// (interpolated rows are not weigh-ins) or `Date,Time,Weight,Body Fat %`.
    /// Weights are in the user's unit, which the file does not name.
    static func trendweight(header: [String]) -> CSVLayout? {
        let names = header.map(normalized)
        if names.count >= 3, names[0] == "date", names[1] == "actual weight" {
            return CSVLayout(dateColumn: 0, weightColumn: 1, skipColumn: names.firstIndex(of: "weight is interpolated"))
        }
        if names.count >= 4, names[0] == "date", names[1] == "time", names[2] == "weight", names[3] == "body fat %" {
            return CSVLayout(dateColumn: 0, weightColumn: 2, timeColumn: 1)
        }
        return nil
    }
}
