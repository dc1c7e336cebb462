import Observation
import TrendCore
import TrendPresentation

/// What the dashboard shows and what its keys do (SPEC §19). It decides
/// nothing about the data: each key sets a ViewModel's input or runs its
/// action, exactly as the command of the same name would, and every figure
/// and message it shows is a ViewModel's. A screen observes it.
@MainActor
@Observable
public final class Dashboard {
    public enum Mode: Equatable, Sendable {
        case chart
        /// A one-line prompt at the bottom: what it logs.
        case prompt(Prompt)
        /// The entries of the series shown, one selected.
        case list
        /// `d` in the list: waiting for `y`.
        case confirmingDelete
        case help
    }

    public enum Prompt: String, Sendable {
        case weight, food, measurement, mark

        /// What the prompt says before the cursor.
        var label: String {
            switch self {
            case .weight: "log weight [note]: "
            case .food: "eat kcal [note]: "
            case .measurement: "measure name value [note]: "
            case .mark: "mark today [note]: "
            }
        }
    }

    @ObservationIgnored private let app: AppModel
    public let progress: ProgressViewModel
    public let display: Display

    public private(set) var mode = Mode.chart
    /// What was typed at the prompt.
    public private(set) var typed = ""
    /// The last thing said: what a change did, or why it was refused.
    public private(set) var message: String?
    /// The entries `L` lists: those of the series on screen.
    public private(set) var listing = ScreenListing.empty
    /// The row selected in the list, and the first row shown.
    public private(set) var selectedRow = 0
    public private(set) var firstListedRow = 0
    public private(set) var isRunning = true
    /// What was refused by a guard the user may overrule, or not logged as a
    /// repeat: the same text entered again logs it (as `--force` does).
    @ObservationIgnored private var refused: (prompt: Prompt, text: String)?
    /// The longest line a prompt takes: what a paste or a held key brings beyond it is dropped.
    static let promptLimit = 1000

    public init(app: AppModel, display: Display) {
        self.app = app
        self.display = display
        progress = ProgressViewModel(app: app)
    }

    /// Loads what the screen shows, for the range selected (1M at first).
    public func load() async throws {
        try await progress.load()
    }

    /// Rows of the list a page key moves by (set by the screen that shows it).
    @ObservationIgnored public var listPageRows = 10

    public func handle(_ key: Key) async {
        // Pasted text is text: typed into an open prompt up to its first line break, otherwise ignored. It never runs keys.
        if case .paste(let text) = key {
            guard case .prompt = mode else { return }
            type(text.prefix { $0 != "\n" && $0 != "\r" && $0 != "\r\n" })
            return
        }
        switch mode {
        case .chart: await handleOnChart(key)
        case .prompt(let prompt): await handleAtPrompt(prompt, key)
        case .list: await handleInList(key)
        case .confirmingDelete: await confirmDelete(key == .character("y") || key == .character("Y"))
        case .help: mode = .chart
        }
    }

    private func handleOnChart(_ key: Key) async {
        let ranges = ProgressRange.allCases
        switch key {
        case .character(let digit) where ("1"..."5").contains(digit):
            await select(ranges[Int(String(digit))! - 1])
        case .left, .right:
            let index = ranges.firstIndex(of: progress.range) ?? 0
            await select(ranges[(index + (key == .left ? ranges.count - 1 : 1)) % ranges.count])
        case .tab:
            let series = progress.seriesShown
            let index = series.firstIndex(of: progress.metric).map { ($0 + 1) % series.count } ?? 0
            progress.metric = series[index]
        case .character("l"): open(.weight)
        case .character("e"): open(.food)
        case .character("m"): open(.measurement)
        case .character("k"): open(.mark)
        case .character("u"): await move(undo: true)
        case .character("r"): await move(undo: false)
        case .character("L"): await openList()
        case .character("?"): mode = .help
        case .character("q"), .control("c"): isRunning = false
        case .escape: message = nil
        default: break
        }
    }

    private func select(_ range: ProgressRange) async {
        message = nil
        progress.range = range
        await progress.prepared()
    }

    private func open(_ prompt: Prompt) {
        typed = ""
        message = nil
        mode = .prompt(prompt)
    }

