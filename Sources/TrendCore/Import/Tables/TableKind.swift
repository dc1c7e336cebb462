/// What a table is, decided from all its headers before any column of it
/// is read (SPEC §18, read by evidence): a body's log, or a log whose
/// weights are not a person's: a workout's sets (Strong, Hevy, FitNotes,
/// Fitbod, JEFIT), a pet's, a baby's, a shipment's. Such a table is never
/// read for weight, whatever its weight column is called.
enum TableKind: Equatable {
    case body
    /// `what` as a summary says it ("a workout log"), and the headers that show it.
    case other(what: String, columns: [String])

    /// What a table with these headers is.
    static func of(_ headers: [String]) -> TableKind {
        for kind in kinds {
            var roles: Set<String> = []
            var columns: [String] = []
            for header in headers {
                let words = HeaderWords.evidenceWords(header)
                guard let role = kind.roles.first(where: { role in words.contains { role.words.contains($0) } }) else { continue }
                if roles.insert(role.name).inserted { columns.append(header.trimmed) }
            }
            if roles.count >= kind.least { return .other(what: kind.what, columns: columns) }
        }
        return .body
    }

    /// The first header line in `head` (up to its first 30 records) that
    /// shows a table other than a body's; `.body` when none does. A header
    /// line has two fields or more and no digit: a note in a row (`fed the
    /// cat`) never decides.
    static func of(_ head: ImportHead) -> TableKind {
        let text = Array(head.bytes.prefix(16_384))
        let separator = CSVReader.separator(guessedFrom: text)
        for record in CSVReader(bytes: text, separator: separator).prefix(30) {
            let fields = CSVLayout.unwrapped(record, separator: separator).fields
            guard fields.count >= 2, !fields.contains(where: { $0.contains(where: \.isNumber) }) else { continue }
            let kind = of(fields)
            if kind != .body { return kind }
        }
        return .body
    }

    struct Role {
        let name: String
        let words: Set<String>
    }

    struct Kind {
        let what: String
        let roles: [Role]
        /// How many of its roles a table's headers must show.
        let least: Int
    }

    /// Each kind with what its headers name, folded, in the twelve languages of SPEC §18.
    static let kinds: [Kind] = [
        Kind(what: "a workout log", roles: [
            Role(name: "exercise", words: [
                "exercise", "exercises", "ubung", "uebung", "exercice", "ejercicio", "esercizio", "oefening", "exercicio", "ovning", "ovelse",
                "cwiczenie", "cvik", "cviceni", "ename", "lift",
            ]),
            Role(name: "reps", words: [
                "reps", "rep", "repetitions", "repetition", "wiederholungen", "wdh", "wiederh", "repeticiones", "ripetizioni", "herhalingen",
                "repeticoes", "repetitioner", "gentagelser", "repetisjoner", "powtorzenia", "opakovani",
            ]),
            Role(name: "set", words: ["set", "sets", "satz", "satze", "serie", "series", "sett", "saet", "seria", "serii"]),
            Role(name: "effort", words: ["rpe", "rir"]),
            Role(name: "superset", words: ["superset", "supersets"]),
            Role(name: "warm-up", words: ["warmup", "warm"]),
        ], least: 2),
        Kind(what: "a pet's log", roles: [
            Role(name: "pet", words: [
                "pet", "pets", "dog", "dogs", "cat", "cats", "puppy", "kitten", "breed", "species", "hund", "katze", "haustier", "chien", "chat",
                "perro", "gato", "mascota", "cane", "gatto", "hond", "huisdier", "cachorro", "katt", "husdjur", "kaeledyr", "pies", "kot", "pes",
                "kocka", "veterinarian",
            ]),
        ], least: 1),
        Kind(what: "a baby's log", roles: [
            Role(name: "baby", words: [
                "baby", "babys", "infant", "newborn", "toddler", "feeding", "feed", "diaper", "diapers", "nappy", "breastfeeding", "sauglings",
                "saugling", "bebe", "nourrisson", "enfant", "nino", "neonato", "bambino", "zuigeling", "bebes", "spadbarn", "niemowle",
                "dziecko", "kojenec", "miminko",
            ]),
        ], least: 1),
        Kind(what: "a shipment log", roles: [
            Role(name: "shipment", words: ["shipment", "shipping", "shipped", "sendung", "versand", "colis", "envio", "spedizione", "zending", "remessa", "forsendelse", "przesylka", "zasilka"]),
            Role(name: "parcel", words: ["parcel", "package", "packages", "paket", "paquete", "pacco", "pakket", "pakke", "paczka", "balik"]),
            Role(name: "tracking", words: ["tracking", "sendungsnummer", "suivi", "seguimiento", "tracciamento"]),
            Role(name: "carrier", words: ["carrier", "courier", "spediteur", "transporteur", "transportista", "corriere", "vervoerder", "kurier"]),
            Role(name: "order", words: ["order", "orders", "sku", "bestellung", "commande", "pedido", "ordine", "bestelling", "zamowienie", "objednavka"]),
            Role(name: "destination", words: ["destination", "recipient", "postage", "freight", "consignment", "empfanger", "destinatario"]),
        ], least: 2),
    ]
}
