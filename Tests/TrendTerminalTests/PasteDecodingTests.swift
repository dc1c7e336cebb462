import Testing

@testable import TrendTerminal

/// Bracketed paste (SPEC §19): what a terminal sends between `ESC [200~`
/// and `ESC [201~` is text, whatever it holds, and arrives as one paste even
/// when the reads cut it, or a character or a sequence, in pieces.
@Suite("Pasted text is decoded as text")
struct PasteDecodingTests {
    static let start: [UInt8] = Array("\u{1B}[200~".utf8)
    static let end: [UInt8] = Array("\u{1B}[201~".utf8)

    @Test("a paste holding a line break and keys is one paste, and the keys after it are keys")
    func pasteThenKeys() {
        let bytes = Self.start + Array("650\nLdy".utf8) + Self.end + Array("q".utf8)
        #expect(KeyDecoder.keys(in: bytes) == [.paste("650\nLdy"), .character("q")])
    }

    @Test("escape sequences and C1 controls inside a paste are text, not keys")
    func controlsInPaste() {
        let bytes = Self.start + [0x1B, 0x5B, 0x41, 0xC2, 0x9B, 0x32, 0x4A, 0x03] + Self.end
        #expect(KeyDecoder.keys(in: bytes) == [.paste("\u{1B}[A\u{9B}2J\u{03}")])
    }

    /// From the second byte: an ESC that ends a read is the Escape key (there is no waiting to see what follows).
    @Test("a paste cut by reads anywhere, even inside its end, is still one paste", arguments: Array(2..<24))
    func cutAnywhere(at cut: Int) {
        let bytes = Self.start + Array("80.5 日本".utf8) + Self.end + [0x71]
        var decoder = KeyDecoder()
        let keys = decoder.keys(in: Array(bytes.prefix(cut))) + decoder.keys(in: Array(bytes.dropFirst(cut)))
        #expect(keys == [.paste("80.5 日本"), .character("q")], "cut after \(cut) bytes")
    }

    @Test("a character or an arrow key cut between two reads arrives whole")
    func cutKeys() {
        var decoder = KeyDecoder()
        #expect(decoder.keys(in: [0xE6, 0x97]) == [])
        #expect(decoder.keys(in: [0xA5, 0x1B, 0x5B]) == [.character("日")])
        #expect(decoder.keys(in: [0x43]) == [.right])
    }

    @Test("a paste keeps at most its limit")
    func limit() {
        let bytes = Self.start + Array(repeating: UInt8(ascii: "7"), count: KeyDecoder.pasteLimit + 100) + Self.end
        guard case .paste(let text) = KeyDecoder.keys(in: bytes).first else {
            Issue.record("no paste")
            return
        }
        #expect(text.utf8.count == KeyDecoder.pasteLimit)
    }
}
