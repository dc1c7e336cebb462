/// What a column's header says it holds, in the twelve languages of SPEC
/// §18: weight, date, time, body fat, a note, the unit, or a quantity that
/// is not a weight although its numbers may look like one (a BMI, a goal,
/// a muscle mass, calories, steps). Headers are compared folded (no case,
/// no accents) and word by word, units in brackets set apart.
enum HeaderWords {
    enum Meaning: Equatable {
        case weight, date, time, fat, note, unit, other
        /// Body fat as a mass in this unit (`Fat mass (kg)`, `Body fat (lb)`).
        case fatMass(WeightUnit)
        /// A generic value (`value`, `Wert`, `amount`): the weight only in
        /// a file that names the quantity elsewhere (a long table's metric).
        case value
        /// What a long table's row measures (`metric`, `type`, `Messgröße`).
        case metric
    }

    static let weight: Set<String> = [
        "weight", "wt", "bodyweight", "body weight", "body mass", "mass", "weight kg", "weight lb", "weight lbs", "gew", "korpermasse",
        "pesos", "peso kg", "poids kg", "vaegt kg", "masse", "massa corporea", "massa corporal", "lichaamsmassa", "hmotnost kg",
        "gewicht", "korpergewicht", "koerpergewicht", "poids", "masse corporelle", "peso", "peso corporal", "peso corporeo",
        "lichaamsgewicht", "massa", "vikt", "kroppsvikt", "vaegt", "vaegt", "vagt", "kropsvaegt", "vekt", "kroppsvekt",
        "waga", "masa ciala", "masa", "hmotnost", "vaha", "telesna hmotnost",
    ]

    static let date: Set<String> = [
        "date", "day", "datetime", "date time", "date/time", "timestamp", "time stamp", "when", "recorded", "measured", "start", "start date", "start time",
        "datum", "tag", "zeitpunkt", "zeitstempel", "datum/zeit", "jour", "horodatage", "fecha", "dia", "fecha y hora", "data", "giorno", "dag",
        "tijdstip", "data e hora", "tidpunkt", "tidspunkt", "czas", "dzien", "den", "casova znacka", "datum a cas",
    ]

    static let time: Set<String> = ["time", "hour", "zeit", "uhrzeit", "heure", "hora", "ora", "tijd", "tid", "klokkeslett", "godzina", "cas"]

    static let fat: Set<String> = [
        "fat", "body fat", "bodyfat", "fat percent", "fat %", "body fat %", "fat percentage", "fat rate", "kfa", "korperfett", "koerperfett", "fett",
        "fettanteil", "graisse", "masse grasse", "grasa", "grasa corporal", "grasso", "massa grassa", "vet", "vetpercentage", "gordura",
        "gordura corporal", "fettprocent", "kroppsfett", "fedt", "fedtprocent", "kroppsfett", "tluszcz", "tkanka tluszczowa", "tuk", "telesny tuk",
    ]

    static let note: Set<String> = [
        "note", "notes", "comment", "comments", "remark", "remarks", "notiz", "notizen", "kommentar", "bemerkung", "remarque", "commentaire",
        "nota", "notas", "comentario", "note", "opmerking", "notitie", "observacao", "anteckning", "kommentar", "bemaerkning", "merknad",
        "uwagi", "uwaga", "komentarz", "poznamka", "komentar",
    ]

    static let unit: Set<String> = ["unit", "units", "einheit", "unite", "unidad", "unita", "eenheid", "unidade", "enhet", "enhed", "jednostka", "jednotka"]

    static let value: Set<String> = [
        "value", "values", "amount", "reading", "quantity", "qty", "wert", "messwert", "valeur", "valor", "cantidad", "valore", "waarde",
        "varde", "vaerdi", "verdi", "wartosc", "hodnota", "fpval", "fp val", "fitvalue", "fit value", "intval", "int val",
    ]

    static let metric: Set<String> = [
        "metric", "type", "kind", "measure", "measurement", "parameter", "category", "datatype", "data type", "datatypename", "data type name", "messgrosse",
        "typ", "art", "mesure", "tipo", "medida", "soort", "maatstaf", "medicao", "matt", "rodzaj", "druh", "name", "field", "variable",
    ]

