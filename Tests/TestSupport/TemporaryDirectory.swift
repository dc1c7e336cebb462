import Foundation

/// A fresh directory for one test, removed when the test lets go of it.
public final class TemporaryDirectory: Sendable {
    public let path: String

    public init() throws {
        var base = NSTemporaryDirectory()
        while base.hasSuffix("/") { base.removeLast() }
        let template = base + "/trend-test-XXXXXX"
        var bytes = Array(template.utf8CString)
        guard let made = mkdtemp(&bytes) else { throw CocoaError(.fileWriteUnknown) }
        path = String(cString: made)
    }

    deinit {
        // Tests make read-only folders; give write access back before removing.
        _ = try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: path)
        if let enumerator = FileManager.default.enumerator(atPath: path) {
            for case let item as String in enumerator {
                _ = try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: path + "/" + item)
            }
        }
        try? FileManager.default.removeItem(atPath: path)
    }

    public func file(_ name: String) -> String { path + "/" + name }

    public func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: file(name)))
    }

    public func read(_ name: String) -> String? {
        FileManager.default.contents(atPath: file(name)).map { String(decoding: $0, as: UTF8.self) }
    }

    public func bytes(_ name: String) -> Data? {
        FileManager.default.contents(atPath: file(name))
    }
}
