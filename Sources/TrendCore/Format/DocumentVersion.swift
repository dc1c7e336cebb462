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
