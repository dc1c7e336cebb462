#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The undo journal of SPEC §9, in `.NAME.undo/` beside the data file.
///
/// Every version of the file that the last changes went between is kept
/// there, as a hard link (no copy), except the one that is the data file
/// now; `journal.json` lists the changes, oldest first, each with the
/// fingerprint (device, inode, size, mtime) of the version it produced, and
/// the base: the version before the oldest change (or "no file"). Where the
/// store stands is never written down: it is the version whose fingerprint
/// the data file has, so an undo or redo killed half-way leaves a journal
/// that is still true, and a file something else wrote matches no version.
struct UndoJournal: Equatable {
    /// The most changes kept; the oldest goes when a 21st is made.
    static let limit = 20
    /// The largest step id a journal may hold: ids from a file are checked
    /// against it, so one planted near `Int.max` cannot overflow the next id.
    static let largestID = 1_000_000_000
    /// A larger `journal.json` is not one trend wrote (20 steps are a few
    /// KiB): it is set aside, never read into memory.
    static let largestFile = 64 << 20

    /// A version of the data file.
    struct SavedVersion: Equatable {
        /// Nil: there was no data file (before the first change).
        var fingerprint: Fingerprint?
        /// Its name in the journal directory while it is not the data file.
        var file: String
    }

    /// A merged copy that `--delete-merged` moved into the journal. Undo
    /// puts it back in the data directory under `name`, a plain file name
    /// recorded at merge time: a journal can name no other place.
    struct Retired: Equatable {
        var name: String
        /// Its name in the journal directory.
        var file: String
    }

    struct Step: Equatable {
        var id: Int
        var record: JournalStep
        /// The version this change produced.
        var version: SavedVersion
        var retired: [Retired]
    }

    var base: SavedVersion
    var steps: [Step]

    var nextID: Int { (steps.last?.id ?? Self.id(of: base.file) ?? 0) + 1 }

    /// The number in `v-12.json` or `r-12-1.json`.
    static func id(of file: String) -> Int? {
        Int(file.dropFirst(2).prefix { $0.isNumber })
    }

    static func versionFile(_ id: Int) -> String { "v-\(id).json" }
    static func retiredFile(_ id: Int, _ index: Int) -> String { "r-\(id)-\(index).json" }

    /// `v-N.json` with N at most `largestID`: the only version names trend makes.
    static func isVersionFile(_ name: String) -> Bool {
        guard name.hasPrefix("v-"), name.hasSuffix(".json") else { return false }
        return number(name.dropFirst(2).dropLast(5)) != nil
    }

    /// `r-N-M.json`.
    static func isRetiredFile(_ name: String) -> Bool {
        guard name.hasPrefix("r-"), name.hasSuffix(".json") else { return false }
        let parts = name.dropFirst(2).dropLast(5).split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { number($0) != nil }
    }

    /// Digits only, at most `largestID`.
    static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 10, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let value = Int(text), value <= largestID
        else { return nil }
        return value
    }

    /// The version after `position` steps (0: the base).
    func version(at position: Int) -> SavedVersion {
        position == 0 ? base : steps[position - 1].version
    }

    /// How many steps the data file with `fingerprint` (nil: no file)
    /// reflects; nil when it is none of the kept versions.
    func position(of fingerprint: Fingerprint?) -> Int? {
        (0...steps.count).last { version(at: $0).fingerprint == fingerprint }
    }

    var published: [JournalStep] { steps.map(\.record) }
}
