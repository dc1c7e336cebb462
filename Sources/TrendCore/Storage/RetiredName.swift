#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What may be put back in the data directory: a plain file name that is
/// none of trend's own files there.
enum RetiredName {
    static func isAllowed(_ name: String, storeName: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 255, name != ".", name != "..", !name.utf8.contains(0x2F), !name.utf8.contains(0) else {
            return false
        }
        if name == storeName || name == "settings.json" || name.hasSuffix(".lock") { return false }
        // The journal, temporaries and the settings' own: `.weights.json.undo`, `.weights.json.tmp-…`.
        if name.hasPrefix("." + storeName) || name.hasPrefix(".settings.json") { return false }
        return true
    }

    /// The name a merged copy is recorded under: its own, or one trend
    /// chooses when its own is one of trend's files.
    static func recorded(for source: String, storeName: String, index: Int) -> String {
        let own = PathName.lastComponent(of: source)
        return isAllowed(own, storeName: storeName) ? own : "merged copy \(index).json"
    }
}
