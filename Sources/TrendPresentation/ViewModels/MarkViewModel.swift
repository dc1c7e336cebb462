import Observation
import TrendCore

/// The mark screen (SPEC §21): a name and the days it marks, and what
/// marking did.
@MainActor
@Observable
public final class MarkViewModel {
    private let app: AppModel

    /// `period`, `sick`, `travel`, or a name of one's own.
    public var name = ""
    /// The first day, as typed (default today).
    public var date: String?
    /// How many calendar days from it.
    public var days = 1
    public var note: String?

    public private(set) var outcome: MarkFeature.MarkOutcome?
    /// The name as marked.
    public private(set) var marked: MarkName?

    public init(app: AppModel) {
        self.app = app
    }

    public func mark() async throws {
        try await app.loadSettings()
        try await app.loadWeights()
        let name = try app.markFeature.name(parsing: name)
        let first = try date.map { try app.clock.dateInput.timestamp(parsing: $0).day } ?? app.clock.today
        outcome = try await app.markFeature.mark(name, from: first, days: days, note: note)
        marked = name
    }

    /// `Already marked period on 3 Nov 2026.`: days that held the name, left as they were.
    public var messages: [String] {
        guard let outcome, let marked else { return [] }
        return MarkRun.runs(of: outcome.alreadyMarked.map { DayMark(day: $0, name: marked) }).map {
            "Already marked \(marked) on \(EntryRendering.dayRange($0.first, $0.last))."
        }
    }

    public var document: MarkedDocument? {
        outcome.map { MarkedDocument(marked: $0.added.map(MarkDocument.init), alreadyMarked: $0.alreadyMarked.map(\.description)) }
    }

    /// `Marked period on 2–6 Nov 2026 (5 days).`
    var text: String {
        guard let outcome else { return "" }
        return MarkRun.runs(of: outcome.added).map { run in
            "Marked \(run.name) on \(EntryRendering.dayRange(run.first, run.last))" + (run.days > 1 ? " (\(run.days) days)" : "") + ".\n"
        }.joined()
    }
}

/// `mark --format json`: the marks added, and the days that held the name already.
public struct MarkedDocument: Encodable, Sendable {
    let marked: [MarkDocument]
    let alreadyMarked: [String]
}