    private func handleAtPrompt(_ prompt: Prompt, _ key: Key) async {
        switch key {
        case .escape, .control("c"):
            mode = .chart
            refused = nil
        case .backspace: if !typed.isEmpty { typed.removeLast() }
        case .character(let character): type(String(character))
        case .enter: await submit(prompt, typed)
        case .tab where prompt == .mark: offerName()
        default: break
        }
    }

    /// The names marked before, the latest first: `k` offers them.
    public var namesOffered: [String] { MarkViewModel(app: app).namesUsed }

    /// Tab at the mark prompt: the first name used before that starts with
    /// what was typed, or, on a name already offered, the next one.
    private func offerName() {
        let names = namesOffered
        guard !names.isEmpty, !typed.contains(" ") else { return }
        if let index = names.firstIndex(of: typed) {
            typed = names[(index + 1) % names.count]
        } else if let name = names.first(where: { $0.hasPrefix(typed) }) {
            typed = name
        }
    }

    private func type(_ text: some StringProtocol) {
        typed += text.prefix(max(0, Self.promptLimit - typed.count))
    }

    /// Logs what was typed as the command would (the amount, then a note),
    /// then shows what it said. A guard's refusal or a repeat keeps the
    /// prompt open, and Enter again logs it anyway.
    private func submit(_ prompt: Prompt, _ text: String) async {
        let force = refused.map { $0.prompt == prompt && $0.text == text } ?? false
        refused = nil
        do {
            switch prompt {
            case .weight:
                let model = LogViewModel(app: app)
                let (weight, note) = PromptLine.weighIn(text, unit: model.unit)
                model.weight = weight
                model.note = note
                model.force = force
                try await journalled(["log", weight], note: note, force: force) { try await model.log() }
                if let outcome = model.outcome, outcome.isRepeat { return refuseRepeat(prompt, text, of: outcome.entry) }
                message = Self.said(model.messages, LogFormat.text, model)
            case .food:
                let model = EatViewModel(app: app)
                let (energy, note) = PromptLine.food(text)
                model.energy = energy
                model.note = note
                model.force = force
                try await journalled(["eat", energy], note: note, force: force) { try await model.log() }
                if let outcome = model.outcome, outcome.isRepeat { return refuseRepeat(prompt, text, of: outcome.entry) }
                message = Self.said(model.messages, EatFormat.text, model)
            case .measurement:
                let model = MeasureViewModel(app: app)
                let (name, value, note) = PromptLine.measurement(text, unit: model.lengthUnit)
                // Enter again on a name not measured before introduces it, as `--new` does.
                model.action = .log(name: name, value: value, date: nil, note: note, isNew: force)
                model.force = force
                try await journalled(["measure", name, value] + (force ? ["--new"] : []), note: note, force: force) { try await model.run() }
                message = Self.said([], MeasureFormat.text, model)
            case .mark:
                let model = MarkViewModel(app: app)
                let (name, note) = PromptLine.mark(text)
                model.name = name
                model.note = note
                try await journalled(["mark", name], note: note) { try await model.mark() }
                message = Self.said(model.messages, MarkFormat.text, model)
            }
            mode = .chart
            await reload()
        } catch LogError.unknownMeasurement(let name, _) where MeasurementName(name.lowercased()) != nil {
            refused = (prompt, text)
            message = "'\(name)' is not a measurement you have taken before. Enter again to start measuring it; Esc cancels."
        } catch {
            if ErrorText.isOverridable(error) { refused = (prompt, text) }
            message = ErrorText.sentence(for: error) + (refused != nil ? " Enter again to log it anyway; Esc cancels." : "")
        }
    }

    /// The same amount again within two minutes is not logged twice: said in the dashboard's words.
    private func refuseRepeat(_ prompt: Prompt, _ text: String, of entry: some StoredRecord) {
        refused = (prompt, text)
        message = "Already logged at \(entry.timestamp.clock(seconds: false)) (\(entry.shortID)). Enter again to log it again; Esc cancels."
    }

    /// Runs `change` with the undo journal (and the post-change hook) naming
    /// it as the command that would have made it: `log 82.1 --note 'after run'`.
    private func journalled(_ words: [String], note: String? = nil, force: Bool = false, _ change: () async throws -> Void) async throws {
        let line = ShellWords.line(words + (note.map { ["--note", $0] } ?? []) + (force ? ["--force"] : []))
        try await app.historyFeature.naming(line) { try await change() }
    }

