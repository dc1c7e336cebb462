#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `weights.json` format (SPEC §1): reading it strictly, writing it
/// canonically (sorted keys, one entry per line, shortest numbers), so the
/// same data always gives the same bytes.
///
/// Both directions are hand-written for speed: every command reads the whole
/// history, so keys are matched as bytes, ids, dates and numbers are parsed
/// without formatters, and nothing is allocated per entry but the entry.
package enum WeightsDocument {
    // MARK: Writing

    package static func encode(_ store: WeightStore, settings: Settings? = nil) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64 + store.entries.count * 112)
        encode(store, settings: settings, into: &out)
        return out
    }

    /// Writes the document into any byte sink, from one core; with
    /// `settings`, a JSON export (a full backup, SPEC §6).
    static func encode<Sink: ByteSink>(_ store: WeightStore, settings: Settings? = nil, into out: inout Sink) {
        out.append(contentsOf: header)
        encodeLines(store.entries[...], into: &out)
        encodeTrailer(store, settings: settings, into: &out)
    }

    /// The version a document needs: the store's, and 3 for an export
    /// carrying settings, so an older trend says to upgrade instead of
    /// calling the key unknown.
    static let settingsVersion = 3

    /// Writes the document into a file in chunks, the entries on two cores:
    /// encoding is most of the time a change to a long history takes (a
    /// weigh-in logged into a million, an import), and the bytes are the
    /// same as from one core.
    static func encode(_ store: WeightStore, into out: inout ChunkingSink) async {
        out.append(contentsOf: header)
        encodeLines(store.entries, into: &out)
        encodeTrailer(store, into: &out)
    }

    private static let header = Array("{\n  \"entries\": [".utf8)

    private static func encodeTrailer<Sink: ByteSink>(_ store: WeightStore, settings: Settings? = nil, into out: inout Sink) {
        out.append(contentsOf: store.entries.isEmpty ? "],\n".utf8 : "\n  ],\n".utf8)
        // Keys in sorted order: goalBy, goalKilograms, goalStart, goalWeeklyRateKilograms.
        if case .by(let day)? = store.goalPlan?.pace {
            out.append(contentsOf: "  \"goalBy\": \"\(day)\",\n".utf8)
        }
        if let goal = store.goalKilograms {
            out.append(contentsOf: "  \"goalKilograms\": \(JSONText.number(goal)),\n".utf8)
        }
        if let plan = store.goalPlan {
            out.append(contentsOf: "  \"goalStart\": \"\(plan.start)\",\n".utf8)
            if case .weeklyRate(let kilograms) = plan.pace {
                out.append(contentsOf: "  \"goalWeeklyRateKilograms\": \(JSONText.number(kilograms)),\n".utf8)
            }
        }
        encodeArray("intake", store.intake, into: &out) { entry, out in encode(entry, into: &out) }
        encodeArray("measurements", store.measurements, into: &out) { entry, out in encode(entry, into: &out) }
        if let settings {
            out.append(contentsOf: "  \"settings\": {\n\(SettingsDocument.members(settings, indent: "    "))\n  },\n".utf8)
        }
        let version = settings == nil ? store.versionNeeded : max(store.versionNeeded, settingsVersion)
        out.append(contentsOf: "  \"version\": \(version)\n}\n".utf8)
    }

    /// Below this many entries one core writes them: starting a second
    /// costs more than it saves.
    static let parallelMinimum = 4_096
    /// Entries a core encodes at a time: two such blocks are all a long
    /// history's write holds beside the history.
    static let parallelBlock = 16_384

    /// The entries' lines, two blocks at a time: the second block on another
    /// core while this one encodes the first, then both into `out` in order.
    static func encodeLines<Sink: ByteSink>(_ entries: [WeightEntry], into out: inout Sink) {
        let count = entries.count
        guard count >= parallelMinimum else {
            encodeLines(entries[...], into: &out)
            return
        }
        let block = min(parallelBlock, (count + 1) / 2)
        var start = 0
        while start < count {
            let middle = min(start + block, count)
            let end = min(middle + block, count)
            let (first, second) = OtherCore.run({ lines(entries[start..<middle]) }, alongside: { lines(entries[middle..<end]) })
            out.append(contentsOf: first)
            out.append(contentsOf: second)
            start = end
        }
    }

    private static func lines(_ entries: ArraySlice<WeightEntry>) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(entries.count * 112)
        encodeLines(entries, into: &bytes)
        return bytes
    }

    /// `\n    {…}` for each entry, a comma before all but the document's first.
    static func encodeLines<Sink: ByteSink>(_ entries: ArraySlice<WeightEntry>, into out: inout Sink) {
        for i in entries.indices {
            out.append(contentsOf: i == 0 ? "\n    ".utf8 : ",\n    ".utf8)
            encode(entries[i], into: &out)
        }
    }

    /// One entry as the document writes it, keys sorted:
    /// `{"date": …, "fatPercent": …, "id": …, "kilograms": …, "note": …}`.
    static func encode<Sink: ByteSink>(_ entry: WeightEntry, into out: inout Sink) {
        out.append(contentsOf: "{\"date\": \"".utf8)
        entry.timestamp.withISO8601 { out.append(contentsOf: $0) }
        if let fat = entry.fatPercent {
            out.append(contentsOf: "\", \"fatPercent\": ".utf8)
            JSONText.appendNumber(fat, to: &out)
            out.append(contentsOf: ", \"id\": \"".utf8)
        } else {
            out.append(contentsOf: "\", \"id\": \"".utf8)
        }
        EntryID.withText(of: entry.recordID) { out.append(contentsOf: $0) }
        out.append(contentsOf: "\", \"kilograms\": ".utf8)
        JSONText.appendNumber(entry.kilograms, to: &out)
        if let note = entry.note {
            out.append(contentsOf: ", \"note\": ".utf8)
            out.append(contentsOf: JSONText.quoted(note).utf8)
        }
        out.append(UInt8(ascii: "}"))
    }
}
