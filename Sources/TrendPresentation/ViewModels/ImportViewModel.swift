import Observation
import TrendCore

/// The import screen (SPEC §6, §10, §11): what was read and what it added,
/// all said on the message stream (an import's data goes into the store).
@MainActor
@Observable
public final class ImportViewModel {
    private let app: AppModel
    /// How this face says what a person can do (its options, its keys).
    public var wording: any FaceWording = PlainWording()

    public var request = ImportFeature.Request(input: .standardInput)
    public private(set) var summary: ImportSummary?

    /// At most 20 rows: a wrong file must not scroll thousands of lines past.
    public static let listedRows = 20

    public init(app: AppModel) {
        self.app = app
    }

    public var unit: WeightUnit { app.settingsFeature.unit }

    public func run() async throws {
        try await app.loadSettings()
        summary = try await app.importFeature.importFile(request, progress: progress)
    }

    /// Told how far the reading has come, from the thread reading (SPEC §6): a face draws it.
    public var progress: WorkProgress.Reporter?

    /// The rows that could not be read, at most 20, then how many more.
    public static func listing(_ problems: [ImportProblem], path: String) -> String {
        var report = ""
        for problem in problems.prefix(listedRows) {
            report += (problem.location(in: path) + ": " + problem.reason).terminalSafe + "\n"
        }
        if problems.count > listedRows { report += "… and \(problems.count - listedRows) more\n" }
        return report
    }

    /// Said when some rows could be read either way, or in either of two columns.
    public func dateOrderHint(_ problems: [ImportProblem]) -> String? {
        if problems.contains(where: \.asksForDateOrder) { return "hint: numeric dates can be read both ways here; \(wording.words(for: .chooseDateOrder))\n" }
        if problems.contains(where: \.asksForWeightColumn) { return "hint: two columns hold weights; \(wording.words(for: .chooseWeightColumn))\n" }
        return nil
    }

    /// `Imported w.csv (CSV): 84 added, …`, the unit and why, possible typos.
    public var report: String {
        guard let summary else { return "" }
        var out = Self.listing(summary.problems, path: summary.path)
        if let nothing = summary.nothingFound {
            return out + (nothing.prefix(1).uppercased() + nothing.dropFirst() + "; nothing was imported.").terminalSafe + "\n"
        }
        var text = "\(summary.dryRun ? "Would import" : "Imported") \(summary.path.terminalSafe) (\(summary.format.displayName)): "
        var parts: [String] = []
        if summary.body?.readWeighIns ?? true {
            parts.append("\(summary.added) added, \(summary.updated) updated, \(summary.duplicates) duplicate, \(summary.noReading) skipped (no reading), \(summary.invalid) invalid")
        }
        if let body = summary.body {
            for (kind, counts) in body.kinds where counts.added + counts.duplicates > 0 {
                parts.append("\(kind.groupName ?? kind.pluralName): \(counts.added) added, \(counts.duplicates) duplicate")
            }
            if !body.readWeighIns && summary.invalid > 0 { parts.append("\(summary.invalid) invalid") }
        }
        text += parts.joined(separator: "; ") + "."
        if summary.nearbyMatches > 0 {
            let n = summary.nearbyMatches
            text += " \(n) matched weigh-in\(n == 1 ? "" : "s") already logged within 30 minutes."
        }
        if summary.removedSkipped > 0 {
            text += " \(summary.removedSkipped) removed earlier, skipped; \(wording.words(for: .restoreRemoved(count: summary.removedSkipped)))."
        }
        if summary.removedRestored > 0 {
            text += " \(summary.removedRestored) removed earlier, taken back."
        }
        if let body = summary.body, !body.intakeDaysKept.isEmpty {
            let days = body.intakeDaysKept
            text += " Intake for \(days.count) day\(days.count == 1 ? "" : "s") already logged, kept: \(Self.dayList(days))"
                + (request.replaceIntake ? ": the file's rows for \(days.count == 1 ? "it were" : "them were") stored already or removed earlier." : "; \(wording.words(for: .replaceIntake)).")
        }
        if let body = summary.body, !body.intakeDaysReplaced.isEmpty {
            let days = body.intakeDaysReplaced
            text += " Intake for \(days.count) day\(days.count == 1 ? "" : "s") replaced by the file's: \(Self.dayList(days))."
        }
        if let length = summary.body?.assumedLength {
            text += " Lengths read as \(length.rawValue), the configured unit's: the file names none."
        }
        if let days = summary.body?.incompleteIntakeDays, days > 0 {
            text += " \(days) day\(days == 1 ? " is" : "s are") marked not completed in the file: imported as logged."
        }
        if summary.goalSet { text += " Goal set from the file." }
        if let reading = summary.tableReading { text += "\n" + (reading.prefix(1).uppercased() + reading.dropFirst()).terminalSafe + "." }
        if summary.readAsWindows1252 { text += " Its text is not UTF-8 and was read as Windows-1252." }
        if summary.loneBodyFatReadings > 0 {
            let n = summary.loneBodyFatReadings
            text += " \(n) body-fat reading\(n == 1 ? " has" : "s have") no weigh-in of the same source within 2 minutes: not stored."
        }
        if summary.body?.readWeighIns == false {
            // No weigh-ins: no unit to name.
        } else if let assumption = summary.unitAssumption {
            text += "\n" + unitSentence(assumption, unit: unit)
        } else if let named = summary.namedUnit {
            text += "\n" + Self.unitSentence(named, format: summary.format)
        }
        if let restore = summary.settingsRestore { text += Self.settingsSentences(restore, now: app.settingsFeature.saved) }
        if !summary.possibleTypos.isEmpty {
            let listed = summary.possibleTypos.prefix(Self.listedRows).map { typo in
                "\(EntryRendering.longDate(typo.entry.calendarDay)) \(unit.format(kilograms: typo.entry.kilograms)) (\(typo.entry.shortID)), trend there \(unit.format(kilograms: typo.trendKilograms))"
            }
            let more = summary.possibleTypos.count > Self.listedRows ? "; and \(summary.possibleTypos.count - Self.listedRows) more" : ""
            text += "\nPossible typos, kept: " + listed.joined(separator: "; ") + more + (summary.dryRun ? "." : "; remove one with 'trend rm ID'.")
        }
        if let tape = summary.body?.possibleTapeTypos, !tape.isEmpty {
            let lengths = LengthUnit(weightUnit: unit)
            let listed = tape.prefix(Self.listedRows).map { typo in
                "\(EntryRendering.longDate(typo.entry.calendarDay)) \(typo.entry.name.text) \(lengths.format(centimetres: typo.entry.centimetres)) (\(typo.entry.shortID)), "
                    + "beside " + typo.neighbours.map { lengths.format(centimetres: $0) }.joined(separator: " and ")
            }
            let more = tape.count > Self.listedRows ? "; and \(tape.count - Self.listedRows) more" : ""
            text += "\nPossible tape typos, kept: " + listed.joined(separator: "; ") + more + (summary.dryRun ? "." : "; remove one with 'trend rm ID'.")
        }
        out += text + "\n"
        return out
    }

