/// The whole header decides (SPEC §18, read by evidence): a column is body
/// weight only when every word of its header, and every segment of a JSON
/// path, is a weight word, a unit, a connecting word or a qualifier that
/// keeps the meaning (`body`, `morning`, `scale`, `measured`, `current`,
/// `actual`, in the twelve languages). Any other word (`goal`, `Soll`,
/// `cible`, `7-day`, `lifted`, `baby`, `exercise`) makes it another
/// quantity, whatever else the header says. Body fat is judged the same
/// way, and a fat column with a mass unit is a fat mass.
extension HeaderWords {
    /// What a header's words say together, when they all say one thing.
    enum Whole: Equatable {
        case weight
        /// A generic value (`value`, `fpVal`): the weight where the file names the quantity elsewhere.
        case value
        case fat
        /// Body fat as a mass in this unit (`Body fat (kg)`, `Fettmasse (kg)`).
        case fatMass(WeightUnit)
    }

    /// The whole header's reading, or nil when its words are not all of one quantity's.
    static func whole(_ header: String) -> Whole? {
        let words = evidenceWords(header)
        guard !words.isEmpty else { return nil }
        let units = words.compactMap(massUnit)
        let rest = words.filter { massUnit($0) == nil && !connectors.contains($0) && !keepers.contains($0) }
        // `kg`, `lbs`: a unit alone names the weight.
        if rest.isEmpty { return units.isEmpty ? nil : .weight }
        let weights = rest.filter(weightWords.contains)
        if !weights.isEmpty && rest.allSatisfy({ weightWords.contains($0) || valueWords.contains($0) }) { return .weight }
        if rest.allSatisfy(valueWords.contains) { return .value }
        let fats = rest.filter(fatWords.contains)
        guard !fats.isEmpty, rest.allSatisfy({ fatWords.contains($0) || fatQualifiers.contains($0) || massWords.contains($0) }) else { return nil }
        // A fat mass says so with its unit; `Fat mass` alone says no unit and is not read.
        if let unit = units.first { return .fatMass(unit) }
        return rest.contains(where: massWords.contains) || fats.contains(where: fatMassWords.contains) ? nil : .fat
    }

    /// Whether any word of the header (any segment of a path) names a
    /// weight or body fat: with other words beside it, another quantity.
    static func namesWeightOrFat(_ header: String) -> Bool {
        evidenceWords(header).contains { weightWords.contains($0) || fatWords.contains($0) }
    }

    /// Every word of a header, in every segment of a JSON path (numbers of
    /// array places dropped), brackets included: folded, camel case split,
    /// and a segment that is a known name as a whole (`fit value`) kept as one.
    static func evidenceWords(_ header: String) -> [String] {
        let segments: [Substring] = !header.contains(" ") && header.contains(".")
            ? header.split(separator: ".").filter { !$0.allSatisfy(\.isNumber) } : [header[...]]
        var words: [String] = []
        for segment in segments {
            var spaced = ""
            var previous: Character?
            for character in DateWords.plainSpaces(String(segment)) {
                if character.isUppercase, let previous, previous.isLowercase { spaced.append(" ") }
                if character == "%" { spaced += " % " } else { spaced.append(character) }
                previous = character
            }
            let parts = DateWords.fold(spaced).split { !$0.isLetter && !$0.isNumber && $0 != "%" }.map(String.init)
            let joined = parts.joined(separator: " ")
            if parts.count > 1, valueWords.contains(joined) || weightWords.contains(joined) { words.append(joined) } else { words += parts }
        }
        return words
    }

    static func massUnit(_ word: String) -> WeightUnit? {
        WeightUnit(parsing: word) ?? unitSpellings[word]
    }

    /// Weight words one at a time: the phrases of `weight` (`body weight`) are a qualifier and a weight word.
    static let weightWords: Set<String> = Set(weight.filter { !$0.contains(" ") }).subtracting(["kg"])

    static let valueWords: Set<String> = value

    /// Qualifiers that keep a weight a person's weight.
    static let keepers: Set<String> = [
        // body
        "body", "korper", "koerper", "corporal", "corporel", "corporelle", "corporeo", "corporea", "lichaam", "lichaams", "kropp", "kropps",
        "krop", "krops", "ciala", "cialo", "telesna", "telesne",
        // morning
        "morning", "morgens", "morgen", "fruh", "frueh", "matin", "manana", "mattina", "ochtend", "ochtends", "manha", "morgon", "morgonen",
        "morgenen", "rano", "ranni", "ranna",
        // evening: a time of day keeps a weight a weight as the morning does
        "evening", "abends", "abend", "soir", "noche", "sera", "avond", "avonds", "noite", "kvall", "kvallen", "aften", "kveld", "kvelden",
        "wieczor", "vecer", "vecerni",
        // scale
        "scale", "waage", "balance", "bascula", "bilancia", "weegschaal", "balanca", "vag", "vaegten", "vekten",
        // measured
        "measured", "gemessen", "mesure", "mesuree", "medido", "medida", "misurato", "misurata", "gemeten", "uppmatt", "malt", "zmierzona",
        "zmierzony", "namerena", "namereno",
        // current
        "current", "aktuell", "aktuelles", "aktuelle", "aktueller", "actuel", "actuelle", "attuale", "huidig", "huidige", "atual", "nuvarande",
        "nuvaerende", "navaerende", "aktualna", "aktualny", "aktualni",
        // actual
        "actual", "ist", "tatsachlich", "tatsaechlich", "reel", "reelle", "real", "effettivo", "effettiva", "werkelijk", "werkelijke",
        "faktisk", "rzeczywista", "skutecna",
    ]

    /// Words that join a name to its unit (`Weight in lb`, `Poids en kg`, `Vikt i kg`).
    static let connectors: Set<String> = ["in", "en", "de", "of", "i", "w", "v", "z", "im", "em", "au", "du", "da", "do", "der", "des", "del", "di", "van"]

    /// A unit of mass spelled out in the twelve languages.
    static let unitSpellings: [String: WeightUnit] = [
        "kilogramm": .kilograms, "kilogramme": .kilograms, "kilogrammes": .kilograms, "kilogramos": .kilograms, "kilogrammi": .kilograms,
        "chilogrammi": .kilograms, "kilogrammen": .kilograms, "kilogramy": .kilograms, "kilogramu": .kilograms, "quilogramas": .kilograms,
        "pfund": .pounds, "livre": .pounds, "livres": .pounds, "libra": .pounds, "libras": .pounds, "funt": .pounds, "funty": .pounds,
    ]

    static let fatWords: Set<String> = [
        "fat", "bodyfat", "kfa", "korperfett", "koerperfett", "fett", "fettanteil", "graisse", "grasa", "grasso", "vet", "vetpercentage",
        "gordura", "fettprocent", "kroppsfett", "fedt", "fedtprocent", "tluszcz", "tluszczu", "tluszczowa", "tuk", "grasse", "grassa",
        "fettmasse", "fettmassa", "vetmassa",
    ]

    /// Compounds that are a fat mass already (`Fettmasse`): a mass only with a unit.
    static let fatMassWords: Set<String> = ["fettmasse", "fettmassa", "vetmassa"]

    /// Words a body-fat header may carry beside its fat word.
    static let fatQualifiers: Set<String> = [
        "%", "percent", "percentage", "pct", "rate", "ratio", "anteil", "prozent", "pourcentage", "taux", "porcentaje", "percentuale",
        "procent", "procento", "porcentagem", "tkanka",
    ]

    /// Mass words: with a fat word, a fat mass.
    static let massWords: Set<String> = ["mass", "masse", "massa", "masa"]
}
