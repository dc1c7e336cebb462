/// CSV reader: records start on increasing lines; only the last can be
/// unterminated; the fields written back with RFC 4180 quoting read back
/// as the same fields.
func fuzzCSVReader(_ bytes: [UInt8]) {
    let records = Array(CSVReader(bytes: bytes))
    var previousLine = 0
    for (index, record) in records.enumerated() {
        precondition(record.line > previousLine, "record lines do not increase")
        precondition(!record.isUnterminated || index == records.count - 1, "an unterminated record before the last")
        previousLine = record.line
    }
    let complete = records.filter { !$0.isUnterminated }
    // A header line first, so a field cannot start the file with a byte-order mark.
    var text = "header\n"
    for record in complete { text += record.fields.map(CSVField.quoted).joined(separator: ",") + "\n" }
    let reread = Array(CSVReader(text: text).dropFirst())
    precondition(reread.map(\.fields) == complete.map(\.fields), "quoted fields do not read back")
}
