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
        /// The entries, one selected.
        case list
        /// `d` in the list: waiting for `y`.
        case confirmingDelete
        case help
    }

    public enum Prompt: String, Sendable {
        case weight, food, measurement

        /// What the prompt says before the cursor.
        var label: String {
            switch self {
            case .weight: "log weight: "
            case .food: "eat (kcal or kJ): "
            case .measurement: "measure (name value): "
            }
        }
    }

    @ObservationIgnored private let app: AppModel
    public let progress: ProgressViewModel
    public let list: ListViewModel
    public let display: Display

    public private(set) var mode = Mode.chart
    /// What was typed at the prompt.
    public private(set) var typed = ""
    /// The last thing said: what a change did, or why it was refused.
    public private(set) var message: String?
    /// The row selected in the list, and the first row shown.
    public private(set) var selectedRow = 0
    public private(set) var firstListedRow = 0
    public private(set) var isRunning = true
    /// What was refused by a guard the user may overrule: the same text
    /// entered again logs it (as `--force` does).
    @ObservationIgnored private var refused: (prompt: Prompt, text: String)?

    public init(app: AppModel, display: Display) {
        self.app = app
        self.display = display
        progress = ProgressViewModel(app: app)
        list = ListViewModel(app: app)
    }

    /// Loads what the screen shows, for the range selected (1M at first).
    public func load() async throws {
        try await progress.load()
    }

    /// Rows of the list a page key moves by (set by the screen that shows it).
    @ObservationIgnored public var listPageRows = 10

    public func handle(_ key: Key) async {
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
        case .character(let character): typed.append(character)
        case .enter: await submit(prompt, typed)
        default: break
        }
    }

    /// Logs what was typed as the command would, then shows what it said.
    private func submit(_ prompt: Prompt, _ text: String) async {
        let force = refused.map { $0.prompt == prompt && $0.text == text } ?? false
        refused = nil
        do {
            switch prompt {
            case .weight:
                let model = LogViewModel(app: app)
                model.weight = text
                model.force = force
                try await journalled("log", text, force: force) { try await model.log() }
                message = Self.said(model.messages, LogFormat.text, model)
            case .food:
                let model = EatViewModel(app: app)
                model.energy = text
                model.force = force
                try await journalled("eat", text, force: force) { try await model.log() }
                message = Self.said(model.messages, EatFormat.text, model)
            case .measurement:
                let words = text.split(separator: " ", maxSplits: 1).map(String.init)
                let model = MeasureViewModel(app: app)
                model.action = .log(name: words.first ?? "", value: words.count > 1 ? words[1] : "", date: nil, note: nil, isNew: false)
                model.force = force
                try await journalled("measure", text, force: force) { try await model.run() }
                message = Self.said([], MeasureFormat.text, model)
            }
            mode = .chart
            await reload()
        } catch {
            if ErrorText.isOverridable(error) { refused = (prompt, text) }
            message = ErrorText.sentence(for: error) + (refused != nil ? " Enter again to log it anyway; Esc cancels." : "")
        }
    }

    /// Runs `change` with the undo journal naming it as the command that would have made it.
    private func journalled(_ command: String, _ text: String, force: Bool = false, _ change: () async throws -> Void) async throws {
        try await app.historyFeature.naming(([command, text] + (force ? ["--force"] : [])).joined(separator: " ")) { try await change() }
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
            if undo { try await history.undo() } else { try await history.redo() }
            message = history.moveReport?.split(separator: "\n").first.map(String.init)
            await reload()
        } catch {
            message = ErrorText.sentence(for: error)
        }
    }

    private func openList() async {
        message = nil
        list.selection = EntrySelection(range: progress.range)
        do {
            try await list.load(streaming: false)
            mode = .list
            selectedRow = max(0, list.points.count - 1)
            firstListedRow = max(0, selectedRow - listPageRows + 1)
        } catch {
            message = ErrorText.sentence(for: error)
        }
    }

    private func handleInList(_ key: Key) async {
        let count = list.points.count
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

    private func confirmDelete(_ confirmed: Bool) async {
        mode = .list
        let rows = list.screenLines.rows
        guard confirmed, rows.indices.contains(selectedRow) else { return }
        let remove = RemoveViewModel(app: app)
        remove.ids = [rows[selectedRow].id]
        do {
            try await journalled("rm", rows[selectedRow].id) { try await remove.remove() }
            message = Self.said([], RemoveFormat.text, remove)
            await reload()
            try await list.load(streaming: false)
            selectedRow = max(0, min(list.points.count - 1, selectedRow))
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
            try? await list.load(streaming: false)
            selectedRow = max(0, min(list.points.count - 1, selectedRow))
        }
    }
}
