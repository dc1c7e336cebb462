/// What the undo journal calls the change being made when it is not the
/// process's own command line (`HistoryFeature.naming`).
package enum JournalCommand {
    @TaskLocal package static var name: String?
}
