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
    /// Every kind's codec, one line a kind: the arrays the document holds.
    static var codecs: [any RecordCodec.Type] { [WeighInCodec.self, IntakeCodec.self, MeasurementCodec.self, MarkCodec.self] }

    // MARK: Writing

    package static func encode(_ store: RecordStore, settings: Settings? = nil) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64 + store.entries.count * 112)
        encode(store, settings: settings, into: &out)
        return out
    }

    /// Writes the document into any byte sink (an array, or a file in
    /// chunks); with `settings`, a JSON export (a full backup, SPEC §6).
    /// The top-level members in sorted order: each kind's array (a kind
    /// with no record left out, but for `entries`), the goal and its plan,
    /// the settings, the version.
    static func encode<Sink: ByteSink>(_ store: RecordStore, settings: Settings? = nil, into out: inout Sink) {
        var members: [(key: String, write: (inout Sink) -> Void)] = []
        func array<Codec: RecordCodec>(_: Codec.Type) {
            let records = store.records(Codec.Record.self)
            guard Codec.isRequired || !records.isEmpty else { return }
            members.append((Codec.arrayKey, { out in encodeArray(Codec.self, records, into: &out) }))
        }
        for codec in codecs { array(codec) }
        if !store.removed.isEmpty {
            members.append((RemovedCodec.arrayKey, { out in RemovedCodec.encode(store.removed, into: &out) }))
        }
        if case .by(let day)? = store.goalPlan?.pace {
            members.append(("goalBy", { $0.append(contentsOf: "  \"goalBy\": \"\(day)\",\n".utf8) }))
        }
        if let goal = store.goalKilograms {
            members.append(("goalKilograms", { $0.append(contentsOf: "  \"goalKilograms\": \(JSONText.number(goal)),\n".utf8) }))
        }
        if let plan = store.goalPlan {
            members.append(("goalStart", { $0.append(contentsOf: "  \"goalStart\": \"\(plan.start)\",\n".utf8) }))
            if case .weeklyRate(let kilograms) = plan.pace {
                members.append(("goalWeeklyRateKilograms", { $0.append(contentsOf: "  \"goalWeeklyRateKilograms\": \(JSONText.number(kilograms)),\n".utf8) }))
            }
        }
        if let settings {
            members.append(("settings", { $0.append(contentsOf: "  \"settings\": {\n\(SettingsDocument.members(settings, indent: "    "))\n  },\n".utf8) }))
        }
        out.append(contentsOf: "{\n".utf8)
        for member in members.sorted(by: { $0.key < $1.key }) { member.write(&out) }
        let version = settings == nil ? store.versionNeeded : max(store.versionNeeded, settingsVersion)
        out.append(contentsOf: "  \"version\": \(version)\n}\n".utf8)
    }

    /// The version a document needs: the store's, and 3 for an export
    /// carrying settings, so an older trend says to upgrade instead of
    /// calling the key unknown.
    static let settingsVersion = 3

    /// `  "intake": [\n    {…},\n    {…}\n  ],\n`, one record a line; `[]` when empty.
    static func encodeArray<Sink: ByteSink, Codec: RecordCodec>(_: Codec.Type, _ records: [Codec.Record], into out: inout Sink) {
        out.append(contentsOf: "  \"\(Codec.arrayKey)\": [".utf8)
        for index in records.indices {
            out.append(index == 0 ? "\n    " : ",\n    ")
            Codec.encode(records[index], into: &out)
        }
        out.append(contentsOf: records.isEmpty ? "],\n".utf8 : "\n  ],\n".utf8)
    }
}
