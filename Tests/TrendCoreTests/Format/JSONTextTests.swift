import Foundation
import Testing

@testable import TrendCore

@Suite("JSON text")
struct JSONTextTests {
    @Test(
        "strings get the minimal escapes and keep non-ASCII as it is",
        arguments: [
            ("plain", #""plain""#), ("", #""""#), ("a\"b", #""a\"b""#), ("back\\slash", #""back\\slash""#),
            ("two\nlines", #""two\nlines""#), ("cr\r\nlf", #""cr\r\nlf""#), ("tab\t", #""tab\t""#),
            ("\u{08}\u{0C}", #""\b\f""#), ("\u{01}\u{1F}\u{7F}", #""\u0001\u001f\u007f""#),
            ("café 🍰", "\"café 🍰\""), ("e\u{301}\"", "\"e\u{301}\\\"\""),
        ])
    func quoted(text: String, expected: String) throws {
        #expect(JSONText.quoted(text) == expected)
        let decoded = try JSONSerialization.jsonObject(with: Data(JSONText.quoted(text).utf8), options: [.fragmentsAllowed])
        #expect(decoded as? String == text)
    }

    @Test("random strings read back as themselves")
    func roundTrip() throws {
        let alphabet: [Character] = ["a", "Z", "0", " ", "\"", "\\", "\n", "\r\n", "\t", "\u{01}", "\u{7F}", "é", "🍰", "\u{301}", "/"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let text = String((0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            let decoded = try JSONSerialization.jsonObject(with: Data(JSONText.quoted(text).utf8), options: [.fragmentsAllowed])
            #expect(decoded as? String == text, "\(Array(text.unicodeScalars))")
        }
    }
}
