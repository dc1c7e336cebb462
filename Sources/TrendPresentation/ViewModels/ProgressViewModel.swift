import Observation
import TrendCore

/// The progress screen (SPEC §5, §8, §12, §13): the range asked for, and
/// the report prepared for it as every output shows it.
@MainActor
@Observable
public final class ProgressViewModel {
    private let app: AppModel

    /// The period: a named range ending on `until` (today when nil), or the
    /// days from `since` (the first weigh-in when nil) to `until`. Set in
    /// any order, before `load()` or after: before, `load()` selects the
    /// period once; after, each change selects it, and one report is
    /// prepared for it, shown when ready.
    public var range: ProgressRange = .month {
        didSet { selectIfLoaded() }
    }
    public var since: CalendarDay? {
        didSet { selectIfLoaded() }
    }
    public var until: CalendarDay? {
        didSet { selectIfLoaded() }
    }
    /// Whether the store is loaded, so a period can be selected.
    @ObservationIgnored private var isLoaded = false

    private func selectIfLoaded() {
        guard isLoaded, (try? PeriodError.check(since: since, until: until)) != nil else { return }
        selectPeriod()
    }

    private func selectPeriod() {
        if since != nil {
            app.progressFeature.select(since: since, until: until)
        } else {
            app.progressFeature.select(range, until: until)
        }
    }
    /// What the charts show.
    public var metric: ChartModel.Metric = .weight
    /// Where the text goes.
    public var display = Display()
    /// The chart below the text, when wanted.
    public var terminalChart: TerminalChart?
    /// The SVG, HTML and PNG picture's size.
    public var picture = PictureSize()
    /// A mail's To and Subject (the subject defaults to the figures).
    public var mailTo: String?
    /// `mailTo` read as a list of mailboxes (`load` checks it).
    private(set) var mailRecipients: MailRecipients?
    public var mailSubject: String?

    public init(app: AppModel) {
        self.app = app
    }

    /// Loads what the report needs and prepares it for the period. The
    /// mail's To and Subject are checked first (`UsageProblem`): they are
    /// for `email` only, and one line each, or they could add headers.
    public func load(for format: ProgressFormat = .text) async throws {
        try PeriodError.check(since: since, until: until)
        if format != .email && (mailTo != nil || mailSubject != nil) { throw UsageProblem(.mailFieldsWithoutMail) }
        for (field, value) in [(UsageProblem.MailField.to, mailTo), (.subject, mailSubject)] {
            if let value, value.trimmed.isEmpty || !MailMessage.isSafeHeaderValue(value) {
                throw UsageProblem(.notOneLine(field))
            }
        }
        mailTo = mailTo?.trimmed
        mailSubject = mailSubject?.trimmed
        mailRecipients = nil
        if let to = mailTo {
            do {
                mailRecipients = try MailRecipients(parsing: to)
            } catch {
                switch error {
                case .address(let part, let problem): throw UsageProblem(.address(part, problem: problem))
                case .unbalanced: throw UsageProblem(.address(to, problem: "a quote, an angle bracket or a parenthesis is not closed"))
                case .empty: throw UsageProblem(.noRecipient)
                case .tooMany: throw UsageProblem(.tooManyRecipients)
                }
            }
        }
        try await app.loadSettings()
        try await app.loadWeights()
        if case .measurement(let name) = metric, !name.isKnown, !app.measurementFeature.measuredNames.contains(name) {
            throw LogError.unknownMeasurement(
                name: name.text, closest: EditDistance.closest(to: name.text, among: ChartModel.Metric.fixedNames + MeasurementFeature.names(measured: app.measurementFeature.measuredNames)))
        }
        app.progressFeature.chartsExpenditure = metric == .expenditure
        isLoaded = true
        selectPeriod()
        await app.progressFeature.prepared()
    }

    /// Whether the report for the period is being prepared.
    public var isLoading: Bool { app.progressFeature.isPreparing }

    /// Prepares the report again from what is stored now (after a change
    /// here, or one made elsewhere), keeping the period.
    public func reload() async throws {
        try await app.loadWeights()
        app.progressFeature.startPreparing()
        await app.progressFeature.prepared()
    }

    /// Waits for the report of the period selected last.
    public func prepared() async {
        await app.progressFeature.prepared()
    }