    /// What the command would have printed, on one line.
    private static func said<Format: OutputFormat>(_ messages: [String], _ format: Format, _ model: Format.Model) -> String {
        let buffer = OutputBuffer()
        try? format.render(model, to: buffer)
        let lines = messages + buffer.text.split(separator: "\n").map(String.init)
        return lines.joined(separator: "; ")
    }

    private func move(undo: Bool) async {
        let history = HistoryViewModel(app: app)
        do {
            // Named for the hook as the command would be; the journal records no step for a move.
            try await app.historyFeature.naming(undo ? "undo" : "redo") {
                if undo { try await history.undo() } else { try await history.redo() }
            }
            message = history.moveReport?.split(separator: "\n").first.map(String.init)
            await reload()
        } catch {
            message = ErrorText.sentence(for: error)
        }
    }

    /// `L`: the entries of the series on screen, in the range selected.
    private func openList() async {
        message = nil
        do {
            try await loadListing()
            mode = .list
            selectedRow = max(0, listing.rows.count - 1)
            firstListedRow = max(0, selectedRow - listPageRows + 1)
        } catch {
            message = ErrorText.sentence(for: error)
        }
    }

    /// The weigh-ins for weight and what is worked out from them, the
    /// intake entries for intake (and the expenditure worked out from
    /// them), a measurement's entries for it.
    private func loadListing() async throws {
        let today = app.clock.today
        switch progress.metric {
        case .intake, .expenditure:
            let intake = IntakeViewModel(app: app)
            intake.range = progress.range
            intake.showsEntries = true
            try await intake.load()
            listing = intake.screenListing(today: today)
        case .measurement(let name):
            let measurements = MeasureViewModel(app: app)
            measurements.action = .list(name: name.text)
            measurements.range = progress.range
            try await measurements.run()
            listing = measurements.screenListing(today: today)
        case .weight, .fat, .fatMass, .leanMass:
            let list = ListViewModel(app: app)
            list.selection = EntrySelection(range: progress.range)
            try await list.load(streaming: false)
            listing = list.screenListing(today: today)
        }
    }

    private func handleInList(_ key: Key) async {
        let count = listing.rows.count
        switch key {
        case .up: selectedRow -= 1
        case .down: selectedRow += 1
        case .pageUp: selectedRow -= listPageRows
        case .pageDown: selectedRow += listPageRows
        case .home: selectedRow = 0
        case .end: selectedRow = count - 1
        case .character("d") where count > 0: mode = .confirmingDelete
        case .character("q"), .character("L"), .escape, .control("c"):
            mode = .chart
            return
        default: return
        }
        selectedRow = max(0, min(count - 1, selectedRow))
        if selectedRow < firstListedRow { firstListedRow = selectedRow }
        if selectedRow >= firstListedRow + listPageRows { firstListedRow = selectedRow - listPageRows + 1 }
    }

    /// The entry `d` would delete, as the question names it.
    public var selectedEntry: ScreenListing.Row? {
        listing.rows.indices.contains(selectedRow) ? listing.rows[selectedRow] : nil
    }

    private func confirmDelete(_ confirmed: Bool) async {
        mode = .list
        guard confirmed, let row = selectedEntry else { return }
        let remove = RemoveViewModel(app: app)
        remove.ids = [row.id]
        do {
            try await journalled(["rm", row.id]) { try await remove.remove() }
            message = Self.said([], RemoveFormat.text, remove)
            await reload()
            try await loadListing()
            selectedRow = max(0, min(listing.rows.count - 1, selectedRow))
        } catch {
            message = ErrorText.sentence(for: error)
        }
    }

    /// The report again from what is stored now, after a change made here.
    private func reload() async {
        do {
            try await progress.reload()
        } catch {
            message = ErrorText.sentence(for: error)
        }
    }

    /// Shows a change made elsewhere (another shell, cron, a sync): called
    /// every second or so while the dashboard waits for a key.
    public func refreshIfChangedElsewhere() async {
        guard await progress.refreshIfChangedElsewhere() else { return }
        if mode == .list || mode == .confirmingDelete {
            try? await loadListing()
            selectedRow = max(0, min(listing.rows.count - 1, selectedRow))
        }
    }
}
