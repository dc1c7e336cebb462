import TrendCore

/// Every CSV a screen writes (RFC 4180): a header line, then a line a row,
/// each field quoted where it must be, in pieces of about 64 KiB so a long
/// list is never held twice.
struct CSVRenderer<Model>: Renderer {
    private let write: @MainActor (Model, any OutputWriter) -> Void

    /// Rows of fields, given to `row` one by one after the header.
    init(header: @escaping @MainActor (Model) -> [String], rows: @escaping @MainActor (Model, _ row: ([String]) -> Void) -> Void) {
        write = { model, output in
            var out = ""
            func line(_ fields: [String]) {
                out += fields.map(CSVField.quoted).joined(separator: ",") + "\n"
                if out.utf8.count >= 1 << 16 {
                    output.write(out)
                    out = ""
                }
            }
            line(header(model))
            rows(model, line)
            output.write(out)
        }
    }

    /// Weigh-ins, written by the one CSV writer of weigh-ins (`EntryCSV`,
    /// the export's too) straight from the stored entries: a listing of a
    /// long history makes no string per field.
    init(weighIns: @escaping @MainActor (Model, _ write: ([UInt8]) -> Void) -> Void) {
        write = { model, output in weighIns(model) { output.write($0) } }
    }

    func render(_ model: Model, to output: any OutputWriter) throws {
        write(model, output)
    }
}
