import TrendCore
import TrendPresentation

/// The command line's words for what a person can do: its options and commands.
struct CommandLineWording: FaceWording {
    func words(for fix: Fix) -> String {
        switch fix {
        case .logAgain: "--force to log it again"
        case .switchUnitAndEdit(let unit, let id, let weight): "run 'trend unit \(unit.rawValue)' and edit it with 'trend edit \(id) --weight \(weight)'"
        case .replaceIntake: "--replace-intake to take the file's"
        case .chooseDateOrder: "pass --date-format dmy or mdy"
        case .givenUnit: "as --unit says"
        case .readIn(let unit): "--unit \(unit.rawValue)"
        case .dataDirectoryGiven: "--data-dir"
        case .chooseWeightColumn: "choose one with --weight-column N"
        case .restoreRemoved(let count): "--restore-removed takes \(count == 1 ? "it" : "them") back"
        }
    }
}
