import TrendCore

/// A listing for a screen that selects a row (`trend ui`'s `L`, SPEC §19):
/// the table's header, then each record's line, never wrapped, with its
/// short id and what deleting it would take away.
public struct ScreenListing: Sendable {
    public struct Row: Sendable {
        /// Unique in the store: what `rm` takes.
        public let id: String
        public let line: String
        /// `1,750 kcal on 3 Nov 13:00`: the record in a few words, and when.
        public let named: String
    }

    public let header: String
    public let rows: [Row]
    /// What the rows are, for "No … in 1M": `weigh-ins`, `intake entries`, `waist measurements`.
    public let plural: String

    public static let empty = ScreenListing(table: nil, records: [], today: nil, plural: "entries")

    /// `table` lays out one line per record of `records`, in their order;
    /// each record comes with its short id and what it holds (`80.5 kg`).
    init(table: TextTable?, records: [(id: String, what: String, timestamp: Timestamp)], today: CalendarDay?, plural: String) {
        let lines = table?.rendered(display: Display()).split(separator: "\n", omittingEmptySubsequences: false).map(String.init) ?? []
        header = lines.first ?? ""
        rows = zip(records, lines.dropFirst()).map { record, line in
            Row(id: record.id, line: line, named: record.what + " on " + EntryRendering.shortDateTime(record.timestamp, today: today))
        }
        self.plural = plural
    }
}

extension ListViewModel {
    /// The weigh-ins listed (without estimated days: one line each).
    public func screenListing(today: CalendarDay) -> ScreenListing {
        let records = points.map { (shortIDs.text(of: $0.entry), WeighInPresentation.what($0.entry, unit: unit), $0.entry.timestamp) }
        return ScreenListing(table: table, records: records, today: today, plural: "weigh-ins")
    }
}

extension IntakeViewModel {
    /// The intake entries listed, as `intake --entries` shows them.
    public func screenListing(today: CalendarDay) -> ScreenListing {
        let records = entries.map { (shortIDs.text(of: $0), IntakePresentation.what($0, unit: unit), $0.timestamp) }
        return ScreenListing(table: entriesTable, records: records, today: today, plural: "intake entries")
    }
}

extension MeasureViewModel {
    /// One name's entries listed, as `measure NAME` shows them.
    public func screenListing(today: CalendarDay) -> ScreenListing {
        let records = listed.map { (shortIDs.text(of: $0.entry), MeasurementPresentation.what($0.entry, unit: unit), $0.entry.timestamp) }
        let name = if case .list(let name) = action { name } else { "" }
        return ScreenListing(table: listTable, records: records, today: today, plural: "\(name) measurements")
    }
}
