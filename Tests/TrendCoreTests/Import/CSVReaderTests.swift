import Testing
import TrendCore

@Suite("CSV reader (RFC 4180)")
struct CSVReaderTests {
    @Test("reads quoted fields with separators, quotes and line breaks inside")
    func quoting() {
        let text = "date,weight,note\r\n2026-01-01,80,\"a, \"\"b\"\"\r\nc\"\r\n2026-01-02,81,\n"
        let records = Array(CSVReader(text: text))
        #expect(records.map(\.fields) == [["date", "weight", "note"], ["2026-01-01", "80", "a, \"b\"\r\nc"], ["2026-01-02", "81", ""]])
        #expect(records.map(\.line) == [1, 2, 4])
    }

    @Test("drops a byte-order mark and reads a last line without a newline")
    func bomAndLastLine() {
        let records = Array(CSVReader(bytes: [0xEF, 0xBB, 0xBF] + Array("Date,Weight\n2026-01-01,80".utf8)))
        #expect(records.map(\.fields) == [["Date", "Weight"], ["2026-01-01", "80"]])
    }

    @Test("reads ; as the separator where the format says so, keeping decimal commas")
    func semicolons() {
        let records = Array(CSVReader(text: "2026-01-01;80,5;;\n", separator: ";"))
        #expect(records.map(\.fields) == [["2026-01-01", "80,5", "", ""]])
    }

    @Test("old Mac line ends (CR alone) end records too")
    func carriageReturns() {
        #expect(Array(CSVReader(text: "a,b\rc,d\r")).map(\.fields) == [["a", "b"], ["c", "d"]])
    }
}
