import TrendCore
import TrendPresentation

/// `trend __complete ids [PREFIX] [--describe]`: what the completion scripts
/// offer, printed by trend itself, one candidate per line. The scripts read
/// these lines into their reply as words; no stored text is ever passed
/// through a shell expansion (bash's `compgen -W` expands `$(…)` in its word
/// list, so a note imported from a file could run commands). A candidate is
/// a short id (hex) and, with `--describe`, a tab and the weigh-in's date,
/// time and weight: text trend makes, never a note or a file's cell.
struct CompleteCommand: TrendCommand {
    enum Candidates: String, EnumeratedArgument {
        case ids, names
    }

    static let kindArgument = Argument<Candidates>("KIND", help: "What to complete: ids.")
    static let prefixArgument = Argument<String>("PREFIX", help: "What is typed so far.", isOptional: true)
    static let describeFlag = Flag("describe", help: "Follow each candidate with a tab and what it is.")

    static let names = ["__complete"]
    static let configuration = CommandConfiguration(
        names: names, abstract: "Print completion candidates (for the completion scripts).", arguments: [kindArgument.spec, prefixArgument.spec],
        options: [describeFlag], isListed: false)

    let kind: Candidates
    let prefix: String
    let describe: Bool

    init(_ values: ParsedValues) {
        kind = values[Self.kindArgument]!
        prefix = values[Self.prefixArgument] ?? ""
        describe = values[Self.describeFlag]
    }

    @MainActor func run(_ context: CommandContext) async throws {
        // A damaged or missing store completes nothing, quietly.
        guard (try? await context.app.loadSettings()) != nil else { return }
        await context.app.weightLogFeature.refresh()
        let unit = context.app.settingsFeature.unit
        var out = ""
        switch kind {
        case .ids:
            for candidate in context.app.weightLogFeature.completionCandidates(prefix: prefix) {
                out += candidate.shortID
                if describe { out += "\t" + EntryRendering.localDateTime(candidate.timestamp) + " " + Self.compact(candidate, unit: unit) }
                out += "\n"
            }
        case .names:
            // Known places and names measured: [a-z][a-z0-9-]* only, nothing a shell could read as more.
            for name in MeasurementFeature.names(measured: context.app.measurementFeature.measuredNames) where name.hasPrefix(prefix.lowercased()) {
                out += name + "\n"
            }
        }
        context.console.out(out)
    }

    static let readsWeights = false

    /// `80 kg`, `650 kcal`, `waist 84.5 cm`: what a candidate is, in few characters.
    static func compact(_ record: AnyRecord, unit: WeightUnit) -> String {
        switch record {
        case .weighIn(let entry): DecimalText.shortest(unit.roundedValue(fromKilograms: entry.kilograms)) + " " + unit.rawValue
        default: EntryRendering.what(record, unit: unit)
        }
    }
}
