/// Finds a document's top-level `version` without judging the rest, so a
/// file from a newer trend is reported as such rather than as damaged.
enum DocumentVersion {
    static func peek(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var scanner = JSONScanner(bytes: bytes)
        var version: Int?
        try? scanner.readObject { (s: inout JSONScanner, key: String, _: Int) throws(JSONScanner.Failure) in
            if key == "version", let value = try? s.readNumber(), value >= 1, value < 1e9, value == value.rounded() {
                version = Int(value)
            } else {
                try s.skipValue()
            }
        }
        return version
    }
}

extension DocumentVersion {
    /// Reads a document with `strict` (its second argument: allow unknown
    /// keys). A document from a newer trend may add fields: then what we know
    /// is read if it can be, and the version, not the file, is blamed if not.
    static func decode<Document>(
        _ bytes: UnsafeBufferPointer<UInt8>, path: String, supported: Int, release: ((Int) -> Void)? = nil,
        _ strict: (inout JSONScanner, Bool) throws(JSONScanner.Failure) -> Document
    ) throws(DataFileError) -> Document {
        do {
            var scanner = JSONScanner(bytes: bytes, release: release)
            return try strict(&scanner, false)
        } catch {
            if let version = peek(bytes), version > supported {
                var scanner = JSONScanner(bytes: bytes)
                if let document = try? strict(&scanner, true) { return document }
                throw .newerVersion(path: path, version: version)
            }
            let (line, column) = JSONScanner(bytes: bytes).position(of: error.offset)
            throw .damaged(path: path, line: line, column: column, reason: error.reason)
        }
    }
}

extension JSONScanner {
    /// A document's `"version"` value: a whole number from 1.
    mutating func readVersion() throws(Failure) -> Int {
        let offset = self.offset
        guard let next = peek(), next == UInt8(ascii: "-") || (48...57).contains(next) else {
            throw fail("\"version\" must be a number, not \(kindOfNextValue())")
        }
        let value = try readNumber()
        guard value >= 1, value == value.rounded(), value < 1e9 else {
            throw fail("\"version\" must be a whole number from 1", at: offset)
        }
        return Int(value)
    }
}
