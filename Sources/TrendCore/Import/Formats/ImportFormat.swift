/// A format `trend import` reads, as people name it (`--format garmin`) and
/// as the summary names it (`Garmin Connect`). The list of formats is
/// `ImportFormats.all`; each is declared by the type that reads it.
public struct ImportFormat: Hashable, Sendable, CustomStringConvertible {
    /// What `--format` takes.
    public let name: String
    /// How messages name it.
    public let displayName: String

    init(name: String, displayName: String) {
        self.name = name
        self.displayName = displayName
    }

    /// Every format, in the order `auto` asks them.
    public static var all: [ImportFormat] { ImportFormats.all.map { $0.format } }

    /// The format `--format NAME` means; nil for an unknown name.
    public init?(name: String) {
        let lowered = name.lowercased()
        guard let found = ImportFormats.all.first(where: { $0.format.name == lowered }) else { return nil }
        self = found.format
    }

    public var description: String { name }
}

/// One format: how to know its files and how to read them. A new format is
/// one type conforming to this, in its own file, and one line in
/// `ImportFormats.all`.
protocol ImportFileFormat: Sendable {
    static var format: ImportFormat { get }
    /// Whether a file is in this format, from its first bytes and its name.
    static func recognizes(_ head: ImportHead) -> Bool
    /// Reads the whole file.
    static func read(_ source: ImportSource, cells: ImportCells) throws(ImportError) -> ParsedImport
    /// A table whose intake and measurement columns `BodyTable` reads
    /// besides what the format reads (false for documents that are not tables).
    static var readsBodyColumns: Bool { get }
}

extension ImportFileFormat {
    static var readsBodyColumns: Bool { true }
}

/// The formats, in the order `auto` asks them: the most particular first,
/// then generic CSV (any file with a date and a weight column by those
/// names), then any table, read by what its cells hold (SPEC §18).
enum ImportFormats {
    static let all: [any ImportFileFormat.Type] = [
        AppleHealthFormat.self,
        FitbitJSONFormat.self,
        TrendJSONFormat.self,
        RecordTableFormat.self,
        LibraFormat.self,
        SamsungHealthFormat.self,
        HackersDietFormat.self,
        GarminFormat.self,
        QSAccessFormat.self,
        GoogleFitFormat.self,
        ZeppFormat.self,
        TrendWeightFormat.self,
        MyFitnessPalFormat.self,
        HevyFormat.self,
        CronometerFormat.self,
        InBodyFormat.self,
        RenphoFormat.self,
        FitbitFormat.self,
        WithingsFormat.self,
        GenericCSVFormat.self,
        ForeignJSONFormat.self,
        ContentTableFormat.self,
    ]

    static func reader(for format: ImportFormat) -> (any ImportFileFormat.Type)? {
        all.first { $0.format == format }
    }
}

/// What recognising a file looks at: its first bytes (a byte-order mark
/// removed), the first lines as text, the first CSV record, and its name.
struct ImportHead {
    /// Up to the first 64 KiB.
    let bytes: ArraySlice<UInt8>
    /// The file's name without its folders; nil for standard input.
    let fileName: String?
    /// The names in it, when the path is a folder.
    let folderEntries: [String]?

    init(bytes: [UInt8], fileName: String?, folderEntries: [String]? = nil) {
        var head = bytes[...]
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head = head.dropFirst(3) }
        // A UTF-16 file's head is read as the text it is, so every layout recognises it as it would in UTF-8.
        if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]), let text = ImportText.utf16(Array(head.prefix(1 << 20)), prefix: true) {
            head = Array(text.utf8)[...]
        }
        self.bytes = head
        self.fileName = fileName
        self.folderEntries = folderEntries
    }

    var isFolder: Bool { folderEntries != nil }

    /// Why the input cannot be text of any table or document: control
    /// bytes in more than 1% of its head (`/dev/urandom`, a binary file), or
    /// a whole head of at least 1 MiB without a line break that is not JSON. Nil for a
    /// zip or anything that reads as text (a UTF-16 head is read as text).
    var notText: String? {
        if bytes.starts(with: ZipArchive.signature) { return nil }
        let controls = bytes.count { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        if controls * 100 > bytes.count { return "it is not text: \(controls) of its first \(bytes.count) bytes are control characters" }
        // JSON minified to one line (a trend backup, another app's records) has none, at any size (SPEC §18).
        let json = bytes.first { $0 != 0x20 && $0 != 0x09 }.map { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "[") } ?? false
        if !json && bytes.count >= ImportSource.chunkSize && !bytes.contains(0x0A) && !bytes.contains(0x0D) {
            return "it is not text: its first \(bytes.count >> 20) MiB hold no line break"
        }
        return nil
    }

    /// The first 4 KiB as text, leading white space dropped.
    var text: Substring {
        String(decoding: bytes.prefix(4096), as: UTF8.self).drop { $0.isWhitespace }
    }

    /// The first lines, empty ones skipped.
    var lines: [Substring] {
        text.split(omittingEmptySubsequences: true) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
    }

    /// The first line read as a CSV record (unwrapped when a spreadsheet
    /// saved it as one quoted field).
    var header: [String] { record(0) }

    /// Line `index` (of the non-empty ones) read as a CSV record.
    func record(_ index: Int, separator: Character = ",") -> [String] {
        let lines = lines
        guard index < lines.count, let record = Array(CSVReader(text: String(lines[index]), separator: separator)).first else { return [] }
        return CSVLayout.unwrapped(record, separator: separator).fields
    }
}
