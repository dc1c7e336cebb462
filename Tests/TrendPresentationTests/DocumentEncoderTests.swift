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

    /// Writes to a container it has already left: only the tree can follow.
    struct Interleaved: Encodable {
        enum Keys: String, CodingKey { case a, b, c }
        func encode(to encoder: any Encoder) throws {
            var top = encoder.container(keyedBy: Keys.self)
            var a = top.nestedContainer(keyedBy: Keys.self, forKey: .a)
            try a.encode(1, forKey: .a)
            var b = top.nestedUnkeyedContainer(forKey: .b)
            try b.encode("x")
            try a.encode(2, forKey: .b)
            try top.encode(true, forKey: .c)
        }
    }

    /// Two containers asked of one encoder, as a document that extends another's does.
    struct Extended: Encodable {
        enum Keys: String, CodingKey { case extra }
        let inner: Inner
        func encode(to encoder: any Encoder) throws {
            try inner.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode([Inner(a: 2, b: nil)], forKey: .extra)
        }
    }

    /// Encodes nothing at all.
    struct Silent: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    struct HoldsSilent: Encodable {
        let silent = Silent()
        let after = 1
    }

    struct UsesSuper: Encodable {
        enum Keys: String, CodingKey { case base, own }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(1, forKey: .own)
            try Inner(a: 5, b: "s").encode(to: container.superEncoder(forKey: .base))
        }
    }

    @Test("a document that returns to a container it left, or asks for a super encoder, gets the same layout through the tree")
    func fallback() throws {
        #expect(try DocumentEncoder().encode(Interleaved()) == """
            {
              "a": {
                "a": 1,
                "b": 2
              },
              "b": [
                "x"
              ],
              "c": true
            }

            """)
        #expect(try DocumentEncoder().encode(UsesSuper()) == "{\n  \"own\": 1,\n  \"base\": {\n    \"a\": 5,\n    \"b\": \"s\"\n  }\n}\n")
        var written: [UInt8] = []
        try DocumentEncoder().writeArray([Interleaved(), Interleaved()]) { written += $0 }
        #expect(written == (try DocumentEncoder().bytes([Interleaved(), Interleaved()])))
    }

    @Test("a second container of the same encoder continues its object, and a value that writes nothing is null")
    func continuedAndSilent() throws {
        #expect(try DocumentEncoder().encode(Extended(inner: Inner(a: 1, b: "x"))) == """
            {
              "a": 1,
              "b": "x",
              "extra": [
                {
                  "a": 2,
                  "b": null
                }
              ]
            }

            """)
        #expect(try DocumentEncoder().encode(HoldsSilent()) == "{\n  \"silent\": null,\n  \"after\": 1\n}\n")
        #expect(try DocumentEncoder().encode(Silent()) == "null\n")
    }

    /// Optionals handed to `encode(_:forKey:)` and to an unkeyed
    /// container's `encode`, as a document does to write `null` for a
    /// missing figure (synthesized code would leave the key out).
    struct ExplicitOptionals: Encodable {
        enum Keys: String, CodingKey { case double, string, int, bool, list }
        let double: Double?
        let string: String?
        let int: Int?
        let bool: Bool?
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(double, forKey: .double)
            try container.encode(string, forKey: .string)
            try container.encode(int, forKey: .int)
            try container.encode(bool, forKey: .bool)
            var list = container.nestedUnkeyedContainer(forKey: .list)
            try list.encode(double)
            try list.encode(string)
            try list.encode(int)
            try list.encode(bool)
        }
    }

    @Test("an optional number, string, integer or boolean is its value, or null when nil", arguments: [true, false])
    func explicitOptionals(set: Bool) throws {
        let document = set
            ? ExplicitOptionals(double: 80.25, string: "a\"b", int: -3, bool: false)
            : ExplicitOptionals(double: nil, string: nil, int: nil, bool: nil)
        let values = set ? ["80.25", "\"a\\\"b\"", "-3", "false"] : ["null", "null", "null", "null"]
        let keys = ["double", "string", "int", "bool"]
        let members = zip(keys, values).map { "  \"\($0)\": \($1),\n" }.joined()
        let list = values.map { "    \($0)" }.joined(separator: ",\n")
        #expect(try DocumentEncoder().encode(document) == "{\n" + members + "  \"list\": [\n" + list + "\n  ]\n}\n")
    }
}
