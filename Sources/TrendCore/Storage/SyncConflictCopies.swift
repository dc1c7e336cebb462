#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Conflict copies of `weights.json` that file-sync tools leave beside it
/// (SPEC §9): Syncthing `weights.sync-conflict-<date>-<time>-<device>.json`,
/// Dropbox `weights (<name>'s conflicted copy <date>).json`, Nextcloud and
/// ownCloud `weights (conflicted copy <date> <time>).json`; and trend's own
/// `weights (restored <date>).json`, a merged copy the undo journal put back. Weigh-ins in
/// them are lost unless merged, so every command that reads the data says so.
package enum SyncConflictCopies {
    package static func isConflictCopy(_ name: String) -> Bool {
        guard name.hasSuffix(".json") else { return false }
        if name.hasPrefix("weights.sync-conflict-") { return true }
        guard name.hasPrefix("weights ("), name.hasSuffix(").json") else { return false }
        // trend's own: a merged copy put back from the undo journal (`weights (restored 2026-12-02).json`).
        return name.contains("conflicted copy") || name.hasPrefix("weights (restored ")
    }

    /// The conflict copies in `directory`, as full paths, sorted.
    package static func find(in directory: String) -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var found: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if isConflictCopy(name) { found.append(directory + "/" + name) }
        }
        return found.sorted()
    }
}
