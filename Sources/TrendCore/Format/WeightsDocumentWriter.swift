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
enum WeightsDocument {
    // MARK: Writing

    static func encode(_ store: WeightStore) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64 + store.entries.count * 112)
        encode(store, into: &out)
        return out
    }

    /// Writes the document into any byte sink: an array, or a file in chunks.
    static func encode<Sink: ByteSink>(_ store: WeightStore, into out: inout Sink) {
        out.append(contentsOf: "{\n  \"entries\": [".utf8)
        for (i, entry) in store.entries.enumerated() {
            out.append(contentsOf: i == 0 ? "\n    ".utf8 : ",\n    ".utf8)
            encode(entry, into: &out)
        }
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
        out.append(contentsOf: "  \"version\": \(store.versionNeeded)\n}\n".utf8)
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
        EntryID.withText(of: entry.id) { out.append(contentsOf: $0) }
        out.append(contentsOf: "\", \"kilograms\": ".utf8)
        JSONText.appendNumber(entry.kilograms, to: &out)
        if let note = entry.note {
            out.append(contentsOf: ", \"note\": ".utf8)
            out.append(contentsOf: JSONText.quoted(note).utf8)
        }
        out.append(UInt8(ascii: "}"))
    }
}
