import Foundation
import Testing
import TestSupport

/// SPEC §18's "read by evidence", end to end through `trend import`: each
/// class of file that stored what it does not say (a workout's loads, a
/// goal, a fat mass, a tape in percent, pounds from a file's name, another
/// person, one morning twice) is refused with exit 65 or read right. Every
/// fixture is written here in the column layout of the app it stands for.
@Suite("Imports read by evidence")
struct ReadByEvidenceTests {
    static func stored(_ cli: CLIHarness) throws -> NeverASilentMisreadTests.Stored {
        try NeverASilentMisreadTests().stored(cli)
    }

    /// Ten workout days of three exercises, each a warm-up and working sets: `row(day, exercise, set, kg)`.
    static func sets(_ header: String, _ row: (String, String, Int, Int) -> String) -> String {
        let exercises = [("Squat (Barbell)", [60, 100, 100, 100]), ("Bench Press (Barbell)", [40, 70, 70, 70]), ("Bent Over Row (Barbell)", [50, 60, 60])]
        var lines = [header]
        for day in stride(from: 1, through: 19, by: 2) {
            for (exercise, loads) in exercises {
                for (set, kg) in loads.enumerated() { lines.append(row(String(format: "2026-10-%02d", day), exercise, set + 1, kg)) }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        let name: String
        let file: String
        let text: String
        let says: [String]
        var testDescription: String { name }
    }

    static let workoutLogs: [Refusal] = [
        Refusal(
            name: "Strong, its classic layout", file: "strong.csv",
            text: sets("Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE") {
                "\($0) 07:30:00,\"Evening Workout\",1h 5m,\"\($1)\",\($2),\($3).0,5.0,0,0.0,,,"
            }, says: ["looks like a workout log (Exercise Name, Set Order, Reps, RPE)"]),
        Refusal(
            name: "Strong, with unit columns", file: "strong-units.csv",
            text: sets("Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Weight Unit,Reps,RPE,Distance,Distance Unit,Seconds,Notes,Workout Notes") {
                "\($0) 07:30:00,Push Day,45m,\($1),\($2),\($3),kg,5,8,0,km,0,,"
            }, says: ["looks like a workout log"]),
        Refusal(
            name: "Strong on Android, semicolons", file: "strong-android.csv",
            text: sets("Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes;Workout Duration") {
                "\($0) 07:30:00;Push Day;\($1);\($2);\($3);kg;5;8;0;km;0;;;45m"
            }, says: ["looks like a workout log"]),
        Refusal(
            name: "Hevy's workouts", file: "workouts.csv",
            text: sets(#""title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_kg","reps","distance_km","duration_seconds","rpe""#) {
                let day = Int($0.suffix(2))!
                return "\"Legs\",\"\(day) Oct 2026, 07:30\",\"\(day) Oct 2026, 08:30\",\"\",\"\($1)\",,\"\",\($2 - 1),\"normal\",\($3),5,,,"
            }, says: ["looks like a workout log (exercise_title"]),
        Refusal(
            name: "FitNotes", file: "FitNotes_Export.csv",
            text: sets("Date,Exercise,Category,Weight,Weight Unit,Reps,Distance,Distance Unit,Time,Comment") { "\($0),\($1),Legs,\($3).0,kgs,5,,,," },
            says: ["looks like a workout log (Exercise, Reps)"]),
        Refusal(
            name: "FitNotes on iOS, the weight in two units", file: "fitnotes2.csv",
            text: sets("Date,Exercise,Category,Weight (kg),Weight (lbs),Reps,Distance,Distance Unit,Time,Notes,Kind") {
                "\($0),\($1),Legs,\($3).0,\(String(format: "%.1f", Double($3) / 0.45359237)),5,,,,,weight_reps"
            }, says: ["looks like a workout log"]),
        Refusal(
            name: "Fitbod", file: "WorkoutExport.csv",
            text: sets("Date,Exercise,Reps,Weight(kg),Duration(s),Distance(m),Incline,Resistance,isWarmup,Note,multiplier") {
                "\($0) 18:02:11 +0000,\($1),5,\($3).0,0.0,0.0,0.0,0.0,\($2 == 1),,1.0"
            }, says: ["looks like a workout log (Exercise, Reps, isWarmup)"]),
        Refusal(
            name: "JEFIT's sectioned export", file: "jefit.csv",
            text: "### SETTING ##########\n\nrow_id,USERID,TIMESTAMP,gender\n1,1,\"2026-01-01 00:00:00\",M\n\n######################\n\n### EXERCISE SET LOGS ####\n\n"
                + sets("_id,userid,exercise_log_id,set_index,weight_lbs,reps,mydate") { "1,1,1,\($2),\(Int(Double($3) / 0.45359237)),5,\($0)" },
            says: ["looks like a workout log"]),
        Refusal(
            name: "a pet's log", file: "rex.csv", text: NeverASilentMisreadTests.days("Date,Pet,Weight (kg)") { "Rex,\(30 + Double($0) / 10)" },
            says: ["looks like a pet's log (Pet)"]),
        Refusal(
            name: "a baby's log", file: "baby.csv", text: NeverASilentMisreadTests.days("Date,Baby,Weight (kg),Feeding (ml)") { "Ada,\(4 + Double($0) / 10),120" },
            says: ["looks like a baby's log"]),
        Refusal(
            name: "a shipment log", file: "parcels.csv",
            text: NeverASilentMisreadTests.days("Date,Order,Tracking Number,Carrier,Weight (kg)") { "A\($0),1Z\($0),UPS,\(70 + $0).5" },
            says: ["looks like a shipment log (Order, Tracking Number, Carrier)"]),
        Refusal(
            name: "loads under a plain 'weight', spread like a workout's sets", file: "loads.csv",
            text: "date,weight\n" + (1...10).flatMap { day in [60, 100, 100, 40, 70, 70].map { "2026-10-\(String(format: "%02d", day)) 18:00,\($0)\n" } }.joined(),
            says: ["do not move as one body's", "on 10 of the 10 days with several readings"]),
        Refusal(
            name: "a JSON workout log", file: "workouts.json",
            text: "[" + (1...10).map { #"{"date": "2026-10-\#(String(format: "%02d", $0))", "exercise": "Squat", "reps": 5, "weight": \#(100 + $0)}"# }.joined(separator: ", ") + "]",
            says: ["looks like a workout log (exercise, reps)"]),
    ]

    @Test("a workout's, a pet's, a baby's or a shipment's log is refused for weight, saying what it looks like; nothing is stored", arguments: workoutLogs)
    func notABodysLog(_ test: Refusal) throws {
        let cli = try CLIHarness()
        try cli.directory.write(test.text, to: test.file)
        let result = try cli.run("import", cli.directory.file(test.file))
        #expect(result.status == 65, "\(result.stderr)")
        for words in test.says { #expect(result.stderr.contains(words), "\(result.stderr)") }
        #expect(cli.weightsFile == nil, "something was stored")
    }

    static let weights = (1...10).map { 80 - Double($0) / 10 }

    @Test("a qualified weight column (goal, average, trend, target) is never the weight: the plain column beside it is", arguments: ["goal", "7-day avg", "trend", "target"])
    func qualifiedColumn(_ qualifier: String) throws {
        let cli = try CLIHarness()
        try cli.directory.write(NeverASilentMisreadTests.days("Date,Weight (\(qualifier)),Weight") { "70.0,\(80 - Double($0) / 10)" }, to: "w.csv")
        try cli.ok("import", cli.directory.file("w.csv"))
        #expect(try Self.stored(cli).weights == Self.weights)
    }

    @Test("a goal column in any language never wins over a weight column whose header is a word trend does not know: refused, naming --weight-column",
          arguments: ["Gewicht Soll", "Poids cible", "Peso meta", "Waga docelowa", "Ideal weight", "Projected weight"])
    func goalInAnyLanguage(_ header: String) throws {
        let cli = try CLIHarness()
        try cli.directory.write(NeverASilentMisreadTests.days("Datum,\(header),Morgenwert") { "70.0,\(80 - Double($0) / 10)" }, to: "g.csv")
        let refused = try cli.run("import", cli.directory.file("g.csv"))
        #expect(refused.status == 65 && refused.stderr.contains("--weight-column N"), "\(refused.stderr)")
        #expect(cli.weightsFile == nil)
        try cli.ok("import", cli.directory.file("g.csv"), "--weight-column", "3")
        #expect(try Self.stored(cli).weights == Self.weights)
    }

    @Test("a long table's rows of an ideal, a lifted, a baby's or a predicted weight are skipped; only the body's weight is read")
    func longTableQualifiers() throws {
        let cli = try CLIHarness()
        let rows = (1...10).map { day in
            let date = String(format: "2026-10-%02d", day)
            return "\(date),Weight,\(80 - Double(day) / 10)\n\(date),Ideal body weight,70\n\(date),Weight lifted,120\n\(date),Baby weight,4.1\n\(date),Predicted weight,78\n"
        }
        try cli.directory.write("date,metric,value\n" + rows.joined(), to: "long.csv")
        let result = try cli.ok("import", cli.directory.file("long.csv"))
        #expect(try Self.stored(cli).weights == Self.weights)
        #expect(result.stderr.contains("Ideal body weight (10), Weight lifted (10), Baby weight (10), Predicted weight (10)"), "\(result.stderr)")
    }

    @Test("a JSON path is judged segment by segment: goal.weight, exercise.weight, fat.mass, muscle.mass, target.kg are never the weight",
          arguments: [("goal", "weight"), ("exercise", "weight"), ("fat", "mass"), ("muscle", "mass"), ("target", "kg")])
    func jsonPaths(_ outer: String, _ inner: String) throws {
        let cli = try CLIHarness()
        let beside = "[" + (1...10).map { #"{"date": "2026-10-\#(String(format: "%02d", $0))", "\#(outer)": {"\#(inner)": 70}, "weight": \#(80 - Double($0) / 10)}"# }.joined(separator: ", ") + "]"
        try cli.directory.write(beside, to: "beside.json")
        try cli.ok("import", cli.directory.file("beside.json"))
        #expect(try Self.stored(cli).weights == Self.weights)
        let alone = "[" + (1...10).map { #"{"date": "2026-10-\#(String(format: "%02d", $0))", "\#(outer)": {"\#(inner)": \#(70 + $0)}}"# }.joined(separator: ", ") + "]"
        try cli.directory.write(alone, to: "alone.json")
        let refused = try cli.run("import", cli.directory.file("alone.json"))
        #expect(refused.status == 65 && refused.stderr.contains("--weight-column N"), "\(refused.stderr)")
        #expect(try Self.stored(cli).weights == Self.weights)
    }

    @Test("a JSON file with several arrays reads the one of body weights and names it, never the largest; two such arrays are refused")
    func severalArrays() throws {
        let cli = try CLIHarness()
        let squats = (0..<10).map { #"{"date": "2026-10-0\#($0 % 3 + 1)", "exercise": "Squat", "weight": \#(100 + $0), "reps": 5}"# }.joined(separator: ", ")
        let body = (1...3).map { #"{"date": "2026-10-0\#($0)", "weight": \#(80 + Double($0) / 10)}"# }.joined(separator: ", ")
        try cli.directory.write(#"{"workouts": [\#(squats)], "bodyweight": [\#(body)]}"#, to: "app.json")
        let result = try cli.ok("import", cli.directory.file("app.json"))
        #expect(try Self.stored(cli).weights == [80.1, 80.2, 80.3])
        #expect(result.stderr.contains("Read as records of the array bodyweight"), "\(result.stderr)")
        let other = try CLIHarness()
        let another = (4...6).map { #"{"date": "2026-10-0\#($0)", "weight": \#(60 + Double($0) / 10)}"# }.joined(separator: ", ")
        try other.directory.write(#"{"me": [\#(body)], "partner": [\#(another)]}"#, to: "two.json")
        let refused = try other.run("import", other.directory.file("two.json"))
        #expect(refused.status == 65 && refused.stderr.contains("2 arrays of records with a body weight and a date (me, partner)"), "\(refused.stderr)")
        #expect(other.weightsFile == nil)
    }

    @Test("a fat column with a mass unit is a fat mass, stored as its share of the row's weight",
          arguments: [("Date,Weight (kg),Body fat (kg)", ","), ("Date,Weight (lb),Fat (lb)", ","), ("Datum;Gewicht (kg);Körperfett (kg)", ";")])
    func fatMass(_ header: String, _ separator: String) throws {
        let cli = try CLIHarness()
        let pounds = header.contains("(lb)")
        try cli.directory.write(NeverASilentMisreadTests.days(header, { day in
            let weight = pounds ? 176.0 - Double(day) / 5 : 80.0 - Double(day) / 10
            let fat = pounds ? 40.8 : 18.5
            return separator == ";" ? "\(weight)".replacing(".", with: ",") + ";" + "\(fat)".replacing(".", with: ",") : "\(weight),\(fat)"
        }, separator: separator), to: "fat.csv")
        try cli.ok("import", cli.directory.file("fat.csv"))
        let entries = try cli.entries()
        #expect(entries.count == 10)
        for entry in entries {
            let kilograms = try #require(entry["kilograms"] as? Double)
            let fat = try #require(entry["fatPercent"] as? Double, "no body fat: \(entry)")
            let mass = pounds ? 40.8 * 0.45359237 : 18.5
            #expect(abs(fat - mass / kilograms * 100) < 0.01, "\(fat) % of \(kilograms) kg")
        }
    }

    @Test("a tape column whose unit is not a length (InBody's Right Arm(%), Waist (%)) is not a measurement")
    func percentTape() throws {
        let cli = try CLIHarness()
        try cli.directory.write(NeverASilentMisreadTests.days("Date,Weight(kg),Right Arm(%),Waist (%)") { "\(80 - Double($0) / 10),98.5,101.2" }, to: "inbody.csv")
        try cli.ok("import", cli.directory.file("inbody.csv"))
        #expect(try Self.stored(cli) == NeverASilentMisreadTests.Stored(weights: Self.weights))
    }

    @Test("a file name that names two units names none: weight_lbs_to_kg.csv is read in the configured unit, not as pounds")
    func twoUnitFileName() throws {
        let cli = try CLIHarness()
        try cli.directory.write(NeverASilentMisreadTests.days("date,weight") { "\(81.3 - Double($0) / 10)" }, to: "weight_lbs_to_kg.csv")
        let result = try cli.ok("import", cli.directory.file("weight_lbs_to_kg.csv"))
        let expected: [Double] = (1...10).map { (day: Int) -> Double in ((81.3 - Double(day) / 10) * 100).rounded() / 100 }
        #expect(try Self.stored(cli).weights == expected)
        #expect(result.stderr.contains("the configured unit"), "\(result.stderr)")
    }

    @Test("the same weight in two units is read once when every row agrees; two weight columns that disagree are refused")
    func twinColumns() throws {
        let cli = try CLIHarness()
        try cli.directory.write(NeverASilentMisreadTests.days("Date,Weight (kg),Weight (lb)") {
            "\(80 - Double($0) / 10),\(String(format: "%.1f", (80 - Double($0) / 10) / 0.45359237))"
        }, to: "two.csv")
        try cli.ok("import", cli.directory.file("two.csv"))
        #expect(try Self.stored(cli).weights == Self.weights)
        let other = try CLIHarness()
        try other.directory.write(NeverASilentMisreadTests.days("Date,Weight (kg),Weight (lb)") { "\(80 - Double($0) / 10),154.3" }, to: "differ.csv")
        let refused = try other.run("import", other.directory.file("differ.csv"))
        #expect(refused.status == 65 && refused.stderr.contains("are not one weight"), "\(refused.stderr)")
        #expect(other.weightsFile == nil)
    }

    @Test("an import far from the stored trend is refused naming both figures; --force takes it; an empty store compares nothing")
    func againstTheHistory() throws {
        let cli = try CLIHarness()
        for day in 1...9 { try cli.ok("log", "81.\(day)", "--date", "2026-11-0\(day) 07:00") }
        // The same days, in another unit or another person's: compared over the days both hold.
        try cli.directory.write("date,weight\n" + (1...9).map { "2026-11-0\($0) 19:00,36.\($0)\n" }.joined(), to: "same-days.csv")
        let shared = try cli.run("import", cli.directory.file("same-days.csv"))
        #expect(shared.status == 65, "\(shared.stderr)")
        #expect(shared.stderr.contains("sit at 36.5 kg (their median)") && shared.stderr.contains("over the 9 days both hold"), "\(shared.stderr)")
        #expect(shared.stderr.contains("--force"), "\(shared.stderr)")
        // Later days: compared with the trend at the end of the history.
        try cli.directory.write("date,weight\n" + (1...9).map { "2026-11-1\($0),36.\($0)\n" }.joined(), to: "later.csv")
        let later = try cli.run("import", cli.directory.file("later.csv"))
        #expect(later.status == 65 && later.stderr.contains("at the end of your history"), "\(later.stderr)")
        #expect(try Self.stored(cli).weights.count == 9)
        // A file near the trend goes in without a word.
        try cli.directory.write("date,weight\n2026-11-10,81.0\n", to: "near.csv")
        try cli.ok("import", cli.directory.file("near.csv"))
        try cli.ok("import", cli.directory.file("later.csv"), "--force")
        #expect(try Self.stored(cli).weights.count == 19)
        let empty = try CLIHarness()
        try empty.ok("import", cli.directory.file("same-days.csv"))
        #expect(try Self.stored(empty).weights.count == 9)
    }

    @Test("a scale's export of mornings already logged by hand leaves one weigh-in a morning; the hand's entry keeps, the scale's fat fills it")
    func oneMorningTwice() throws {
        let cli = try CLIHarness()
        for day in 1...9 { try cli.ok("log", "8\(day).5", "--date", "2026-11-0\(day) 07:20") }
        var withings = "Date,\"Weight (kg)\",\"Fat mass (kg)\",\"Bone mass (kg)\",\"Muscle mass (kg)\",\"Hydration (kg)\",Comments\n"
        for day in 1...9 { withings += "2026-11-0\(day) 07:05:12,8\(day).4,18.2,3.1,60.2,45.0,\n" }
        // And an evening the hand never logged.
        withings += "2026-11-09 19:40:00,89.9,18.3,3.1,60.2,45.0,\n"
        try cli.directory.write(withings, to: "withings.csv")
        let first = try cli.ok("import", cli.directory.file("withings.csv"))
        #expect(first.stderr.contains("1 added, 9 updated, 0 duplicate"), "\(first.stderr)")
        #expect(first.stderr.contains("9 matched weigh-ins already logged within 30 minutes"), "\(first.stderr)")
        let entries = try cli.entries()
        #expect(entries.count == 10)
        #expect(entries.prefix(9).allSatisfy { ($0["date"] as? String)?.contains("T07:20:00") == true && $0["fatPercent"] != nil })
        let again = try cli.ok("import", cli.directory.file("withings.csv"))
        #expect(again.stderr.contains("0 added, 0 updated, 10 duplicate"), "\(again.stderr)")
        #expect(try cli.entries().count == 10)
    }

    @Test("trend's own JSON is matched by id, never by the minutes around a stored weigh-in")
    func ownJSONByID() throws {
        let cli = try CLIHarness()
        try cli.ok("log", "80.5", "--date", "2026-11-01 07:20")
        try cli.directory.write(
            #"{"entries": [{"id": "0b9c1f4e-1d2a-4c3b-9e8f-7a6b5c4d3e2f", "date": "2026-11-01T07:05:00+00:00", "kilograms": 80.4}], "version": 1}"#, to: "backup.json")
        let result = try cli.ok("import", cli.directory.file("backup.json"))
        #expect(result.stderr.contains("1 added"), "\(result.stderr)")
        #expect(try cli.entries().count == 2)
    }

    @Test("MyFitnessPal's export with its Time and Note columns is MyFitnessPal: intake per day, and no nutrient is body fat")
    func myFitnessPalWithTime() throws {
        let cli = try CLIHarness()
        var text = "Date,Meal,Time,Calories,Fat (g),Saturated Fat,Polyunsaturated Fat,Monounsaturated Fat,Trans Fat,Cholesterol,Sodium (mg),Potassium,"
            + "Carbohydrates (g),Fiber,Sugar,Protein (g),Vitamin A,Vitamin C,Calcium,Iron,Note\n"
        for day in 1...5 {
            text += "2026-10-0\(day),Breakfast,8:05 AM,450,12,4,2,3,0,20,300,200,60,5,10,20,5,5,10,8,\n"
            text += "2026-10-0\(day),Dinner,7:30 PM,800,30,9,4,6,0,80,900,500,70,8,12,40,10,15,20,15,\n"
        }
        try cli.directory.write(text, to: "Nutrition-Summary.csv")
        let result = try cli.ok("import", cli.directory.file("Nutrition-Summary.csv"))
        #expect(result.stderr.contains("(MyFitnessPal): intake: 5 added"), "\(result.stderr)")
        #expect(!result.stderr.contains("body fat"), "\(result.stderr)")
        #expect(try Self.stored(cli) == NeverASilentMisreadTests.Stored(intake: Array(repeating: 1250, count: 5)))
    }

    @Test("a trend JSON backup minified to one line is read at any size")
    func minifiedBackup() throws {
        let cli = try CLIHarness()
        var generator = SeededGenerator(seed: 65)
        let entries = (0..<12_000).map { index in
            let id = (0..<4).map { _ in String(format: "%08x", UInt32.random(in: 0...UInt32.max, using: &generator)) }.joined()
            let uuid = "\(id.prefix(8))-\(id.dropFirst(8).prefix(4))-4\(id.dropFirst(13).prefix(3))-a\(id.dropFirst(17).prefix(3))-\(id.suffix(12))"
            let instant = 1_700_000_000 + index * 3_600
            let date = Date(timeIntervalSince1970: TimeInterval(instant)).ISO8601Format().replacing("Z", with: "+00:00")
            return #"{"date":"\#(date)","id":"\#(uuid)","kilograms":\#(80 + Double(index % 20) / 10)}"#
        }
        let text = #"{"entries":["# + entries.joined(separator: ",") + #"],"version":1}"#
        #expect(text.utf8.count > 1 << 20 && !text.contains("\n"))
        try cli.directory.write(text, to: "backup.json")
        let result = try cli.ok("import", cli.directory.file("backup.json"))
        #expect(result.stderr.contains("(trend JSON): 12000 added"), "\(result.stderr)")
    }

    @Test("--replace-intake with an intake id already held by another day never writes the id twice; every command still works")
    func replaceIntakeCollidingID() throws {
        let cli = try CLIHarness()
        try cli.ok("eat", "1800", "--date", "2026-11-01")
        try cli.ok("eat", "1900", "--date", "2026-11-02")
        let held = try #require((try cli.weightsJSON()["intake"] as? [[String: Any]])?.first?["id"] as? String)
        try cli.directory.write(#"{"entries": [], "intake": [{"date": "2026-11-02T12:00:00+00:00", "id": "\#(held)", "kilocalories": 2500}], "version": 3}"#, to: "b.json")
        let result = try cli.ok("import", cli.directory.file("b.json"), "--replace-intake")
        #expect(result.stderr.contains("intake: 0 added, 1 duplicate"), "\(result.stderr)")
        #expect(try Self.stored(cli).intake == [1800, 1900])
        try cli.ok("list")
        try cli.ok("intake", "--entries")
    }

    // Found by tables written blind (issue 65's note): a US scale app's
    // numeric month-first dates under Renpho's header, and another app's
    // JSON whose `entries` is an object, not trend's array.

    @Test("Renpho's Time of Measurement with numeric month-first dates is read by the file's evidence, not as day-first")
    func renphoMonthFirst() throws {
        let cli = try CLIHarness()
        let rows = (1...20).map { day in "\"02/\(String(format: "%02d", day + 8))/2025, 7:\(String(format: "%02d", day)):08 AM\",\(200 - Double(day) / 10),27.2,29.0," }
        try cli.directory.write("Time of Measurement,Weight(lb),BMI,Body Fat(%),Remarks\n" + rows.joined(separator: "\n") + "\n", to: "scale.csv")
        let result = try cli.ok("import", cli.directory.file("scale.csv"))
        #expect(result.stderr.contains("20 added"), "\(result.stderr)")
        let stored = try Self.stored(cli).weights
        #expect(stored.count == 20 && abs(stored[0] - 199.9 * 0.45359237) < 0.006, "\(stored)")
        #expect(try String(contentsOfFile: cli.dataDirectory + "/weights.json", encoding: .utf8).contains("\"2025-02-09T07:01:08"))
    }

    @Test("a JSON export whose entries is an object is another app's records, not a damaged trend backup")
    func entriesObject() throws {
        let cli = try CLIHarness()
        let weights = (1...12).map { day in #"{"timestamp": "2025-11-\#(String(format: "%02d", day))T07:30:00+01:00", "weight": {"value": \#(70 - Double(day) / 10), "unit": "kg"}}"# }
        let text = #"{"export": {"app": "Tracker", "format": 2}, "profile": {"goal": {"weight": {"value": 64, "unit": "kg"}}}, "entries": {"weights": ["#
            + weights.joined(separator: ", ") + #"], "workouts": [{"date": "2025-11-03", "exercise": "Squat", "weight": {"value": 100, "unit": "kg"}, "reps": 5}]}}"#
        try cli.directory.write(text, to: "export.json")
        let result = try cli.ok("import", cli.directory.file("export.json"))
        #expect(result.stderr.contains("12 added") && result.stderr.contains("entries.weights"), "\(result.stderr)")
        #expect(try Self.stored(cli).weights == (1...12).map { 70 - Double($0) / 10 })
    }

    @Test("another app's records under a key trend also uses (measurements) are its records, read by what they say")
    func foreignMeasurementsArray() throws {
        let cli = try CLIHarness()
        let records = (1...10).flatMap { day -> [String] in
            let ts = "2025-11-" + String(format: "%02d", day) + "T07:00:00Z"
            return [#"{"ts": "\#(ts)", "type": "weight", "value": \#(81 - Double(day) / 10), "unit": "kg"}"#,
                    #"{"ts": "\#(ts)", "type": "body_fat", "value": 22.5, "unit": "%"}"#]
        }
        let text = #"{"user": "sam", "exported": "2025-11-20", "measurements": ["# + records.joined(separator: ", ") + "]}"
        try cli.directory.write(text, to: "scale.json")
        let result = try cli.ok("import", cli.directory.file("scale.json"))
        #expect(result.stderr.contains("10 added") && !result.stderr.contains("trend JSON"), "\(result.stderr)")
        let expected: [Double] = (1...10).map { (day: Int) -> Double in 81 - Double(day) / 10 }
        #expect(try Self.stored(cli).weights == expected)
    }
}
