#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `weights.json` format (SPEC §1): reading it strictly, writing it
/// canonically (sorted keys, one entry per line, shortest numbers), so the
/// same data always gives the same bytes.
///
/// Both directions are written by hand rather than through Codable: the
/// reader must refuse what Codable lets through (duplicate keys, unknown
/// keys) and name the line and column, and the writer must give the same
/// bytes for the same data.
package enum StoreDocument {
    // MARK: Writing

    package static func encode(_ store: RecordStore, settings: Settings? = nil) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64 + store.entries.count * 112)
        encode(store, settings: settings, into: &out)
        return out
    }

    /// Writes the document into any byte sink (an array, or a file in
    /// chunks); with `settings`, a JSON export (a full backup, SPEC §6).
    static func encode<Sink: ByteSink>(_ store: RecordStore, settings: Settings? = nil, into out: inout Sink) {
        out.append(contentsOf: header)
        encodeLines(store.entries[...], into: &out)
        encodeTrailer(store, settings: settings, into: &out)
    }

    /// The version a document needs: the store's, and 3 for an export
    /// carrying settings, so an older trend says to upgrade instead of
    /// calling the key unknown.
    static let settingsVersion = 3

    private static let header = Array("{\n  \"entries\": [".utf8)

    private static func encodeTrailer<Sink: ByteSink>(_ store: RecordStore, settings: Settings? = nil, into out: inout Sink) {
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

    /// `\n    {…}` for each entry, a comma before all but the document's first.
    static func encodeLines<Sink: ByteSink>(_ entries: ArraySlice<WeightEntry>, into out: inout Sink) {
        for i in entries.indices {
            out.append(i == 0 ? "\n    " : ",\n    ")
            encode(entries[i], into: &out)
        }
    }

    /// One entry as the document writes it, keys sorted:
    /// `{"date": …, "fatPercent": …, "id": …, "kilograms": …, "note": …}`.
    static func encode<Sink: ByteSink>(_ entry: WeightEntry, into out: inout Sink) {
        out.append("{\"date\": \"")
        entry.timestamp.withISO8601 { out.append(contentsOf: $0) }
        if let fat = entry.fatPercent {
            out.append("\", \"fatPercent\": ")
            JSONText.appendNumber(fat, to: &out)
            out.append(", \"id\": \"")
        } else {
            out.append("\", \"id\": \"")
        }
        EntryID.withText(of: entry.recordID) { out.append(contentsOf: $0) }
        out.append("\", \"kilograms\": ")
        JSONText.appendNumber(entry.kilograms, to: &out)
        if let note = entry.note {
            out.append(", \"note\": ")
            out.append(contentsOf: JSONText.quoted(note).utf8)
        }
        out.append(UInt8(ascii: "}"))
    }
}
