#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads an import file (or standard input) in the named or detected format.
public enum WeightImporter {
    static let chunkSize = 1 << 20

    /// `path` is a file, or `-` for standard input.
    public static func read(path: String, format: ImportFormat?, settings: ImportSettings) throws(ImportError) -> ParsedImport {
        let shown = path == "-" ? "-" : path
        let fd: Int32 = path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadable(path: shown, reason: String(cString: strerror(errno))) }
        defer { if fd != 0 { close(fd) } }
        var info = stat()
        if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            // A folder of Fitbit's weight-*.json files (Google Takeout).
            guard format == nil || format == .fitbitJSON else { throw .unreadable(path: shown, reason: "it is a directory") }
            return try readFitbitFolder(path, settings: settings)
        }
        let cells = ImportCells(settings: settings)
        var head = try readChunk(fd, path: shown)
        // The Health app shares export.zip: read the XML inside, streaming.
        if head.starts(with: ZipArchive.signature), format == nil || format == .appleHealth {
            return try readHealthZip(fd, head: head, path: shown, cells: cells)
        }
        let resolved = format ?? detect(head)
        guard let resolved else { throw .unrecognized(path: shown) }
        if resolved == .appleHealth {
            var importer = AppleHealthImporter(cells: cells)
            // A regular file is mapped and scanned in place: nothing is copied.
            let size = fstat(fd, &info) == 0 && Platform.isRegularFile(info) ? Int(info.st_size) : 0
            if size > 0, let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), base != Platform.mapFailed {
                defer { munmap(base, size) }
                _ = madvise(base, size, MADV_SEQUENTIAL)
                let page = Int(sysconf(Int32(_SC_PAGESIZE)))
                importer.consume(UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: size)) { done in
                    _ = madvise(base, done / page * page, MADV_DONTNEED)
                }
                head = []
            }
            while !head.isEmpty {
                importer.consume(head[...])
                head = try readChunk(fd, path: shown)
            }
            importer.finish()
            guard importer.sawHealthData else {
                throw .wrongFormat(path: shown, format: .appleHealth, reason: "no <HealthData> element")
            }
            return ParsedImport(format: .appleHealth, rows: importer.rows, otherRecordCount: importer.otherRecords)
        }
        var bytes = head
        while true {
            let chunk = try readChunk(fd, path: shown)
            if chunk.isEmpty { break }
            bytes.append(contentsOf: chunk)
        }
        return try checkForcedFormat(parse(bytes, format: resolved, cells: cells, path: shown), forced: format, path: shown)
    }

    /// Parses bytes already in memory.
    public static func parse(_ bytes: [UInt8], format: ImportFormat?, settings: ImportSettings, path: String) throws(ImportError) -> ParsedImport {
        guard let resolved = format ?? detect(bytes) else { throw .unrecognized(path: path) }
        return try checkForcedFormat(parse(bytes, format: resolved, cells: ImportCells(settings: settings), path: path), forced: format, path: path)
    }

    /// A format the user named, and not one row reads: the file is not in
    /// that format. One line says so, not a line per row.
    static func checkForcedFormat(_ parsed: ParsedImport, forced: ImportFormat?, path: String) throws(ImportError) -> ParsedImport {
        let invalid = parsed.invalidRows.count
        if let forced, invalid > 1, invalid == parsed.rows.count {
            throw .wrongFormat(path: path, format: forced, reason: "none of its \(invalid) rows can be read as \(forced.displayName)")
        }
        return parsed
    }

    static func parse(_ bytes: [UInt8], format: ImportFormat, cells: ImportCells, path: String) throws(ImportError) -> ParsedImport {
        switch format {
        case .json:
            return try JSONExportImporter.parse(bytes, cells: cells, path: path)
        case .fitbitJSON:
            return try FitbitJSONImporter.parse(bytes, cells: cells, path: path)
        case .appleHealth:
            var importer = AppleHealthImporter(cells: cells)
            importer.consume(bytes[...])
            importer.finish()
            guard importer.sawHealthData else {
                throw .wrongFormat(path: path, format: .appleHealth, reason: "no <HealthData> element")
            }
            return ParsedImport(format: .appleHealth, rows: importer.rows, otherRecordCount: importer.otherRecords)
        default:
            return try CSVImporter.parse(bytes, format: format, cells: cells, path: path)
        }
    }

    /// Recognises a format from the first lines of a file.
    public static func detect(_ head: [UInt8]) -> ImportFormat? {
        var bytes = head[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let text = String(decoding: bytes.prefix(4096), as: UTF8.self)
        let trimmed = text.drop { $0.isWhitespace }
        if FitbitJSONImporter.looksLikeFitbit(trimmed) { return .fitbitJSON }
        if trimmed.hasPrefix("{") { return .json }
        if trimmed.hasPrefix("<") {
            return text.contains("<HealthData") || text.contains("HKQuantityTypeIdentifier") || text.contains("<!DOCTYPE HealthData")
                ? .appleHealth : nil
        }
        let lines = trimmed.split(omittingEmptySubsequences: true) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        guard let first = lines.first else { return nil }
        if first.lowercased().hasPrefix("#version:") { return .libra }
        if first.lowercased().hasPrefix("com.samsung.health.weight") { return .samsungHealth }
        if HackersDietImporter.isStart(String(first)) { return .hackersDiet }
        var header = Array(CSVReader(text: String(first))).first?.fields ?? []
        if GarminImporter.isHeader(header) { return .garmin }
        if CSVLayout.qsAccess(header: header) != nil { return .qsAccess }
        if CSVLayout.googleFit(header: header) != nil { return .googleFit }
        if CSVLayout.zepp(header: header) != nil { return .zepp }
        if CSVLayout.trendweight(header: header) != nil { return .trendweight }
        if CSVLayout.renpho(header: header) != nil { return .renpho }
        if header.count == 1, CSVLayout.normalized(header[0]) == "body", lines.count > 1 {
            header = Array(CSVReader(text: String(lines[1]))).first?.fields ?? []
        }
        if CSVLayout.isFitbit(header: header) { return .fitbit }
        if CSVLayout.withings(header: header) != nil { return .withings }
        if CSVLayout.generic(header: header) != nil { return .csv }
        return nil
    }

    /// `apple_health_export/export.xml` inside a zip, inflated chunk by chunk
    /// into the scanner: nothing is written anywhere.
    static func readHealthZip(_ fd: Int32, head: [UInt8], path: String, cells: ImportCells) throws(ImportError) -> ParsedImport {
        var info = stat()
        let size = fstat(fd, &info) == 0 && Platform.isRegularFile(info) ? Int(info.st_size) : 0
        var importer = AppleHealthImporter(cells: cells)
        func scan(_ bytes: UnsafeBufferPointer<UInt8>) throws(ImportError) {
            let archive = ZipArchive(bytes: bytes)
            do {
                let members = try archive.members()
                let xml = members.first { $0.name == "apple_health_export/export.xml" }
                    ?? members.first { $0.name == "export.xml" || $0.name.hasSuffix("/export.xml") }
                guard let xml else {
                    let names = members.prefix(10).map(\.name).joined(separator: ", ") + (members.count > 10 ? ", …" : "")
                    throw ImportError.wrongFormat(
                        path: path, format: .appleHealth, reason: "the zip holds no export.xml; it holds \(members.isEmpty ? "nothing" : names)")
                }
                try archive.read(xml) { importer.consume($0) }
            } catch let failure as ZipArchive.Failure {
                guard case .damaged(let reason) = failure else { return }
                throw .wrongFormat(path: path, format: .appleHealth, reason: reason)
            } catch let error as ImportError {
                throw error
            } catch {
                throw .unreadable(path: path, reason: "\(error)")
            }
        }
        if size > 0, let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), base != Platform.mapFailed {
            defer { munmap(base, size) }
            try scan(UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: size))
        } else {
            // Standard input, or a file that cannot be mapped: the archive needs its end, so read it all.
            var bytes = head
            while true {
                let chunk = try readChunk(fd, path: path)
                if chunk.isEmpty { break }
                bytes += chunk
            }
            try bytes.withUnsafeBufferPointer { buffer throws(ImportError) in try scan(buffer) }
        }
        importer.finish()
        guard importer.sawHealthData else { throw .wrongFormat(path: path, format: .appleHealth, reason: "its export.xml has no <HealthData> element") }
        return ParsedImport(format: .appleHealth, rows: importer.rows, otherRecordCount: importer.otherRecords)
    }

    /// Every `weight-*.json` in a folder, in name order (so by date), as one import.
    static func readFitbitFolder(_ path: String, settings: ImportSettings) throws(ImportError) -> ParsedImport {
        guard let dir = opendir(path) else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in String(cString: raw.bindMemory(to: CChar.self).baseAddress!) }
            if name.hasPrefix("weight-") && name.hasSuffix(".json") { names.append(name) }
        }
        closedir(dir)
        guard !names.isEmpty else { throw .unreadable(path: path, reason: "it is a directory without Fitbit weight-*.json files") }
        var rows: [ImportRow] = []
        for name in names.sorted() {
            let file = path + "/" + name
            let fd = open(file, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw .unreadable(path: file, reason: String(cString: strerror(errno))) }
            defer { close(fd) }
            var bytes: [UInt8] = []
            while true {
                let chunk = try readChunk(fd, path: file)
                if chunk.isEmpty { break }
                bytes += chunk
            }
            rows += try FitbitJSONImporter.parse(bytes, cells: ImportCells(settings: settings), path: file, first: rows.count + 1).rows
        }
        return ParsedImport(format: .fitbitJSON, rows: rows, assumedUnit: settings.fallbackUnit)
    }

    private static func readChunk(_ fd: Int32, path: String) throws(ImportError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        var filled = 0
        while filled < chunkSize {
            let n = buffer.withUnsafeMutableBytes { raw in Platform.read(fd, into: UnsafeMutableRawBufferPointer(rebasing: raw[filled...])) }
            if n < 0 { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
            if n == 0 { break }
            filled += n
        }
        buffer.removeSubrange(filled...)
        return buffer
    }
}

/// The program's own JSON export: the `weights.json` document. Ids are kept.
enum JSONExportImporter {
    static func parse(_ bytes: [UInt8], cells: ImportCells, path: String) throws(ImportError) -> ParsedImport {
        let store: WeightStore
        do {
            store = try WeightsDocument.decode(bytes, path: path)
        } catch {
            throw .wrongFormat(path: path, format: .json, reason: "\(error)")
        }
        let clock = cells.settings.clock
        let rows: [ImportRow] = store.entries.enumerated().map { index, entry in
            !clock.accepts(entry.timestamp)
                ? .invalid(line: index + 1, reason: "\(entry.timestamp.iso8601) is in the future")
                : .entry(entry, line: index + 1)
        }
        return ParsedImport(format: .json, rows: rows, goalKilograms: store.goalKilograms)
    }
}