    /// Words that make a numeric column another quantity, whatever its numbers.
    static let other: Set<String> = [
        "bmi", "imc", "body mass index", "goal", "target", "ziel", "zielgewicht", "objectif", "objetivo", "obiettivo", "doel", "mal", "cel", "cil",
        "trend", "average", "avg", "mean", "moving", "smoothed", "change", "diff", "difference", "delta", "loss", "gain",
        "durchschnitt", "moyenne", "promedio", "media", "gemiddelde", "medel", "gennemsnit", "snitt", "srednia", "prumer",
        "muscle", "muscles", "muscle mass", "muskel", "muskelmasse", "musculo", "muscolo", "spier", "spiermassa", "muskler", "muskelmassa", "miesnie", "svaly",
        "lean", "lean mass", "fat mass", "fettmasse", "bone", "bones", "knochen", "os", "hueso", "osso", "bot", "ben", "kosci", "kosti",
        "water", "wasser", "eau", "agua", "acqua", "vatten", "vand", "vann", "woda", "voda", "protein", "visceral", "bmr", "metabolic", "metabolism",
        "kcal", "calories", "calorie", "kalorien", "kj", "energy", "steps", "schritte", "pas", "pasos", "passi", "stappen", "passos", "steg", "skridt",
        "kroki", "kroky", "height", "grosse", "taille", "altura", "altezza", "lengte", "langd", "hojde", "wzrost", "vyska", "age", "alter", "edad",
        "eta", "leeftijd", "alder", "wiek", "vek", "pulse", "heart", "bpm", "puls", "waist", "hip", "hips", "chest", "neck", "arm", "thigh",
        "min", "max", "minimum", "maximum", "low", "high", "count", "id", "number", "index", "row", "no", "nr", "#",
        "carbs", "carbohydrates", "sugar", "sugars", "fiber", "fibre", "sodium", "cholesterol", "potassium", "calcium", "iron", "vitamin",
        "minutes", "seconds", "duration", "sleep", "distance", "floors", "temperature", "pressure", "systolic", "diastolic", "glucose",
        // What is eaten, and its energy, in the twelve languages: intake, never a weight.
        "intake", "food", "foods", "meal", "meals", "eaten", "kilojoules", "kilojoule", "cal", "kcals", "calorias", "calorie", "kalorie",
        "calorieen", "kalorier", "kalorii", "kalorie", "energie", "energia", "energi", "essen", "nahrung", "mahlzeit", "repas", "aliment",
        "comida", "alimento", "cibo", "pasto", "voedsel", "maaltijd", "refeicao", "mat", "maltid", "posilek", "jidlo", "grams", "gram", "gramm",
        "gramos", "grammi", "gramas", "gramy", "portion", "serving", "servings", "protein", "eiweiss", "fett g", "fat g",
        // Vital signs and the tape, in the twelve languages.
        "hr", "heart rate", "heartrate", "herzfrequenz", "herzschlag", "frequence", "cardiaque", "frecuencia", "cardiaca", "pulso", "frequenza",
        "battito", "hartslag", "frequencia", "puls", "hjartfrekvens", "tetno", "tep", "temp", "temperatur", "temperature", "temperatura",
        "temperatuur", "teplota", "bp", "blutdruck", "tension", "presion", "pressione", "bloeddruk", "pressao", "blodtryck", "blodtryk",
        "cisnienie", "tlak", "spo2", "sauerstoff", "saturation", "oxygen", "oxygene", "oxigeno", "ossigeno", "zuurstof", "oxigenio", "syre",
        "tlen", "kyslik", "cm", "mm", "inch", "inches", "length", "lange", "umfang", "bauchumfang", "taillenumfang", "hufte", "huftumfang",
        "brustumfang", "oberschenkel", "oberarm", "hals", "tour", "hanches", "poitrine", "cou", "cuisse", "bras", "cintura", "cadera", "caderas",
        "pecho", "cuello", "muslo", "brazo", "vita", "fianchi", "petto", "collo", "coscia", "braccio", "taille", "heupen", "borst", "nek", "dij",
        "anca", "quadril", "peito", "pescoco", "coxa", "braco", "midja", "hoft", "hofter", "brost", "hals", "lar", "talje", "hofte", "bryst",
        "talia", "biodra", "klatka", "szyja", "udo", "ramie", "pas", "boky", "hrudnik", "krk", "stehno", "paze", "circumference", "girth",
        "bicep", "biceps", "calf", "forearm", "wrist", "shoulders", "abdomen",
    ]

