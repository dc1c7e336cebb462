/// Small text and path helpers, so the package needs only
/// FoundationEssentials: full Foundation brings ICU into the binary and its
/// start-up.
extension StringProtocol {
    /// Without leading and trailing spaces, tabs and line breaks.
    package var trimmed: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = lastIndex(where: { !isSpace($0) })!
        return String(self[first...last])
    }
}

extension String {
    /// The same; most cells have nothing to trim, and get themselves back without a copy.
    package var trimmed: String {
        if let first = utf8.first, let last = utf8.last, first > 32, last > 32 { return self }
        return self[...].trimmed
    }
}

/// POSIX path arithmetic on strings.
package enum PathName {
    /// `/a/b/c` → `/a/b`; `c` → `` ; `/c` → `/`.
    package static func parent(of path: String) -> String {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        guard let slash = path.lastIndex(of: "/") else { return "" }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// `/a/b/c` → `c`.
    package static func lastComponent(of path: String) -> String {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// Removes `.`, empty components and resolves `..` lexically.
    package static func standardized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            if part == ".." && absolute { continue }
            parts.append(part)
        }
        let joined = parts.map { String($0) }.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    /// `path` made absolute against `directory`, standardized.
    package static func absolute(_ path: String, in directory: String) -> String {
        standardized(path.hasPrefix("/") ? path : directory + "/" + path)
    }
}
