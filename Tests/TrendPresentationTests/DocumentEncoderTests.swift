import Testing
@testable import TrendPresentation

/// The JSON every document is written in (SPEC §4): members in the order
/// declared, missing values as null, two spaces a level.
@Suite("DocumentEncoder")
struct DocumentEncoderTests {
    struct Inner: Encodable { let a: Int; let b: String? }
    struct Outer: Encodable {
        let name: String
        let weight: Double?
        let missing: Double?
        let flag: Bool
        let inner: Inner
        let list: [Double?]
        let empty: [Int]
    }

    @Test("keys in the order declared, nil as null, shortest numbers, escapes, nested and empty containers")
    func shape() throws {
        let text = try DocumentEncoder().encode(
            Outer(name: "a \"q\"\n", weight: 80.1, missing: nil, flag: true, inner: Inner(a: 3, b: nil), list: [1, nil, 2.5], empty: []))
        #expect(text == """
            {
              "name": "a \\"q\\"\\n",
              "weight": 80.1,
              "missing": null,
              "flag": true,
              "inner": {
                "a": 3,
                "b": null
              },
              "list": [
                1,
                null,
                2.5
              ],
              "empty": []
            }

            """)
    }

    @Test("a top-level array and a bare value")
    func topLevel() throws {
        #expect(try DocumentEncoder().encode([Inner(a: 1, b: "x")]) == "[\n  {\n    \"a\": 1,\n    \"b\": \"x\"\n  }\n]\n")
        #expect(try DocumentEncoder().encode([Int]()) == "[]\n")
        #expect(try DocumentEncoder().encode(0.30000000000000004) == "0.30000000000000004\n")
    }

    @Test("an array written element by element is the same bytes as the array encoded whole, however it is cut into writes", arguments: [0, 1, 2, 3000])
    func streamedArray(count: Int) throws {
        let elements = (0..<count).map { Outer(name: "n\($0)", weight: $0 % 3 == 0 ? nil : Double($0) / 7, missing: nil, flag: $0 % 2 == 0, inner: Inner(a: $0, b: nil), list: [Double($0)], empty: []) }
        var written: [[UInt8]] = []
        try DocumentEncoder().writeArray(elements) { written.append($0) }
        #expect(written.flatMap { $0 } == (try DocumentEncoder().bytes(elements)))
        #expect(written.allSatisfy { $0.count < 70_000 }, "no write holds the whole of a long list")
        if count == 3000 { #expect(written.count > 1) }
    }
}