    /// `1–3 Dec 2026, 5 Dec 2026`: runs of consecutive days, at most six listed.
    static func dayList(_ days: [CalendarDay]) -> String {
        var runs: [(CalendarDay, CalendarDay)] = []
        for day in days {
            if let last = runs.last, last.1.adding(days: 1) == day { runs[runs.count - 1].1 = day } else { runs.append((day, day)) }
        }
        let shown = runs.prefix(6).map { first, last in
            first == last ? EntryRendering.longDate(first)
                : first.year == last.year && first.month == last.month ? "\(first.day)–" + EntryRendering.longDate(last)
                : EntryRendering.longDate(first) + "–" + EntryRendering.longDate(last)
        }
        return shown.joined(separator: ", ") + (runs.count > 6 ? " and \(runs.count - 6) more" : "")
    }

    /// `Settings restored from the file: height 180 cm, method libra.` and
    /// what was kept because it is set here to something else.
    static func settingsSentences(_ restore: SettingsRestore, now: Settings) -> String {
        func value(_ setting: SettingsFeature.Setting, _ settings: Settings) -> String {
            switch setting {
            case .unit: settings.unit.rawValue
            case .method: (settings.method ?? .default).rawValue
            case .height: settings.heightCentimetres.map { DecimalText.shortest(($0 * 10).rounded() / 10) + " cm" } ?? "none"
            case .sex: settings.sex?.rawValue ?? "none"
            }
        }
        var text = ""
        if !restore.outcome.restored.isEmpty {
            text += "\nSettings restored from the file: " + restore.outcome.restored.map { "\($0.rawValue) \(value($0, restore.backup))" }.joined(separator: ", ") + "."
        }
        for setting in restore.outcome.kept {
            text += "\nKept your \(setting.rawValue) (\(value(setting, now))); the file has \(value(setting, restore.backup))."
        }
        return text
    }

    /// Which unit the weights of a file that names its units were read in, and where it says so.
    static func unitSentence(_ named: NamedUnit, format: ImportFormat) -> String {
        switch named {
        case .header(let unit): "Weights read as \(unit.name): the file's header says so."
        case .eachRow: "Weights read in the unit each of them names in the file."
        case .format(let unit): "Weights read as \(unit.name): \(format.displayName) files are always in \(unit.name)."
        }
    }

    /// Which unit the weights of a file that names none were read in, and why (SPEC §6).
    func unitSentence(_ assumption: UnitAssumption, unit display: WeightUnit) -> String {
        let unit = assumption.unit
        switch assumption.reason {
        case .sessionChoice:
            return "Weights read as \(unit.rawValue), \(wording.words(for: .givenUnit)): the file names none."
        case .bodyMassIndex(let height):
            return "Weights read as \(unit.name): the file names no unit, and weight ÷ BMI gives heights near \(DecimalText.shortest((height * 100).rounded() / 100)) m."
        case .fileName:
            return "Weights read as \(unit.name): the file's name says so."
        case .history(let trend):
            return "Weights read as \(unit.name): the file names no unit, and in \(unit.name) they match your trend of \(display.format(kilograms: trend))."
        case .configured:
            let options = assumption.alternatives.map { "\(wording.words(for: .readIn($0))) if they are \($0.name)" }.joined(separator: ", or ")
            return "Weights read as \(unit.rawValue), the configured unit: the file names none; use \(options)."
        }
    }
}
