/// The words dates are written with in the twelve languages of SPEC §18
/// (English, German, French, Spanish, Italian, Dutch, Portuguese, Swedish,
/// Danish, Norwegian, Polish, Czech): month names, their genitives and
/// usual abbreviations, weekday names, and the little words between a
/// date's parts (`17 de diciembre de 2020`, `23 Jun 2021 at 10:39`).
/// Matched without case or accents: `déc.`, `Dez`, `dec` are all December.
/// No word names two different months in any two of these languages.
enum DateWords {
    /// Folded month words → month number.
    static let months: [String: Int] = {
        let names: [[String]] = [
            // English (and any prefix of at least three letters, below), German, French, Spanish, Italian, Dutch, Portuguese, Swedish, Danish, Norwegian, Polish, Czech.
            ["january", "januar", "jaenner", "janner", "janvier", "janv", "enero", "ene", "gennaio", "gen", "januari", "janeiro", "styczen", "stycznia", "sty", "leden", "ledna", "led"],
            ["february", "februar", "feber", "fevrier", "fevr", "fev", "febrero", "febbraio", "februari", "fevereiro", "luty", "lutego", "lut", "unor", "unora", "uno"],
            ["march", "marz", "maerz", "mrz", "mars", "marzo", "maart", "mrt", "marco", "marts", "marzec", "marca", "brezen", "brezna", "bre"],
            ["april", "avril", "avr", "abril", "abr", "aprile", "kwiecien", "kwietnia", "kwi", "duben", "dubna", "dub"],
            ["may", "mai", "mayo", "maggio", "mag", "mei", "maio", "maj", "maja", "kveten", "kvetna", "kve"],
            ["june", "juni", "juin", "junio", "giugno", "giu", "junho", "czerwiec", "czerwca", "cze", "cerven", "cervna", "cvn"],
            ["july", "juli", "juillet", "juil", "julio", "luglio", "lug", "julho", "lipiec", "lipca", "lip", "cervenec", "cervence", "cvc"],
            ["august", "aout", "agosto", "ago", "augustus", "augusti", "sierpien", "sierpnia", "sie", "srpen", "srpna", "srp"],
            ["september", "sept", "septembre", "septiembre", "setiembre", "settembre", "set", "setembro", "wrzesien", "wrzesnia", "wrz", "zari", "zar"],
            ["october", "oktober", "okt", "octobre", "octubre", "ottobre", "ott", "outubro", "out", "pazdziernik", "pazdziernika", "paz", "rijen", "rijna", "rij"],
            ["november", "novembre", "noviembre", "novembro", "listopad", "listopada", "listopadu", "lis"],
            ["december", "dezember", "dez", "decembre", "diciembre", "dic", "dicembre", "dezembro", "desember", "des", "grudzien", "grudnia", "gru", "prosinec", "prosince", "pro"],
        ]
        var table: [String: Int] = [:]
        for (index, words) in names.enumerated() {
            for word in words { table[word] = index + 1 }
        }
        return table
    }()

    /// Weekday names and abbreviations: a date may start with one.
    static let weekdays: Set<String> = [
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun",
        "montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag", "sonnabend", "sonntag", "mo", "di", "mi", "do", "fr", "sa", "so",
        "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche", "lun", "mer", "jeu", "ven", "sam", "dim",
        "lunes", "martes", "miercoles", "jueves", "viernes", "sabado", "domingo", "mie", "jue", "vie", "sab", "dom",
        "lunedi", "martedi", "mercoledi", "giovedi", "venerdi",
        "maandag", "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag", "zondag", "ma", "wo", "vr", "za", "zo",
        "segunda", "terca", "quarta", "quinta", "sexta", "segunda-feira", "terca-feira", "quarta-feira", "quinta-feira", "sexta-feira", "seg", "ter", "qua", "qui", "sex",
        "mandag", "tirsdag", "onsdag", "torsdag", "fredag", "lordag", "sondag", "man", "tir", "ons", "tor", "fre", "lor", "son",
        "tisdag", "tis",
        "poniedzialek", "wtorek", "sroda", "czwartek", "piatek", "sobota", "niedziela", "pon", "wt", "sr", "czw", "pt", "sob", "nd", "niedz",
        "pondeli", "utery", "streda", "ctvrtek", "patek", "nedele", "po", "ut", "st", "ct", "pa", "ne",
    ]

    /// Words between a date's parts, or between the date and its time.
    static let fillers: Set<String> = ["de", "del", "den", "der", "le", "la", "el", "the", "of", "at", "um", "a", "as", "las", "kl", "klo", "om", "alle", "o", "v", "ve", "w", "feira"]

    /// The month a word names (`Dezember`, `déc.`, `Sept`, `prosince`), or nil.
    static func month(_ word: some StringProtocol) -> Int? {
        let folded = fold(word).filter { $0 != "." && $0 != "," }
        guard folded.count >= 3 else { return nil }
        if let month = months[folded] { return month }
        // English: any prefix of a month's name of at least three letters (`Febr`).
        return DateInput.month(folded)
    }

    static func isWeekday(_ word: some StringProtocol) -> Bool {
        weekdays.contains(fold(word).filter { $0 != "." && $0 != "," })
    }

    static func isFiller(_ word: some StringProtocol) -> Bool {
        fillers.contains(fold(word).filter { $0 != "." && $0 != "," })
    }

    /// Lowercase, without accents: `Février` → `fevrier`, `září` → `zari`, `Łuty` → `luty`.
    static func fold(_ word: some StringProtocol) -> String {
        var out = ""
        for scalar in word.lowercased().unicodeScalars {
            if scalar.isASCII {
                out.unicodeScalars.append(scalar)
            } else if let plain = plainLetters[scalar] {
                out += plain
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static let plainLetters: [Unicode.Scalar: String] = {
        let groups: [(String, String)] = [
            ("àáâãäåą", "a"), ("æ", "ae"), ("çćč", "c"), ("ď", "d"), ("èéêëęě", "e"), ("ìíîï", "i"), ("ł", "l"), ("ñńň", "n"),
            ("òóôõöø", "o"), ("œ", "oe"), ("ř", "r"), ("śšß", "s"), ("ť", "t"), ("ùúûüů", "u"), ("ýÿ", "y"), ("źżž", "z"),
        ]
        var table: [Unicode.Scalar: String] = [:]
        for (letters, plain) in groups {
            for scalar in letters.unicodeScalars { table[scalar] = scalar == "ß" ? "ss" : plain }
        }
        return table
    }()

    /// Every space Unicode has where a date or a number may hold one
    /// (no-break, narrow no-break before AM/PM as iOS 17 writes it, thin,
    /// figure, ideographic), as a plain space.
    static func plainSpaces(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { !$0.isASCII }) else { return text }
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0xA0, 0x1680, 0x2000...0x200A, 0x202F, 0x205F, 0x3000: out.unicodeScalars.append(" ")
            case 0x200B, 0xFEFF: continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