    /// A unit written as a word of the header (`Weight lbs`, `weight_lbs`,
    /// `Weight in lb`), or in brackets (`Gewicht (kg)`); nil when none.
    /// Grams (`g`, `mg`) name food, never a person.
    static func unit(of header: String) -> WeightUnit? {
        if let bracketed = unitInBrackets(header) { return WeightUnit(parsing: bracketed) }
        let words = words(header)
        guard words.count > 1, let word = words.last(where: { unitWords.contains($0) }) else { return nil }
        return WeightUnit(parsing: word)
    }

    private static let unitWords: Set<String> = ["kg", "kgs", "kilo", "kilos", "kilograms", "kilogram", "lb", "lbs", "pound", "pounds", "st", "stone", "stones"]

    /// A unit of mass too small for a person: the column holds food.
    static func namesFood(_ header: String) -> Bool {
        let units = ([unitInBrackets(header)].compactMap { $0 } + words(header).dropFirst())
        return units.contains { $0 == "g" || $0 == "mg" || $0 == "gr" || $0 == "grams" }
    }

    /// The header's words: folded, units in brackets and punctuation dropped.
    static func words(_ header: String) -> [String] {
        // `startTimeNanos`, `sourceName`: camel case is words too.
        var spaced = ""
        var previous: Character?
        for character in DateWords.plainSpaces(header) {
            if character.isUppercase, let previous, previous.isLowercase { spaced.append(" ") }
            spaced.append(character)
            previous = character
        }
        // `Gewicht (kg)`, `Weight [lb]`: the unit is not a word of the name.
        var text = ""
        var depth = 0
        for character in DateWords.fold(spaced) {
            if character == "(" || character == "[" {
                depth += 1
            } else if character == ")" || character == "]" {
                depth = max(0, depth - 1)
            } else if depth == 0 {
                text.append(character)
            }
        }
        return text.split { !$0.isLetter && !$0.isNumber && $0 != "%" && $0 != "/" }.map(String.init)
    }

    /// The last bracketed text of a header, folded: `kg` in `Gewicht (kg)`.
    static func unitInBrackets(_ header: String) -> String? {
        CSVLayout.bracketed(header).map { DateWords.fold($0) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// What a header says its column holds, or nil when it says nothing known.
    /// Weight, a generic value and body fat are read from the whole header
    /// (`whole`, SPEC §18: read by evidence); the rest from its last name.
    static func meaning(_ header: String) -> Meaning? {
        // `Protein (g)`, `Fat (g)`: grams are food, whatever the name.
        if namesFood(header) { return .other }
        switch whole(header) {
        case .weight: return .weight
        case .value: return .value
        case .fat: return .fat
        case .fatMass(let unit): return .fatMass(unit)
        case nil: break
        }
        // A JSON member's path (`metadata.startTime`): its last name says what else it holds.
        var name = header
        if !header.contains(" "), header.contains("."),
            let last = header.split(separator: ".").last(where: { !$0.allSatisfy(\.isNumber) }), last.count < header.count - 1
        {
            name = String(last)
        }
        let words = words(name)
        guard !words.isEmpty else { return nil }
        let whole = words.joined(separator: " ")
        // `Sodium (mg)`, `Saturation (%)`: a unit that is not a weight's names another quantity.
        if let unit = unitInBrackets(name), WeightUnit(parsing: unit) == nil, !words.contains(where: { date.contains($0) || time.contains($0) }) {
            return .other
        }
        if other.contains(whole) { return .other }
        if metric.contains(whole) { return .metric }
        if date.contains(whole) { return .date }
        if time.contains(whole) { return .time }
        if note.contains(whole) { return .note }
        if unit.contains(whole) { return .unit }
        if words.contains(where: other.contains) { return .other }
        if words.contains(where: date.contains) { return .date }
        if words.contains(where: time.contains) { return .time }
        if words.contains(where: note.contains) { return .note }
        // A weight or a fat with a word beside it that is not theirs (`Weight (goal)`, `Saturated Fat`, `goal.weight`): another quantity.
        if namesWeightOrFat(header) { return .other }
        return nil
    }
}
