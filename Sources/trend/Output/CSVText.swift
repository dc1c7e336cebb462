import TrendCore

/// CSV output for `list`, quoted as the export is (RFC 4180).
enum CSVText {
    static func document(_ rows: [[String]]) -> String {
        rows.map { $0.map(ExportDocument.csvField).joined(separator: ",") }.joined(separator: "\n") + "\n"
    }
}