    /// Reads the store again when it was changed elsewhere (another shell,
    /// cron, a sync) and prepares the report from it: a screen left open
    /// calls this now and then. True when something had changed.
    public func refreshIfChangedElsewhere() async -> Bool {
        guard await app.recordLogFeature.refreshIfChangedElsewhere() else { return false }
        await app.settingsFeature.refresh()
        app.progressFeature.startPreparing()
        await app.progressFeature.prepared()
        return true
    }

    public var report: ProgressReport { app.progressFeature.snapshot }
    public var unit: WeightUnit { app.progressFeature.unit }
    public var now: Timestamp { app.clock.now }

    // MARK: Display values

    public var document: ProgressDocument { ProgressDocument(report, unit: unit) }
    /// `Progress over the last 1M`.
    public var heading: String { ProgressText.heading(report) }
    /// `2026-11-01 to 2026-11-30 (5 weigh-ins)`.
    public var span: String { ProgressText.span(report) }
    /// `Latest weigh-in 9 days ago …` when it is more than 2 days old.
    public var staleNote: String? { ProgressText.staleNote(report) }
    /// The report as (label, value, detail) rows.
    public var rows: [(label: String, value: String, detail: String)] {
        ProgressText.rows(report, unit: unit).map { (label: $0.0, value: $0.1, detail: $0.2) }
    }
    /// The figures a reader wants first, as large numbers on the page.
    public var headline: [(label: String, value: String)] { ProgressPage.headline(report, unit: unit) }
    /// The report as the text renderer lays it out.
    var text: String {
        ProgressText.text(report, unit: unit, bold: display.bold, width: display.width.map { $0 - 1 })
    }

    /// The chart of the report, with about `valueTickCount` value ticks.
    public func chartModel(valueTickCount: Int, metric: ChartModel.Metric? = nil) -> ChartModel? {
        ChartModel(report: report, unit: unit, metric: metric ?? self.metric, valueTickCount: valueTickCount)
    }

    /// The other series the range holds, charted small below the main one
    /// on the weekly page (SPEC §8): intake when logged in range, then each
    /// measurement measured at least 3 times in range.
    public var otherSeries: [ChartModel.Metric] {
        var series: [ChartModel.Metric] = []
        if metric != .intake, !report.intakeDays.isEmpty { series.append(.intake) }
        let measured = report.measuredEntries.filter { _, entries in entries.count { entry in report.from.map { entry.calendarDay >= $0 } ?? true } >= Self.leastReadingsCharted }
        for name in measured.keys.sorted(by: { $0.text < $1.text }) where metric != .measurement(name) { series.append(.measurement(name)) }
        return series
    }

    /// The series a screen cycles through (`Tab` in `trend ui`): weight,
    /// body fat when measured, intake when logged, then each measurement.
    public var seriesShown: [ChartModel.Metric] {
        var series: [ChartModel.Metric] = [.weight]
        if report.points.contains(where: { $0.entry.fatPercent != nil }) { series.append(.fat) }
        if !report.intakeDays.isEmpty { series.append(.intake) }
        series += report.measuredEntries.keys.sorted { $0.text < $1.text }.map(ChartModel.Metric.measurement)
        return series
    }

    /// The chart of `metric` as a terminal shows it (SPEC §8), line by line
    /// with its colours as SGR sequences: `rows` of plot, then the day axis
    /// and the legend. Nil when the range has nothing to draw.
    public func terminalChartLines(columns: Int, rows: Int, display: Display) -> [String]? {
        let chart = TerminalChart(rows: rows, ascii: !display.isUTF8)
        guard let model = chartModel(valueTickCount: chart.valueTickCount) else { return nil }
        var shown = display
        shown.terminalWidth = columns
        return chart.rendered(model, display: shown).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// A series measured fewer times than this in range is no line worth drawing.
    static let leastReadingsCharted = 3

    /// The picture's chart, ticks as its height allows.
    var pictureChart: ChartModel? { chartModel(valueTickCount: max(3, picture.height / 70)) }

    /// `Weight: 80.6 kg, −0.2 kg/week (1 Dec 2026)`.
    public var defaultSubject: String { MailMessage.defaultSubject(report, unit: unit) }
}