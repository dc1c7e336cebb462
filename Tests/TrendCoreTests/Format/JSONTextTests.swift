import Foundation
import TestSupport
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
        var appended: [UInt8] = [UInt8(ascii: "x")]
        JSONText.appendQuoted(text, to: &appended)
        #expect(appended == [UInt8(ascii: "x")] + Array(expected.utf8))
        let decoded = try JSONSerialization.jsonObject(with: Data(JSONText.quoted(text).utf8), options: [.fragmentsAllowed])
        #expect(decoded as? String == text)
    }

    func appended(_ value: Double) -> String {
        var bytes: [UInt8] = []
        JSONText.appendNumber(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test(
        "numbers appended as bytes are the shortest text, the same as number(_:) writes",
        arguments: [
            0, -0.0, 1, 75, 80.5, 22.4, 0.1, 0.001, 0.01, 0.0001, 1e-7, 0.125, 0.1 + 0.2, 80.46729, 999.999, 1000, -0.5, -12.25,
            999_999_999_999.999, 1e12, 1e15, 1e16, 123_456_789.123, .leastNonzeroMagnitude, .infinity, -.infinity, 1.0 / 3, 72.57478, 100.001, 9.995,
        ])
    func appendedNumbers(value: Double) {
        #expect(appended(value) == JSONText.number(value), "\(value)")
    }

    @Test("random weights, body fat, ratios and raw bits: the fast digits never differ from the shortest text")
    func appendedRandom() {
        var generator = SeededGenerator(seed: 4_184)
        for i in 0..<100_000 {
            let value: Double
            switch i % 4 {
            case 0: value = Double(Int.random(in: 0...20_000_000, using: &generator)) / [1, 10, 100, 1000][i / 4 % 4]
            case 1: value = Double.random(in: 0...1000, using: &generator)
            case 2: value = Double(Int.random(in: 1...300_000, using: &generator)) / 1000 * 0.45359237
            default: value = Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator))
            }
            guard !value.isNaN else { continue }
            let fast = appended(value)
            if fast != JSONText.number(value) {
                Issue.record("\(value.bitPattern): \(fast) but \(JSONText.number(value))")
                return
            }
        }
    }

    @Test("random strings read back as themselves")
    func roundTrip() throws {
        let alphabet: [Character] = ["a", "Z", "0", " ", "\"", "\\", "\n", "\r\n", "\t", "\u{01}", "\u{7F}", "é", "🍰", "\u{301}", "/"]
        var generator = SeededGenerator(seed: 1_000)
        for _ in 0..<500 {
            let text = String((0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            let decoded = try JSONSerialization.jsonObject(with: Data(JSONText.quoted(text).utf8), options: [.fragmentsAllowed])
            #expect(decoded as? String == text, "\(Array(text.unicodeScalars))")
        }
    }
}
